#!/bin/sh
# SPDX-License-Identifier: MIT
# make check's entry to tests/layout/layers.py: the layering of src/.
dir=$(dirname "$0")
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP python3 not installed (.ci/packages installs it)"
	exit 0
fi
exec python3 "$dir/layers.py" "$dir/../../src"
