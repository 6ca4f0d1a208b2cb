#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# aarch64 cross builds under qemu-user, called by .ci/run (Debian 12, root,
# after apt-get update):
#
#   .ci/aarch64.sh SRCDIR [WORKDIR]
#
# Cross-builds sumac with aarch64-linux-gnu-gcc and with clang
# --target=aarch64-linux-gnu (warnings fatal, out of tree), then runs the
# suites under qemu-user (make check-core for gcc under max, check-unit for
# the others), the gcc build under max and cortex-a72 and the clang build
# under max (see SUMAC_AARCH64_RUNS and
# SUMAC_AARCH64_CLANG_RUNS):
#   max         every SHA instruction: auto must pick armv8 for SHA-1,
#               SHA-256 and SHA-512;
#   cortex-a72  SHA-1/SHA-256 but no SHA-512: auto must fall back to
#               portable for SHA-512, and forcing armv8 for it must be a
#               clean error (exit 1), never SIGILL (132);
#   portable    SUMAC_BACKEND=portable on max (on request);
# then the --without-arm-crypto build's unit suites under max.  It also
# compiles the macOS and FreeBSD branches of src/hash/cpu.c for their
# aarch64 targets against stub headers.  Prints one line per run
# ("aarch64 gcc max: ok") and exits non-zero if anything failed.
#
# The programs are started by qemu-aarch64 itself: the unit tests through
# automake's LOG_COMPILER, sumac in the bats tests through their RUNNER
# prefix.  binfmt_misc is deliberately not used: with the O flag of
# Debian's registration the kernel opens the program on the lowest free
# descriptor, so a program started with stdin closed finds itself on fd 0
# and hashes its own binary (compat-options.bats, "standard input closed").
#
# Environment:
#   SUMAC_AARCH64_CC    compilers to build with (default: "gcc clang")
#   SUMAC_AARCH64_RUNS  runs of the gcc build (default: "max cortex-a72"; the
#               portable run is left out by default: test_kat and test_xcheck
#               check every portable row under max, and the CLI code above the
#               rows is the same whichever row hashes)
#   SUMAC_AARCH64_CLANG_RUNS  runs of the clang build (default: "max"): the
#               cortex-a72 fallback and the portable C are the same source
#               whatever compiled it, and clang's portable C is already
#               tested natively on x86; what clang alone can get wrong here is
#               its code for the ARMv8 intrinsics, which "max" runs.  The
#               two runs saved are about 400 s of CI.
#   SUMAC_AARCH64_WITHOUT  1 (default) or 0: the --without-arm-crypto build
#               and the macOS/FreeBSD compile checks, or not (.ci/run runs
#               the gcc build and the others as two jobs side by side:
#               SUMAC_AARCH64_CC=gcc SUMAC_AARCH64_WITHOUT=0, then
#               SUMAC_AARCH64_CC=clang)
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 SRCDIR [WORKDIR]" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
work=${2:-/tmp/sumac-aarch64}
jobs=$(nproc 2>/dev/null || echo 2)
sysroot=/usr/aarch64-linux-gnu
compilers=${SUMAC_AARCH64_CC:-gcc clang}
gcc_runs=${SUMAC_AARCH64_RUNS:-max cortex-a72}
clang_runs=${SUMAC_AARCH64_CLANG_RUNS:-max}
results=()
failed=0

say() { printf '\n=== aarch64: %s\n' "$*"; }

# ---- Packages (idempotent; the caller has run apt-get update).
export DEBIAN_FRONTEND=noninteractive
# .ci/run installs every lane's packages first (SUMAC_CI_PACKAGES=1).
[ "${SUMAC_CI_PACKAGES-}" = 1 ] ||
	apt-get install -y -qq --no-install-recommends \
		gcc-aarch64-linux-gnu libc6-dev-arm64-cross binutils-aarch64-linux-gnu \
		qemu-user clang bats >/dev/null
