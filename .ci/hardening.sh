#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hardening, called by .ci/run on Debian 12 as root (apt-get update done):
#
#   .ci/hardening.sh SRCDIR WORKDIR
#
#   asan gcc / asan clang   out-of-tree builds with AddressSanitizer and
#                           UBSan (no recovery): gcc running make check-lane,
#                           clang (on request) make check-core
#   tsan                    clang ThreadSanitizer build running the tests
#                           that start threads: the io tests (read-ahead
#                           thread), CPU detection from several threads,
#                           the pipeline and its lanes with workers, the
#                           fault tests and the CLI suites with -j 4 (job
#                           queue, lanes)
#   valgrind                the CLI suite's generation and --check cases with
#                           every sumac run under valgrind (memcheck, definite
#                           leaks are errors)
#   fuzz                    tests/fuzz/run-fuzzers.sh 60 (libFuzzer, each
#                           target 60 s from the committed corpus)
#   cppcheck / clang-tidy   static analysis of src/, which must be clean
#                           (.clang-tidy says which checks and why)
#
# Prints one line per part ("asan gcc: ok") and exits 1 if any failed.
# SUMAC_HARDENING_PARTS limits the run ("asan-gcc tsan valgrind fuzz
# cppcheck clang-tidy" by default: asan-clang on request, as gcc's ASan
# run covers the same code); SUMAC_FUZZ_SECONDS overrides the 60.
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR WORKDIR" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
work=$2
mkdir -p "$work"
work=$(cd "$work" && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
parts=${SUMAC_HARDENING_PARTS:-asan-gcc tsan valgrind fuzz cppcheck clang-tidy}
results=()
failed=0

say() { printf '\n=== hardening: %s\n' "$*"; }

# ---- Packages (idempotent).  libclang-rt-14-dev carries libFuzzer and the
# sanitizer runtimes for clang 14.
# .ci/run installs every lane's packages first (SUMAC_CI_PACKAGES=1), and
# runs several parts of this script at once, which apt-get could not.
export DEBIAN_FRONTEND=noninteractive
[ "${SUMAC_CI_PACKAGES-}" = 1 ] ||
	apt-get install -y -qq --no-install-recommends \
		build-essential autoconf automake bats clang clang-tidy cppcheck valgrind bear \
		libclang-rt-14-dev util-linux coreutils >/dev/null
if [ ! -x "$src/configure" ]; then
	(cd "$src" && autoreconf -fi)
fi

# part NAME CMD...: run one part, record "NAME: ok" or "NAME: FAILED".
part() {
	local name=$1 t0=$SECONDS
	shift
	say "$name"
	if "$@"; then
		results+=("$name: ok ($((SECONDS - t0)) s)")
	else
		results+=("$name: FAILED ($((SECONDS - t0)) s)")
		failed=1
	fi
}

wanted() { [[ " $parts " == *" $1 "* ]]; }

# show_failures DIR: the failing TAP lines of a make check.
show_failures() {
	find "$1" -name '*.log' -path '*tests*' -exec grep -l -E '^(not ok|FAIL|ERROR)' {} + 2>/dev/null |
		while read -r log; do
			echo "--- $log"
			grep -E '^(not ok|#|ERROR)|Sanitizer|runtime error' "$log" | head -60
		done
}

configure_in() { # configure_in DIR ARGS...
	local dir=$1
	shift
	rm -rf "$dir" && mkdir -p "$dir" &&
		(cd "$dir" && "$src/configure" -q "$@" >configure.log 2>&1) ||
		{ cat "$dir/configure.log" 2>/dev/null; return 1; }
}

# ---- (a) AddressSanitizer + UBSan, whole make check.
SAN_CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# gcc's build runs make check-lane (the option and wording suites are
# string handling that the fuzzers and valgrind cover); clang's, on
# request, the unit suites and the CLI suites that hash (make check-core).
asan() { # asan CC TARGET
	local cc=$1 target=$2 dir=$work/asan-$1
	configure_in "$dir" CC="$cc" CFLAGS="$SAN_CFLAGS" || return 1
	make -C "$dir" -s -j"$jobs" >"$dir/make.log" 2>&1 || { tail -40 "$dir/make.log"; return 1; }
	# Leaks are errors (LeakSanitizer, on by default with ASan on x86-64);
	# a report aborts so that the failing test names the cause.
	if ! ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1" \
		UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
		make -C "$dir" -s -j"$jobs" "$target" >"$dir/check.log" 2>&1; then
		grep -E '^(# |FAIL|ERROR)' "$dir/check.log" | tail -20
		show_failures "$dir"
		return 1
	fi
	grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR)' "$dir/check.log" || true
}
wanted asan-gcc && part "asan gcc" asan gcc check-lane
wanted asan-clang && part "asan clang" asan clang check-core

