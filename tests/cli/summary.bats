#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac -c --summary: one line of counts on stderr after every list, each
# listed line in exactly one class; with --status and --quiet, over several
# lists, and under -j 2 byte for byte as a serial run.  Under the GNU names
# --summary stays the unrecognized option GNU reports.

load helpers

setup() {
	cli_setup
	mkf a 'one\n'
	mkf b 'two\n'
	mkf c 'two\n'
	# A list with a line of each class: a, b verify; c fails; gone is
	# missing; locked is unreadable (a directory: no root needed); one
	# line is improperly formatted.
	mkdir locked
	{
		printf '%s  a\n' "$(h sha256sum one)"
		printf '%s  b\n' "$(h sha256sum two)"
		printf '%s  c\n' "$(h sha256sum one)"
		printf '%s  gone\n' "$(h sha256sum one)"
		printf '%s  locked\n' "$(h sha256sum one)"
		printf 'not a checksum line\n'
	} >L
	printf '%s  a\n' "$(h sha256sum one)" >GOOD
}

teardown() {
	cli_teardown
}

# s ARGS...: run sumac under its own name; OUT, ERR and RC describe the run.
s() {
	_capture sumac_as "$CAP_DIR/s" sumac "$@"
	OUT=$CAP_DIR/s.out
	ERR=$CAP_DIR/s.err
	RC=$(<"$CAP_DIR/s.rc")
}

# last_err_line: stderr's last line.
last_err_line() {
	tail -n 1 "$ERR"
}

@test "one list: every class counted once, the line last on stderr" {
	s -c --summary L
	assert_rc 1
	assert_out_is 'a: OK\nb: OK\nc: FAILED\ngone: FAILED open or read\nlocked: FAILED open or read\n'
	[ "$(last_err_line)" = "sumac: summary: 2 verified, 1 failed, 1 unreadable, 1 missing, 1 improperly formatted, 0 part of a SHA-1 collision attack" ]
	# GNU's warnings are all still there, before it.
	assert_err_line 'sumac: WARNING: 2 listed files could not be read'
	assert_err_line 'sumac: WARNING: 1 computed checksum did NOT match'
	assert_err_line 'sumac: WARNING: 1 line is improperly formatted'
}

@test "without --summary nothing changes: same output, no summary line" {
	s -c L
	assert_rc 1
	local out err
	out=$(<"$OUT") err=$(<"$ERR")
	s -c --summary L
	[ "$(<"$OUT")" = "$out" ]
	[ "$(head -n -1 "$ERR")" = "$err" ]
	s -c GOOD
	assert_rc 0
	assert_err_empty
}

@test "the summary does not change the exit status" {
	s -c --summary GOOD
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_is 'sumac: summary: 1 verified, 0 failed, 0 unreadable, 0 missing, 0 improperly formatted, 0 part of a SHA-1 collision attack\n'
	s -c --summary --strict GOOD L
	assert_rc 1
}

@test "--status: stdout stays empty, the summary is still printed" {
	s -c --status --summary L
	assert_rc 1
	assert_out_empty
	# GNU reports open errors even with --status; its warnings are gone.
	assert_err_is "sumac: gone: No such file or directory\nsumac: locked: Is a directory\nsumac: summary: 2 verified, 1 failed, 1 unreadable, 1 missing, 1 improperly formatted, 0 part of a SHA-1 collision attack\n"
}

@test "--quiet: only the failures on stdout, then the summary" {
	s -c --quiet --summary L
	assert_rc 1
	assert_out_is 'c: FAILED\ngone: FAILED open or read\nlocked: FAILED open or read\n'
	[ "$(last_err_line)" = "sumac: summary: 2 verified, 1 failed, 1 unreadable, 1 missing, 1 improperly formatted, 0 part of a SHA-1 collision attack" ]
}

@test "--ignore-missing: a missing file is skipped, and still counted as missing" {
	s -c --ignore-missing --summary L
	assert_rc 1
	assert_out_is 'a: OK\nb: OK\nc: FAILED\nlocked: FAILED open or read\n'
	[ "$(last_err_line)" = "sumac: summary: 2 verified, 1 failed, 1 unreadable, 1 missing, 1 improperly formatted, 0 part of a SHA-1 collision attack" ]
}

