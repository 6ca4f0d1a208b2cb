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
	for b in x86-shani x86-avx2 x86-avx512 x86-ssse3 x86-vpclmul x86-pclmul armv8 commoncrypto openssl portable; do
		[[ "$output" == *"$b "* ]] || { echo "missing $b"; return 1; }
	done
	for a in md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
		grep -q "^$a  *[a-z0-9]*-[a-z0-9-]*$" <<<"$output" || { echo "no auto row for $a"; return 1; }
	done
	# Each algorithm once in a backend's row, though a backend may have
	# two rows for one algorithm (x86-avx512 for the SHA-512 family).
	sed -n '2,/^\[/p' <<<"$output" | sed '/^\[/d' | awk '{
		delete seen
		for (i = 5; i <= NF; i++) {
			w = $i
			gsub(/[][]/, "", w)
			if (w in seen) { print $1 " lists " w " twice"; bad = 1 }
			seen[w] = 1
		}
	} END { exit bad }'
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

@test "an unknown SUMAC_BACKEND is an error under every name, wherever it is listed" {
	local v n
	for v in no-such portable,no-such no-such,portable x86-shani,auto,no-such; do
		for n in sha256sum md5sum sumac; do
			SUMAC_BACKEND=$v run sumac_as "$n" abc
			[ "$status" -eq 1 ] || { echo "$v $n: exit $status: $output"; return 1; }
			[ "$output" = "$n: SUMAC_BACKEND: unknown backend 'no-such' (sumac --list-backends shows them)" ] ||
				{ echo "$v $n: $output"; return 1; }
		done
	done
	SUMAC_BACKEND=portable,no-such run sumac_as sumac --backend no-such2,portable abc
	[ "$output" = "sumac: unknown backend 'no-such2' (--list-backends shows them)" ]
}

# rows: the backend rows of --list-backends (BACKEND COMPILED USABLE PRIORITY ALGORITHMS).
rows() {
	sum sumac --list-backends | sed -n '2,/^\[/p' | sed '/^\[/d'
}

# serves ROW ALGO: the row lists ALGO as usable here (not bracketed).
serves() {
	[[ " $1 " == *" $2 "* ]]
}

@test "SUMAC_BACKEND that cannot hash the algorithm gives way to auto under the GNU names" {
	# Every backend for SHA-1 too, the libraries included: detection off
	# (sha1dc.bats has a library forced with detection on).
	export SUMAC_SHA1_COLLISIONS=ignore
	local backend compiled usable prio algos p algo want gave_way=0 applied=0
	while read -r backend compiled usable prio algos; do
		for p in "${PROGS[@]}"; do
			algo=${p%sum}
			want=$(SUMAC_BACKEND= sum "$p" abc)
			SUMAC_BACKEND=$backend run sumac_as "$p" abc
			[ "$status" -eq 0 ] || { echo "$backend $p: exit $status: $output"; return 1; }
			[ "$output" = "$want" ] || { echo "$backend $p: $output"; return 1; }
			if serves "$compiled $algos" "$algo"; then
				applied=$((applied + 1))
			else
				gave_way=$((gave_way + 1))
			fi
		done
	done < <(rows)
	echo "# applied $applied, gave way to auto $gave_way" >&3
	[ "$gave_way" -gt 0 ]
	# A list none of whose backends can: auto too.
	line=$(rows | awk '$2 == "no" {print $1; exit}')
	SUMAC_BACKEND="$line,$line" run sumac_as sha1sum abc
	[ "$status" -eq 0 ]
	[ "$output" = "a9993e364706816aba3e25717850c26c9cd0d89d  abc" ]
}

@test "--debug says whether SUMAC_BACKEND applied or was ignored, and why" {
	# Every backend for SHA-1 too, the libraries included: detection off
	# (sha1dc.bats has a library forced with detection on).
	export SUMAC_SHA1_COLLISIONS=ignore
	local backend compiled usable prio algos algo seen=0
	while read -r backend compiled usable prio algos; do
		[ "$backend" = portable ] && continue
		for algo in md5 sha1 sha256 sha512 sha512-224; do
			SUMAC_BACKEND=$backend run sumac_as sumac --debug -a "$algo" abc
			[ "$status" -eq 0 ] || { echo "$backend $algo: exit $status: $output"; return 1; }
			if serves "$algos" "$algo"; then
				[[ "$output" == *"sumac: $algo: using "*"-$backend (forced)"* ]] ||
					{ echo "$backend $algo: $output"; return 1; }
			else
				[[ "$output" == *"sumac: $algo: SUMAC_BACKEND '$backend' ignored: "* ]] ||
					{ echo "$backend $algo: $output"; return 1; }
				[[ "$output" == *"sumac: $algo: using "*" (auto)"* ]] ||
					{ echo "$backend $algo: $output"; return 1; }
				seen=$((seen + 1))
			fi
		done
	done < <(rows)
	[ "$seen" -gt 0 ]
	line=$(rows | awk '$2 == "no" {print $1; exit}')
	SUMAC_BACKEND=$line run sumac_as sumac --debug -a sha1 abc
	[[ "$output" == *"sha1: SUMAC_BACKEND '$line' ignored: not compiled into this build"* ]]
	SUMAC_BACKEND="$line,$line" run sumac_as sumac --debug -a sha1 abc
	[[ "$output" == *"sha1: not $line: not compiled into this build"* ]]
	[[ "$output" == *"sha1: SUMAC_BACKEND '$line,$line' ignored: no backend in it can hash sha1"* ]]
}

