#!/bin/sh
# SPDX-License-Identifier: MIT
# src/hash/crc_tables.c is generated once and committed: it must still be
# exactly what tools/gen-crc-tables.py writes (a hand edit of a table or a
# constant, or a generator change not rerun, fails here).
top=$(dirname "$0")/../..
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not installed (.ci/packages installs it)"
	exit 0
fi
echo "1..1"
if python3 "$top/tools/gen-crc-tables.py" | cmp -s - "$top/src/hash/crc_tables.c"; then
	echo "ok 1 - src/hash/crc_tables.c is tools/gen-crc-tables.py's output"
else
	echo "not ok 1 - src/hash/crc_tables.c differs from tools/gen-crc-tables.py's output"
fi
