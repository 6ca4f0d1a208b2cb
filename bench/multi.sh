#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One read for several algorithms (sumac -a LIST, issue 20): on the cached
# 1 GiB file of gen-data.sh, sumac -a md5,sha1,sha256,sha512 against each
# algorithm alone, the bytes the list run reads from the file, and how
# often sumac -c over four lists of 1,000 files opens each file.
#
#   bench/multi.sh [BUILD_DIR]
#
# The issue's bound: the list run takes less than 1.1 x (the slowest single
# run + the other algorithms' compression time).  A compression time is the
# file's size at the in-memory speed that `sumac --benchmark` measures for
# the backend auto uses (its 1 MiB column), so no read is counted in it.
# Settings: SUMAC_BENCH_DATA (the data folder, default bench/data),
# SUMAC_BENCH_RUNS (hyperfine runs per command, 10), SUMAC_BENCH_OUT (the
# report; default bench/results/DATE-multi-read.md).  Needs hyperfine,
# python3 and strace.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/.." && pwd)
build=$(cd "${1:-${SUMAC_BUILD:-.}}" && pwd)
sumac=$build/src/sumac
data=${SUMAC_BENCH_DATA:-$here/data}
runs=${SUMAC_BENCH_RUNS:-10}
out=${SUMAC_BENCH_OUT:-$srcdir/bench/results/$(date -u +%Y-%m-%d)-multi-read.md}
algos=(md5 sha1 sha256 sha512)
list=$(
	IFS=,
	echo "${algos[*]}"
)

for tool in hyperfine python3 strace; do
	command -v "$tool" >/dev/null || {
		echo "bench/multi.sh: $tool is needed" >&2
		exit 1
	}
