#!/bin/sh
# SPDX-License-Identifier: MIT
# make check's entry to the differential battery (tests/diff/battery.py):
# a bounded number of cases (SUMAC_DIFF_COUNT, default 300) of a pinned
# seed (SUMAC_DIFF_SEED, default 1) as TAP, one line per case; known
# differences are TODO lines (XFAIL).  .ci/run runs the same battery with
# a larger count.
dir=$(dirname "$0")
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not installed (.ci/packages installs it)"
	exit 0
fi
SUMAC_DIFF_SEED=${SUMAC_DIFF_SEED:-1}
export SUMAC_DIFF_SEED
exec python3 "$dir/battery.py" --tap -n "${SUMAC_DIFF_COUNT:-300}" "$@"
