#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# musl lane, called by .ci/run (Debian 12, root, musl-tools installed):
#
#   .ci/musl.sh SRCDIR [WORKDIR]
#
# Builds sumac with musl-gcc (warnings fatal, out of tree) and runs the
# whole `make check` there: unit tests, fuzz replays, fault tests and the
# CLI compatibility suite.  The suite compares with GNU coreutils in
# /usr/bin live (a glibc build: the words sumac prints must not depend on
# the libc it is built on), or with the golden files where GNU is absent.
# SUMAC_MUSL_NO_CHECK=1 stops after the build (.ci/run then runs the check
# itself, to count and show its results).
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 SRCDIR [WORKDIR]" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
work=${2:-/tmp/sumac-musl}
jobs=$(nproc 2>/dev/null || echo 2)

command -v musl-gcc >/dev/null || {
	echo "$0: musl-gcc not found (apt-get install musl-tools)" >&2
	exit 1
}
rm -rf "$work" && mkdir -p "$work" && chmod 755 "$work"
cd "$work"
"$src/configure" CC=musl-gcc --enable-werror
make -j"$jobs"
# A musl program: the whole lane is pointless if the build fell back to glibc.
grep -qa ld-musl src/sumac || {
	echo "$0: src/sumac is not linked against musl" >&2
	exit 1
}
if [ "${SUMAC_MUSL_NO_CHECK-}" != 1 ]; then
	make -j"$jobs" check
fi
