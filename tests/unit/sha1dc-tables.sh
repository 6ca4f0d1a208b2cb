#!/bin/sh
# SPDX-License-Identifier: MIT
# src/hash/sha1dc_dvs.c is generated once and committed: it must still be
# exactly what tools/gen-sha1dc-dvs.py writes (test_sha1dc checks the
# values against the reference table).
top=$(dirname "$0")/../..
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not installed (.ci/packages installs it)"
	exit 0
fi
echo "1..1"
if python3 "$top/tools/gen-sha1dc-dvs.py" | cmp -s - "$top/src/hash/sha1dc_dvs.c"; then
	echo "ok 1 - src/hash/sha1dc_dvs.c is tools/gen-sha1dc-dvs.py's output"
else
	echo "not ok 1 - src/hash/sha1dc_dvs.c differs from tools/gen-sha1dc-dvs.py's output"
fi
