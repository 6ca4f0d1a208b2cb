#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# SUMAC_CPU, the CPU-feature mask: what it changes in auto's choice, what
# --debug says of it, its errors, and that no mask changes a digest.  The
# expectations are read from this machine (which driver auto uses with and
# without a mask), so the file holds on any CPU; the cases that need a
# particular feature (SHA-NI) skip elsewhere.

load helpers

ALGOS=(md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256 crc crc32b)
# The documented names (man/sumac.1, ENVIRONMENT).
NAMES=(ssse3 sse4.1 avx2 bmi2 sha avx512vl pclmul vpclmulqdq avx512bw avx512vbmi gfni sha1 sha2 sha512 pmull)
ALL=-ssse3,-sse4.1,-avx2,-bmi2,-sha,-avx512vl,-pclmul,-vpclmulqdq,-avx512bw,-avx512vbmi,-gfni,-sha1,-sha2,-sha512,-pmull

setup() {
	cli_setup
	unset SUMAC_CPU SUMAC_BACKEND
	printf 'abc' > abc
	# Several blocks and a tail, so that a wrong block function shows.
	head -c 100000 /dev/zero | tr '\0' 'q' > big
}

teardown() {
	cli_teardown
}

# masked MASK NAME ARGS...: sumac as NAME with SUMAC_CPU=MASK (unset for
# "unset"); stdout in $CAP_DIR/m.out, stderr in m.err, status in $mrc.
masked() {
	local mask=$1
	shift
	mrc=0
	if [[ $mask == unset ]]; then
		sumac_as "$@" >"$CAP_DIR/m.out" 2>"$CAP_DIR/m.err" </dev/null || mrc=$?
	else
		SUMAC_CPU=$mask sumac_as "$@" >"$CAP_DIR/m.out" 2>"$CAP_DIR/m.err" </dev/null || mrc=$?
	fi
}

# choice MASK ALGO: the driver auto uses for ALGO under MASK ("unset": none).
choice() {
	masked "$1" sumac --debug -a "$2" abc
	[[ $mrc -eq 0 ]] || { cat "$CAP_DIR/m.err" >&2; return 1; }
	sed -n "s/^sumac: $2: using \(.*\) (auto)\$/\1/p" "$CAP_DIR/m.err"
}

@test "an empty SUMAC_CPU is no mask: output and --debug unchanged" {
	for algo in "${ALGOS[@]}"; do
		masked unset sumac --debug -a "$algo" abc big
		cp "$CAP_DIR/m.out" "$CAP_DIR/unset.out"
		cp "$CAP_DIR/m.err" "$CAP_DIR/unset.err"
		masked "" sumac --debug -a "$algo" abc big
		[[ $mrc -eq 0 ]]
		cmp "$CAP_DIR/unset.out" "$CAP_DIR/m.out"
		cmp "$CAP_DIR/unset.err" "$CAP_DIR/m.err"
		! grep -q SUMAC_CPU "$CAP_DIR/m.err" || return 1
	done
}

@test "SUMAC_CPU=-sha on a SHA-NI machine: sha256 uses the next-best driver, and --debug says so" {
	local before after left
	before=$(choice unset sha256)
	[[ $before == sha256-x86-shani ]] || skip "auto does not use SHA-NI here ($before)"
	masked -sha sumac --debug -a sha256 abc
	[[ $mrc -eq 0 ]]
	after=$(sed -n 's/^sumac: sha256: using \(.*\) (auto)$/\1/p' "$CAP_DIR/m.err")
	[[ -n $after && $after != sha256-x86-shani ]]
	left=$(sed -n 's/^sumac: SUMAC_CPU clears sha; CPU features left: //p' "$CAP_DIR/m.err")
	[[ -n $left && " $left " != *" sha "* ]]
	grep -qx "sumac: sha256: skipping sha256-x86-shani: this CPU cannot run it" "$CAP_DIR/m.err"
	grep -qx "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc" \
		"$CAP_DIR/m.out"
	# The same under a GNU name, which has no --backend: the variable
	# is how its choice is steered.
	masked -sha sha256sum abc
	[[ $mrc -eq 0 ]]
	grep -qx "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc" \
		"$CAP_DIR/m.out"
}