@test "several lists, stdin among them, and one that cannot be opened: the sums" {
	STDIN_FILE=GOOD s -c --summary L - nolist GOOD L
	assert_rc 1
	assert_err_line 'sumac: nolist: No such file or directory'
	[ "$(last_err_line)" = "sumac: summary: 6 verified, 2 failed, 2 unreadable, 2 missing, 2 improperly formatted, 0 part of a SHA-1 collision attack" ]
	# A list with nothing properly formatted counts its lines.
	printf 'junk\njunk\n' >JUNK
	s -c --summary JUNK
	assert_rc 1
	[ "$(last_err_line)" = "sumac: summary: 0 verified, 0 failed, 0 unreadable, 0 missing, 2 improperly formatted, 0 part of a SHA-1 collision attack" ]
}

@test "-j 2 over many files: the same stdout and stderr as a serial run" {
	local i
	for ((i = 0; i < 60; i++)); do
		printf '%d\n' "$i" >"f$i"
	done
	sumac_as sumac f* >BIG 2>/dev/null
	# Spoil some lines, remove some files, add junk lines.
	for ((i = 0; i < 60; i += 7)); do
		printf 'x' >>"f$i"
	done
	rm f5 f15 f25
	printf 'junk\n' >>BIG
	s -c --summary BIG L
	local out err
	out=$(<"$OUT") err=$(<"$ERR")
	[ "$(last_err_line)" = "sumac: summary: 50 verified, 10 failed, 1 unreadable, 4 missing, 2 improperly formatted, 0 part of a SHA-1 collision attack" ]
	s -j 2 -c --summary BIG L
	[ "$(<"$OUT")" = "$out" ]
	[ "$(<"$ERR")" = "$err" ]
	s -j 2 -c --status --summary BIG L
	[ "$(last_err_line)" = "sumac: summary: 50 verified, 10 failed, 1 unreadable, 4 missing, 2 improperly formatted, 0 part of a SHA-1 collision attack" ]
}

@test "a script can read the counts" {
	s -c --status --summary L
	local verified failed unreadable missing malformed collided
	IFS=' ' read -r verified failed unreadable missing malformed collided < <(sed -n \
		's/^sumac: summary: \([0-9]*\) verified, \([0-9]*\) failed, \([0-9]*\) unreadable, \([0-9]*\) missing, \([0-9]*\) improperly formatted, \([0-9]*\) part of a SHA-1 collision attack$/\1 \2 \3 \4 \5 \6/p' \
		"$ERR")
	[ "$verified $failed $unreadable $missing $malformed $collided" = "2 1 1 1 1 0" ]
}

@test "--summary without --check is a usage error" {
	s --summary a
	assert_rc 1
	assert_out_empty
	assert_err_is "sumac: the --summary option is meaningful only when verifying checksums\nTry 'sumac --help' for more information.\n"
}

@test "--su abbreviates --summary; --s stays ambiguous" {
	s -c --su GOOD
	assert_rc 0
	assert_err_is 'sumac: summary: 1 verified, 0 failed, 0 unreadable, 0 missing, 0 improperly formatted, 0 part of a SHA-1 collision attack\n'
	s -c --s GOOD
	assert_rc 1
	assert_err_is "sumac: option '--s' is ambiguous; possibilities: '--status' '--strict' '--summary' '--sha1-collisions'\nTry 'sumac --help' for more information.\n"
}

@test "GNU names: --summary and --su are unrecognized, as GNU says" {
	local p
	for p in "${GNU_PROGS[@]}" cksum; do
		_capture sumac_as "$CAP_DIR/g" "$p" -c --summary L
		OUT=$CAP_DIR/g.out ERR=$CAP_DIR/g.err RC=$(<"$CAP_DIR/g.rc")
		assert_rc 1
		assert_out_empty
		assert_err_is "$p: unrecognized option '--summary'\nTry '$p --help' for more information.\n"
		_capture sumac_as "$CAP_DIR/g" "$p" -c --su L
		ERR=$CAP_DIR/g.err
		assert_err_is "$p: unrecognized option '--su'\nTry '$p --help' for more information.\n"
	done
	# Live only: these cases have no golden files.
	gnu_live && [[ -z ${SUMAC_CLI_GOLDEN-} ]] || skip "no live GNU $GNU_REF_VERSION (or SUMAC_CLI_GOLDEN is set)"
	for p in "${GNU_PROGS[@]}" cksum; do
		compare_gnu "$p" -c --summary L
		compare_gnu "$p" --summary a
		compare_gnu "$p" -c --su L
		compare_gnu "$p" -c --s L
	done
}

@test "the help of sumac shows --summary, the GNU names' does not" {
	s --help
	assert_out_has '      --summary         end with one line of counts on stderr'
	_capture sumac_as "$CAP_DIR/g" sha256sum --help
	OUT=$CAP_DIR/g.out
	assert_out_lacks 'summary'
}
