#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# SHA-3 under the name sumac: -a sha3-224 ... sha3-512, plain and --tag,
# against FIPS 202's "abc" examples, against `openssl dgst` (OpenSSL's own
# Keccak) and GNU 9.11's `cksum -a sha3 -l N` where they are here, on files
# of several blocks, and --check of both forms.

load helpers

setup() {
	cli_setup
	printf 'abc' >abc
	: >empty
	# 1000 bytes: several blocks at every rate, and a partial last one.
	for ((i = 0; i < 100; i++)); do printf '0123456789'; done >kilo
}

teardown() {
	cli_teardown
}

sum() {
	sumac_as "$@" 2>/dev/null
}

@test "-a sha3-N gives FIPS 202's digests of abc and of the empty message" {
	run sum sumac -a sha3-224 abc
	[ "$output" = "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf  abc" ]
	run sum sumac -a sha3-256 abc empty
	[ "$output" = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532  abc
a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a  empty" ]
	run sum sumac -a sha3-384 abc
	[ "$output" = "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25  abc" ]
	run sum sumac -a SHA3-512 abc
	[ "$output" = "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0  abc" ]
}

@test "--tag writes SHA3-N (file) = digest" {
	run sum sumac -a sha3-256 --tag abc
	[ "$status" -eq 0 ]
	[ "$output" = "SHA3-256 (abc) = 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" ]
}

@test "sumac -a sha3-N agrees with openssl dgst, plain and tagged" {
	command -v openssl >/dev/null || skip "no openssl program here"
	for bits in 224 256 384 512; do
		for f in abc empty kilo; do
			# openssl dgst -r: "HEX *FILE"; without -r: "SHA3-N(FILE)= HEX".
			want=$(cd "$WORK_DIR" && openssl dgst -sha3-$bits -r "$f")
			got=$(sum sumac -a sha3-$bits "$f")
			[ "$got" = "${want% \**}  $f" ] || { echo "sha3-$bits $f: [$got] != [$want]"; return 1; }
			want=$(cd "$WORK_DIR" && openssl dgst -sha3-$bits "$f")
			got=$(sum sumac -a sha3-$bits --tag "$f")
			[ "$got" = "SHA3-$bits ($f) = ${want#*= }" ] || { echo "[$got] != [$want]"; return 1; }
		done
	done
}

@test "--check verifies SHA-3 lines, plain and tagged, and catches a changed file" {
	sum sumac -a sha3-384 abc kilo >"$WORK_DIR/plain.sums"
	sum sumac -a sha3-384 --tag abc kilo >"$WORK_DIR/tagged.sums"
	run sum sumac -a sha3-384 -c plain.sums
	[ "$status" -eq 0 ]
	[ "$output" = "abc: OK
kilo: OK" ]
	run sum sumac -c tagged.sums
	[ "$status" -eq 0 ]
	[ "$output" = "abc: OK
kilo: OK" ]
	printf 'abd' >"$WORK_DIR/abc"
	run sum sumac -c tagged.sums
	[ "$status" -eq 1 ]
	[ "$output" = "abc: FAILED
kilo: OK" ]
}

@test "sumac -a sha3-N agrees with GNU 9.11's cksum -a sha3 -l N, tagged and untagged" {
	local ref=${SUMAC_GNU_REF:+$SUMAC_GNU_REF/9.11/bin/cksum}
	[[ -n $ref && -x $ref ]] || skip "no GNU cksum 9.11 here (gnu-ref)"
	for bits in 224 256 384 512; do
		for f in abc empty kilo; do
			want=$(cd "$WORK_DIR" && LC_ALL=C "$ref" -a sha3 -l "$bits" "$f")
			got=$(sum sumac -a sha3-$bits --tag "$f")
			[ "$got" = "$want" ] || { echo "[$got] != [$want]"; return 1; }
			want=$(cd "$WORK_DIR" && LC_ALL=C "$ref" -a sha3 -l "$bits" --untagged "$f")
			got=$(sum sumac -a sha3-$bits "$f")
			[ "$got" = "$want" ] || { echo "[$got] != [$want]"; return 1; }
		done
	done
}