@test "clearing every feature moves auto off each CPU-dependent driver, and --debug says why" {
	local algo before after changed=0
	for algo in "${ALGOS[@]}"; do
		before=$(choice unset "$algo")
		after=$(choice "$ALL" "$algo")
		[[ -n $before && -n $after ]]
		grep -q "^sumac: SUMAC_CPU clears .*; CPU features left: none\$" "$CAP_DIR/m.err"
		[[ $before == "$after" ]] && continue
		changed=$((changed + 1))
		grep -qx "sumac: $algo: skipping $before: this CPU cannot run it" "$CAP_DIR/m.err" ||
			{ echo "$algo: $before -> $after"; cat "$CAP_DIR/m.err"; return 1; }
		# A feature-free choice does not move again with less.
		[[ $(choice "-sha,$ALL" "$algo") == "$after" ]]
	done
	[[ $changed -gt 0 ]] || skip "auto uses no CPU-dependent driver here"
}

@test "each detected feature cleared alone: a choice that changes is told, and never one that needs it" {
	local name algo before after detected
	masked "$ALL" sumac --debug abc
	detected=$(sed -n 's/^sumac: SUMAC_CPU clears \([^(;]*\).*/\1/p' "$CAP_DIR/m.err")
	[[ -n $detected ]] || { cat "$CAP_DIR/m.err"; return 1; }
	[[ $detected == "no detected feature " ]] && skip "no feature detected here"
	for name in $detected; do
		for algo in "${ALGOS[@]}"; do
			before=$(choice unset "$algo")
			after=$(choice "-$name" "$algo")
			grep -q "^sumac: SUMAC_CPU clears $name; " "$CAP_DIR/m.err"
			[[ $before == "$after" ]] && continue
			grep -qx "sumac: $algo: skipping $before: this CPU cannot run it" \
				"$CAP_DIR/m.err" || { cat "$CAP_DIR/m.err"; return 1; }
		done
	done
}

@test "names not detected here (the other architecture's) are accepted and change nothing" {
	local absent mask algo
	masked "$ALL" sumac --debug abc
	[[ $mrc -eq 0 ]]
	absent=$(sed -n 's/.*(not detected here: \([^)]*\)).*/\1/p' "$CAP_DIR/m.err")
	[[ -n $absent ]] # no CPU has both x86 and arm features
	mask=$(printf -- '-%s,' $absent)
	mask=${mask%,}
	for algo in "${ALGOS[@]}"; do
		[[ $(choice "$mask" "$algo") == "$(choice unset "$algo")" ]]
	done
	masked "$mask" sumac --debug abc
	grep -qx "sumac: SUMAC_CPU clears no detected feature (not detected here: $absent); CPU features left: .*" \
		"$CAP_DIR/m.err"
}

@test "digests are the same under every mask, for every algorithm" {
	local algo mask
	for algo in "${ALGOS[@]}"; do
		masked unset sumac --backend portable -a "$algo" abc big
		cp "$CAP_DIR/m.out" "$CAP_DIR/want"
		for mask in unset "" "$ALL" $(printf -- '-%s ' "${NAMES[@]}") -sha,-avx2 -ssse3,-bmi2; do
			masked "$mask" sumac -a "$algo" abc big
			[[ $mrc -eq 0 ]]
			cmp "$CAP_DIR/want" "$CAP_DIR/m.out" || { echo "$algo under '$mask'"; return 1; }
		done
	done
	# --check agrees too, through the -j pipeline as well.
	masked unset sumac -a sha512 abc big
	cp "$CAP_DIR/m.out" list
	masked "$ALL" sumac -c list
	[[ $mrc -eq 0 ]]
	masked -sha,-avx2 sumac -j3 -c list
	[[ $mrc -eq 0 ]]
	grep -qx "big: OK" "$CAP_DIR/m.out"
}

