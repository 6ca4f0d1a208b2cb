#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac's own surface: -a, the multi-call names, backend selection
# (--backend, SUMAC_BACKEND, --list-backends, --debug) and its errors.

load helpers

setup() {
	cli_setup
	printf 'abc' > abc
	: > empty
}

teardown() {
	cli_teardown
}

# sum NAME ARGS...: stdout of sumac run as NAME, stderr discarded.
sum() {
	sumac_as "$@" 2>/dev/null
}

@test "sumac hashes with sha256 by default" {
	run sum sumac abc
	[ "$status" -eq 0 ]
	[ "$output" = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc" ]
}

@test "-a selects every algorithm, with GNU's output" {
	for algo in md5 sha1 sha224 sha256 sha384 sha512; do
		want=$(cd "$WORK_DIR" && "/usr/bin/${algo}sum" abc empty 2>/dev/null) ||
			want=$(cat "$BATS_TEST_DIRNAME/golden/sumac-a-$algo.out")
		got=$(sum sumac -a "$algo" abc empty)
		[ "$got" = "$want" ] || { echo "$algo: [$got] != [$want]"; return 1; }
	done
}

@test "-a accepts the truncated SHA-512 variants and spellings" {
	run sum sumac -a sha512-256 abc
	[ "$output" = "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23  abc" ]
	run sum sumac --algorithm=SHA512/224 --tag abc
	[ "$output" = "SHA512-224 (abc) = 4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" ]
	run sum sumac -a SHA-1 abc
	[ "$output" = "a9993e364706816aba3e25717850c26c9cd0d89d  abc" ]
}

@test "-a with an unknown algorithm is a usage error" {
	run sumac_as sumac -a sha3 abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid argument 'sha3' for '--algorithm'"* ]]
	[[ "$output" == *"Try 'sumac --help' for more information."* ]]
}

@test "prefixed program names select the algorithm" {
	run sum gsha1sum abc
	[ "$output" = "a9993e364706816aba3e25717850c26c9cd0d89d  abc" ]
	run sum sumac-md5sum abc
	[ "$output" = "900150983cd24fb0d6963f7d28e17f72  abc" ]
	run sum /some/dir/sha512sum empty
	[ "${output:0:16}" = "cf83e1357eefb8bd" ]
}

@test "GNU names do not take sumac's options" {
	run sumac_as sha256sum -a sha1 abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid option -- 'a'"* ]]
	run sumac_as sha256sum --backend=portable abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"unrecognized option '--backend=portable'"* ]]
}

@test "sumac --check reads tagged lines of several algorithms in one list" {
	{
		echo "SHA1 (abc) = a9993e364706816aba3e25717850c26c9cd0d89d"
		echo "MD5 (abc) = 900150983cd24fb0d6963f7d28e17f72"
		echo "SHA512-256 (abc) = 53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"
		echo "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc"
		echo "a9993e364706816aba3e25717850c26c9cd0d89d  abc"
	} > list
	run sumac_as sumac -c list
	[ "$status" -eq 0 ]
	[ "$output" = $'abc: OK\nabc: OK\nabc: OK\nabc: OK\nabc: OK' ]
}

@test "sumac --check with -a takes untagged lines as that algorithm only" {
	echo "a9993e364706816aba3e25717850c26c9cd0d89d  abc" > list
	run sumac_as sumac -a sha256 -c list
	[ "$status" -eq 1 ]
	[[ "$output" == *"no properly formatted checksum lines found"* ]]
	run sumac_as sumac -a sha1 -c list
	[ "$status" -eq 0 ]
	[ "$output" = "abc: OK" ]
}

@test "--list-backends shows every backend and what auto uses" {
	run sum sumac --list-backends
	[ "$status" -eq 0 ]
	for b in x86-shani x86-avx2 armv8 commoncrypto openssl portable; do
		[[ "$output" == *"$b "* ]] || { echo "missing $b"; return 1; }
	done
	for a in md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
		grep -q "^$a  *[a-z0-9]*-[a-z0-9-]*$" <<<"$output" || { echo "no auto row for $a"; return 1; }
	done
}

@test "--backend portable gives the same digests as auto" {
	for algo in md5 sha1 sha224 sha256 sha384 sha512; do
		a=$(sum sumac -a "$algo" abc empty)
		p=$(sum sumac -a "$algo" --backend portable abc empty)
		[ "$a" = "$p" ]
	done
}

@test "--debug names the driver used" {
	run sumac_as sumac --debug --backend portable -a sha1 abc
	[ "$status" -eq 0 ]
	[[ "$output" == *"sha1: using sha1-portable (forced)"* ]]
	SUMAC_BACKEND= run sumac_as sumac --debug abc
	[[ "$output" == *"sha256: using sha256-"*"(auto)"* ]]
}

@test "SUMAC_BACKEND forces a backend; --backend wins over it" {
	SUMAC_BACKEND=portable run sumac_as sumac --debug abc
	[[ "$output" == *"using sha256-portable (forced)"* ]]
	SUMAC_BACKEND=no-such run sumac_as sumac --backend portable --debug abc
	[ "$status" -eq 0 ]
	[[ "$output" == *"using sha256-portable"* ]]
}

@test "SUMAC_BACKEND applies to the GNU names too" {
	SUMAC_BACKEND=no-such run sumac_as sha256sum abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"sha256sum: unknown backend 'no-such'"* ]]
}

@test "an unknown backend is an error, exit 1, nothing on stdout" {
	run sumac_as sumac --backend nonsense abc
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: unknown backend 'nonsense' (--list-backends shows them)" ]
}

