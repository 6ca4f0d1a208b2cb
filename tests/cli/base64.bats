#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac --base64 and --raw, cksum's options under the name sumac: base64
# lines generated and checked back for every algorithm sumac has, tagged
# and untagged, with and without -a; --raw against the hex digest; the
# errors in cksum's words; a base64 line that is tampered with, padded
# wrongly or short never verifies; the GNU names keep refusing both.

load helpers

setup() {
	cli_setup
	printf 'abc' >abc
	: >empty
	for ((i = 0; i < 100; i++)); do printf '0123456789'; done >kilo
}

teardown() {
	cli_teardown
}

# algos: every -a name sumac lists (its own error message lists them),
# so that a new row of the registry is covered without editing this file.
algos() {
	sumac_as sumac -a '' 2>&1 | sed -n "s/^  - '\(.*\)'\$/\1/p"
}

# unhex: stdin's hex digits as bytes (xxd -r -p, which a fresh Debian
# does not always have).
unhex() {
	local hex
	hex=$(tr -d '\n')
	printf "$(printf '%s' "$hex" | sed 's/../\\x&/g')"
}

B64=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/

# b64char C N: the base64 character whose value is C's value XOR N.
b64char() {
	local rest=${B64%%"$1"*}
	echo "${B64:$((${#rest} ^ $2)):1}"
}

@test "sumac --base64: every algorithm's digest is the base64 of its hex digest" {
	local a n=0
	for a in $(algos); do
		hex=$(sumac_as sumac -a "$a" kilo | cut -d' ' -f1)
		want=$(printf '%s' "$hex" | unhex | base64 -w0)
		got=$(sumac_as sumac -a "$a" --base64 kilo)
		[ "$got" = "$want  kilo" ] || { echo "$a: [$got] != [$want  kilo]"; return 1; }
		got=$(sumac_as sumac -a "$a" --base64 --tag kilo)
		[[ $got == *" (kilo) = $want" ]] || { echo "$a --tag: [$got]"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 18 ]
}

@test "sumac --raw: every algorithm's digest bytes are those its hex spells" {
	local a
	for a in $(algos); do
		for f in abc empty; do
			sumac_as sumac -a "$a" "$f" | cut -d' ' -f1 | unhex >want
			sumac_as sumac -a "$a" --raw "$f" >got
			cmp want got || { echo "$a $f"; return 1; }
			# No name, no newline; standard input alone is one input too.
			sumac_as sumac -a "$a" --raw <"$f" >got
			cmp want got || { echo "$a stdin $f"; return 1; }
		done
	done
	for l in 8 128 256 504; do
		sumac_as sumac -a blake2b -l "$l" abc | cut -d' ' -f1 | unhex >want
		sumac_as sumac -a blake2b -l "$l" --raw abc >got
		cmp want got
		[ "$(stat -c %s got)" -eq $((l / 8)) ]
	done
}

@test "sumac --base64 lines of every algorithm verify with sumac -c, tagged and untagged" {
	local a
	for a in $(algos); do
		sumac_as sumac -a "$a" --base64 abc empty kilo >untagged
		sumac_as sumac -a "$a" --base64 --tag abc empty kilo >tagged
		# -a names the algorithm of untagged lines; tags name their own.
		run sumac_as sumac -a "$a" -c untagged
		[ "$status" -eq 0 ] || { echo "$a -c untagged: $output"; return 1; }
		[ "$output" = $'abc: OK\nempty: OK\nkilo: OK' ]
		run sumac_as sumac -c tagged
		[ "$status" -eq 0 ] || { echo "$a -c tagged: $output"; return 1; }
		[ "$output" = $'abc: OK\nempty: OK\nkilo: OK' ]
		run sumac_as sumac -a "$a" -c tagged
		[ "$status" -eq 0 ] || { echo "$a -a -c tagged: $output"; return 1; }
	done
}

