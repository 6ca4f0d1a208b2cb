#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# 32-bit and big-endian lanes (issue 13), called by .ci/run (Debian 12,
# root, after apt-get update):
#
#   .ci/cross.sh LANE SRCDIR [WORKDIR]
#
# LANE is one of:
#   i386   i686-linux-gnu-gcc, linked statically so that the program and
#          the tests run natively on the x86-64 kernel (under qemu-i386
#          where the kernel runs no 32-bit program): the whole make
#          check.  Natively, because qemu-i386 hides the 32-bit failure
#          this lane is for: qemu makes its system calls as a 64-bit
#          process, so an open() without O_LARGEFILE of a file of 2 GiB or
#          more succeeds under it where the kernel refuses it to a real
#          32-bit program (EOVERFLOW).  A static program takes no
#          LD_PRELOAD: tests/fault's shim cases report themselves skipped
#          (they run in every native lane of .ci/run).
#   armhf  arm-linux-gnueabihf-gcc under qemu-arm: the whole make check
#          (unit tests, the large-file tests, the CLI suite).
#   s390x  s390x-linux-gnu-gcc under qemu-s390x, big-endian: the whole
#          make check, the CLI suite against its golden files.
#
# i386, native, runs make check-lane: every suite but the option, wording
# and list-feature ones (tests/local.mk's NATIVE_ONLY_TESTS), which test the
# same C code on every machine and run in .ci/run's native lanes.  s390x,
# big-endian under qemu, runs make check-core: the unit suites and the CLI
# suites that hash through the program.  armhf, a second 32-bit lane after
# i386, runs the unit suites (make check-unit).
#
# Under qemu the programs are started by qemu itself (automake's
# LOG_COMPILER for the unit tests, RUNNER for sumac in the bats tests),
# never through binfmt_misc: see .ci/aarch64.sh for why.  Leaves the build
# in WORKDIR/LANE, whose .trs files the caller counts; prints one line
# "LANE: N passed, N failed, N skipped; T s" and exits non-zero if the
# build or a test failed.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 i386|armhf|s390x SRCDIR [WORKDIR]" >&2
	exit 2
fi
lane=$1
src=$(cd "$2" && pwd)
work=${3:-/tmp/sumac-cross}
jobs=$(nproc 2>/dev/null || echo 2)
dir=$work/$lane
start=$SECONDS

case $lane in
i386)
	host=i686-linux-gnu
	pkgs="gcc-i686-linux-gnu libc6-dev-i386-cross binutils-i686-linux-gnu"
	conf=(LDFLAGS=-static)
	machine='Intel 80386'
	qemu=
	target=check-lane
	;;
armhf)
	host=arm-linux-gnueabihf
	pkgs="gcc-arm-linux-gnueabihf libc6-dev-armhf-cross binutils-arm-linux-gnueabihf qemu-user"
	conf=()
	machine='ARM$'
	qemu="qemu-arm"
	target=check-unit
	;;
s390x)
	host=s390x-linux-gnu
	pkgs="gcc-s390x-linux-gnu libc6-dev-s390x-cross binutils-s390x-linux-gnu qemu-user locales"
	conf=()
	machine='IBM S/390'
	qemu="qemu-s390x"
	target=check-core
	;;
*)
	echo "$0: unknown lane '$lane'" >&2
	exit 2
	;;
esac

say() { printf '\n=== %s: %s\n' "$lane" "$*"; }

export DEBIAN_FRONTEND=noninteractive
# .ci/run installs every lane's packages first (SUMAC_CI_PACKAGES=1).
# shellcheck disable=SC2086
[ "${SUMAC_CI_PACKAGES-}" = 1 ] ||
	apt-get install -y -qq --no-install-recommends $pkgs bats autoconf automake >/dev/null
[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi)

say "build ($host)"
rm -rf "$dir" && mkdir -p "$dir"
(cd "$dir" && "$src/configure" --host="$host" --enable-werror "${conf[@]}" && make -j"$jobs")
"$host-readelf" -h "$dir/src/sumac" | grep -qE "Machine: +$machine" ||
	{ echo "$lane: src/sumac is not a $lane program" >&2; exit 1; }

# Some hosts run no 32-bit x86 program at all (a kernel or hypervisor
# without IA-32 emulation: "Exec format error"): the lane then runs the
# i386 build under qemu-i386, which still tests 32-bit sizes and the i386
# code paths, though not the kernel's EOVERFLOW on a 2 GiB open (see above),
# with make check-core (the unit suites and the CLI suites that hash).
if [ "$lane" = i386 ] && ! "$dir/src/sumac" --version >/dev/null 2>&1; then
	echo "i386: this host cannot run 32-bit x86 programs natively; running them under qemu-i386" >&2
	[ "${SUMAC_CI_PACKAGES-}" = 1 ] || apt-get install -y -qq --no-install-recommends qemu-user >/dev/null
	qemu=qemu-i386
	# Emulated, the suites that hash through the program, as s390x's.
	target=check-core
fi

env_args=()
make_args=()
if [ -n "$qemu" ]; then
	export QEMU_LD_PREFIX=/usr/$host
	env_args+=(RUNNER="$qemu")
	make_args+=(LOG_COMPILER="$qemu")
fi
if [ "$lane" = s390x ]; then
	# glibc's compiled locales are in the byte order of the machine that
	# made them: the host's C.UTF-8 is unreadable to a big-endian glibc,
	# which would fall back to C and fail the UTF-8 quoting cases.  A
	# big-endian C.UTF-8, for the emulated program only (QEMU_SET_ENV).
	mkdir -p "$dir/locale"
	localedef --big-endian --no-archive -i C -f UTF-8 "$dir/locale/C.UTF-8"
	export QEMU_SET_ENV=LOCPATH=$dir/locale
	env_args+=(SUMAC_CLI_GOLDEN=1)
fi

say "make $target ${env_args[*]} ${make_args[*]}"
status=0
env "${env_args[@]}" make -C "$dir" -j"$jobs" "$target" "${make_args[@]}" || status=1
if [ "$status" -ne 0 ]; then
	find "$dir/tests" -name '*.log' -exec grep -l -E '^(not ok|FAIL|ERROR)' {} + 2>/dev/null |
		while read -r log; do echo "--- $log"; grep -E '^(not ok|#)' "$log" | head -40; done
fi

trs=$(find "$dir" -name '*.trs' -exec cat {} + 2>/dev/null || :)
p=$(grep -cE '^:test-result: (PASS|XFAIL)' <<<"$trs" || :)
f=$(grep -cE '^:test-result: (FAIL|XPASS|ERROR)' <<<"$trs" || :)
s=$(grep -cE '^:test-result: SKIP' <<<"$trs" || :)
echo "$lane: $p passed, $f failed, $s skipped; $((SECONDS - start)) s"
[ "$status" -eq 0 ] && [ "$p" -gt 0 ]