@test "sumac -c of a mixed list: SUMAC_BACKEND serves the algorithms it can, auto the rest" {
	# Every backend for SHA-1 too, the libraries included: detection off
	# (sha1dc.bats has a library forced with detection on).
	export SUMAC_SHA1_COLLISIONS=ignore
	local backend compiled usable prio algos
	{
		echo "SHA1 (abc) = a9993e364706816aba3e25717850c26c9cd0d89d"
		echo "MD5 (abc) = 900150983cd24fb0d6963f7d28e17f72"
		echo "SHA512-256 (abc) = 53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"
		echo "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc"
	} > list
	while read -r backend compiled usable prio algos; do
		SUMAC_BACKEND=$backend run sumac_as sumac -c list
		[ "$status" -eq 0 ] || { echo "$backend: exit $status: $output"; return 1; }
		[ "$output" = $'abc: OK\nabc: OK\nabc: OK\nabc: OK' ] || { echo "$backend: $output"; return 1; }
	done < <(rows)
	# --backend stays a command: a backend that lacks one of them fails.
	run sumac_as sumac --backend "$(rows | awk '$2 == "no" {print $1; exit}')" -c list
	[ "$status" -eq 1 ]
	[[ "$output" == *"cannot hash sha1: not compiled into this build"* ]]
}

@test "an unknown backend is an error, exit 1, nothing on stdout" {
	run sumac_as sumac --backend nonsense abc
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: unknown backend 'nonsense' (--list-backends shows them)" ]
	# Every element of a list is checked, not only those reached.
	run sumac_as sumac --backend portable,nonsense abc
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: unknown backend 'nonsense' (--list-backends shows them)" ]
}

@test "a backend name in a message is quoted whole, never cut or raw" {
	local long
	long=$(printf 'x%.0s' {1..300})
	sumac_as sumac --backend "$long" abc > out 2> err && return 1
	[ "$(cat err)" = "sumac: unknown backend '$long' (--list-backends shows them)" ]
	sumac_as sumac --backend "portable,$long" abc > out 2> err && return 1
	[ "$(cat err)" = "sumac: unknown backend '$long' (--list-backends shows them)" ]
	sumac_as sumac --backend $'a\001b\nc' abc > out 2> err && return 1
	printf '%s\n' "sumac: unknown backend 'a'\$'\\001''b'\$'\\n''c' (--list-backends shows them)" > want
	cmp want err || { cat -A err; return 1; }
	[ ! -s out ]
	sumac_as sumac --backend 'a b,portable' abc > out 2> err && return 1
	[ "$(cat err)" = "sumac: unknown backend 'a b' (--list-backends shows them)" ]
	SUMAC_BACKEND=$'\033[31m' sumac_as sha256sum abc > out 2> err && return 1
	printf '%s\n' "sha256sum: SUMAC_BACKEND: unknown backend ''\$'\\033''[31m' (sumac --list-backends shows them)" > want
	cmp want err || { cat -A err; return 1; }
	line=$(rows | awk '$2 == "no" {print $1; exit}')
	sumac_as sumac --backend "$line,$line" abc > out 2> err && return 1
	[ "$(cat err)" = "sumac: no backend in '$line,$line' can hash sha256" ]
}

@test "an empty element of a backend list is an error wherever it stands" {
	local v
	for v in ,portable portable, portable,,auto , ''; do
		run sumac_as sumac --backend "$v" abc
		[ "$status" -eq 1 ] || { echo "'$v': exit $status: $output"; return 1; }
		[ "$output" = "sumac: empty backend name in '$v'" ] || { echo "'$v': $output"; return 1; }
	done
	for v in ,portable portable, portable,,auto ,; do
		SUMAC_BACKEND=$v run sumac_as sha256sum abc
		[ "$status" -eq 1 ] || { echo "'$v': exit $status: $output"; return 1; }
		[ "$output" = "sha256sum: SUMAC_BACKEND: empty backend name in '$v'" ] ||
			{ echo "'$v': $output"; return 1; }
	done
	# An empty SUMAC_BACKEND is as good as unset.
	SUMAC_BACKEND= run sumac_as sha256sum abc
	[ "$status" -eq 0 ]
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
				[[ "$output" == *"this CPU cannot run it"* || "$output" == *"refuses"* ||
					("$algo" == sha1 && "$output" == *"cannot detect SHA-1 collisions"*) ]]
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
		backend=$(backend_of "$driver")
		# The backend's row must list the algorithm without brackets.
		row=$(sum sumac --list-backends | awk -v b="$backend" '$1 == b')
		[[ " $row " == *" $algo "* ]] || { echo "$algo uses $driver: $row"; return 1; }
	done < <(sum sumac --list-backends | sed '1,/^ALGORITHM/d; /^$/,$d')
}