done
[ -x "$sumac" ] || {
	echo "bench/multi.sh: no $sumac (build first)" >&2
	exit 1
}
"$here/gen-data.sh" "$data" big
file=$data/random-1g
cat "$file" >/dev/null
cat "$file" >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Bytes that read(2) returned on descriptors opened on the file, in every
# thread (the read-ahead thread reads too).
bytes_read() {
	strace -f -qq -e trace=?open,openat,read,close -o "$tmp/strace.log" "$@" >/dev/null
	awk -v name="\"$file\"" '
		/(^|[ ])open(at)?\(/ && index($0, name) { if (match($0, /= [0-9]+$/)) fd[substr($0, RSTART + 2)] = 1 }
		/ read\(/ { split($0, p, "read\\("); split(p[2], q, ","); if (q[1] in fd && match($0, /= [0-9]+$/)) sum += substr($0, RSTART + 2) }
		/ close\(/ { split($0, p, "close\\("); split(p[2], q, ")"); delete fd[q[1]] }
		END { printf "%.0f\n", sum + 0 }' "$tmp/strace.log"
}
read_list=$(bytes_read "$sumac" -a "$list" "$file")
read_one=$(bytes_read "$sumac" -a sha256 "$file")

# Four lists over 1,000 files: how many times sumac -c opens each file.
mkdir "$tmp/tree"
for ((i = 0; i < 1000; i++)); do
	head -c $((i * 37 % 8192)) "$file" >"$tmp/tree/f$i"
done
(
	cd "$tmp/tree"
	for a in "${algos[@]}"; do
		"$sumac" -a "$a" f* >"../${a^^}SUMS"
	done
	strace -f -qq -e trace=?open,openat -o "$tmp/opens.log" "$sumac" -c ../MD5SUMS ../SHA1SUMS \
		../SHA256SUMS ../SHA512SUMS >"$tmp/check.out"
)
check_ok=$(grep -c ': OK$' "$tmp/check.out" || true)
opens=$(grep -Eo 'open(at)?\([^"]*"f[0-9]*"' "$tmp/opens.log" | sed 's/.*"\(f[0-9]*\)"/\1/' |
	sort | uniq -c | awk '{ n[$1]++ } END { for (k in n) printf "%s%d file(s) opened %d time(s)", sep, n[k], k; sep = ", " }')

# In-memory speed (MB/s, 1 MiB buffers) of the backend auto uses.
for a in "${algos[@]}"; do
	"$sumac" --benchmark -a "$a" | awk -v a="$a" '$1 == a && $3 == "*" { print $NF }' >"$tmp/speed-$a"
done

cmds=()
for a in "${algos[@]}"; do
	cmds+=("$sumac -a $a $file")
done
cmds+=("$sumac -a $list $file")
hyperfine -N -w 1 -r "$runs" --export-json "$tmp/h.json" "${cmds[@]}" >/dev/null

cpu=$(sed -n '/^model name/{s/^[^:]*:[[:space:]]*//p;q;}' /proc/cpuinfo 2>/dev/null || true)
cpu_id=$(awk -F': *' '/^cpu family/ { f = $2 } /^model[ \t]*:/ { m = $2 } /^$/ { exit }
	END { if (f != "") printf ", family %s model %s", f, m }' /proc/cpuinfo 2>/dev/null || true)
commit=$(git -C "$srcdir" rev-parse --short HEAD 2>/dev/null || echo unknown)
size=$(wc -c <"$file")

mkdir -p "$(dirname "$out")"
python3 - "$tmp" "$size" "$read_list" "$read_one" "$list" "${cpu:-unknown}$cpu_id" "$commit" \
	"$runs" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" "$check_ok" "$opens" "${algos[@]}" >"$out" <<'EOF'
import json, statistics, sys
tmp, size, read_list, read_one, lst, cpu, commit, runs, ncpu, load, check_ok, opens = sys.argv[1:13]
algos = sys.argv[13:]
size = int(size)
res = json.load(open(f"{tmp}/h.json"))["results"]
med = [statistics.median(r["times"]) for r in res]
single = dict(zip(algos, med[:len(algos)]))
multi = med[len(algos)]
speed = {a: float(open(f"{tmp}/speed-{a}").read().strip()) for a in algos}
compress = {a: size / (speed[a] * 1e6) for a in algos}
slowest = max(algos, key=lambda a: single[a])
bound = 1.1 * (single[slowest] + sum(compress[a] for a in algos if a != slowest))
print(f"# One read for several algorithms: sumac -a {lst}\n")
print(f"- CPU: {cpu}, {ncpu} CPUs; load before the runs: {load}")
print(f"- sumac {commit}; `bench/multi.sh`, hyperfine -N, {runs} runs each, medians;"
      f" the 1 GiB random file of gen-data.sh, cached\n")
print("| run | median (s) | in-memory speed (MB/s) | compression time (s) |")
print("|---|--:|--:|--:|")
for a in algos:
    print(f"| `-a {a}` | {single[a]:.3f} | {speed[a]:.0f} | {compress[a]:.3f} |")
print(f"| `-a {lst}` | **{multi:.3f}** | | |\n")
print(f"- Bound: 1.1 x ({slowest} alone {single[slowest]:.3f} s + the others' compression"
      f" {bound / 1.1 - single[slowest]:.3f} s) = {bound:.3f} s; measured {multi:.3f} s:"
      f" {multi / bound:.2f} of the bound, {'within' if multi < bound else 'OVER'} it.")
print(f"- Sum of the four single runs: {sum(single.values()):.3f} s; the list run is"
      f" {multi / sum(single.values()):.2f} of it.")
print(f"- Bytes read from the file (strace, every thread): `-a {lst}` {int(read_list):,},"
      f" `-a sha256` {int(read_one):,}; the file has {size:,}.")
print(f"- `sumac -c MD5SUMS SHA1SUMS SHA256SUMS SHA512SUMS` over 1,000 files (0 to 8 KiB):"
      f" {check_ok} lines OK of 4,000; {opens} (strace, open and openat).")
EOF
cat "$out"
