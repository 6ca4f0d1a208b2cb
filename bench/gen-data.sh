#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes the files bench/run.sh hashes, under DIR (default bench/data in the
# source tree, which git ignores):
#   random-1g    1 GiB of random bytes (whole-program throughput)
#   small-16     16 random bytes (per-process cost)
#   empty        0 bytes
#   many/        10,000 files of 4 KiB each (per-file cost in one process)
# Idempotent: a file that already has the right size is kept, so a second
# run costs nothing.  Files are written under a temporary name and renamed,
# so an interrupted run never leaves a short file behind.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/data}
nfiles=10000
file_size=4096

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

# many_ok: the directory holds exactly nfiles regular files of file_size.
many_ok() {
	[ -d "$dir/many" ] || return 1
	total=$(find "$dir/many" -type f | wc -l)
	right=$(find "$dir/many" -type f -size "${file_size}c" | wc -l)
	[ "$total" -eq "$nfiles" ] && [ "$right" -eq "$nfiles" ]
}

make_many() {
	if many_ok; then
		return 0
	fi
	echo "gen-data: writing $dir/many ($nfiles files of $file_size bytes)" >&2
	rm -rf "$dir/many" "$dir/many.tmp"
	mkdir "$dir/many.tmp"
	make_random "$dir/many.src" $((nfiles * file_size))
	# One random stream cut into pieces: f00000 ... f09999, one process
	# instead of ten thousand.
	(cd "$dir/many.tmp" && split -b "$file_size" -a 5 -d ../many.src f)
	rm -f "$dir/many.src"
	mv "$dir/many.tmp" "$dir/many"
	many_ok || {
		echo "gen-data: $dir/many came out wrong" >&2
		exit 1
	}
}

mkdir -p "$dir"
make_random "$dir/random-1g" 1073741824
make_random "$dir/small-16" 16
if [ "$(size "$dir/empty")" != 0 ]; then
	: >"$dir/empty"
fi
make_many
