#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# SHA-1 collision detection as the user sees it (issue 19): the four
# published collision files (SHAttered, SHA-mbles) in generation and in
# --check, under every name and form, in each mode of the switch (fail,
# warn, ignore: SUMAC_SHA1_COLLISIONS, and sumac's --sha1-collisions),
# through -j and lanes; a library backend forced for SHA-1; --debug,
# --list-backends and --benchmark.  A deliberate difference from GNU,
# which has no detection: none of these inputs is in a GNU suite.

load helpers

D1=38762cf7f55934b34d179ae6a4c80cadccbb7f0a # shattered-1/2.pdf
D2=8ac60ba76f1999a1ab70223f225aefdc78d4ddc0 # sha-mbles-1/2.bin
MSG='appears to be part of a SHA-1 collision attack'

setup() {
	cli_setup
	# What the run under test sets itself, never the environment's.
	unset SUMAC_SHA1_COLLISIONS SUMAC_BACKEND SUMAC_LANES SUMAC_CPU
	local v
	for v in "${SUMAC_VECTORS:-$BATS_TEST_DIRNAME/../../vectors}/sha1-collisions" \
		"$BATS_TEST_DIRNAME/../../../shared/vectors/sha1-collisions"; do
		[[ -f $v/shattered-1.pdf ]] && break
	done
	[[ -f $v/shattered-1.pdf ]] || skip "no collision files (vectors/sha1-collisions)"
	cp "$v"/shattered-1.pdf "$v"/shattered-2.pdf "$v"/sha-mbles-1.bin "$v"/sha-mbles-2.bin .
	mkf a 'one\n'
	mkf b 'two\n'
}

teardown() {
	cli_teardown
}

# r NAME ARGS...: run sumac as NAME; OUT, ERR and RC describe the run.
r() {
	_capture sumac_as "$CAP_DIR/r" "$@"
	OUT=$CAP_DIR/r.out
	ERR=$CAP_DIR/r.err
	RC=$(<"$CAP_DIR/r.rc")
}

# same_stdout NAME ARGS...: the run's stdout is that of the same command
# with detection off (the digests are never changed), into OUT/ERR/RC.
same_stdout() {
	SUMAC_SHA1_COLLISIONS=ignore _capture sumac_as "$CAP_DIR/ign" "$@"
	[[ $(<"$CAP_DIR/ign.rc") -eq 0 ]] || { cat "$CAP_DIR/ign.err"; return 1; }
	[[ ! -s $CAP_DIR/ign.err ]] || { cat "$CAP_DIR/ign.err"; return 1; }
	r "$@"
	cmp "$CAP_DIR/ign.out" "$OUT" || { echo "stdout changed by detection: $*"; return 1; }
}

# twin_lists: L1 lists shattered-1 and sha-mbles-1 (sha1sum's lines), and
# L2 the same digests for their twins, -2.
twin_lists() {
	printf '%s  shattered-1.pdf\n%s  sha-mbles-1.bin\n' "$D1" "$D2" >L1
	sed 's/-1\./-2./' L1 >L2
}

# ------------------------------------------------------------ generation

