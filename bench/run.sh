#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/run.sh [BUILD_DIR]: the whole benchmark, from a configured build
# to one report, bench/results/<date>-<cpu>.md.  About 8 minutes on 2 cores
# once the data exist (bench/README.md).
#
#   BUILD_DIR           a configured build tree (default $SUMAC_BUILD, else .)
#   SUMAC_BENCH_DATA    where gen-data.sh puts the files (default bench/data)
#   SUMAC_BENCH_RUNS    hyperfine runs per command on the 1 GiB file (10)
#   SUMAC_BENCH_OUT     the report to write (default bench/results/<date>-<cpu>.md)
#
# Needs hyperfine (>= 1.13, for -N) and python3; coreutils and the openssl
# command are compared with when present.  Raw hyperfine exports (JSON and
# Markdown, means included) stay in BUILD_DIR/bench/raw/.
set -euo pipefail

started=$(date +%s)
load_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)
srcdir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-${SUMAC_BUILD:-.}}" && pwd)
data=${SUMAC_BENCH_DATA:-$srcdir/bench/data}
runs=${SUMAC_BENCH_RUNS:-10}
small_runs=300
algos="md5 sha1 sha256 sha512"
# "Without SHA-NI": the same feature masked for both sumac and OpenSSL.
# OpenSSL's second word is CPUID.(EAX=7):EBX, where bit 29 is SHA.
nosha_algos="sha1 sha256"
nosha_sumac=-sha
nosha_openssl=':~0x20000000'

say() { printf '\n=== %s\n' "$*" >&2; }
die() {
	printf 'bench/run.sh: %s\n' "$*" >&2
	exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }
# q WORD: WORD quoted for hyperfine's command splitting and for sh.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

[ -f "$build/Makefile" ] || die "$build is not a configured build tree (run configure there, or pass one)"
have hyperfine || die "hyperfine is missing (apt-get install hyperfine)"
have python3 || die "python3 is missing (apt-get install python3)"

# ---- Build.
say "building sumac and bench/speed in $build"
make -s -C "$build" bench >&2
speed=$build/bench/speed
if make -s -C "$build" bench-openssl >"$build/bench-openssl.log" 2>&1; then
	speed=$build/bench/speed-openssl
else
	echo "bench/speed-openssl does not link (no libcrypto?): OpenSSL rows left out" >&2
fi
sumac=$build/src/sumac

# ---- Data, then the page cache: section 1 measures hashing, not the disk.
say "data in $data"
sh "$srcdir/bench/gen-data.sh" "$data"
big=$data/random-1g
avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null || echo 0)
if [ "${avail_kb:-0}" -lt 1572864 ]; then
	echo "warning: under 1.5 GiB of memory available; the 1 GiB file may not stay cached" >&2
fi
cat "$big" >/dev/null
cat "$big" >/dev/null
find "$data/many" -type f -exec cat {} + >/dev/null

stamp=$(date -u +%Y%m%dT%H%M%SZ)
raw=$build/bench/raw/$stamp
mkdir -p "$raw"
: >"$raw/commands.txt"

# hf NAME ARGS...: one hyperfine run, exported as raw/NAME.{json,md}.
hf() {
	local name=$1
	shift
	hyperfine --style basic --export-json "$raw/$name.json" \
		--export-markdown "$raw/$name.md" "$@" >&2
}
# cmd LABEL COMMAND: adds "-n LABEL COMMAND" to the array `args`, and the
# command (data paths shortened) to the list in the report.
cmd() {
	args+=(-n "$1" "$2")
	printf '%s\t%s\n' "$1" "$2" | sed "s|$data|\$DATA|g; s|$build|\$BUILD|g" >>"$raw/commands.txt"
}

# ---- 1. Whole program on the cached 1 GiB file.
for a in $algos; do
	say "1 GiB, $a"
	args=()
	printf '# %s\n' "$a" >>"$raw/commands.txt"
	cmd "sumac (auto)" "$(q "$sumac") -a $a $(q "$big")"
	cmd "sumac --backend portable" "$(q "$sumac") -a $a --backend portable $(q "$big")"
	have "${a}sum" && cmd "coreutils ${a}sum" "${a}sum $(q "$big")"
	have openssl && cmd "openssl dgst -$a" "openssl dgst -$a $(q "$big")"
	hf "whole-$a" -N --warmup 1 --runs "$runs" "${args[@]}"
