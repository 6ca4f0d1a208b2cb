#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The GNU compatibility level's switch (SUMAC_GNU_COMPAT, cli/level.c):
# the values it takes and refuses, what --debug says, and one behaviour of
# each level that needs no GNU program to check (the compat-*.bats suites
# compare every behaviour with the real GNU release of each level).

load helpers

setup() {
	cli_setup
	printf 'one\n' >f
	printf 'one\n' >'a\b'
}

teardown() {
	cli_teardown
}

# got NAME ARGS...: sumac's stdout, stderr and status (OUT, ERR, RC).
got() {
	local rc=0
	sumac_as "$@" >"$CAP_DIR/got.out" 2>"$CAP_DIR/got.err" </dev/null || rc=$?
	OUT=$CAP_DIR/got.out ERR=$CAP_DIR/got.err RC=$rc
}

@test "SUMAC_GNU_COMPAT: every release 9.1 to 9.11 and latest are taken" {
	local v
	for v in 9.1 9.2 9.3 9.4 9.5 9.6 9.7 9.8 9.9 9.10 9.11 latest; do
		SUMAC_GNU_COMPAT=$v got sumac --debug f
		assert_rc 0
		[[ $v == latest ]] && v=9.11
		assert_err_line "sumac: behaving as GNU coreutils $v (SUMAC_GNU_COMPAT)"
	done
	# Set but empty: the configured default, as with SUMAC_LANES.
	SUMAC_GNU_COMPAT= got sumac --debug f
	assert_rc 0
	grep -qE '^sumac: behaving as GNU coreutils 9\.([1-9]|1[01]) \(the configured default\)$' "$ERR"
}

@test "SUMAC_GNU_COMPAT: a bad value is an error under every name, but not for --help" {
	local v
	for v in 9.0 9.12 9.04 9.1.0 10.1 9 x ' 9.1' 9.1x; do
		SUMAC_GNU_COMPAT=$v got sha256sum f
		assert_rc 1
		[[ ! -s $OUT ]]
		[[ $(wc -l <"$ERR") -eq 1 ]]
		grep -qF "sha256sum: SUMAC_GNU_COMPAT: invalid value " "$ERR"
		grep -qF " (9.1 to 9.11, or latest)" "$ERR"
	done
	SUMAC_GNU_COMPAT=9.12 got sumac f
	assert_err_line "sumac: SUMAC_GNU_COMPAT: invalid value '9.12' (9.1 to 9.11, or latest)"
	SUMAC_GNU_COMPAT=' 9.1' got sumac f
	assert_err_line "sumac: SUMAC_GNU_COMPAT: invalid value ' 9.1' (9.1 to 9.11, or latest)"
	SUMAC_GNU_COMPAT=9.12 got sha256sum --help
	assert_rc 0
	SUMAC_GNU_COMPAT=9.12 got sha256sum --version
	assert_rc 0
}

@test "levels: -t --tag is a tagged line up to 9.9 and refused from 9.10" {
	SUMAC_GNU_COMPAT=9.9 got sha256sum -t --tag f
	assert_rc 0
	assert_out_has "SHA256 (f) = "
	SUMAC_GNU_COMPAT=9.10 got sha256sum -t --tag f
	assert_rc 1
	assert_err_line "sha256sum: --tag does not support --text mode"
	[[ ! -s $OUT ]]
}

@test "levels: a check line's name as 9.1, 9.4 and 9.11 print it" {
	sumac_as sha256sum 'a\b' >list
	SUMAC_GNU_COMPAT=9.1 got sha256sum -c list
	[[ $(cat "$OUT") == 'a\b: OK' ]]
	SUMAC_GNU_COMPAT=9.4 got sha256sum -c list
	[[ $(cat "$OUT") == '\a\\b: OK' ]]
	SUMAC_GNU_COMPAT=9.11 got sha256sum -c list
	[[ $(cat "$OUT") == "'a\\b': OK" ]]
}

@test "levels: a write error stops the run from 9.10, with its reason" {
	[[ -w /dev/full ]] || skip "no /dev/full"
	local rc=0
	SUMAC_GNU_COMPAT=9.1 sumac_as sha256sum f missing f >/dev/full 2>"$CAP_DIR/e" || rc=$?
	[[ $rc -eq 1 ]]
	diff - "$CAP_DIR/e" <<-'EOF2'
		sha256sum: missing: No such file or directory
		sha256sum: write error
	EOF2
	rc=0
	SUMAC_GNU_COMPAT=9.10 sumac_as sha256sum f missing f >/dev/full 2>"$CAP_DIR/e" || rc=$?
	[[ $rc -eq 1 ]]
	diff - "$CAP_DIR/e" <<<"sha256sum: write error: No space left on device"
}

@test "levels: a NUL after the digest separates it from the name from 9.2" {
	local h
	h=$(sumac_as sha256sum <f)
	printf '%s\0 f\n' "${h%% *}" >list
	SUMAC_GNU_COMPAT=9.1 got sha256sum -c list
	assert_rc 1
	assert_err_line "sha256sum: list: no properly formatted checksum lines found"
	SUMAC_GNU_COMPAT=9.2 got sha256sum -c list
	assert_rc 0
	[[ $(cat "$OUT") == 'f: OK' ]]
}