@test "sha1sum: the real digests, one message per file on stderr, the others still hashed, exit 1" {
	r sha1sum a shattered-1.pdf shattered-2.pdf sha-mbles-1.bin sha-mbles-2.bin b
	assert_rc 1
	assert_out_is "$(h sha1sum one)  a\n$D1  shattered-1.pdf\n$D1  shattered-2.pdf\n$D2  sha-mbles-1.bin\n$D2  sha-mbles-2.bin\n$(h sha1sum two)  b\n"
	assert_err_is "sha1sum: shattered-1.pdf: $MSG\nsha1sum: shattered-2.pdf: $MSG\nsha1sum: sha-mbles-1.bin: $MSG\nsha1sum: sha-mbles-2.bin: $MSG\n"
	# Each message follows its file's line.
	sumac_as sha1sum a shattered-1.pdf b >both 2>&1 && return 1
	[ "$(cat both)" = "$(h sha1sum one)  a
$D1  shattered-1.pdf
sha1sum: shattered-1.pdf: $MSG
$(h sha1sum two)  b" ]
}

@test "a file that is not a collision: nothing said, exit 0" {
	r sha1sum a b
	assert_rc 0
	assert_err_empty
	# Half a collision file's blocks, cut before the colliding block.
	head -c 256 shattered-1.pdf >head.pdf
	r sha1sum head.pdf
	assert_rc 0
	assert_err_empty
}

@test "a reduced-round SHA-1 collision is not flagged (the filter is no stricter than the method)" {
	local v=${SUMAC_VECTORS:-$BATS_TEST_DIRNAME/../../vectors}/sha1-collisions/sha1_reducedsha_coll.bin
	[[ -f $v ]] || skip "no $v"
	cp "$v" reduced.bin
	r sha1sum reduced.bin
	assert_rc 0
	assert_err_empty
	sumac_as sha1sum reduced.bin >L
	r sha1sum -c L
	assert_rc 0
	assert_out_is "reduced.bin: OK\n"
}

@test "the message quotes the name as GNU's diagnostics do" {
	cp shattered-1.pdf 'a b.pdf'
	cp shattered-2.pdf "it's"
	r sha1sum 'a b.pdf' "it's"
	assert_rc 1
	assert_err_is "sha1sum: 'a b.pdf': $MSG\nsha1sum: \"it's\": $MSG\n"
}

@test "every form of generation: stdout unchanged, the message, exit 1" {
	local args
	while IFS= read -r args; do
		# shellcheck disable=SC2086
		same_stdout $args
		[[ $RC -eq 1 ]] || { echo "$args: exit $RC"; return 1; }
		grep -q "shattered-2.pdf: $MSG\$" "$ERR" || { echo "$args:"; cat "$ERR"; return 1; }
		grep -q "sha-mbles-1.bin: $MSG\$" "$ERR" || { echo "$args:"; cat "$ERR"; return 1; }
		[ "$(grep -c "$MSG" "$ERR")" -eq 2 ] || { echo "$args:"; cat "$ERR"; return 1; }
	done <<'EOF'
sha1sum a shattered-2.pdf sha-mbles-1.bin
sha1sum --tag shattered-2.pdf a sha-mbles-1.bin
sha1sum -b shattered-2.pdf sha-mbles-1.bin
sha1sum -z shattered-2.pdf sha-mbles-1.bin a
sumac -a sha1 shattered-2.pdf sha-mbles-1.bin
sumac -a sha1 --tag --base64 shattered-2.pdf sha-mbles-1.bin
sumac -a md5,sha1,sha256 shattered-2.pdf a sha-mbles-1.bin
sumac -a sha256,sha1 shattered-2.pdf sha-mbles-1.bin
cksum -a sha1 shattered-2.pdf sha-mbles-1.bin
cksum -a sha1 --untagged shattered-2.pdf sha-mbles-1.bin
gsha1sum shattered-2.pdf sha-mbles-1.bin
EOF
}

@test "other algorithms never look: md5, sha256, sumac's default" {
	r sumac shattered-1.pdf shattered-2.pdf
	assert_rc 0
	assert_err_empty
	r sumac -a md5,sha256 shattered-1.pdf
	assert_rc 0
	assert_err_empty
	r cksum shattered-1.pdf
	assert_rc 0
	assert_err_empty
}

@test "standard input is checked too" {
	STDIN_FILE=sha-mbles-2.bin r sha1sum
	assert_rc 1
	assert_out_is "$D2  -\n"
	assert_err_is "sha1sum: -: $MSG\n"
}

@test "warn: the message, GNU's exit status; ignore: nothing" {
	SUMAC_SHA1_COLLISIONS=warn r sha1sum shattered-1.pdf a
	assert_rc 0
	assert_out_is "$D1  shattered-1.pdf\n$(h sha1sum one)  a\n"
	assert_err_is "sha1sum: shattered-1.pdf: $MSG\n"
	# An error elsewhere is still one.
	SUMAC_SHA1_COLLISIONS=warn r sha1sum shattered-1.pdf nofile
	assert_rc 1
	SUMAC_SHA1_COLLISIONS=ignore r sha1sum shattered-1.pdf sha-mbles-2.bin
	assert_rc 0
	assert_out_is "$D1  shattered-1.pdf\n$D2  sha-mbles-2.bin\n"
	assert_err_empty
	# fail, and an empty value, are the default.
	SUMAC_SHA1_COLLISIONS=fail r sha1sum shattered-1.pdf
	assert_rc 1
	SUMAC_SHA1_COLLISIONS= r sha1sum shattered-1.pdf
	assert_rc 1
	assert_err_is "sha1sum: shattered-1.pdf: $MSG\n"
}

@test "sumac --sha1-collisions: the same three, over SUMAC_SHA1_COLLISIONS" {
	r sumac -a sha1 --sha1-collisions=warn shattered-1.pdf
	assert_rc 0
	assert_err_is "sumac: shattered-1.pdf: $MSG\n"
	SUMAC_SHA1_COLLISIONS=warn r sumac -a sha1 --sha1-collisions fail shattered-1.pdf
	assert_rc 1
	SUMAC_SHA1_COLLISIONS=fail r sumac -a sha1 --sha1-collisions=ignore shattered-1.pdf
	assert_rc 0
	assert_err_empty
	# An abbreviation, as for every long option of sumac's.
	r sumac -a sha1 --sh=ignore shattered-1.pdf
	assert_rc 0
	assert_err_empty
	# The option wins over a bad variable, which is then not looked at.
	SUMAC_SHA1_COLLISIONS=bogus r sumac -a sha1 --sha1-collisions=warn shattered-1.pdf
	assert_rc 0
}

@test "bad values: a clear error, exit 1, nothing hashed" {
	local p
	for p in sha1sum md5sum cksum sumac; do
		SUMAC_SHA1_COLLISIONS=Fail r "$p" a
		assert_rc 1
		assert_out_empty
		assert_err_is "$p: SUMAC_SHA1_COLLISIONS: invalid value 'Fail' (fail, warn or ignore)\n"
	done
	SUMAC_SHA1_COLLISIONS='x y' r sha1sum -c L
	assert_err_is "sha1sum: SUMAC_SHA1_COLLISIONS: invalid value 'x y' (fail, warn or ignore)\n"
	r sumac --sha1-collisions=off a
	assert_rc 1
	assert_out_empty
	assert_err_is "sumac: invalid argument 'off' for '--sha1-collisions'\nValid arguments are:\n  - 'fail'\n  - 'warn'\n  - 'ignore'\nTry 'sumac --help' for more information.\n"
	# --help and --version still work.
	SUMAC_SHA1_COLLISIONS=bogus r sha1sum --version
	assert_rc 0
}

@test "GNU names have no new long option: --sha1-collisions is unrecognized, as GNU says" {
	local p
	for p in sha1sum sha256sum cksum; do
		r "$p" --sha1-collisions=ignore a
		assert_rc 1
		assert_err_is "$p: unrecognized option '--sha1-collisions=ignore'\nTry '$p --help' for more information.\n"
	done
}

# --------------------------------------------------------------- --check

@test "--check: a twin whose digest matches is FAILED SHA-1 collision attack, with GNU's style of summary" {
	twin_lists
	r sha1sum -c L2
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\n"
	assert_err_is "sha1sum: WARNING: 2 files appear to be part of a SHA-1 collision attack\n"
	# The file the list was made from: the same.
	r sha1sum -c L1
	assert_rc 1
	assert_out_is "shattered-1.pdf: FAILED SHA-1 collision attack\nsha-mbles-1.bin: FAILED SHA-1 collision attack\n"
	# One: the singular.
	head -n 1 L2 >one
	r sha1sum -c one
	assert_rc 1
	assert_err_is "sha1sum: WARNING: 1 file appears to be part of a SHA-1 collision attack\n"
}

@test "--check: a flagged file whose digest does not match is an ordinary FAILED" {
	printf '%s  shattered-2.pdf\n' "$D2" >L
	r sha1sum -c L
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED\n"
	assert_err_is "sha1sum: WARNING: 1 computed checksum did NOT match\n"
}

@test "--check: mixed with good, bad and missing lines, in GNU's order of warnings" {
	twin_lists
	{
		printf '%s  a\n' "$(h sha1sum one)"
		cat L2
		printf '%s  b\n' "$(h sha1sum one)"
		printf '%s  gone\n' "$(h sha1sum one)"
	} >L
	r sha1sum -c L
	assert_rc 1
	assert_out_is "a: OK\nshattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\nb: FAILED\ngone: FAILED open or read\n"
	assert_err_is "sha1sum: gone: No such file or directory\nsha1sum: WARNING: 1 listed file could not be read\nsha1sum: WARNING: 1 computed checksum did NOT match\nsha1sum: WARNING: 2 files appear to be part of a SHA-1 collision attack\n"
}

@test "--check --quiet still prints the FAILED line; --status prints nothing; both exit 1" {
	twin_lists
	printf '%s  a\n' "$(h sha1sum one)" >>L2
	r sha1sum -c --quiet L2
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\n"
	assert_err_is "sha1sum: WARNING: 2 files appear to be part of a SHA-1 collision attack\n"
	r sha1sum -c --status L2
	assert_rc 1
	assert_out_empty
	assert_err_empty
}

@test "--check warn: GNU's OK and exit status, and the warnings on stderr" {
	twin_lists
	SUMAC_SHA1_COLLISIONS=warn r sha1sum -c L2
	assert_rc 0
	assert_out_is "shattered-2.pdf: OK\nsha-mbles-2.bin: OK\n"
	assert_err_is "sha1sum: shattered-2.pdf: $MSG\nsha1sum: sha-mbles-2.bin: $MSG\nsha1sum: WARNING: 2 files appear to be part of a SHA-1 collision attack\n"
	# --status: the exit status cannot tell, so the per-file warning stays.
	SUMAC_SHA1_COLLISIONS=warn r sha1sum -c --status L2
	assert_rc 0
	assert_out_empty
	assert_err_is "sha1sum: shattered-2.pdf: $MSG\nsha1sum: sha-mbles-2.bin: $MSG\n"
	SUMAC_SHA1_COLLISIONS=ignore r sha1sum -c L2
	assert_rc 0
	assert_out_is "shattered-2.pdf: OK\nsha-mbles-2.bin: OK\n"
	assert_err_empty
}

@test "--check of --tag lines, tagged lines in sumac's mixed lists, and cksum's" {
	sumac_as sha1sum --tag shattered-1.pdf sha-mbles-1.bin | sed 's/-1\./-2./' >T
	r sha1sum -c T
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\n"
	# sumac without -a: tagged SHA1 lines beside other algorithms'; the
	# SHA-256 line of the same file is OK (its own digest).  The digests
	# are constants: the packaging lane has no GNU checksum program.
	local SHA256_SHATTERED2=d4488775d29bdef7993367d541064dbdda50d383f89f0aa13a6ff2e0894ba5ff
	local MD5_SHAMBLES2=d27794ba8bc1f19e97ec82fea19a231e
	{
		printf 'SHA256 (shattered-2.pdf) = %s\n' "$SHA256_SHATTERED2"
		cat T
		printf '%s  a\n' "$(h sha1sum one)"
		printf 'MD5 (sha-mbles-2.bin) = %s\n' "$MD5_SHAMBLES2"
	} >M
	r sumac -c M
	assert_rc 1
	assert_out_is "shattered-2.pdf: OK\nshattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\na: OK\nsha-mbles-2.bin: OK\n"
	assert_err_is "sumac: WARNING: 2 files appear to be part of a SHA-1 collision attack\n"
	# cksum's tagged lines, without -a and with -a sha1.
	sumac_as cksum -a sha1 shattered-1.pdf | sed 's/-1\./-2./' >C
	r cksum -c C
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED SHA-1 collision attack\n"
	assert_err_is "cksum: WARNING: 1 file appears to be part of a SHA-1 collision attack\n"
	r cksum -a sha1 -c C
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED SHA-1 collision attack\n"
}

@test "sumac -c over several lists: a file read once for SHA-1 and SHA-256 is flagged on its SHA-1 line only" {
	sumac_as sumac -a sha256 shattered-2.pdf sha-mbles-2.bin a >S256
	sumac_as sumac -a sha1 shattered-2.pdf sha-mbles-2.bin a >S1 2>/dev/null || true
	r sumac -c S256 S1
	assert_rc 1
	assert_out_is "shattered-2.pdf: OK\nsha-mbles-2.bin: OK\na: OK\nshattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\na: OK\n"
	assert_err_is "sumac: WARNING: 2 files appear to be part of a SHA-1 collision attack\n"
	r sumac -c S1 S256
	assert_rc 1
	assert_out_is "shattered-2.pdf: FAILED SHA-1 collision attack\nsha-mbles-2.bin: FAILED SHA-1 collision attack\na: OK\nshattered-2.pdf: OK\nsha-mbles-2.bin: OK\na: OK\n"
}

@test "--summary counts the collisions in a field of their own" {
	twin_lists
	printf '%s  a\n' "$(h sha1sum one)" >>L2
	r sumac -a sha1 -c --summary L2
	assert_rc 1
	[ "$(tail -n 1 "$ERR")" = "sumac: summary: 1 verified, 0 failed, 0 unreadable, 0 missing, 0 improperly formatted, 2 part of a SHA-1 collision attack" ]
	# warn: verified (each line is in one class).
	r sumac -a sha1 -c --summary --sha1-collisions=warn L2
	assert_rc 0
	[ "$(tail -n 1 "$ERR")" = "sumac: summary: 3 verified, 0 failed, 0 unreadable, 0 missing, 0 improperly formatted, 0 part of a SHA-1 collision attack" ]
}

@test "status lines render the name as the level does" {
	cp shattered-2.pdf 'x\y'
	printf '\\%s  x\\\\y\n' "$D1" >L
	SUMAC_GNU_COMPAT=9.11 r sha1sum -c L
	assert_out_is "'x\\\\y': FAILED SHA-1 collision attack\n"
	SUMAC_GNU_COMPAT=9.4 r sha1sum -c L
	assert_out_is "\\\\x\\\\\\\\y: FAILED SHA-1 collision attack\n"
	SUMAC_GNU_COMPAT=9.1 r sha1sum -c L
	assert_out_is "x\\\\y: FAILED SHA-1 collision attack\n"
}

# ------------------------------------------------- -j, lanes, -z, many files

@test "-j 2 and lanes on or off: the same bytes as a serial run" {
	local i mode j
	for ((i = 0; i < 12; i++)); do
		printf '%d\n' "$i" >"f$i"
	done
	set -- f0 shattered-1.pdf f1 f2 sha-mbles-2.bin f3 f4 f5 shattered-2.pdf f6 f7 sha-mbles-1.bin f8 f9 f10 f11
	SUMAC_LANES=off sumac_as sha1sum "$@" >serial.out 2>serial.err && return 1
	sumac_as sha1sum "$@" >L 2>/dev/null && return 1
	sed 's/-1\./-X./; s/-2\./-1./; s/-X\./-2./' L >Lswap
	SUMAC_LANES=off sumac_as sha1sum -c Lswap >cserial.out 2>cserial.err && return 1
	grep -c 'FAILED SHA-1 collision attack' cserial.out | grep -qx 4
	for mode in off auto always; do
		for j in 1 2 4; do
			SUMAC_LANES=$mode r sha1sum -j $j "$@"
			assert_rc 1
			cmp serial.out "$OUT" || { echo "lanes=$mode -j $j: stdout"; return 1; }
			cmp serial.err "$ERR" || { echo "lanes=$mode -j $j: stderr"; cat "$ERR"; return 1; }
			SUMAC_LANES=$mode r sha1sum -j $j -c Lswap
			assert_rc 1
			cmp cserial.out "$OUT" || { echo "lanes=$mode -j $j -c: stdout"; return 1; }
			cmp cserial.err "$ERR" || { echo "lanes=$mode -j $j -c: stderr"; return 1; }
		done
	done
	# The portable backend's looped lanes, forced.
	SUMAC_LANES=always SUMAC_BACKEND=portable r sha1sum -j 2 "$@"
	cmp serial.out "$OUT"
	cmp serial.err "$ERR"
}

@test "-z: NUL-ended lines, the message as always" {
	r sha1sum -z shattered-1.pdf a
	assert_rc 1
	assert_out_is "$D1  shattered-1.pdf\x00$(h sha1sum one)  a\x00"
	assert_err_is "sha1sum: shattered-1.pdf: $MSG\n"
}

# ------------------------------------------------------------ backends

# compiled BACKEND: the build has it, and this machine can use it for sha1.
usable_for_sha1() {
	sumac_as sumac --list-backends | awk -v b="$1" '$1 == b && $3 != "no" && $3 != "-" { f = 1 } END { exit !f }' &&
		sumac_as sumac --list-backends | sed -n '/^SHA-1 DRIVER/,/^sha1 with/p' | grep -q "^sha1-$1 *yes"
}

@test "a library backend forced for SHA-1: a clear error, unless ignore" {
	usable_for_sha1 openssl || skip "this build has no usable OpenSSL backend"
	r sumac --backend openssl -a sha1 a
	assert_rc 1
	assert_out_empty
	assert_err_is "sumac: backend 'openssl' cannot detect SHA-1 collisions (--sha1-collisions=ignore hashes sha1 with it)\n"
	SUMAC_BACKEND=openssl r sha1sum a
	assert_rc 1
	assert_out_empty
	assert_err_is "sha1sum: SUMAC_BACKEND: backend 'openssl' cannot detect SHA-1 collisions (SUMAC_SHA1_COLLISIONS=ignore hashes sha1 with it)\n"
	SUMAC_BACKEND=openssl SUMAC_SHA1_COLLISIONS=warn r sha1sum -c /dev/null
	assert_rc 1
	r sumac --backend openssl,openssl -a sha1 a
	assert_err_is "sumac: no backend in 'openssl,openssl' can detect SHA-1 collisions (--sha1-collisions=ignore hashes sha1 with them)\n"
	# ignore: it runs, through the library.
	r sumac --backend openssl --sha1-collisions=ignore --debug -a sha1 shattered-1.pdf
	assert_rc 0
	assert_out_is "$D1  shattered-1.pdf\n"
	assert_err_has "sha1: using sha1-openssl (forced)"
	assert_err_has "sha1: collision detection: off (ignore)"
	SUMAC_BACKEND=openssl SUMAC_SHA1_COLLISIONS=ignore r sha1sum shattered-1.pdf
	assert_rc 0
	assert_err_empty
	# Other algorithms are not concerned.
	SUMAC_BACKEND=openssl r sha256sum a
	assert_rc 0
	r sumac --backend openssl -a md5,sha256 a
	assert_rc 0
	# A list: the next backend that can detect.
	r sumac --backend openssl,portable --debug -a sha1 shattered-1.pdf
	assert_rc 1
	assert_err_has "sha1: not openssl: cannot detect SHA-1 collisions"
	assert_err_has "sha1: using sha1-portable (forced)"
	assert_err_has "shattered-1.pdf: $MSG"
}

@test "auto with detection takes a backend that can detect" {
	local d
	d=$(sumac_as sumac --list-backends | sed -n 's/^sha1 with detection .* auto uses \([^,]*\), filter .*/\1/p')
	[ -n "$d" ]
	sumac_as sumac --list-backends | sed -n '/^SHA-1 DRIVER/,/^sha1 with/p' | grep -q "^$d *yes *yes\$"
	r sumac --debug -a sha1 a
	assert_err_has "sha1: using $d (auto)"
	assert_err_has "sha1: collision detection: on (fail), filter "
	# The ALGORITHM / AUTO USES row says the same; with ignore, auto's own.
	sumac_as sumac --list-backends | grep -qx "sha1 *$d"
	SUMAC_SHA1_COLLISIONS=ignore sumac_as sumac --list-backends | grep -q '^sha1 without (SUMAC_SHA1_COLLISIONS=ignore) auto uses sha1-'
}

@test "every backend that can detect flags all four files, with the real digests" {
	local drivers d backend n=0
	drivers=$(sumac_as sumac --list-backends | sed -n '/^SHA-1 DRIVER/,/^sha1 with/p' | awk '$2 == "yes" && $3 == "yes" { print $1 }')
	for d in $drivers; do
		backend=${d#sha1-}
		r sumac --backend "$backend" -a sha1 shattered-1.pdf shattered-2.pdf sha-mbles-1.bin sha-mbles-2.bin
		assert_rc 1
		assert_out_is "$D1  shattered-1.pdf\n$D1  shattered-2.pdf\n$D2  sha-mbles-1.bin\n$D2  sha-mbles-2.bin\n"
		[ "$(grep -c "$MSG" "$ERR")" -eq 4 ] || { echo "$d:"; cat "$ERR"; return 1; }
		n=$((n + 1))
	done
	echo "# $n backends: $drivers" >&3
	[ "$n" -ge 1 ]
}

@test "every filter, alone or between SHA-NI blocks, flags all four files" {
	local mask filters=""
	# Each mask takes one filter away (the scalar one is what is left).
	for mask in "" -gfni -avx512vl -avx512vl,-avx2; do
		SUMAC_CPU=$mask r sumac --debug -a sha1 shattered-1.pdf shattered-2.pdf sha-mbles-1.bin sha-mbles-2.bin
		assert_rc 1
		assert_out_is "$D1  shattered-1.pdf\n$D1  shattered-2.pdf\n$D2  sha-mbles-1.bin\n$D2  sha-mbles-2.bin\n"
		[ "$(grep -c "$MSG" "$ERR")" -eq 4 ] || { echo "SUMAC_CPU=$mask:"; cat "$ERR"; return 1; }
		filters="$filters [$mask: $(sed -n 's/^sumac: sha1: collision detection: on (fail), filter //p' "$ERR")]"
	done
	echo "# filters:$filters" >&3
}

@test "--debug names the block, the disturbance vector and the filter" {
	r sumac --debug -a sha1 shattered-2.pdf sha-mbles-1.bin
	assert_rc 1
	assert_err_has "sumac: shattered-2.pdf: $MSG"
	grep -Eq '^sumac: shattered-2\.pdf: block at byte 256, disturbance vector II\(52,0\), filter [a-z0-9]+$' "$ERR"
	grep -Eq '^sumac: sha-mbles-1\.bin: block at byte 576, disturbance vector II\(52,0\), filter [a-z0-9]+$' "$ERR"
	twin_lists
	r sumac --debug -a sha1 -c L2
	grep -Eq '^sumac: shattered-2\.pdf: block at byte 256, disturbance vector II\(52,0\)' "$ERR"
}

@test "cksum --debug names them too, and its GNU lines stay as they are" {
	r cksum --debug -a sha1 shattered-2.pdf a
	assert_rc 1
	assert_err_is "cksum: shattered-2.pdf: $MSG\n$(grep -E '^cksum: shattered-2\.pdf: block at byte 256, disturbance vector II\(52,0\), filter [a-z0-9]+$' "$ERR")\n"
	r cksum --debug -a sha1 a
	assert_rc 0
	assert_err_is ""
	r cksum -a sha1 shattered-1.pdf
	printf '%s\n' "$(cat "$OUT")" | sed 's/-1\./-2./' >L
	r cksum --debug -c L
	assert_rc 1
	grep -Eq '^cksum: shattered-2\.pdf: block at byte 256, disturbance vector II\(52,0\)' "$ERR"
}

@test "--benchmark -a sha1: rows with and without detection" {
	r sumac --benchmark -a sha1
	assert_rc 0
	grep -Eq '^sha1 +[a-z0-9-]+ \+dc' "$OUT"
	grep -Eq '^sha1 +[a-z0-9-]+ +[0-9]' "$OUT"
	grep -q '^+dc: SHA-1 with collision detection on' "$OUT"
}

@test "the help says how" {
	sumac_as sumac --help | grep -q -- '--sha1-collisions=WHAT'
	sumac_as sha1sum --help | grep -q 'SUMAC_SHA1_COLLISIONS'
}