# ---- (a') ThreadSanitizer over what runs threads.  Not the whole suite:
# test_biglist measures memory, which TSan's shadow memory inflates.
tsan() {
	local dir=$work/tsan
	configure_in "$dir" CC=clang CFLAGS="-O1 -g -fsanitize=thread" LDFLAGS=-fsanitize=thread ||
		return 1
	make -C "$dir" -s -j"$jobs" >"$dir/make.log" 2>&1 || { tail -40 "$dir/make.log"; return 1; }
	# A race report ends the process with status 66: a test then fails on
	# the exit status or on the report in stderr.
	if ! TSAN_OPTIONS="halt_on_error=1:exitcode=66" SUMAC_CLI_JOBS=4 \
		make -C "$dir" -s -j"$jobs" check TESTS="tests/unit/test_io tests/unit/test_cpu tests/fault/fault.bats \
		tests/unit/test_pipeline tests/unit/test_lanes \
		tests/cli/sumac.bats tests/cli/compat-generate.bats tests/cli/compat-check.bats \
		tests/cli/jobs.bats tests/cli/lanes.bats" \
		>"$dir/check.log" 2>&1; then
		grep -E '^(# |FAIL|ERROR)' "$dir/check.log" | tail -20
		show_failures "$dir"
		return 1
	fi
	grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR)' "$dir/check.log" || true
}
wanted tsan && part "tsan" tsan

# ---- (b) valgrind over the CLI suite's generation and --check cases.
# valgrind has no "-0 NAME" for argv[0]: tests/cli/helpers.bash reaches
# sumac through a symlink named NAME instead (RUNNER_ARGV0=symlink).  Each
# process logs to its own file; with -q a log holds errors only, so every
# log must be empty, and a memcheck error also makes the run exit 99,
# which the comparison with GNU's exit status catches.
# SUMAC_VALGRIND_SUMAC=PROGRAM: run that sumac (.ci/run: the gcc build's,
# -O2 -g) rather than build one at -O1 -g here.
valgrind_cli() {
	local dir=$work/valgrind run n bad status=0 prog=${SUMAC_VALGRIND_SUMAC-}
	if [ -z "$prog" ]; then
		configure_in "$dir" CFLAGS="-O1 -g" || return 1
		make -C "$dir" -s -j"$jobs" >"$dir/make.log" 2>&1 || { tail -40 "$dir/make.log"; return 1; }
		prog=$dir/src/sumac
	else
		rm -rf "$dir" && mkdir -p "$dir" || return 1
	fi
	# Some cases run sumac as uid 65534: the program, its symlinks and the
	# log directory must be reachable by it, whatever the modes of $work.
	run=$(mktemp -d /tmp/sumac-valgrind.XXXXXX)
	chmod 755 "$run"
	cp "$prog" "$run/sumac"
	mkdir -m 1777 "$run/logs"
	local runner="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"
	runner+=" --show-leak-kinds=definite --log-file=$run/logs/vg.%p.log"
	# valgrind runs one sumac at a time on one core: the two files run side
	# by side, one per core.
	local f pid pids=()
	for f in generate check; do
		RUNNER=$runner RUNNER_ARGV0=symlink SUMAC=$run/sumac \
			bats --tap "$src/tests/cli/compat-$f.bats" >"$dir/bats-$f.tap" 2>&1 &
		pids+=("$!")
	done
	for pid in "${pids[@]}"; do wait "$pid" || status=1; done
	cat "$dir/bats-generate.tap" "$dir/bats-check.tap" >"$dir/bats.tap"
	echo "cases: $(grep -cE '^ok' "$dir/bats.tap") passed ($(grep -cE '^ok.*# skip' "$dir/bats.tap") skipped)," \
		"$(grep -cE '^not ok' "$dir/bats.tap") failed"
	grep -E '^not ok' -A15 "$dir/bats.tap" | head -80 || true
	n=$(find "$run/logs" -name 'vg.*.log' | wc -l)
	bad=$(find "$run/logs" -name 'vg.*.log' -size +0 | wc -l)
	echo "valgrind: $n sumac runs, $bad with errors"
	if [ "$bad" -gt 0 ]; then
		find "$run/logs" -name 'vg.*.log' -size +0 | head -3 | xargs cat
		status=1
	fi
	[ "$n" -gt 0 ] || { echo "valgrind never ran sumac"; status=1; }
	rm -rf "$run"
	return $status
}
wanted valgrind && part "valgrind" valgrind_cli