done

# ---- 1b. Whole program without SHA-NI, masked alike for sumac and for
# openssl dgst; coreutils does not use it anyway.  The driver that auto
# picks under the mask goes into the report.
for a in $nosha_algos; do
	say "1 GiB, $a, SHA-NI masked"
	args=()
	printf '# %s, SHA-NI masked\n' "$a" >>"$raw/commands.txt"
	cmd "sumac, SUMAC_CPU=$nosha_sumac" "env SUMAC_CPU=$nosha_sumac $(q "$sumac") -a $a $(q "$big")"
	have openssl && cmd "openssl dgst -$a, SHA-NI masked" \
		"env $(q "OPENSSL_ia32cap=$nosha_openssl") openssl dgst -$a $(q "$big")"
	have "${a}sum" && cmd "coreutils ${a}sum" "${a}sum $(q "$big")"
	hf "nosha-$a" -N --warmup 1 --runs "$runs" "${args[@]}"
	SUMAC_CPU=$nosha_sumac "$sumac" --debug -a "$a" /dev/null 2>&1 >/dev/null |
		sed -n 's/^.*: using \(.*\) (auto)$/\1/p' >"$raw/nosha-$a.driver"
done

# ---- 2. 10,000 files of 4 KiB in one process.  The shell expands the
# glob (names relative to the directory, 70 KB in all, far below ARG_MAX);
# hyperfine subtracts the shell's own start-up.
say "10,000 x 4 KiB"
args=()
printf '# many\n' >>"$raw/commands.txt"
cmd "sumac -a sha256" "cd $(q "$data/many") && $(q "$sumac") -a sha256 f*"
have sha256sum && cmd "coreutils sha256sum" "cd $(q "$data/many") && sha256sum f*"
have openssl && cmd "openssl dgst -sha256" "cd $(q "$data/many") && openssl dgst -sha256 f*"
hf many --shell=sh --warmup 2 --runs "$runs" "${args[@]}"

# ---- 3. Per-process cost: a 16-byte file and an empty file.
for f in small-16 empty; do
	say "per process, $f"
	args=()
	printf '# %s\n' "$f" >>"$raw/commands.txt"
	cmd "sumac -a sha256" "$(q "$sumac") -a sha256 $(q "$data/$f")"
	have sha256sum && cmd "coreutils sha256sum" "sha256sum $(q "$data/$f")"
	have openssl && cmd "openssl dgst -sha256" "openssl dgst -sha256 $(q "$data/$f")"
	hf "proc-$f" -N --warmup 20 --runs "$small_runs" "${args[@]}"
done

# ---- 4. In-process speed of every implementation.
say "in-process speed ($speed)"
"$speed" -a md5 -a sha1 -a sha256 -a sha512 >"$raw/speed.md"
say "in-process speed, SHA-NI masked ($speed)"
# shellcheck disable=SC2046
env SUMAC_CPU=$nosha_sumac OPENSSL_ia32cap="$nosha_openssl" "$speed" \
	$(for a in $nosha_algos; do printf -- '-a %s ' "$a"; done) >"$raw/speed-nosha.md"

