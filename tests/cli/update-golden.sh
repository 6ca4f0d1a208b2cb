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
#
# cksum.bats has one keyed file per GNU release instead (helpers.bash,
# kg_*: a case a line, its arguments and stdin the key):
#   tests/cli/update-golden.sh cksum [RELEASE...] [-- bats options]
#   9.1 /usr/bin/cksum, 9.7 9.10 9.11 $SUMAC_GNU_REF/<release>
#                                    -> golden/cksum/<release>.txt
# (no release: all four).  Only GNU runs; sumac is not needed.
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
bats=${BATS:-bats}

# The gnu-ref directory as helpers.bash finds it.
if [ -z "${SUMAC_GNU_REF-}" ]; then
	for SUMAC_GNU_REF in "$here/../../../shared/gnu-ref" "$here/../../../../shared/gnu-ref"; do
		[ -d "$SUMAC_GNU_REF/9.11" ] && break
	done
fi
export SUMAC_GNU_REF

if [ "${1-}" = cksum ]; then
	shift
	rels=
	while [ $# -gt 0 ]; do
		case $1 in
		--) shift; break ;;
		9.1 | 9.7 | 9.10 | 9.11) rels="$rels $1"; shift ;;
		*) echo "$0: cksum: unknown release '$1' (9.1, 9.7, 9.10, 9.11)" >&2; exit 2 ;;
		esac
	done
	[ -n "$rels" ] || rels="9.1 9.7 9.10 9.11"
	out=${SUMAC_CKSUM_GOLDEN:-$here/golden/cksum}
	for rel in $rels; do
		case $rel in
		9.1) prog=/usr/bin/cksum ;;
		*) prog=$SUMAC_GNU_REF/$rel/bin/cksum ;;
		esac
		version=$("$prog" --version 2>/dev/null | sed -n '1s/.* //p') || version=
		if [ "$version" != "$rel" ]; then
			echo "$0: $prog is not GNU cksum $rel (${version:-missing})" >&2
			exit 1
		fi
	done
	rec=$(mktemp -d "${TMPDIR:-/tmp}/sumac-cksum-golden.XXXXXX")
	trap 'rm -rf "$rec"' EXIT
	echo "$0: cksum.bats, recording GNU cksum$rels"
	rc=0
	# shellcheck disable=SC2086
	SUMAC_CLI_UPDATE_GOLDEN=1 SUMAC_CKSUM_GOLDEN=$rec SUMAC_CKSUM_LEVELS="${rels# }" \
		"$bats" "$@" "$here/cksum.bats" || rc=1
	mkdir -p "$out"
	for rel in $rels; do
		# A key recorded twice (one command in two tests) must have had
		# one result: the fixtures of the tests are the same.
		LC_ALL=C sort -u "$rec/$rel.rec" >"$rec/$rel.sorted"
		dup=$(cut -f1 "$rec/$rel.sorted" | LC_ALL=C uniq -d | head -3)
		if [ -n "$dup" ]; then
			echo "$0: cksum $rel: keys with two results: $dup" >&2
			rc=1
			continue
		fi
		{
			echo "# GNU cksum $rel for tests/cli/cksum.bats, recorded by tests/cli/update-golden.sh cksum."
			printf '%s\n' '# KEY<TAB>STATUS<TAB>STDOUT<TAB>STDERR; KEY: the arguments, then <stdin (and >/dev/full);' \
				'# backslash, LF, TAB as \\ \n \t, other bytes outside printable ASCII as \xHH.'
			cat "$rec/$rel.sorted"
		} >"$out/$rel.txt"
		echo "$0: $(wc -l <"$rec/$rel.sorted") cases in $out/$rel.txt"
	done
	exit "$rc"
fi

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