# ---- (c) libFuzzer, each target from the committed corpus.
fuzz() {
	SUMAC_FUZZ_BUILD=$work/fuzz "$src/tests/fuzz/run-fuzzers.sh" "${SUMAC_FUZZ_SECONDS:-60}"
}
wanted fuzz && part "fuzz" fuzz

# ---- (d) Static analysis of src/.  One configured and built tree (clang,
# with the OpenSSL backend when its headers are here) supplies config.h and,
# recorded by bear, the exact flags of every file, ISA flags included.  The
# ARMv8 files are analysed for aarch64 when the cross headers are installed;
# CommonCrypto (Darwin only) is not analysed here.
static_config() {
	local dir=$work/static
	[ -f "$dir/compile_commands.json" ] && return 0
	local extra=()
	[ -f /usr/include/openssl/evp.h ] && extra=(--with-openssl)
	configure_in "$dir" CC=clang "${extra[@]}" || return 1
	bear --output "$dir/compile_commands.json" -- make -C "$dir" -s -j"$jobs" >"$dir/make.log" 2>&1 ||
		{ tail -40 "$dir/make.log"; return 1; }
}

cppcheck_src() {
	static_config || return 1
	# --inline-suppr: src/ marks its few reviewed false positives in place.
	# The configuration the build uses (its config.h), as clang-tidy
	# analyses what it compiles: cppcheck's default of up to 12 #if
	# combinations a file took 371 s of CI's CPU, against 60 s for this.
	# The branches of another architecture get their own pass below, as
	# clang-tidy's ARMv8 one.
	cppcheck --enable=warning,performance,portability --error-exitcode=1 --inline-suppr \
		-q -j"$jobs" --std=c11 --max-configs=1 -I"$work/static" -I"$src/src" "$src/src" &&
		cppcheck --enable=warning,performance,portability --error-exitcode=1 --inline-suppr \
			-q --std=c11 --max-configs=1 -D__aarch64__ -D__linux__ -DHAVE_ARM_SHA2=1 \
			-DHAVE_ARM_SHA512=1 -I"$src/src" "$src/src/hash/arm" "$src/src/hash/cpu.c" \
			"$src/src/hash/registry.c"
}

clang_tidy_src() {
	static_config || return 1
	local f status=0 n
	local aarch64_sysroot=/usr/aarch64-linux-gnu
	# Every file of src/ that the build compiled, with its own flags, one
	# clang-tidy per core and one file per clang-tidy: clang 14's va_list
	# checker keeps state from one file to the next, and then reports every
	# va_start'ed list of a later file as uninitialized.
	grep -o '"file": *"[^"]*"' "$work/static/compile_commands.json" |
		sed 's/.*"\([^"]*\)"$/\1/' | grep "^$src/src/" | sort -u >"$work/static/tidy-files"
	n=$(wc -l <"$work/static/tidy-files")
	xargs -P"$jobs" -n1 clang-tidy --quiet -p "$work/static" <"$work/static/tidy-files" 2>/dev/null ||
		status=1
	echo "clang-tidy: $n files analysed from the build"
	[ "$n" -gt 0 ] || { echo "clang-tidy: nothing to analyse"; status=1; }
	if [ -f "$aarch64_sysroot/include/stdint.h" ]; then
		for f in "$src"/src/hash/arm/*.c "$src/src/hash/cpu.c"; do
			clang-tidy --quiet "$f" -- --target=aarch64-linux-gnu --sysroot="$aarch64_sysroot" \
				-march=armv8.2-a+crypto+sha3 -DHAVE_ARM_SHA2=1 -DHAVE_ARM_SHA512=1 \
				-I"$src/src" -I"$work/static" 2>/dev/null || status=1
		done
		echo "clang-tidy: ARMv8 files analysed for aarch64"
	else
		echo "clang-tidy: no aarch64 headers ($aarch64_sysroot), ARMv8 files not analysed"
	fi
	return $status
}
wanted cppcheck && part "cppcheck" cppcheck_src
wanted clang-tidy && part "clang-tidy" clang_tidy_src

say "summary"
printf '%s\n' "${results[@]}"
exit $failed
