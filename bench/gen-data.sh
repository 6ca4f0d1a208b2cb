#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/gen-data.sh [DIR [SET...]]: makes the files bench/run.sh hashes,
# under DIR (default bench/data in the source tree, which git ignores).
# The sets (default: all of them):
#   big          random-1g: 1 GiB of random bytes (whole-program throughput)
#   small        small-16, 16 random bytes, and empty, 0 bytes (per-process cost)
#   many         many/: 10,000 files of 4 KiB each (per-file cost in one process)
#   many16m      many-16m/: 64 files of 16 MiB each (many files, each worth
#                its lanes: the many-files table)
# Idempotent: a file that already has the right size is kept, so a second
# run costs nothing.  Files are written under a temporary name and renamed,
# so an interrupted run never leaves a short file behind.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/data}
[ $# -gt 0 ] && shift
sets=${*:-big small many many16m}

# size FILE: its size in bytes, or -1 when it does not exist.
size() {
	if [ -f "$1" ]; then
		wc -c <"$1" | tr -d ' '
	else
		echo -1
	fi
}

# make_random FILE BYTES
make_random() {
	if [ "$(size "$1")" = "$2" ]; then
		return 0
	fi
	echo "gen-data: writing $1 ($2 bytes)" >&2
	# 1 MiB blocks, then the remainder, straight from the kernel's CSPRNG.
	blocks=$(($2 / 1048576))
	rest=$(($2 % 1048576))
	{
		if [ "$blocks" -gt 0 ]; then
			dd if=/dev/urandom bs=1048576 count="$blocks" iflag=fullblock 2>/dev/null
		fi
		if [ "$rest" -gt 0 ]; then
			dd if=/dev/urandom bs="$rest" count=1 iflag=fullblock 2>/dev/null
		fi
	} >"$1.tmp"
	mv -f "$1.tmp" "$1"
}

# many_ok SUBDIR COUNT SIZE: SUBDIR holds exactly COUNT regular files of SIZE.
many_ok() {
	[ -d "$dir/$1" ] || return 1
	total=$(find "$dir/$1" -type f | wc -l)
	right=$(find "$dir/$1" -type f -size "${3}c" | wc -l)
	[ "$total" -eq "$2" ] && [ "$right" -eq "$2" ]
}

# make_many SUBDIR COUNT SIZE: SUBDIR/f00000 ... of SIZE random bytes each.
make_many() {
	if many_ok "$1" "$2" "$3"; then
		return 0
	fi
	echo "gen-data: writing $dir/$1 ($2 files of $3 bytes)" >&2
	rm -rf "${dir:?}/$1" "$dir/$1.tmp"
	mkdir "$dir/$1.tmp"
	make_random "$dir/$1.src" $(($2 * $3))
	# One random stream cut into pieces: one process instead of COUNT.
	(cd "$dir/$1.tmp" && split -b "$3" -a 5 -d "../$1.src" f)
	rm -f "$dir/$1.src"
	mv "$dir/$1.tmp" "$dir/$1"
	many_ok "$1" "$2" "$3" || {
		echo "gen-data: $dir/$1 came out wrong" >&2
		exit 1
	}
}

mkdir -p "$dir"
for set in $sets; do
	case $set in
	big) make_random "$dir/random-1g" 1073741824 ;;
	small)
		make_random "$dir/small-16" 16
		if [ "$(size "$dir/empty")" != 0 ]; then
			: >"$dir/empty"
		fi
		;;
	many) make_many many 10000 4096 ;;
	many16m) make_many many-16m 64 16777216 ;;
	*)
		echo "gen-data: unknown set '$set' (big small many many16m)" >&2
		exit 1
		;;
	esac
done