@test "sumac -c without -a: a base64 digest's length picks the algorithm, as a hex width does" {
	for a in md5 sha1 sha224 sha256 sha384 sha512; do
		sumac_as sumac -a "$a" --base64 abc kilo >list
		run sumac_as sumac -c list
		[ "$status" -eq 0 ] || { echo "$a: $output"; return 1; }
		[ "$output" = $'abc: OK\nkilo: OK' ]
	done
	# Another algorithm of that width (BLAKE2b's 64 bytes are SHA-512's)
	# fails, and the hint names it, as for hex.
	sumac_as sumac -a sha3-256 --base64 abc >list
	run sumac_as sumac -c list
	[ "$status" -eq 1 ]
	[[ $output == *"abc: FAILED"* ]]
	[[ $output == *"but abc matches with -a sha3-256"* ]]
}

@test "sumac --base64 with blake2b -l: every length checks back, tagged and with -a" {
	for l in 8 16 24 128 256 264 504 512; do
		sumac_as sumac -a blake2b -l "$l" --base64 abc kilo >untagged
		sumac_as sumac -a blake2b -l "$l" --base64 --tag abc kilo >tagged
		run sumac_as sumac -a blake2b -c untagged
		[ "$status" -eq 0 ] || { echo "-l $l untagged: $output"; return 1; }
		run sumac_as sumac -c tagged
		[ "$status" -eq 0 ] || { echo "-l $l tagged: $output"; return 1; }
		[ "$output" = $'abc: OK\nkilo: OK' ]
	done
	run sumac_as sumac -a blake2b -l 128 --base64 --tag abc
	[ "$output" = "BLAKE2b-128 (abc) = z0q3kcYrjSshCckCdSh4Fg==" ]
}

@test "sumac --base64 goes with -z and -j; --check reads hex and base64 in one list" {
	sumac_as sumac -a md5 --base64 -z abc >got
	printf 'kAFQmDzST7DWlj99KOF/cg==  abc\0' | cmp - got
	[ "$(sumac_as sumac --base64 -j 2 abc empty kilo)" = "$(sumac_as sumac --base64 abc empty kilo)" ]
	{
		sumac_as sumac abc
		sumac_as sumac --base64 kilo
		sumac_as sumac -a sha1 --tag --base64 empty
	} >mixed
	run sumac_as sumac -c mixed
	[ "$status" -eq 0 ]
	[ "$output" = $'abc: OK\nkilo: OK\nempty: OK' ]
}

@test "a tampered base64 digest FAILS; one padded wrongly or short is improperly formatted" {
	local line d
	line=$(sumac_as sumac -a md5 --base64 abc)
	[ "$line" = "kAFQmDzST7DWlj99KOF/cg==  abc" ]
	d=${line%%  *}

	# One character of the digest changed: another digest, FAILED.
	printf '%s  abc\n' "$(b64char "${d:0:1}" 1)${d:1}" >tampered
	run sumac_as sumac -c tampered
	[ "$status" -eq 1 ]
	[[ $output == "abc: FAILED"* ]]
	[[ $output == *"WARNING: 1 computed checksum did NOT match"* ]]

	# Bits below the last byte set: the text encodes no digest, FAILED
	# (cksum compares the encodings), never OK.
	printf '%s  abc\n' "${d:0:21}$(b64char "${d:21:1}" 1)==" >lowbits
	run sumac_as sumac -c lowbits
	[ "$status" -eq 1 ]
	[[ $output == "abc: FAILED"* ]]

	# Padding missing, short of one '=', one '=' too many, a character
	# fewer (15 bytes: no algorithm has them), a group fewer, a group
	# more: improperly formatted, with and without -a.
	for bad in "${d%==}" "${d%=}" "$d=" "${d:0:20}A==" "${d:0:16}" "${d}AAAA" "${d:0:22}=A"; do
		for a in '' '-a md5'; do
			printf '%s  abc\n' "$bad" >bad
			# shellcheck disable=SC2086
			run sumac_as sumac $a -c -w bad
			[ "$status" -eq 1 ] || { echo "[$bad] $a: $output"; return 1; }
			[[ $output == *"bad: 1: improperly formatted"* ]] || { echo "[$bad] $a: $output"; return 1; }
			[[ $output == *"bad: no properly formatted checksum lines found"* ]]
			[[ $output != *OK* ]]
		done
	done

	# Tagged too: a digest of another length than the tag's.
	printf 'MD5 (abc) = %s\n' "${d:0:20}" >badtag
	run sumac_as sumac -c badtag
	[ "$status" -eq 1 ]
	[[ $output == *"no properly formatted checksum lines found"* ]]
	printf 'BLAKE2b-128 (abc) = %s\n' "$d" >badtag
	run sumac_as sumac -c badtag
	[ "$status" -eq 1 ]
	[[ $output == "abc: FAILED"* ]]

	# --strict fails on a bad line beside good ones.
	{
		echo "$line"
		printf '%s  abc\n' "${d%==}"
	} >some
	run sumac_as sumac -c some
	[ "$status" -eq 0 ]
	run sumac_as sumac -c --strict some
	[ "$status" -eq 1 ]
}