@test "--list-backends describes the many-message entry points" {
	run sum sumac --list-backends
	[ "$status" -eq 0 ]
	lanes=$(printf '%s\n' "$output" | sed '1,/^MULTI-LANE DRIVER  *LANES  *USABLE$/d')
	# The portable looped reference of every family, usable everywhere.
	for f in md5 sha1 sha256 sha512; do
		[[ $'\n'"$lanes"$'\n' == *$'\n'"$f-portable "*" 4 "*"yes"$'\n'* ]] ||
			{ echo "no lane row for $f-portable: $lanes"; return 1; }
	done
}

@test "--benchmark -a times only that algorithm" {
	local algo
	for algo in sha1 sha512-256; do
		sum sumac --benchmark -a "$algo" > out
		# The table: the rows between the header and the blank line.
		sed -n '/^ALGORITHM/,/^$/p' out | sed '1d;/^$/d' > table
		[ -s table ] || { cat out; return 1; }
		if awk -v a="$algo" '$1 != a { bad = 1 } END { exit !bad }' table; then
			echo "$algo: rows of other algorithms:"
			cat out
			return 1
		fi
		# One row per backend that can run it here, the auto one marked.
		grep -v ' x[0-9][0-9]* ' table | grep -v ' +dc' > single
		[ "$(wc -l < single)" -eq "$(rows | awk -v a="$algo" '" "$0" " ~ " "a" " {n++} END {print n+0}')" ]
		grep -q ' \* ' single
		# And one "BACKEND xN" row per lane kernel of the family usable
		# here, the looped portable reference left out.
		fam=${algo%%-*}
		kernels=$(sum sumac --list-backends | sed '1,/^MULTI-LANE DRIVER/d;/^$/,$d' |
			awk -v f="$fam" '$1 ~ "^" f "-" && $1 !~ /-portable$/ && $3 == "yes" {n++} END {print n+0}')
		[ "$(grep ' x[0-9][0-9]* ' table | grep -vc ' +dc')" -eq "$kernels" ]
		# SHA-1: each backend that can detect collisions again with
		# detection on ("+dc"), lanes included; no other algorithm.
		if [ "$algo" = sha1 ]; then
			detecting=$(sum sumac --list-backends | sed '1,/^SHA-1 DRIVER/d;/^sha1 with/,$d' |
				awk '$2 == "yes" && $3 == "yes" {n++} END {print n+0}')
			[ "$(grep -v ' x[0-9][0-9]* ' table | grep -c ' +dc')" -eq "$detecting" ]
			[ "$(grep ' x[0-9][0-9]* ' table | grep -c ' +dc')" -eq "$kernels" ]
			grep -q ' +dc \* ' table
		else
			! grep -q ' +dc' table
		fi
	done
}

@test "--benchmark figures keep a decimal point in a locale with a decimal comma" {
	locale -a 2>/dev/null | grep -qix 'de_DE.utf-\?8' || skip "no de_DE.UTF-8 locale"
	LC_ALL=de_DE.UTF-8 sum sumac --benchmark -a md5 > out
	sed -n '/^ALGORITHM/,/^$/p' out | sed '1d;/^$/d' > table
	[ -s table ] || { cat out; return 1; }
	# Every figure is digits and a point: "834.4", never "834,4".
	if grep -E '[0-9],[0-9]' out; then return 1; fi
	grep -qE ' [0-9]+\.[0-9] *$' table
}

@test "a symlink in a .libs directory names the program without the path or lt-" {
	[ -z "${RUNNER-}" ] || skip "runs the symlink itself, not through RUNNER"
	mkdir -p build/.libs
	ln -s "$SUMAC" build/.libs/lt-sha256sum
	ln -s "$SUMAC" build/.libs/sumac
	run build/.libs/lt-sha256sum missing
	[ "$status" -eq 1 ]
	[ "$output" = "sha256sum: missing: No such file or directory" ]
	run build/.libs/lt-sha256sum --help
	[ "${lines[0]}" = "Usage: sha256sum [OPTION]... [FILE]..." ]
	run build/.libs/sumac --backend nonsense abc
	[ "$output" = "sumac: unknown backend 'nonsense' (--list-backends shows them)" ]
	run "$PWD/build/.libs/lt-sha256sum" -x
	[ "${lines[1]}" = "Try 'sha256sum --help' for more information." ]
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