# ---- The report.
cpu=$(sed -n '/^model name/{s/^[^:]*:[[:space:]]*//p;q;}' /proc/cpuinfo 2>/dev/null || true)
cpu=${cpu:-$(uname -m)}
# "AMD EPYC 7B13 64-Core Processor" -> amd-epyc-7b13
cpu_short=$(printf '%s' "$cpu" |
	sed -E 's/\((R|TM|tm|r)\)//g; s/@.*//; s/[0-9]+-Core//; s/ (CPU|Processor)//g' |
	tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g; s/^-//; s/-$//')
out=${SUMAC_BENCH_OUT:-$srcdir/bench/results/$(date -u +%Y-%m-%d)-${cpu_short:-unknown}.md}
mkdir -p "$(dirname "$out")"

commit=$(git -C "$srcdir" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] && [ -n "$(git -C "$srcdir" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	commit="$commit (with uncommitted changes)"
fi
cc_line=$(make -s -C "$build" bench-print-cc 2>/dev/null | sed -n 's/^SUMAC_BENCH_CC=//p')
cc_line=${cc_line:-cc}
cc_version=$({ $cc_line --version 2>/dev/null || true; } | sed -n 1p)
elapsed=$(($(date +%s) - started))

{
	echo "# sumac benchmark, $(date -u +%Y-%m-%d)"
	echo
	echo "| | |"
	echo "|---|---|"
	echo "| CPU | $cpu ($(nproc 2>/dev/null || echo ?) logical CPUs) |"
	echo "| kernel | $(uname -sr) |"
	echo "| load average at start, at end | $load_start; $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?) |"
	echo "| sumac commit | $commit |"
	echo "| compiler | \`$cc_line\`: $cc_version |"
	echo "| coreutils | $({ sha256sum --version 2>/dev/null || echo absent; } | sed -n 1p) |"
	echo "| openssl | $(openssl version 2>/dev/null || echo absent) |"
	echo "| hyperfine | $(hyperfine --version) |"
	echo "| run time of bench/run.sh | ${elapsed} s |"
	echo
	ncpu=$(nproc 2>/dev/null || echo 1)
	if awk -v a="${load_start%% *}" -v n="$ncpu" 'BEGIN { exit !(a > n / 2) }'; then
		echo "**The machine was busy** (load average $load_start at the start, on $ncpu CPUs):"
		echo "the wall-clock tables 1 to 3 are disturbed, and their min and max show by how"
		echo "much. Table 4 counts CPU time and is affected far less."
		echo
	fi
	echo "sumac's backends here (\`sumac --list-backends\`):"
	echo
	echo '```'
	"$sumac" --list-backends
	echo '```'
	echo
	python3 - "$raw" "$runs" "$small_runs" "$nosha_sumac" "$nosha_openssl" <<'EOF'
import json, os, sys

raw, runs, small_runs, nosha_sumac, nosha_openssl = sys.argv[1:6]
GIB = 1 << 30


def load(name):
    path = os.path.join(raw, name + ".json")
    with open(path) as f:
        return {r["command"]: r for r in json.load(f)["results"]}


def ratio(res, a, b):
    """Speed of a over speed of b (> 1: a is faster)."""
    if a not in res or b not in res:
        return "n/a"
    return "%.2f×" % (res[b]["median"] / res[a]["median"])


def times_details(res, title):
    """The hyperfine times of one run, folded under "TITLE: times"."""
    print("<details><summary>%s: times</summary>\n" % title)
    print("| command | median | min | max | GB/s (median) |")
    print("|---|--:|--:|--:|--:|")
    for n, r in res.items():
        print("| %s | %.3f s | %.3f s | %.3f s | %.2f |" % (n, r["median"], r["min"], r["max"],
              GIB / r["median"] / 1e9))
    print("\n</details>\n")


algos = ["md5", "sha1", "sha256", "sha512"]
print("## 1. Whole program, 1 GiB file in the page cache\n")
print("Median of %s runs after 1 warm-up (hyperfine -N, no shell).  GB/s is 10^9 bytes/s.  "
      "Ratios compare speeds: > 1 means the first is faster.\n" % runs)
print("| algorithm | sumac (auto) GB/s | sumac portable GB/s | coreutils GB/s | openssl GB/s "
      "| sumac/openssl | sumac/coreutils | portable/coreutils |")
print("|---|--:|--:|--:|--:|--:|--:|--:|")
for a in algos:
    res = load("whole-" + a)
    names = ["sumac (auto)", "sumac --backend portable", "coreutils %ssum" % a, "openssl dgst -" + a]
    cells = ["%.2f" % (GIB / res[n]["median"] / 1e9) if n in res else "n/a" for n in names]
    print("| %s | %s | %s | %s | %s |" % (a, " | ".join(cells),
          ratio(res, names[0], names[3]), ratio(res, names[0], names[2]),
          ratio(res, names[1], names[2])))
print()
for a in algos:
    times_details(load("whole-" + a), a)

print("## 1b. Without SHA-NI: whole program, 1 GiB file in the page cache\n")
print("SHA-NI masked for sumac (`SUMAC_CPU=%s`) and for OpenSSL (`OPENSSL_ia32cap='%s'`), as on "
      "a CPU without it (Haswell to Cascade Lake); coreutils does not use it.  One hyperfine run "
      "per algorithm, median of %s runs after 1 warm-up.\n" % (nosha_sumac, nosha_openssl, runs))
print("| algorithm | sumac picks | sumac GB/s | openssl GB/s | coreutils GB/s "
      "| sumac/openssl | sumac/coreutils |")
print("|---|---|--:|--:|--:|--:|--:|")
nosha = [os.path.basename(p)[6:-5] for p in sorted(os.listdir(raw))
         if p.startswith("nosha-") and p.endswith(".json")]
nosha.sort(key=lambda a: algos.index(a) if a in algos else 99)
for a in nosha:
    res = load("nosha-" + a)
    names = ["sumac, SUMAC_CPU=" + nosha_sumac, "openssl dgst -%s, SHA-NI masked" % a,
             "coreutils %ssum" % a]
    cells = ["%.2f" % (GIB / res[n]["median"] / 1e9) if n in res else "n/a" for n in names]
    with open(os.path.join(raw, "nosha-%s.driver" % a)) as f:
        driver = f.read().strip() or "?"
    print("| %s | %s | %s | %s | %s |" % (a, driver, " | ".join(cells),
          ratio(res, names[0], names[1]), ratio(res, names[0], names[2])))
print()
for a in nosha:
    times_details(load("nosha-" + a), a + ", SHA-NI masked")

res = load("many")
print("## 2. 10,000 files of 4 KiB in one invocation\n")
print("`cd many && PROGRAM f*`, median of %s runs (hyperfine subtracts the shell's start-up).\n" % runs)
print("| command | median | min | max | files/s | MB/s |")
print("|---|--:|--:|--:|--:|--:|")
for n, r in res.items():
    print("| %s | %.1f ms | %.1f ms | %.1f ms | %.0f | %.0f |" % (
        n, r["median"] * 1e3, r["min"] * 1e3, r["max"] * 1e3, 10000 / r["median"],
        10000 * 4096 / r["median"] / 1e6))
print("\nsumac/coreutils speed: %s; sumac/openssl: %s.\n" % (
    ratio(res, "sumac -a sha256", "coreutils sha256sum"),
    ratio(res, "sumac -a sha256", "openssl dgst -sha256")))

print("## 3. Per-process cost\n")
print("One process per hash, wall time, median of %s runs after 20 warm-ups (hyperfine -N).\n"
      % small_runs)
print("| file | command | median | min | max | sumac/this speed |")
print("|---|---|--:|--:|--:|--:|")
for f, label in (("small-16", "16 bytes"), ("empty", "empty")):
    res = load("proc-" + f)
    for n, r in res.items():
        rel = "" if n.startswith("sumac") else ratio(res, "sumac -a sha256", n)
        print("| %s | %s | %.3f ms | %.3f ms | %.3f ms | %s |" % (
            label, n, r["median"] * 1e3, r["min"] * 1e3, r["max"] * 1e3, rel))
print()

print("## 4. In-process speed (bench/speed)\n")
with open(os.path.join(raw, "speed.md")) as f:
    body = f.read()
print(body.rstrip() + "\n")

print("## 5. In-process speed without SHA-NI (bench/speed)\n")
print("`SUMAC_CPU=%s` for sumac's rows and `OPENSSL_ia32cap='%s'` for OpenSSL's, in the same "
      "process: what a CPU without SHA-NI gets.  The 1 MiB and 64 MiB columns of the last table "
      "are the ratios against OpenSSL's one-shot with the same mask.\n" % (nosha_sumac, nosha_openssl))
with open(os.path.join(raw, "speed-nosha.md")) as f:
    body = f.read()
print(body.rstrip() + "\n")

print("## Commands\n")
print("`$DATA` is the directory of bench/gen-data.sh, `$BUILD` the build tree.\n")
print("```")
with open(os.path.join(raw, "commands.txt")) as f:
    for line in f:
        line = line.rstrip("\n")
        if line.startswith("# "):
            print(line)
        else:
            name, command = line.split("\t", 1)
            print("%-26s %s" % (name + ":", command))
print("```")
EOF
} >"$out.tmp"
mv -f "$out.tmp" "$out"
say "wrote $out (raw exports in $raw); ${elapsed} s"