if [ ! -x "$src/configure" ]; then
	apt-get install -y -qq --no-install-recommends autoconf automake >/dev/null
	(cd "$src" && autoreconf -fi)
fi

# qemu-aarch64 reads the CPU model and the sysroot from the environment.
export QEMU_LD_PREFIX=$sysroot
export QEMU_CPU=max

mkdir -p "$work"

# run_aarch64 PROG ARGS...: start one aarch64 program (QEMU_CPU applies).
run_aarch64() { qemu-aarch64 "$@"; }

# ---- Build.
build() { # build NAME CC
	local dir=$work/$1
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	(cd "$dir" && "$src/configure" --host=aarch64-linux-gnu --enable-werror CC="$2" &&
		make -j"$jobs") || return 1
	# Both accelerated libraries must be in this build, and must be aarch64.
	if ! grep -q '^#define HAVE_ARM_SHA2 1' "$dir/config.h" ||
		! grep -q '^#define HAVE_ARM_SHA512 1' "$dir/config.h"; then
		echo "aarch64: configure left out an ARMv8 backend" >&2
		return 1
	fi
	aarch64-linux-gnu-readelf -h "$dir/src/sumac" | grep -qE 'Machine: +AArch64' ||
		{ echo "aarch64: src/sumac is not an aarch64 program" >&2; return 1; }
}

# count_trs DIR: "N passed, N failed, N skipped" over the harness results.
count_trs() {
	local trs p f s
	trs=$(find "$1" -name '*.trs' -exec cat {} + 2>/dev/null || :)
	p=$(grep -cE '^:test-result: (PASS|XFAIL)' <<<"$trs" || :)
	f=$(grep -cE '^:test-result: (FAIL|XPASS|ERROR)' <<<"$trs" || :)
	s=$(grep -cE '^:test-result: SKIP' <<<"$trs" || :)
	echo "$p passed, $f failed, $s skipped"
}

# check DIR VAR=VALUE...: make check-lane under the current QEMU_CPU (every
# suite but the option and wording ones, which test the same C code on every
# machine and run natively in .ci/run), or make $check_target when it is set.
check() {
	local dir=$1
	shift
	find "$dir" -name '*.trs' -delete
	env RUNNER=qemu-aarch64 "$@" make -C "$dir" -j"$jobs" "${check_target:-check-lane}" \
		LOG_COMPILER=qemu-aarch64 &&
		return 0
	find "$dir/tests" -name '*.log' -exec grep -l -E '^(not ok|FAIL|ERROR)' {} + 2>/dev/null |
		while read -r log; do echo "--- $log"; grep -E '^(not ok|#)' "$log" | head -40; done
	return 1
}

# expect TEXT PATTERN WHAT: PATTERN (an ERE) must match a line of TEXT.
expect() {
	if grep -qE -- "$2" <<<"$1"; then
		echo "ok: $3"
	else
		printf 'FAILED: %s\n--- output:\n%s\n---\n' "$3" "$1" >&2
		return 1
	fi
}

