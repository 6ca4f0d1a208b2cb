#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# A named file of 2^32 + 1 bytes, by generation and by --check (issue 13):
# a 32-bit build without large-file support fails to open it ("Value too
# large for defined data type", exit 1), and one that keeps an offset or a
# length in 32 bits hashes the wrong bytes.  The file is sparse (truncate),
# with data across 2^31 and across 2^32 up to its last byte; its digests
# are GNU's (coreutils 9.1 md5sum and sha256sum, computed once, below).
#
# Hashing 4 GiB takes seconds natively but minutes under an emulator, so
# under RUNNER only MD5, the fastest here, is checked unless
# SUMAC_LARGEFILE_ALGOS says otherwise ("md5 sha256" natively); the cases
# left out are reported as skipped.  tests/unit/test_bigfile checks the
# same file's bytes cheaply on every lane.

load helpers

BIG_md5=6a243467540fb4ca4255adf9cad30082
BIG_sha256=ef4602c922eb5eec1cc5354d073c42d21920625a544abb3d7d6217ed578567cb

setup_file() {
	local big=$BATS_FILE_TMPDIR/big
	truncate -s 4294967297 "$big"
	printf 'across-2^31' | dd of="$big" bs=1 seek=$((2 ** 31 - 2)) conv=notrunc status=none
	printf 'across-2^32' | dd of="$big" bs=1 seek=$((2 ** 32 - 10)) conv=notrunc status=none
	[ "$(stat -c %s "$big")" -eq 4294967297 ]
}

setup() {
	cli_setup
	cd "$BATS_FILE_TMPDIR" || return 1
}

teardown() {
	cli_teardown
}

# big_case ALGO: generation, then --check of the line it printed.
big_case() {
	local algo=$1 want
	local algos=${SUMAC_LARGEFILE_ALGOS-}
	[[ -n $algos ]] || { [[ -n ${RUNNER-} ]] && algos=md5 || algos="md5 sha256"; }
	[[ " $algos " == *" $algo "* ]] ||
		skip "4 GiB of $algo not hashed here (SUMAC_LARGEFILE_ALGOS='$algos')"
	want=BIG_$algo
	want=${!want}
	sumac_as "${algo}sum" big >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" ||
		{ cat "$BATS_TEST_TMPDIR/err"; return 1; }
	[ ! -s "$BATS_TEST_TMPDIR/err" ] || { cat "$BATS_TEST_TMPDIR/err"; return 1; }
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "$want  big" ] ||
		{ echo "got: $(cat "$BATS_TEST_TMPDIR/out")"; return 1; }
	sumac_as "${algo}sum" -c "$BATS_TEST_TMPDIR/out" >"$BATS_TEST_TMPDIR/check" 2>&1 ||
		{ cat "$BATS_TEST_TMPDIR/check"; return 1; }
	[ "$(cat "$BATS_TEST_TMPDIR/check")" = "big: OK" ]
}

@test "md5sum: a sparse file of 2^32 + 1 bytes by name, and --check" {
	big_case md5
}

@test "sha256sum: a sparse file of 2^32 + 1 bytes by name, and --check" {
	big_case sha256
}
