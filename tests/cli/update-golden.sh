#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerate the golden files of the compat-*.bats suites from the real GNU
# programs of each compatibility level (tests/README.md):
#   9.1   /usr/bin (Debian 12's coreutils 9.1)      -> golden/9.1/
#   9.4   $SUMAC_GNU_REF/9.7 (GNU 9.7)               -> golden/9.4/
#   9.10  $SUMAC_GNU_REF/9.10                        -> golden/9.10/
#   9.11  $SUMAC_GNU_REF/9.11                        -> golden/9.11/
#
# Runs the compat suites with SUMAC_CLI_UPDATE_GOLDEN=1: every sumac run is
# replaced by the GNU program, and each compare_gnu call stores the GNU
# stdout, stderr and exit status as golden/<level>/<key>.{out,err,rc}.  The
# suites' own assertions then run on GNU's output, so a failing case here is
# a case whose assertion is wrong for that level.  Run it as root on Debian
# 12 so that the unreadable-file cases run as uid 65534 exactly as in CI;
# commit the result.
#
# Usage: tests/cli/update-golden.sh [LEVEL...|all] [-- bats options]
#   (no level: all four)
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
bats=${BATS:-bats}

levels=
while [ $# -gt 0 ]; do
	case $1 in
	--) shift; break ;;
	all) levels="9.1 9.4 9.10 9.11"; shift ;;
	9.1 | 9.4 | 9.10 | 9.11) levels="$levels $1"; shift ;;
	latest) levels="$levels 9.11"; shift ;;
	*) echo "$0: unknown level '$1' (9.1, 9.4, 9.10, 9.11, latest, all)" >&2; exit 2 ;;
	esac
done
[ -n "$levels" ] || levels="9.1 9.4 9.10 9.11"

# The gnu-ref directory as helpers.bash finds it.
if [ -z "${SUMAC_GNU_REF-}" ]; then
	for SUMAC_GNU_REF in "$here/../../../shared/gnu-ref" "$here/../../../../shared/gnu-ref"; do
		[ -d "$SUMAC_GNU_REF/9.11" ] && break
	done
fi
export SUMAC_GNU_REF

if [ "$(id -u)" != 0 ]; then
	echo "$0: warning: not root, unreadable-file cases run as $(id -un)" >&2
fi

rc=0
for level in $levels; do
	case $level in
	9.1) dir=/usr/bin want=9.1 ;;
	9.4) dir=$SUMAC_GNU_REF/9.7/bin want=9.7 ;;
	*) dir=$SUMAC_GNU_REF/$level/bin want=$level ;;
	esac
	for p in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum; do
		if [ ! -x "$dir/$p" ]; then
			echo "$0: $dir/$p not found; GNU coreutils $want is needed for level $level" >&2
			exit 1
		fi
	done
	version=$("$dir/sha256sum" --version | sed -n '1s/.* //p')
	if [ "$version" != "$want" ]; then
		echo "$0: $dir/sha256sum is coreutils $version, not $want" >&2
		exit 1
	fi
	golden=${SUMAC_CLI_GOLDEN_DIR:-$here/golden}/$level
	mkdir -p "$golden"
	# Only this suite's keys; other golden files (e.g. sumac-*) are left alone.
	rm -f "$golden"/generate-* "$golden"/check-* "$golden"/options-* "$golden"/output-* \
		"$golden"/levels-* "$golden"/prefixes-*
	echo "$0: level $level from $dir (coreutils $version)"
	SUMAC_GNU_COMPAT=$level SUMAC_CLI_UPDATE_GOLDEN=1 SUMAC_CLI_GOLDEN_DIR=$golden \
		"$bats" "$@" "$here"/compat-generate.bats "$here"/compat-check.bats \
		"$here"/compat-options.bats "$here"/compat-output.bats \
		$(for f in "$here"/compat-levels.bats "$here"/compat-prefixes.bats; do [ -f "$f" ] && echo "$f"; done) || rc=1
	n=$(find "$golden" -name '*.rc' | wc -l)
	echo "$0: $n golden cases in $golden"
done
exit "$rc"