# The facts each run is about, checked on the program itself.
assert_run() { # assert_run DIR RUN
	local sumac=$1/src/sumac list dbg rc=0 out
	list=$(run_aarch64 "$sumac" --list-backends) || return 1
	case $2 in
	max)
		expect "$list" '^armv8 +yes +yes ' "armv8 compiled and usable" || return 1
		for a in sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
			local fam=${a%%-*}
			case $fam in sha224) fam=sha256 ;; sha384) fam=sha512 ;; esac
			expect "$list" "^$a +$fam-armv8\$" "auto picks $fam-armv8 for $a" || return 1
		done
		dbg=$(run_aarch64 "$sumac" --debug -a sha512 /dev/null 2>&1 >/dev/null) || return 1
		expect "$dbg" 'sha512: using sha512-armv8 \(auto\)$' "--debug: sha512-armv8" || return 1
		for a in crc crc32b; do
			expect "$list" "^$a +$a-armv8\$" "auto picks $a-armv8 (PMULL)" || return 1
		done
		;;
	cortex-a72)
		expect "$list" '^sha1 +sha1-armv8$' "auto picks sha1-armv8" || return 1
		expect "$list" '^sha256 +sha256-armv8$' "auto picks sha256-armv8" || return 1
		expect "$list" '^sha512 +sha512-portable$' "auto falls back to sha512-portable" || return 1
		# Every qemu model has PMULL (AT_HWCAP bit 4).
		expect "$list" '^crc +crc-armv8$' "auto picks crc-armv8" || return 1
		expect "$list" '^crc32b +crc32b-armv8$' "auto picks crc32b-armv8" || return 1
		expect "$list" '^armv8 +yes +some +[0-9]+ +sha1 sha224 sha256 \[sha384\] \[sha512\]' \
			"--list-backends: armv8 usable for SHA-1/SHA-256, not SHA-512" || return 1
		dbg=$(run_aarch64 "$sumac" --debug -a sha512 /dev/null 2>&1 >/dev/null) || return 1
		expect "$dbg" 'skipping sha512-armv8: this CPU cannot run it' "--debug: armv8 skipped" || return 1
		expect "$dbg" 'using sha512-portable \(auto\)' "--debug: sha512-portable" || return 1
		out=$(run_aarch64 "$sumac" --backend armv8 -a sha512 /dev/null 2>&1) || rc=$?
		[ "$rc" -eq 1 ] || { echo "FAILED: --backend armv8 -a sha512 exited $rc, want 1" >&2; return 1; }
		expect "$out" "backend 'armv8' cannot hash sha512: this CPU cannot run it" \
			"--backend armv8 -a sha512: exit 1, clean error" || return 1
		;;
	portable)
		dbg=$(SUMAC_BACKEND=portable run_aarch64 "$sumac" --debug -a sha256 /dev/null 2>&1 >/dev/null) ||
			return 1
		expect "$dbg" 'using sha256-portable \(forced\)' "SUMAC_BACKEND=portable is obeyed" || return 1
		;;
	esac
}

# record NAME STATUS DETAIL
record() {
	if [ "$2" -eq 0 ]; then
		results+=("$1: ok ($3)")
	else
		results+=("$1: FAILED ($3)")
		failed=$((failed + 1))
	fi
}

for cc_name in $compilers; do
	case $cc_name in
	gcc) cc=aarch64-linux-gnu-gcc ;;
	clang) cc="clang --target=aarch64-linux-gnu" ;;
	*) echo "aarch64: unknown compiler $cc_name" >&2; exit 2 ;;
	esac
	dir=$work/$cc_name
	say "build with $cc"
	if ! build "$cc_name" "$cc"; then
		record "aarch64 $cc_name build" 1 "configure or make failed"
		continue
	fi
	runs=$gcc_runs
	[ "$cc_name" = clang ] && runs=$clang_runs
	for run in $runs; do
		case $run in
		max) cpu=max env_args=() ;;
		cortex-a72) cpu=cortex-a72 env_args=() ;;
		portable) cpu=max env_args=(SUMAC_BACKEND=portable) ;;
		*) echo "aarch64: unknown run $run" >&2; exit 2 ;;
		esac
		# gcc under max runs check-core (the unit suites and the CLI
		# suites that hash through the program); the other runs add a
		# CPU model or a compiler, which the unit suites (check-unit)
		# and assert_run's checks of the program are for.
		target=check-unit
		[ "$cc_name/$run" = gcc/max ] && target=check-core
		say "$cc_name $run: make $target (QEMU_CPU=$cpu ${env_args[*]})"
		export QEMU_CPU=$cpu
		start=$SECONDS
		status=0
		check_target=$target check "$dir" "${env_args[@]}" || status=1
		assert_run "$dir" "$run" || status=1
		record "aarch64 $cc_name $run" "$status" "$(count_trs "$dir"); $((SECONDS - start)) s"
	done