@test "--list-backends shows the masked machine" {
	local algo
	masked "$ALL" sumac --list-backends
	[[ $mrc -eq 0 ]]
	cp "$CAP_DIR/m.out" "$CAP_DIR/list"
	for algo in "${ALGOS[@]}"; do
		grep -Eq "^$algo +$(choice "$ALL" "$algo")\$" "$CAP_DIR/list" ||
			{ echo "$algo"; cat "$CAP_DIR/list"; return 1; }
	done
	! grep -Eq '^(x86-shani|x86-avx2|x86-avx512|x86-ssse3|x86-pclmul|x86-vpclmul) +yes +(yes|some) ' "$CAP_DIR/list" || return 1
	# NEON is every AArch64 CPU's: armv8's BLAKE2b needs no feature
	# SUMAC_CPU can clear, and is the only algorithm it may keep.
	local kept
	kept=$(awk '$1 == "armv8" && $3 != "-" { for (i = 5; i <= NF; i++) if ($i !~ /^\[/) print $i }' \
		"$CAP_DIR/list")
	[[ -z $kept || $kept == blake2b ]] || { echo "armv8 keeps: $kept"; return 1; }
}

@test "a backend forced onto a cleared feature is an error, not an instruction the CPU lacks" {
	local algo before backend tested=0
	for algo in "${ALGOS[@]}"; do
		before=$(choice unset "$algo")
		[[ $(choice "$ALL" "$algo") == "$before" ]] && continue
		backend=$(backend_of "$before") # sha512-x86-avx2 -> x86-avx2
		masked "$ALL" sumac --backend "$backend" -a "$algo" abc
		[[ $mrc -eq 1 && ! -s $CAP_DIR/m.out ]] || { echo "$algo $backend: $mrc"; return 1; }
		grep -qx "sumac: backend '$backend' cannot hash $algo: this CPU cannot run it" \
			"$CAP_DIR/m.err" || { cat "$CAP_DIR/m.err"; return 1; }
		# SUMAC_BACKEND, a standing preference, gives way to auto.
		SUMAC_BACKEND=$backend masked "$ALL" sumac -a "$algo" abc
		[[ $mrc -eq 0 ]]
		tested=$((tested + 1))
	done
	[[ $tested -gt 0 ]] || skip "auto uses no CPU-dependent driver here"
}

@test "names are taken in any case, and sse41 for sse4.1" {
	masked -SHA,-Sse4.1,-AVX2,-sse41 sumac --debug abc
	[[ $mrc -eq 0 ]]
	masked "$ALL" sumac --debug abc
	grep -q "^sumac: SUMAC_CPU clears .*; CPU features left: none\$" "$CAP_DIR/m.err"
	cp "$CAP_DIR/m.err" "$CAP_DIR/all.err"
	masked "${ALL^^}" sumac --debug abc
	cmp "$CAP_DIR/all.err" "$CAP_DIR/m.err"
	masked "${ALL/sse4.1/sse41}" sumac --debug abc
	cmp "$CAP_DIR/all.err" "$CAP_DIR/m.err"
}

