#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac -c without -a: when no digest of an untagged list matches, the
# first file that failed is hashed with the other algorithms of the
# digests' width, and a match is named on stderr with the -a that would
# verify the list.  The verdict stays FAILED; nothing changes elsewhere.

load helpers

setup() {
	cli_setup
	mkf a 'one\n'
	mkf b 'two\n'
}

teardown() {
	cli_teardown
}

# s NAME ARGS...: run sumac as NAME; OUT, ERR and RC describe the run.
s() {
	_capture sumac_as "$CAP_DIR/s" "$@"
	OUT=$CAP_DIR/s.out
	ERR=$CAP_DIR/s.err
	RC=$(<"$CAP_DIR/s.rc")
}

# list ALGO [-l BITS] > FILE: an untagged list of a and b.
list() {
	sumac_as sumac "$@" a b 2>/dev/null
}

@test "64 digits: SHA3-256, SHA-512/256, SM3 and BLAKE2b-256 lists are named" {
	local algo
	for algo in sha3-256 sha512-256 sm3; do
		list -a "$algo" >L
		s sumac -c L
		assert_rc 1
		assert_out_is 'a: FAILED\nb: FAILED\n'
		assert_err_is "sumac: WARNING: 2 computed checksums did NOT match\nsumac: L: no digest matched as sha256, but a matches with -a $algo\n"
		# ...and that -a verifies it.
		s sumac -a "$algo" -c L
		assert_rc 0
		assert_err_empty
	done
	list -a blake2b -l 256 >L
	s sumac -c L
	assert_rc 1
	assert_err_line 'sumac: L: no digest matched as sha256, but a matches with -a blake2b -l 256'
	s sumac -a blake2b -l 256 -c L
	assert_rc 0
}

@test "128, 96, 56, 40 and 32 digits: the other algorithms of those widths" {
	list -a sha3-512 >L
	s sumac -c L
	assert_err_line 'sumac: L: no digest matched as sha512, but a matches with -a sha3-512'
	list -a sha3-384 >L
	s sumac -c L
	assert_err_line 'sumac: L: no digest matched as sha384, but a matches with -a sha3-384'
	list -a sha512-224 >L
	s sumac -c L
	assert_err_line 'sumac: L: no digest matched as sha224, but a matches with -a sha512-224'
	list -a blake2b -l 160 >L
	s sumac -c L
	assert_err_line 'sumac: L: no digest matched as sha1, but a matches with -a blake2b -l 160'
	list -a blake2b -l 128 >L
	s sumac -c L
	assert_err_line 'sumac: L: no digest matched as md5, but a matches with -a blake2b -l 128'
	# A full-length BLAKE2b list is b2sum's, told apart from SHA-512 by
	# nothing: its width is SHA-512's.
	list -a blake2b >L
	s sumac -c L
	assert_err_line 'sumac: L: no digest matched as sha512, but a matches with -a blake2b'
}

@test "no hint when the files really changed, or when any digest matched" {
	list -a sha256 >L
	printf 'x' >>a
	printf 'x' >>b
	s sumac -c L
	assert_rc 1
	assert_err_is 'sumac: WARNING: 2 computed checksums did NOT match\n'
	list -a sha3-256 >L
	sumac_as sumac a >>L
	s sumac -c L
	assert_rc 1
	assert_out_is 'a: FAILED\nb: FAILED\na: OK\n'
	assert_err_is 'sumac: WARNING: 2 computed checksums did NOT match\n'
}

@test "no hint for a tagged list, under -a, under --status, or under the GNU names" {
	sumac_as sumac -a sha3-256 a b >L
	sed 's/^\([0-9a-f]*\)  \(.*\)$/SHA256 (\2) = \1/' L >T
	s sumac -c T
	assert_rc 1
	assert_err_is 'sumac: WARNING: 2 computed checksums did NOT match\n'
	s sumac -a sha256 -c L
	assert_rc 1
	assert_err_is 'sumac: WARNING: 2 computed checksums did NOT match\n'
	s sumac -c --status L
	assert_rc 1
	assert_out_empty
	assert_err_empty
	s sha256sum -c L
	assert_rc 1
	assert_err_is 'sha256sum: WARNING: 2 computed checksums did NOT match\n'
	if gnu_live && [[ -z ${SUMAC_CLI_GOLDEN-} ]]; then
		compare_gnu sha256sum -c L
	fi
}

@test "the hint with --quiet, -j 2, a missing first file, and over several lists" {
	list -a sha3-256 >L
	s sumac -c --quiet L
	assert_err_line 'sumac: L: no digest matched as sha256, but a matches with -a sha3-256'
	local serial
	s sumac -c L L
	serial=$(<"$ERR")
	[ "$(grep -c 'no digest matched' "$ERR")" -eq 2 ]
	s sumac -j 2 -c L L
	[ "$(<"$ERR")" = "$serial" ]
	# The first file that failed is the one tried: an unreadable one
	# before it is passed over.
	{
		printf '%s  gone\n' "$(sumac_as sumac -a sha3-256 a | cut -d' ' -f1)"
		sumac_as sumac -a sha3-256 b
	} >M
	s sumac -c M
	assert_rc 1
	assert_err_line 'sumac: M: no digest matched as sha256, but b matches with -a sha3-256'
	# The names are quoted as in other messages.
	mkf 'c d' 'one\n'
	sumac_as sumac -a sha3-256 'c d' >'N O'
	s sumac -c 'N O'
	assert_err_line "sumac: 'N O': no digest matched as sha256, but 'c d' matches with -a sha3-256"
}