done
export QEMU_CPU=max

# ---- --without-arm-crypto: the portable backend only, its unit suites.
without_part() {
	say "gcc --without-arm-crypto: make check-unit (QEMU_CPU=max)"
	without=$work/without
	start=$SECONDS
	status=0
	if rm -rf "$without" && mkdir -p "$without" &&
		(cd "$without" && "$src/configure" --host=aarch64-linux-gnu --enable-werror \
			--without-arm-crypto CC=aarch64-linux-gnu-gcc && make -j"$jobs"); then
		# The unit suites only: its program differs from the gcc build's above
		# only in the rows compiled (--list-backends below), and what the build
		# must prove is that the portable rows alone are whole and correct.
		check_target=check-unit check "$without" || status=1
		expect "$(run_aarch64 "$without/src/sumac" --list-backends)" '^armv8 +no ' \
			"--without-arm-crypto: armv8 not compiled" || status=1
		record "aarch64 gcc --without-arm-crypto" "$status" "$(count_trs "$without"); $((SECONDS - start)) s"
	else
		record "aarch64 gcc --without-arm-crypto" 1 "configure or make failed"
	fi

	# ---- cpu.c's macOS and FreeBSD branches, compiled for their own targets
	# against stub headers that declare just what the branch calls; the
	# assembly must call it, or the branch was not the one compiled.
	say "cpu.c for aarch64 macOS and FreeBSD"
	cpu_other_os() {
		local stubs=$work/stubs s
		mkdir -p "$stubs/darwin/sys" "$stubs/freebsd/sys" || return 1
		# cpu.c reads nothing from config.h; an empty one will do.
		: >"$stubs/config.h"
		cat >"$stubs/darwin/sys/sysctl.h" <<-'EOF'
			#include <stddef.h>
			int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
		EOF
		cat >"$stubs/freebsd/sys/auxv.h" <<-'EOF'
			#define AT_HWCAP 25
			int elf_aux_info(int aux, void *buf, int buflen);
		EOF
		# Detection runs once under pthread_once, and the SUMAC_CPU mask parser
		# measures names: the few libc declarations those need.
		cat >"$stubs/pthread.h" <<-'EOF'
			typedef int pthread_once_t;
			#define PTHREAD_ONCE_INIT 0
			int pthread_once(pthread_once_t *once, void (*init)(void));
		EOF
		cat >"$stubs/string.h" <<-'EOF'
			#include <stddef.h>
			size_t strlen(const char *s);
			size_t strcspn(const char *s, const char *reject);
		EOF
		local flags=(-std=c11 -ffreestanding -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
			-Wmissing-prototypes -Wformat=2 -O2 -S -o - -I"$stubs" -I"$src/src")
		s=$(clang --target=arm64-apple-macos11 "${flags[@]}" -I"$stubs/darwin" "$src/src/hash/cpu.c") &&
			expect "$s" 'bl[[:space:]]+_sysctlbyname' "macOS: sysctlbyname is called" &&
			expect "$s" 'hw\.optional\.arm\.FEAT_SHA512' "macOS: FEAT_SHA512 is read" || return 1
		s=$(clang --target=aarch64-unknown-freebsd13 "${flags[@]}" -I"$stubs/freebsd" "$src/src/hash/cpu.c") &&
			expect "$s" 'bl[[:space:]]+elf_aux_info' "FreeBSD: elf_aux_info is called" || return 1
	}
	status=0
	cpu_other_os || status=1
	record "aarch64 cpu.c macOS/FreeBSD" "$status" "clang -S with stub headers"
}
[ "${SUMAC_AARCH64_WITHOUT:-1}" = 0 ] || without_part

say "summary"
printf '%s\n' "${results[@]}"
[ "$failed" -eq 0 ]
