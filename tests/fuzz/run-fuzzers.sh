#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the fuzz targets with libFuzzer (clang -fsanitize=fuzzer plus
# AddressSanitizer and UBSan), out of tree, and runs each for SECONDS,
# starting from the committed corpus.  Inputs that reach new coverage are
# merged back into tests/fuzz/corpus/<target>/ (minimised: libFuzzer's
# -merge=1 keeps only what adds coverage).  A crash or a broken invariant
# leaves its input as <build>/crash-<target>-*, is printed, and makes the
# script exit 1.
#
# usage: tests/fuzz/run-fuzzers.sh SECONDS [TARGET...]
# environment:
#   SUMAC_FUZZ_BUILD   build directory (default: a new one under /tmp)
#   SUMAC_FUZZ_MERGE   0: do not write new inputs into the source corpus
#   SUMAC_FUZZ_PARALLEL  targets run at once (default: the number of CPUs)
#   CC                 clang (default); must support -fsanitize=fuzzer
set -euo pipefail

secs=${1:?usage: $0 SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse escape stream lanes sha1dc)

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${SUMAC_FUZZ_BUILD:-$(mktemp -d /tmp/sumac-fuzz.XXXXXX)}
cc=${CC:-clang}
mkdir -p "$build"
build=$(cd "$build" && pwd)

san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# The library is compiled with fuzzer instrumentation but no libFuzzer main.
cflags="-g -O1 $san -fsanitize=fuzzer-no-link"

if [ ! -x "$src/configure" ]; then
	(cd "$src" && autoreconf -fi)
fi
if [ ! -f "$build/lib/Makefile" ]; then
	mkdir -p "$build/lib"
	(cd "$build/lib" && "$src/configure" -q CC="$cc" CFLAGS="$cflags") >"$build/configure.log" 2>&1 ||
		{ cat "$build/configure.log"; exit 1; }
fi
# CLI_LIBS (Makefile.am): the CLI library, libsumac, the backends' own
# libraries and the system libraries they need, in link order.
# (The Makefile is brought up to date first, quietly, so that nothing but
# the list is printed.)
make -s -C "$build/lib" Makefile >/dev/null 2>&1 || true
libs=$(make -s --no-print-directory -C "$build/lib" fuzz-print-libs)
# shellcheck disable=SC2086 # word-split the library list
(cd "$build/lib" && make -s -j2 $(printf '%s\n' $libs | grep '\.a$')) >"$build/make.log" 2>&1 ||
	{ cat "$build/make.log"; exit 1; }

link=()
for l in $libs; do
	case $l in
	*.a) link+=("$build/lib/$l") ;;
	*) link+=("$l") ;;
	esac
done

# fuzz_one TARGET: build, run and merge one target, its report on stdout;
# exit 1 on a crash or a failed merge.
fuzz_one() {
	local t=$1 maxlen bin corpus work rc=0 before status=0
	case $t in
	parse | escape) maxlen=1024 ;;
	stream | lanes) maxlen=8192 ;;
	# The reference recompresses every block for all 32 DVs: 2 KiB keeps
	# an input to milliseconds.
	sha1dc) maxlen=2048 ;;
	*)
		echo "unknown target $t" >&2
		return 2
		;;
	esac
	bin=$build/fuzz_$t
	# shellcheck disable=SC2086
	"$cc" $cflags -fsanitize=fuzzer -I"$src/src" -I"$build/lib" -I"$src/tests/fuzz" \
		"$src/tests/fuzz/fuzz_$t.c" "${link[@]}" -o "$bin" || return 1

	corpus=$src/tests/fuzz/corpus/$t
	work=$build/corpus-$t
	mkdir -p "$work" "$corpus"
	local dict=()
	[ -f "$src/tests/fuzz/$t.dict" ] && dict=(-dict="$src/tests/fuzz/$t.dict")
	echo "fuzz $t: ${secs}s from $(find "$corpus" -type f | wc -l) corpus inputs"
	# -timeout: a single input taking seconds is a bug (a hang) as well.
	"$bin" "${dict[@]}" -max_total_time="$secs" -max_len="$maxlen" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$build/crash-$t-" \
		"$work" "$corpus" >"$build/fuzz-$t.log" 2>&1 || rc=$?
	grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$build/fuzz-$t.log" || true
	if [ $rc -ne 0 ]; then
		echo "fuzz $t: FAILED (exit $rc); last lines of $build/fuzz-$t.log:"
		tail -40 "$build/fuzz-$t.log"
		ls -l "$build"/crash-"$t"-* 2>/dev/null || true
		return 1
	fi
	if [ "${SUMAC_FUZZ_MERGE:-1}" != 0 ]; then
		before=$(find "$corpus" -type f | wc -l)
		"$bin" -merge=1 -max_len="$maxlen" "$corpus" "$work" >"$build/merge-$t.log" 2>&1 ||
			{ tail -20 "$build/merge-$t.log"; status=1; }
		echo "fuzz $t: corpus $before -> $(find "$corpus" -type f | wc -l) inputs"
	fi
	return $status
}

# Each fuzzer is one process on one core: SUMAC_FUZZ_PARALLEL of them (the
# number of CPUs by default) run side by side, each report printed whole
# once its target is done, in the order given.
parallel=${SUMAC_FUZZ_PARALLEL:-$(nproc 2>/dev/null || echo 1)}
status=0
pids=()
names=()
wait_first() {
	local rc=0
	wait "${pids[0]}" || rc=$?
	cat "$build/report-${names[0]}.txt"
	[ $rc -eq 0 ] || status=1
	pids=("${pids[@]:1}")
	names=("${names[@]:1}")
}
for t in "${targets[@]}"; do
	[ "${#pids[@]}" -lt "$parallel" ] || wait_first
	fuzz_one "$t" >"$build/report-$t.txt" 2>&1 &
	pids+=("$!")
	names+=("$t")
done
while [ "${#pids[@]}" -gt 0 ]; do wait_first; done
exit $status
