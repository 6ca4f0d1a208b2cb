#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac -c reads the lines other tools write: OpenSSL 3's "SHA2-256(f)= hex",
# "SHA2-512/256(f)= hex", "BLAKE2B-512(f)= hex" (and OpenSSL 1.1's
# "BLAKE2b512"), FreeBSD's "SHA512t256 (f) = hex", and the BSD form with
# every algorithm sumac has.  Under the GNU names the same lines are what
# GNU makes of them, byte for byte.

load helpers

setup() {
	cli_setup
	mkf one 'one\n'
	mkf 'a (1) b' 'one\n'
	D_md5=5bbf5a52328e7439ae6e719dfe712200
	D_sha1=c7059bb19433cc3cabaa6236c83d56668a843dd2
	D_sha224=fc77d07bb033d3ccea33b7fb4c94b00e0b6e0c75ec40d31f2ac5dc06
	D_sha256=2c8b08da5ce60398e1f19af0e5dccc744df274b826abe585eaba68c525434806
	D_sha384=26ef118f2f89eef186c8fe55afa74b6e103e487be838239e6b3ab41c4f914a0bbb19566b92bb3d64e0ae0f894dbc3789
	D_sha512=07e41ccb166d21a5327d5a2ae1bb48192b8470e1357266c9d119c294cb1e95978569472c9de64fb6d93cbd4dd0aed0bf1e7c47fd1920de17b038a08a85eb4fa1
	D_sha512_224=9bb3f06226d52426b9a522162becf8871eaf528e8e38f630605612ba
	D_sha512_256=0574f08e93f4699350b3d756a5fb3facca45c33cf0d496f8ac7608dcb5493e84
	D_sha3_256=9241024260f87e2b901ed6972c48a17c4dc71e0939b0dd445f431f9cf406ca3a
	D_blake2b=fad0120fa495d39b98e4cccac4aff7c83bec3a100ab770b84760c013e4b987af4b242a2c8bc99891586c663161736844f8c7ae2083d8453dc5b84237513b4965
	D_sm3=8fac0d14c6a074a561bb9e6fc2b4ca8c88208071a075db749028f61c7c8fce1b
	# What `openssl dgst -ALGO one` writes with OpenSSL 3.0.
	cat >OPENSSL <<EOF
MD5(one)= $D_md5
SHA1(one)= $D_sha1
SHA2-224(one)= $D_sha224
SHA2-256(one)= $D_sha256
SHA2-384(one)= $D_sha384
SHA2-512(one)= $D_sha512
SHA2-512/224(one)= $D_sha512_224
SHA2-512/256(one)= $D_sha512_256
SHA3-256(one)= $D_sha3_256
BLAKE2B-512(one)= $D_blake2b
SM3(one)= $D_sm3
EOF
	# OpenSSL 1.1 and FreeBSD's md5(1) family.
	cat >OTHERS <<EOF
SHA256(one)= $D_sha256
SHA512-256(one)= $D_sha512_256
BLAKE2b512(one)= $D_blake2b
SHA512t256 (one) = $D_sha512_256
SHA512t224 (one) = $D_sha512_224
SHA256 (one) = $D_sha256
EOF
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

# ok_lines N NAME: N lines "NAME: OK".
ok_lines() {
	local i
	for ((i = 0; i < $1; i++)); do
		printf '%s: OK\\n' "$2"
	done
}

@test "OpenSSL 3's lines verify, each with its own algorithm" {
	s sumac -c OPENSSL
	assert_rc 0
	assert_out_is "$(ok_lines 11 one)"
	assert_err_empty
	s sumac -c --strict OTHERS
	assert_rc 0
	assert_out_is "$(ok_lines 6 one)"
	assert_err_empty
}

@test "a foreign word names its algorithm: a digest of another one fails" {
	# SHA-512/256's digest under SHA2-256 is a mismatch, not a guess.
	printf 'SHA2-256(one)= %s\n' "$D_sha512_256" >L
	s sumac -c L
	assert_rc 1
	assert_out_is 'one: FAILED\n'
	assert_err_is 'sumac: WARNING: 1 computed checksum did NOT match\n'
	# A width that is not the word's is improperly formatted.
	printf 'SHA2-256(one)= %s\nSHA2-512/256(one)= %s\nBLAKE2B-256(one)= %s\n' \
		"$D_sha1" "$D_sha512" "$D_sha256" >L
	s sumac -c -w L
	assert_rc 1
	assert_out_empty
	assert_err_is "sumac: L: 1: improperly formatted checksum line\nsumac: L: 2: improperly formatted checksum line\nsumac: L: 3: improperly formatted checksum line\nsumac: L: no properly formatted checksum lines found\n"
}

@test "names with spaces and parentheses, and escaped names, in the foreign forms" {
	mkf 'new
line' 'one\n'
	printf 'SHA2-256(a (1) b)= %s\n\\SHA2-512/256(new\\nline)= %s\n' \
		"$D_sha256" "$D_sha512_256" >L
	s sumac -c L
	assert_rc 0
	# Status lines show names as the level's GNU release does.
	if level_ge 9.11; then
		assert_out_is "'a (1) b': OK\n'new'\$'\\\\n''line': OK\n"
	else
		assert_out_is 'a (1) b: OK\n\\new\\nline: OK\n'
	fi
}

@test "the BSD form, SUM (FILE) = DIGEST, with every algorithm sumac has" {
	local a
	for a in md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256 blake2b \
		sha3-224 sha3-256 sha3-384 sha3-512 sm3; do
		sumac_as sumac -a "$a" --tag one 'a (1) b'
	done >BSD
	[ "$(wc -l <BSD)" -eq 28 ]
	s sumac -c --strict BSD
	assert_rc 0
	[ "$(grep -c ': OK$' "$OUT")" -eq 28 ]
	assert_err_empty
}

@test "what openssl dgst writes on this machine verifies (where OpenSSL is installed)" {
	command -v openssl >/dev/null || skip "no openssl"
	local a n=0
	for a in md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256 sha3-224 \
		sha3-256 sha3-384 sha3-512 blake2b512 sm3; do
		openssl dgst "-$a" one 'a (1) b' 2>/dev/null >>LIVE && n=$((n + 2))
	done
	((n > 0)) || skip "openssl dgst hashes none of these"
	s sumac -c --strict LIVE
	assert_rc 0
	[ "$(grep -c ': OK$' "$OUT")" -eq "$n" ]
	assert_err_empty
}

@test "-a keeps reading tagged foreign lines of every algorithm, as sumac's own" {
	s sumac -a sha1 -c OPENSSL
	assert_rc 0
	assert_out_is "$(ok_lines 11 one)"
}

@test "GNU names: the foreign lines are improperly formatted, as for GNU" {
	local p
	for p in sha256sum sha512sum b2sum; do
		s "$p" -c -w OPENSSL
		# Each of the GNU programs reads its own tag, written as
		# OpenSSL 1.1 wrote it, and nothing else of the list.
		case $p in
		sha256sum | sha512sum) assert_rc 1 ;;
		esac
		assert_err_has "$p: OPENSSL: 4: improperly formatted"
		assert_err_has "$p: OPENSSL: 8: improperly formatted"
		assert_err_has "$p: OPENSSL: 10: improperly formatted"
	done
	s sha256sum -c OTHERS
	assert_rc 0
	assert_out_is 'one: OK\none: OK\n'
	assert_err_is 'sha256sum: WARNING: 4 lines are improperly formatted\n'
}

@test "GNU names: byte for byte what GNU does with the foreign lines" {
	# Live only: these cases have no golden files.
	gnu_live && [[ -z ${SUMAC_CLI_GOLDEN-} ]] || skip "no live GNU $GNU_REF_VERSION (or SUMAC_CLI_GOLDEN is set)"
	local p
	for p in "${GNU_PROGS[@]}"; do
		compare_gnu "$p" -c -w OPENSSL
		compare_gnu "$p" -c --strict OTHERS
		compare_gnu "$p" -c OPENSSL OTHERS
	done
	# Not OTHERS: GNU's cksum takes "SHA512-256" for SHA-512 cut to 256
	# bits, a length on a fixed-length tag that sumac refuses (cksum.bats).
	compare_gnu cksum -c -w OPENSSL
	# -a sha2 is 9.8's (the 9.4 level's reference is 9.7, which names
	# crc32b among the algorithms it lacks).
	if level_ge 9.8; then
		compare_gnu cksum -a sha2 -c -w OPENSSL
	fi
	compare_gnu cksum -a blake2b -c -w OPENSSL
}