# bad MASK MESSAGE: an error under every name, exit 1, before any file is
# read (a missing operand would be told after it).
bad() {
	local name
	for name in sumac sha256sum md5sum /some/dir/sha512sum; do
		masked "$1" "$name" abc no-such-file
		[[ $mrc -eq 1 ]] || { echo "$name, '$1': exit $mrc"; return 1; }
		[[ ! -s $CAP_DIR/m.out ]]
		printf '%s: %s\n' "${name##*/}" "$2" > "$CAP_DIR/want.err"
		# GNU 9.1 names the program as given, later releases by its
		# base name (an absolute name shows which).
		if [[ $name == /* ]] && ! level_ge 9.4; then
			printf '%s: %s\n' "$name" "$2" > "$CAP_DIR/want.err"
		fi
		cmp "$CAP_DIR/want.err" "$CAP_DIR/m.err" ||
			{ cat -A "$CAP_DIR/m.err"; return 1; }
	done
	masked "$1" sumac -c abc
	[[ $mrc -eq 1 && ! -s $CAP_DIR/m.out ]]
	masked "$1" sumac --list-backends
	[[ $mrc -eq 1 && ! -s $CAP_DIR/m.out ]]
}

@test "an unknown feature name is an error that lists the known ones" {
	local known="(x86: ssse3 sse4.1 avx2 bmi2 sha avx512vl pclmul vpclmulqdq avx512bw avx512vbmi gfni; arm: sha1 sha2 sha512 pmull)"
	bad -shaa "SUMAC_CPU: unknown CPU feature 'shaa' $known"
	bad -sha,-avx512f "SUMAC_CPU: unknown CPU feature 'avx512f' $known"
	bad "-sse4_1" "SUMAC_CPU: unknown CPU feature 'sse4_1' $known"
	bad "-sha " "SUMAC_CPU: unknown CPU feature 'sha ' $known"
	bad "-a'b" "SUMAC_CPU: unknown CPU feature \"a'b\" $known"
}

@test "an empty item, a bare '-' and an item that does not clear are errors" {
	bad ",-sha" "SUMAC_CPU: empty item in ',-sha'"
	bad "-sha," "SUMAC_CPU: empty item in '-sha,'"
	bad "-sha,,-avx2" "SUMAC_CPU: empty item in '-sha,,-avx2'"
	bad "," "SUMAC_CPU: empty item in ','"
	bad "-" "SUMAC_CPU: '-' names no CPU feature"
	bad "-avx2,-" "SUMAC_CPU: '-' names no CPU feature"
	bad "sha" "SUMAC_CPU: 'sha' does not start with '-' (features can only be cleared: -NAME,-NAME...)"
	bad "-avx2,+sha" "SUMAC_CPU: '+sha' does not start with '-' (features can only be cleared: -NAME,-NAME...)"
}

@test "--help and --version work whatever SUMAC_CPU holds" {
	masked -nope sumac --help
	[[ $mrc -eq 0 && -s $CAP_DIR/m.out ]]
	masked -nope sha256sum --version
	[[ $mrc -eq 0 && -s $CAP_DIR/m.out ]]
}

@test "without SHA-NI, auto hashes SHA-224 and SHA-256 with AVX2 where the CPU has it" {
	local algo
	masked -sha sumac --debug abc
	grep -q '^sumac: SUMAC_CPU clears sha; CPU features left: .*avx2 bmi2' "$CAP_DIR/m.err" ||
		skip "no AVX2 and BMI2 here"
	for algo in sha224 sha256; do
		[[ $(choice -sha "$algo") == sha256-x86-avx2 ]] || { cat "$CAP_DIR/m.err"; return 1; }
		masked -sha sumac -a "$algo" abc big
		[[ $mrc -eq 0 ]]
		cp "$CAP_DIR/m.out" "$CAP_DIR/avx2.out"
		masked unset sumac --backend portable -a "$algo" abc big
		cmp "$CAP_DIR/avx2.out" "$CAP_DIR/m.out"
	done
}

@test "without AVX-512VL, auto hashes the SHA-512 family with the AVX2 backend" {
	local algo
	[[ $(choice unset sha512) == sha512-x86-avx512* ]] || skip "auto does not use x86-avx512 here"
	for algo in sha384 sha512 sha512-224 sha512-256; do
		[[ $(choice unset "$algo") == sha512-x86-avx512* ]] || { cat "$CAP_DIR/m.err"; return 1; }
		[[ $(choice -avx512vl "$algo") == sha512-x86-avx2 ]] || { cat "$CAP_DIR/m.err"; return 1; }
		masked -avx512vl sumac --backend x86-avx512 -a "$algo" abc
		[[ $mrc -eq 1 ]] || return 1
		grep -qx "sumac: backend 'x86-avx512' cannot hash $algo: this CPU cannot run it" \
			"$CAP_DIR/m.err" || { cat "$CAP_DIR/m.err"; return 1; }
		masked -avx512vl sumac -a "$algo" abc big
		cp "$CAP_DIR/m.out" "$CAP_DIR/avx2.out"
		masked unset sumac -a "$algo" abc big
		cmp "$CAP_DIR/avx2.out" "$CAP_DIR/m.out"
	done
}

@test "BLAKE2b steps down from the ymm-row kernel to the scalar one and portable" {
	case $(choice unset blake2b) in
	blake2b-x86-avx512) ;;
	blake2b-x86-avx2)
		# AVX-512VL but a Zen 5 or later: auto passes the row over and says why.
		grep -qx 'sumac: blake2b: skipping blake2b-x86-avx512: a lower choice measured faster on this CPU model' \
			"$CAP_DIR/m.err" || skip "no AVX-512VL here"
		masked unset sumac --backend x86-avx512 --debug -a blake2b abc
		[[ $mrc -eq 0 ]] && grep -qx 'sumac: blake2b: using blake2b-x86-avx512 (forced)' "$CAP_DIR/m.err" ||
			{ cat "$CAP_DIR/m.err"; return 1; }
		;;
	*) skip "auto uses neither x86 BLAKE2b kernel here" ;;
	esac
	[[ $(choice -avx512vl blake2b) == blake2b-x86-avx2 ]] || { cat "$CAP_DIR/m.err"; return 1; }
	[[ $(choice -avx2 blake2b) == blake2b-portable ]] || { cat "$CAP_DIR/m.err"; return 1; }
	masked unset sumac --backend x86-avx512 -a blake2b -l 160 abc big
	[[ $mrc -eq 0 ]] || { cat "$CAP_DIR/m.err"; return 1; }
	cp "$CAP_DIR/m.out" "$CAP_DIR/avx512.out"
	masked unset sumac --backend portable -a blake2b -l 160 abc big
	cmp "$CAP_DIR/avx512.out" "$CAP_DIR/m.out"
	masked -avx512vl sumac --backend x86-avx512 -a blake2b abc
	[[ $mrc -eq 1 ]] || return 1
	grep -qx "sumac: backend 'x86-avx512' cannot hash blake2b: this CPU cannot run it" \
		"$CAP_DIR/m.err" || { cat "$CAP_DIR/m.err"; return 1; }
}

@test "the CRCs step down from zmm to ymm, xmm and portable folding as features are cleared" {
	local algo
	[[ $(choice unset crc) == crc-x86-avx512 ]] || skip "auto does not use x86-avx512 for crc here"
	for algo in crc crc32b; do
		[[ $(choice unset "$algo") == "$algo-x86-avx512" ]] || { cat "$CAP_DIR/m.err"; return 1; }
		[[ $(choice -avx512bw "$algo") == "$algo-x86-vpclmul" ]] || { cat "$CAP_DIR/m.err"; return 1; }
		[[ $(choice -avx512vl "$algo") == "$algo-x86-vpclmul" ]] || { cat "$CAP_DIR/m.err"; return 1; }
		[[ $(choice -vpclmulqdq "$algo") == "$algo-x86-pclmul" ]] || { cat "$CAP_DIR/m.err"; return 1; }
		[[ $(choice -avx2 "$algo") == "$algo-x86-pclmul" ]] || { cat "$CAP_DIR/m.err"; return 1; }
		[[ $(choice -pclmul "$algo") == "$algo-portable" ]] || { cat "$CAP_DIR/m.err"; return 1; }
		masked -avx512bw sumac --backend x86-avx512 -a "$algo" abc
		[[ $mrc -eq 1 ]] || return 1
		grep -qx "sumac: backend 'x86-avx512' cannot hash $algo: this CPU cannot run it" \
			"$CAP_DIR/m.err" || { cat "$CAP_DIR/m.err"; return 1; }
		masked -vpclmul sumac --backend x86-vpclmul -a "$algo" abc
		[[ $mrc -eq 1 ]] || return 1
		grep -qx "sumac: backend 'x86-vpclmul' cannot hash $algo: this CPU cannot run it" \
			"$CAP_DIR/m.err" || { cat "$CAP_DIR/m.err"; return 1; }
		masked -avx512bw sumac -a "$algo" abc big
		cp "$CAP_DIR/m.out" "$CAP_DIR/ymm.out"
		masked unset sumac -a "$algo" abc big
		cmp "$CAP_DIR/ymm.out" "$CAP_DIR/m.out"
		masked -vpclmul sumac -a "$algo" abc big
		cp "$CAP_DIR/m.out" "$CAP_DIR/pclmul.out"
		masked unset sumac -a "$algo" abc big
		cmp "$CAP_DIR/pclmul.out" "$CAP_DIR/m.out"
		masked -pclmulqdq sumac -a "$algo" abc big
		cmp "$CAP_DIR/pclmul.out" "$CAP_DIR/m.out"
	done
}