@test "--base64 --raw and --raw with several files are errors, in cksum's words" {
	# --base64 --raw: usage error (the "Try" line), exit 1, as cksum.
	for args in '--base64 --raw' '--raw --base64' '-a md5 --raw --base64 abc empty' '-c --raw --base64'; do
		# shellcheck disable=SC2086
		run sumac_as sumac $args abc
		[ "$status" -eq 1 ]
		[ "$output" = "sumac: --base64 and --raw are mutually exclusive
Try 'sumac --help' for more information." ] || { echo "$args: $output"; return 1; }
	done
	want=$(sumac_as cksum -a md5 --base64 --raw abc 2>&1 | head -1) || true
	[ "$want" = "cksum: --base64 and --raw are mutually exclusive" ]

	# Several files: exit 1, no Try line, nothing written.
	sumac_as sumac --raw abc empty >out 2>err && return 1
	[ ! -s out ]
	[ "$(cat err)" = "sumac: the --raw option is not supported with multiple files" ]
	want=$(sumac_as cksum --raw abc empty 2>&1) || true
	[ "$want" = "cksum: the --raw option is not supported with multiple files" ]
	run sumac_as sumac -a blake2b -l 128 --raw abc abc
	[ "$status" -eq 1 ]

	# -r may find any number of files: refused as well.
	mkdir d && cp abc d/
	run sumac_as sumac -r --raw d
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: the --raw option is not supported with --recursive" ]

	# A file that cannot be read: its error, exit 1, no bytes.
	sumac_as sumac --raw missing >out 2>err && return 1
	[ ! -s out ]
	grep -q "missing: No such file or directory" err

	# Checking ignores both, as cksum does.
	sumac_as sumac abc >list
	run sumac_as sumac -c --raw list
	[ "$status" -eq 0 ]
	[ "$output" = "abc: OK" ]
	run sumac_as sumac -c --base64 list
	[ "$output" = "abc: OK" ]
}

@test "the GNU names keep refusing --base64 and --raw, and read no base64 line" {
	sumac_as sumac --base64 abc >b64
	sumac_as sumac -a md5 --base64 abc >b64md5
	for name in sha256sum md5sum sha1sum sha512sum; do
		for opt in --base64 --raw --ba --ra --bas; do
			run sumac_as "$name" "$opt" abc
			[ "$status" -eq 1 ]
			[[ $output == *"unrecognized option '$opt'"* ]] || { echo "$name $opt: $output"; return 1; }
		done
		run sumac_as "$name" --help
		[[ $output != *base64* && $output != *--raw* ]]
	done
	run sumac_as sha256sum -c b64
	[ "$status" -eq 1 ]
	[[ $output == *"no properly formatted checksum lines found"* ]]
	run sumac_as md5sum -c b64md5
	[ "$status" -eq 1 ]
	[[ $output == *"no properly formatted checksum lines found"* ]]
	# b2sum, with its --length first: no base64 either.
	run sumac_as b2sum --base64 abc
	[ "$status" -eq 1 ]
	# sumac's help lists both.
	run sumac_as sumac --help
	[[ $output == *"--base64 "* && $output == *"--raw "* ]]
}
