#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# SUMAC_TEST_CPU_MODEL, the tests' simulated CPU (man sumac, TEST AIDS):
# what auto chooses, what --list-backends and --debug say, as on each CPU
# model a user or a CI machine may have, on whichever machine runs this.
# The choices below are the specification (registry.c's rows and their
# slower_here() rules); tests/unit/test_cpu_subsets derives the same
# choices from the rule for every subset of every model's features.  A
# choice this machine cannot run must be told and refused, never run: which
# one that is comes from this machine's own listing (no model).

load helpers

# MODEL: ALGO=DRIVER... for an x86-64 build with every x86 backend.
declare -A WANT=(
	[intel-sse4]="md5=md5-portable sha1=sha1-x86-ssse3 sha256=sha256-portable
		sha512=sha512-portable blake2b=blake2b-portable sha3-256=sha3_256-portable
		crc=crc-x86-pclmul crc32b=crc32b-x86-pclmul"
	[intel-avx2]="md5=md5-x86-avx2 sha1=sha1-x86-avx2 sha256=sha256-x86-avx2
		sha512=sha512-x86-avx2 blake2b=blake2b-x86-avx2 sha3-256=sha3_256-x86-avx2
		crc=crc-x86-pclmul crc32b=crc32b-x86-pclmul"
	[intel-avx512]="md5=md5-x86-avx2 sha1=sha1-x86-shani sha256=sha256-x86-shani
		sha512=sha512-x86-avx512 blake2b=blake2b-x86-avx512 sha3-256=sha3_256-x86-avx512
		crc=crc-x86-avx512 crc32b=crc32b-x86-avx512"
	[zen2]="md5=md5-x86-avx2 sha1=sha1-x86-shani sha256=sha256-x86-shani
		sha512=sha512-x86-avx2 blake2b=blake2b-x86-avx2 sha3-256=sha3_256-x86-avx2
		crc=crc-x86-pclmul crc32b=crc32b-x86-pclmul"
	[zen3]="md5=md5-x86-avx2 sha1=sha1-x86-shani sha256=sha256-x86-shani
		sha512=sha512-x86-avx2 blake2b=blake2b-x86-avx2 sha3-256=sha3_256-x86-avx2
		crc=crc-x86-vpclmul crc32b=crc32b-x86-vpclmul"
	[zen4]="md5=md5-x86-avx2 sha1=sha1-x86-shani sha256=sha256-x86-shani
		sha512=sha512-x86-avx512 blake2b=blake2b-x86-avx512 sha3-256=sha3_256-x86-avx512
		crc=crc-x86-avx512 crc32b=crc32b-x86-avx512"
	[zen5]="md5=md5-x86-avx2 sha1=sha1-x86-shani sha256=sha256-x86-shani
		sha512=sha512-x86-avx512-scalar blake2b=blake2b-x86-avx2 sha3-256=sha3_256-x86-avx512
		crc=crc-x86-avx512 crc32b=crc32b-x86-avx512"
)
# The rows passed over for slower_here() on each model (ALGO=DRIVER).
declare -A SLOWER=(
	[zen5]="sha512=sha512-x86-avx512 blake2b=blake2b-x86-avx512"
)
MODELS=(intel-sse4 intel-avx2 intel-avx512 zen2 zen3 zen4 zen5 armv8-crypto armv8.2-sha512)

setup() {
	cli_setup
	unset SUMAC_CPU SUMAC_BACKEND SUMAC_TEST_CPU_MODEL
	printf 'abc' > abc
}

teardown() {
	cli_teardown
}

# as_model MODEL ARGS...: sumac with SUMAC_TEST_CPU_MODEL=MODEL ("" for
# none); stdout in $CAP_DIR/o, stderr in $CAP_DIR/e, status in $src.
as_model() {
	local model=$1
	shift
	src=0
	SUMAC_TEST_CPU_MODEL=$model sumac_as sumac "$@" >"$CAP_DIR/o" 2>"$CAP_DIR/e" </dev/null ||
		src=$?
}

# auto_table MODEL: "ALGO DRIVER" lines of --list-backends' AUTO USES table.
auto_table() {
	as_model "$1" --list-backends
	[[ $src -eq 0 ]] || { cat "$CAP_DIR/e" >&2; return 1; }
	sed -n '/^ALGORITHM  *AUTO USES$/,/^$/p' "$CAP_DIR/o" | sed '1d;/^$/d' | tr -s ' '
}