@test "a backend lacking the algorithm is an error, never a fallback" {
	if ! sum sumac --list-backends | grep -q '^x86-shani  *yes'; then
		skip "x86-shani not compiled in"
	fi
	run sumac_as sumac --backend x86-shani -a sha512 abc
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: backend 'x86-shani' cannot hash sha512: does not implement the algorithm" ]
}

@test "forcing any backend for any algorithm never crashes (no SIGILL)" {
	# Every compiled backend and algorithm: either it hashes correctly, or
	# it is a clean error, exit 1, when this CPU lacks the instructions.
	local tried=0 refused=0
	while read -r backend compiled usable prio algos; do
		[ "$compiled" = yes ] || continue
		algos=${algos//[\[\]]/}
		for algo in $algos; do
			run sumac_as sumac --backend "$backend" -a "$algo" abc
			tried=$((tried + 1))
			if [ "$status" -eq 0 ]; then
				want=$(sum sumac --backend portable -a "$algo" abc)
				[ "$output" = "$want" ] || { echo "$backend $algo: $output"; return 1; }
			else
				[ "$status" -eq 1 ] || { echo "$backend $algo: exit $status"; return 1; }
				[[ "$output" == *"this CPU cannot run it"* || "$output" == *"refuses"* ]]
				refused=$((refused + 1))
			fi
		done
	done < <(sum sumac --list-backends | sed -n '2,/^\[/p' | sed '/^\[/d')
	echo "# tried $tried, refused $refused" >&3
	[ "$tried" -gt 0 ]
}

@test "a backend not compiled in is reported as such" {
	line=$(sum sumac --list-backends | awk '$2 == "no" {print $1; exit}')
	[ -n "$line" ] || skip "every backend is compiled in"
	run sumac_as sumac --backend "$line" abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"not compiled into this build"* ]]
}

@test "auto never picks a backend the CPU cannot run" {
	while read -r algo driver; do
		backend=${driver#*-}
		# The backend's row must list the algorithm without brackets.
		row=$(sum sumac --list-backends | awk -v b="$backend" '$1 == b')
		[[ " $row " == *" $algo "* ]] || { echo "$algo uses $driver: $row"; return 1; }
	done < <(sum sumac --list-backends | sed '1,/^ALGORITHM/d')
}

@test "--version and --help work as sumac" {
	run sum sumac --version
	[ "$status" -eq 0 ]
	[[ "$output" == "sumac (sumac) "* ]]
	run sum sumac --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"--backend=NAME"* ]]
	[[ "$output" == *"--list-backends"* ]]
}

@test "--version: the version line, then the MIT licence, under every name" {
	for name in sumac sha256sum gmd5sum; do
		run sum "$name" --version
		[ "$status" -eq 0 ]
		[[ ${lines[0]} =~ ^${name}\ \(sumac\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]] ||
			{ echo "$name: line 1 is '${lines[0]}'"; return 1; }
		[ "${lines[1]}" = "License MIT: <https://opensource.org/licenses/MIT>." ] ||
			{ echo "$name: line 2 is '${lines[1]}'"; return 1; }
		[ "${#lines[@]}" -eq 2 ]
	done
}

@test "a large file is hashed the same through any update pattern (1 MiB + 1)" {
	head -c 1048577 /dev/zero | tr '\0' 'x' > big
	a=$(sum sumac big)
	b=$(sum sumac - < big)
	c=$(cat big | sum sumac)
	[ "${a%% *}" = "${b%% *}" ]
	[ "${a%% *}" = "${c%% *}" ]
	[ "${a%% *}" = 154b8ed3c2383ce429058768595935faf7851b5c38db2b1732594be1d88bc05a ]
}

@test "-j: many files in parallel give the serial output, in order" {
	for i in $(seq 1 200); do printf '%s' "$i" > "f$i"; done
	serial=$(sumac_as sha1sum f* missing f7 2>&1) || true
	parallel=$(sumac_as sha1sum -j 3 f* missing f7 2>&1) || true
	[[ "$serial" == *"missing: No such file"* ]]
	[ "$serial" = "$parallel" ]
	sumac_as sha1sum f* > list
	[ "$(sumac_as sha1sum --jobs=auto -c list)" = "$(sumac_as sha1sum -c list)" ]
}

@test "-j rejects what is not a count" {
	run sumac_as sumac -j x abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid number of jobs: 'x'"* ]]
	run sumac_as sha256sum --jobs=-1 abc
	[ "$status" -eq 1 ]
	run sumac_as sha256sum -j 0 abc
	[ "$status" -eq 0 ]
}

@test "a backend list uses the first listed backend that can hash" {
	run sumac_as sumac --debug --backend no-such,portable abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown backend 'no-such'"* ]]
	line=$(sum sumac --list-backends | awk '$2 == "no" {print $1; exit}')
	[ -n "$line" ] || skip "every backend is compiled in"
	run sumac_as sumac --debug --backend "$line,portable" -a sha1 abc
	[ "$status" -eq 0 ]
	[[ "$output" == *"sha1: not $line: not compiled into this build"* ]]
	[[ "$output" == *"sha1: using sha1-portable (forced)"* ]]
	[[ "$output" == *"a9993e364706816aba3e25717850c26c9cd0d89d  abc"* ]]
	run sumac_as sumac --backend "$line,$line" abc
	[ "$status" -eq 1 ]
	[[ "$output" == *"no backend in '$line,$line' can hash sha256"* ]]
}
