#!/bin/sh
# SPDX-License-Identifier: MIT
# src/hash/x86/sha1dc_conds.h, the SIMD filters' copy of the condition table,
# is generated once and committed: it must still be what
# tools/gen-sha1dc-conds.py writes from src/hash/sha1dc_conds.c (a change of
# the table not carried over, or a hand edit, fails here; test_sha1dc_simd
# also compares the list with the compiled table entry by entry).
top=$(dirname "$0")/../..
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not installed (.ci/packages installs it)"
	exit 0
fi
echo "1..1"
if python3 "$top/tools/gen-sha1dc-conds.py" "$top/src/hash/sha1dc_conds.c" |
	cmp -s - "$top/src/hash/x86/sha1dc_conds.h"; then
	echo "ok 1 - src/hash/x86/sha1dc_conds.h is tools/gen-sha1dc-conds.py's output"
else
	echo "not ok 1 - src/hash/x86/sha1dc_conds.h differs from tools/gen-sha1dc-conds.py's output"
fi