# backend_of DRIVER: its backend's token (sha512-x86-avx512-scalar is a
# row of x86-avx512).
backend_of() {
	local b=${1#*-}
	echo "${b%-scalar}"
}

# host_listing: this machine's own --list-backends (no model), in
# $CAP_DIR/host, run once a test.
host_listing() {
	[[ -s $CAP_DIR/host ]] && return 0
	SUMAC_TEST_CPU_MODEL= sumac_as sumac --list-backends >"$CAP_DIR/host" 2>/dev/null </dev/null
}

# compiled DRIVER...: every driver's backend is compiled into this build
# (the first table of --list-backends says "yes").
compiled() {
	local d
	host_listing || return 1
	for d in "$@"; do
		grep -q -E "^$(backend_of "$d") +yes " "$CAP_DIR/host" || return 1
	done
}

# runs_here DRIVER ALGO: this machine's own listing (no model) has DRIVER's
# backend usable for ALGO (not "[ALGO]").
runs_here() {
	host_listing || return 1
	grep -E "^$(backend_of "$1") +yes " "$CAP_DIR/host" | grep -q -E " $2( |\$)"
}

# x86_64: the program is an x86-64 ELF one with the x86 backends (the
# table above is for that build; a 32-bit x86 one has other rows).
x86_64() {
	[[ $(od -An -tx1 -j4 -N1 "$SUMAC" | tr -d ' ') == 02 &&
		$(od -An -tx1 -j18 -N2 "$SUMAC" | tr -d ' ') == 3e00 ]] || return 1
	host_listing || return 1
	grep -q -E '^x86-avx2 +yes ' "$CAP_DIR/host"
}

@test "every model is known; a wrong name is refused with the list, exit 1" {
	for m in "${MODELS[@]}"; do
		as_model "$m" --list-backends
		[[ $src -eq 0 ]] || { cat "$CAP_DIR/e"; return 1; }
		grep -q "^sumac: SUMAC_TEST_CPU_MODEL: listing as on $m, a test aid: " "$CAP_DIR/e"
		grep -q '^BACKEND  *COMPILED' "$CAP_DIR/o"
	done
	as_model zen9 -a sha256 abc
	[[ $src -eq 1 ]]
	[[ ! -s $CAP_DIR/o ]]
	[[ $(cat "$CAP_DIR/e") == "sumac: SUMAC_TEST_CPU_MODEL: unknown CPU model 'zen9' (${MODELS[*]})" ]]
	# The names are matched without regard to ASCII case.
	as_model ZEN4 --list-backends
	[[ $src -eq 0 ]]
	grep -q '^sumac: SUMAC_TEST_CPU_MODEL: listing as on zen4, ' "$CAP_DIR/e"
}

@test "unset or empty, nothing is simulated: the listing names no model" {
	as_model "" --list-backends
	[[ $src -eq 0 && ! -s $CAP_DIR/e ]]
	unset SUMAC_TEST_CPU_MODEL
	sumac_as sumac --list-backends >"$CAP_DIR/unset" 2>&1
	cmp "$CAP_DIR/o" "$CAP_DIR/unset"
}

@test "auto chooses on each x86 model as specified (--list-backends)" {
	x86_64 || skip "not an x86-64 build"
	local m pair algo want got
	for m in "${!WANT[@]}"; do
		auto_table "$m" >"$CAP_DIR/t" || return 1
		for pair in ${WANT[$m]}; do
			algo=${pair%%=*} want=${pair#*=}
			compiled "$want" || { echo "# $m: $want not compiled, not checked"; continue; }
			got=$(awk -v a="$algo" '$1 == a { print $2 }' "$CAP_DIR/t")
			[[ $got == "$want" ]] || { echo "$m: $algo: auto uses '$got', want $want"; return 1; }
		done
	done
}

@test "--debug names the choice, the rows passed over, and refuses what this machine cannot run" {
	x86_64 || skip "not an x86-64 build"
	local m pair algo want
	for m in "${!WANT[@]}"; do
		for pair in ${WANT[$m]}; do
			algo=${pair%%=*} want=${pair#*=}
			compiled "$want" || continue
			local here=0
			runs_here "$want" "$algo" && here=1
			as_model "$m" --debug -a "$algo" abc
			grep -q -x "sumac: SUMAC_TEST_CPU_MODEL: choosing as on $m, a test aid: .*" "$CAP_DIR/e"
			grep -q -x "sumac: $algo: using $want (auto)" "$CAP_DIR/e" ||
				{ echo "$m $algo:"; cat "$CAP_DIR/e"; return 1; }
			if [[ $src -eq 0 ]]; then
				# It ran, so this machine can run it; the digest is
				# this machine's own.
				[[ $here -eq 1 ]] || { echo "$m $algo: ran $want"; return 1; }
				sumac_as sumac -a "$algo" abc >"$CAP_DIR/real" 2>/dev/null
				cmp "$CAP_DIR/o" "$CAP_DIR/real"
			else
				# Refused, nothing printed: the row, or for SHA-1
				# the collision filter the model would run.
				[[ $src -eq 1 && ! -s $CAP_DIR/o ]]
				local what=$want
				[[ $here -eq 1 && $algo == sha1 ]] && what="the SHA-1 collision filter"
				[[ $here -eq 0 || $algo == sha1 ]] || { cat "$CAP_DIR/e"; return 1; }
				grep -q -x "sumac: $algo: $what cannot run on this machine (SUMAC_TEST_CPU_MODEL=$m)" \
					"$CAP_DIR/e" || { cat "$CAP_DIR/e"; return 1; }
			fi
		done
	done
	for m in "${!SLOWER[@]}"; do
		for pair in ${SLOWER[$m]}; do
			algo=${pair%%=*} want=${pair#*=}
			compiled "$want" || continue
			as_model "$m" --debug -a "$algo" abc
			grep -q -x "sumac: $algo: skipping $want: a lower choice measured faster on this CPU model" \
				"$CAP_DIR/e" || { cat "$CAP_DIR/e"; return 1; }
		done
	done
}

@test "the SHA-1 filter fuses with SHA-NI on the AMD models only" {
	x86_64 || skip "not an x86-64 build"
	local m
	for m in zen2 zen3 zen4 zen5 intel-avx512; do
		as_model "$m" --debug -a sha1 abc
		local line
		line=$(grep 'sha1: collision detection: on' "$CAP_DIR/e")
		[[ -n $line ]] || { cat "$CAP_DIR/e"; return 1; }
		if [[ $m == zen* && $line == *" avx2"* || $m == zen* && $line == *" gfni"* ]]; then
			[[ $line == *"between the blocks of sha1-x86-shani"* ]] || { echo "$line"; return 1; }
		fi
		if [[ $m == intel-* ]]; then
			[[ $line != *"between the blocks"* ]] || { echo "$line"; return 1; }
		fi
	done
}

@test "--benchmark refuses a simulated model" {
	as_model zen4 --benchmark
	[[ $src -eq 1 && ! -s $CAP_DIR/o ]]
	[[ $(cat "$CAP_DIR/e") == "sumac: --benchmark times this machine: not with SUMAC_TEST_CPU_MODEL=zen4" ]]
}

@test "cksum --debug names each x86 model's CRC path in GNU's words" {
	x86_64 || skip "not an x86-64 build"
	local -A said=(
		[intel-sse4]="cksum: avx512 support not detected|cksum: avx2 support not detected|cksum: using pclmul hardware support"
		[intel-avx2]="cksum: avx512 support not detected|cksum: avx2 support not detected|cksum: using pclmul hardware support"
		[zen2]="cksum: avx512 support not detected|cksum: avx2 support not detected|cksum: using pclmul hardware support"
		[zen3]="cksum: avx512 support not detected|cksum: using avx2 hardware support"
		[zen4]="cksum: using avx512 hardware support"
		[zen5]="cksum: using avx512 hardware support"
		[intel-avx512]="cksum: using avx512 hardware support"
	)
	local m got crc
	for m in "${!said[@]}"; do
		crc=$(auto_table "$m" | awk '$1 == "crc" { print $2 }')
		got=$(SUMAC_GNU_COMPAT=9.11 SUMAC_TEST_CPU_MODEL=$m sumac_as cksum --debug abc 2>&1 >/dev/null |
			paste -sd '|')
		# Where this machine cannot run the model's CRC kernel, the
		# refusal comes before any sum, and GNU's lines with it.
		if ! runs_here "$crc" crc; then
			[[ $got == "cksum: crc: $crc cannot run on this machine (SUMAC_TEST_CPU_MODEL=$m)" ]] ||
				{ echo "$m: $got"; return 1; }
			echo "# $m: $crc cannot run here, refused"
			continue
		fi
		[[ $got == "${said[$m]}" ]] || { echo "$m: $got"; return 1; }
	done
}
