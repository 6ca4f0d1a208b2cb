#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the GNU program names of src/hash/algorithms.h's product rows (the
# fourth field of each X(...) row, where it is a string and not NULL), one
# line, space-separated, then cksum (the program of every algorithm, no
# row's): configure's GNU_NAMES, the names make install links to sumac.
# The list stays the only place that names them.
# Usage: gnu-names.sh ALGORITHMS.H
sed -n '/^#define SUMAC_PRODUCT_ALGORITHMS/,/^$/p' "${1:?usage: gnu-names.sh ALGORITHMS.H}" |
	sed -n 's/^[[:space:]]*X([A-Z0-9_]*, *"[^"]*", *"[^"]*", *"\([^"]*\)".*/\1/p' |
	tr '\n' ' ' | sed 's/$/cksum/'
