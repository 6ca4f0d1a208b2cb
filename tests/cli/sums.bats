#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The System V and BSD sums and SM3 through `sumac -a`, against GNU live
# on random files: `sum -s` and `sum -r` print the checksum in decimal,
# sumac prints it as the 2-byte big-endian digest in hex; SM3 against GNU
# cksum 9.1's `-a sm3`.  The lengths are the edges of the cores' runs of
# 32 bytes and of sum's 512- and 1024-byte blocks.  Only the digest is
# compared: the output formats of `cksum -a sysv` and `-a bsd` are the
# cksum front end's (its own tests).

load helpers

LENGTHS="0 1 31 32 33 511 512 513 1023 1025 2047 4095 65537 1048583"

setup() {
	cli_setup
	local n
	for n in $LENGTHS; do
		head -c "$n" /dev/urandom >"r$n"
	done
	# All 0xff: the largest value of every lane of the System V core.
	head -c 3000000 /dev/zero | tr '\0' '\377' >ff
}

teardown() {
	cli_teardown
}

# digest_of ALGO FILE: the hex digest sumac prints for FILE (the last
# field of its tagged line).
digest_of() {
	local line
	line=$(sumac_as sumac -a "$1" --tag "$2") || return 1
	printf '%s\n' "${line##* }"
}

# same_sum ALGO SUMFLAG FILE: sumac's digest is GNU sum's number.
same_sum() {
	local got want
	got=$(digest_of "$1" "$3") || return 1
	want=$(sum "$2" "$3") || return 1
	want=${want%% *}
	if [[ ! $got =~ ^[0-9a-f]{4}$ ]] || [ $((16#$got)) -ne $((10#$want)) ]; then
		echo "$3: sumac -a $1 printed '$got', GNU sum $2 says $want"
		return 1
	fi
}

@test "sumac -a sysv is GNU sum -s on random files and on 0xff" {
	command -v sum >/dev/null || skip "GNU sum not installed"
	local n
	for n in $LENGTHS; do
		same_sum sysv -s "r$n"
	done
	same_sum sysv -s ff
}

@test "sumac -a bsd is GNU sum -r on random files and on 0xff" {
	command -v sum >/dev/null || skip "GNU sum not installed"
	local n
	for n in $LENGTHS; do
		same_sum bsd -r "r$n"
	done
	same_sum bsd -r ff
}

@test "sumac -a sm3 is GNU cksum -a sm3 on random files" {
	/usr/bin/cksum -a sm3 /dev/null >/dev/null 2>&1 || skip "no cksum -a sm3 here"
	local n got want
	for n in $LENGTHS; do
		got=$(digest_of sm3 "r$n")
		want=$(/usr/bin/cksum -a sm3 "r$n")
		[ "$got" = "${want##* }" ] || {
			echo "r$n: sumac $got, GNU ${want##* }"
			return 1
		}
	done
}
