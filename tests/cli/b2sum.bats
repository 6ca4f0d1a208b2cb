#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# b2sum: -l/--length and BLAKE2b check lines at each GNU release there is
# a real b2sum of, sumac at that very level (9.1: /usr/bin; 9.7, 9.10,
# 9.11: gnu-ref; 9.7's -l clamp above 512 is a GNU bug sumac does not
# copy).  Level 9.4 differs from 9.7 for b2sum (only the last -l counts
# from 9.5), so 9.7 is what is compared.  A release whose program is
# missing is skipped, and said so.

load helpers

setup() {
	cli_setup
	printf 'one\n' >plain
}

teardown() {
	cli_teardown
}

# ref_b2sum LEVEL: the reference program, or nothing.
ref_b2sum() {
	local dir=${SUMAC_GNU_REF:-$BATS_TEST_DIRNAME/../../../shared/gnu-ref}
	case $1 in
	9.1) [[ $(/usr/bin/b2sum --version 2>/dev/null | sed -n '1s/.* //p') == 9.1 ]] && echo /usr/bin/b2sum ;;
	*) [[ -x $dir/$1/bin/b2sum ]] && echo "$dir/$1/bin/b2sum" ;;
	esac
}

# same LEVEL ARGS...: b2sum's stdout, stderr and status are the reference's.
same() {
	local level=$1 ref rc=0
	shift
	ref=$(ref_b2sum "$level") || true
	if [[ -z $ref ]]; then
		echo "# no GNU b2sum $level here: not compared" >&3
		return 0
	fi
	(LC_ALL=C exec -a b2sum "$ref" "$@") >"$CAP_DIR/g.out" 2>"$CAP_DIR/g.err" </dev/null || rc=$?
	echo "$rc" >"$CAP_DIR/g.rc"
	rc=0
	SUMAC_GNU_COMPAT=$level sumac_as b2sum "$@" >"$CAP_DIR/s.out" 2>"$CAP_DIR/s.err" </dev/null || rc=$?
	echo "$rc" >"$CAP_DIR/s.rc"
	if ! cmp -s "$CAP_DIR/g.out" "$CAP_DIR/s.out" || ! cmp -s "$CAP_DIR/g.err" "$CAP_DIR/s.err" ||
		! cmp -s "$CAP_DIR/g.rc" "$CAP_DIR/s.rc"; then
		echo "level $level: b2sum $*"
		diff "$CAP_DIR/g.err" "$CAP_DIR/s.err" || true
		diff "$CAP_DIR/g.out" "$CAP_DIR/s.out" || true
		echo "status $(cat "$CAP_DIR/g.rc") / $(cat "$CAP_DIR/s.rc")"
		return 1
	fi
}

@test "b2sum -l: values, messages and their order at every level" {
	local level a
	local -a cases=('-l 8' '-l 0' '-l 512' '-l 128 --tag' '-l 512 --tag' '-l 12' '-l 7 -c'
		'-l x' '-l' '-l -8' '-l -0' '-l +16' '-l  16' '-l 016' '-l 16k' '-l 0x10' '-l 123 -l 128'
		'-l 128 -l 123' '-l 12 --status' '-l 12 --tag -t' '-t --tag -l 12' '-l 12 --bogus'
		'--length=64' '--len=64 --tag' '--l=8' '-l 1024' '-l 99999999999999999999999')
	for level in 9.1 9.7 9.10 9.11; do
		for a in "${cases[@]}"; do
			# GNU 9.6-9.7 silently take anything above 512 as 512: a
			# bug, not copied.
			[[ $level == 9.7 && $a == *'-l 1024'* ]] && continue
			[[ $level == 9.7 && $a == *'-l 9999'* ]] && continue
			# shellcheck disable=SC2086
			same "$level" $a plain
		done
		same "$level" -l '' plain
		same "$level" -l ' 16' plain
		same "$level" -l '16 ' plain
	done
}

@test "b2sum -c: lengths from tags and from the digest width, tag rules at every level" {
	local level t h H
	h=$(sumac_as b2sum -l 256 plain)
	h=${h%% *}
	H=$(sumac_as b2sum plain)
	H=${H%% *}
	local -a lines=("BLAKE2b-256 (plain) = $h" "BLAKE2b-256(plain)= $h" "BLAKE2b  (plain) = $H"
		"BLAKE2bX(plain) = $H" "BLAKE2b-+256 (plain) = $h" "BLAKE2b- 256 (plain) = $h"
		"BLAKE2b-0x100 (plain) = $h" "BLAKE2b-0400 (plain) = $h" "BLAKE2b-256  (plain) = $h"
		"BLAKE2b-255 (plain) = $h" "BLAKE2b-1024 (plain) = $h" "BLAKE2b-512 (plain) = $H"
		"BLAKE2b-0 (plain) = $H" "BLAKE2b-128 (plain) = $h" "BLAKE2b (plain) = $h" "$h  plain"
		"${h}0  plain" "BLAKE2b-256X(plain) = $h" "BLAKE2b-2 56 (plain) = $h"
		"BLAKE2bXYZ (plain) = $H" "BLAKE2b   (plain) = $H" $'BLAKE2b\t(plain) = '"$H"
		"BLAKE2b)(plain) = $H" "BLAKE2b(plain) = $H" "BLAKE2b-(plain) = $H"
		"BLAKE2b--256 (plain) = $h" "BLAKE2b-256 (plain) = ${h^^}" "\\BLAKE2b-256 (plain) = $h"
		"BLAKE2b-256 (plain) = ${h%?}0" "sha256 (plain) = $h")
	for t in "${lines[@]}"; do
		printf '%s\n' "$t" >"list"
		for level in 9.1 9.7 9.10 9.11; do
			same "$level" -c -w list
			same "$level" -c -l 128 list
		done
	done
	# Several lengths in one list.
	sumac_as b2sum -l 8 plain >list
	sumac_as b2sum --tag -l 256 plain >>list
	sumac_as b2sum plain >>list
	for level in 9.1 9.7 9.10 9.11; do
		same "$level" -c list
	done
}

@test "sumac -a blake2b -l, and the digests against GNU b2sum" {
	local bits got want
	head -c 1000 /dev/urandom >r
	for bits in 8 128 256 504 512; do
		got=$(sumac_as sumac -a blake2b -l "$bits" r)
		want=$(sumac_as b2sum -l "$bits" r)
		[[ $got == "$want" ]]
		if [[ -x /usr/bin/b2sum ]]; then
			[[ $got == "$(/usr/bin/b2sum -l "$bits" r)" ]]
		fi
	done
	run sumac_as sumac -l 128 r
	[[ $status -eq 1 ]]
	[[ ${lines[0]} == "sumac: --length is only supported with --algorithm=blake2b" ]]
	# A mixed list under sumac: BLAKE2b lengths beside SHA-256.
	sumac_as sumac -a blake2b -l 128 --tag r >list
	sumac_as sumac --tag r >>list
	run sumac_as sumac -c list
	[[ $status -eq 0 ]]
	[[ ${lines[0]} == "r: OK" && ${lines[1]} == "r: OK" ]]
}
