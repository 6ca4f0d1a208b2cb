#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerate the golden files of the compat-*.bats suites from the GNU
# coreutils 9.1 programs in /usr/bin.
#
# Runs the compat suites with SUMAC_CLI_UPDATE_GOLDEN=1: every sumac run is
# replaced by the GNU program, and each compare_gnu call stores the GNU
# stdout, stderr and exit status as golden/<key>.{out,err,rc}.  Run it as
# root on Debian 12 (coreutils 9.1) so that the unreadable-file cases run as
# uid 65534 exactly as in CI; commit the result.
#
# Usage: tests/cli/update-golden.sh [bats options]
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
golden=${SUMAC_CLI_GOLDEN_DIR:-$here/golden}
bats=${BATS:-bats}

for p in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum; do
	if [ ! -x "/usr/bin/$p" ]; then
		echo "$0: /usr/bin/$p not found; GNU coreutils is needed" >&2
		exit 1
	fi
done

version=$(/usr/bin/sha256sum --version | sed -n '1s/.* //p')
if [ "$version" != 9.1 ] && [ -z "${SUMAC_CLI_ANY_VERSION-}" ]; then
	echo "$0: /usr/bin/sha256sum is coreutils $version, not 9.1" >&2
	echo "$0: (set SUMAC_CLI_ANY_VERSION=1 to record it anyway)" >&2
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	echo "$0: warning: not root, unreadable-file cases run as $(id -un)" >&2
fi

mkdir -p "$golden"
# Only this suite's keys; other golden files (e.g. sumac-*) are left alone.
rm -f "$golden"/generate-* "$golden"/check-* "$golden"/options-* "$golden"/output-*

SUMAC_CLI_UPDATE_GOLDEN=1 SUMAC_CLI_GOLDEN_DIR=$golden \
	"$bats" "$@" "$here"/compat-generate.bats "$here"/compat-check.bats \
	"$here"/compat-options.bats "$here"/compat-output.bats

n=$(find "$golden" -name '*.rc' \( -name 'generate-*' -o -name 'check-*' -o -name 'options-*' -o -name 'output-*' \) | wc -l)
echo "$0: $n golden cases in $golden"
