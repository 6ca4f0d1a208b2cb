#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/run.sh [BUILD_DIR]: the whole benchmark, from a configured build
# to one report, bench/results/<date>-<cpu>.md.  About 8 minutes on 2 cores
# once the data exist, plus the many-files table (bench/README.md).
#
#   BUILD_DIR             a configured build tree (default $SUMAC_BUILD, else .)
#   SUMAC_BENCH_DATA      where gen-data.sh puts the files (default bench/data)
#   SUMAC_BENCH_RUNS      hyperfine runs per command on the 1 GiB file (10)
#   SUMAC_BENCH_TABLES    the tables to run (default "whole nosha sha1dc cksum many proc speed files")
#   SUMAC_BENCH_FILES_ALGOS  algorithms of the many-files table (sha256 sha1 sha512 md5)
#   SUMAC_BENCH_GNU_REF   GNU reference builds for the cksum table (default
#                         ../shared/gnu-ref beside the source tree): 9.10's
#                         cksum for crc32b (9.1 has none), 9.11's for SHA-3
#   SUMAC_BENCH_FILES_RUNS   its hyperfine runs per command: 64 x 16 MiB, 10,000 x 4 KiB (3 10)
#   SUMAC_BENCH_OUT       the report to write (default bench/results/<date>-<cpu>.md)
#
# Needs hyperfine (>= 1.13, for -N) and python3; coreutils, the openssl
# command, xargs (for coreutils and openssl at -j 2) and b3sum are compared
# with when present.  Raw hyperfine exports (JSON and
# Markdown, means included) stay in BUILD_DIR/bench/raw/.
set -euo pipefail

started=$(date +%s)
load_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)
srcdir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-${SUMAC_BUILD:-.}}" && pwd)
data=${SUMAC_BENCH_DATA:-$srcdir/bench/data}
runs=${SUMAC_BENCH_RUNS:-10}
small_runs=300
algos="md5 sha1 sha256 sha512 blake2b sha3-256 sm3 sysv bsd"
all_tables="whole nosha sha1dc cksum many proc speed files"
tables=${SUMAC_BENCH_TABLES:-$all_tables}
files_algos=${SUMAC_BENCH_FILES_ALGOS:-sha256 sha1 sha512 md5}
files_runs=${SUMAC_BENCH_FILES_RUNS:-3 10}
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
# want TABLE: TABLE is among those to run.
want() { case " $tables " in *" $1 "*) return 0 ;; *) return 1 ;; esac }
# q WORD: WORD quoted for hyperfine's command splitting and for sh.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

[ -f "$build/Makefile" ] || die "$build is not a configured build tree (run configure there, or pass one)"
have hyperfine || die "hyperfine is missing (apt-get install hyperfine)"
have python3 || die "python3 is missing (apt-get install python3)"
for t in $tables; do
	case " $all_tables " in
	*" $t "*) ;;
	*) die "unknown table '$t' in SUMAC_BENCH_TABLES ($all_tables)" ;;
	esac
done
# shellcheck disable=SC2086
set -- $files_runs
files_runs_big=${1:-3}
files_runs_small=${2:-$files_runs_big}

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
# Only the sets the chosen tables read.
sets=
if want whole || want nosha || want sha1dc || want cksum; then sets="$sets big"; fi
if want proc; then sets="$sets small"; fi
if want many || want files; then sets="$sets many"; fi
if want files; then sets="$sets many16m"; fi
say "data in $data:$sets"
# shellcheck disable=SC2086
[ -z "$sets" ] || sh "$srcdir/bench/gen-data.sh" "$data" $sets
big=$data/random-1g
need_kb=0
case $sets in *big*) need_kb=$((need_kb + 1572864)) ;; esac
case $sets in *many16m*) need_kb=$((need_kb + 1310720)) ;; esac
avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null || echo 0)
if [ "${avail_kb:-0}" -lt "$need_kb" ]; then
	echo "warning: under $((need_kb / 1024)) MiB of memory available; the data may not stay cached" >&2
fi
case $sets in *big*) cat "$big" "$big" >/dev/null ;; esac
case $sets in *" many"*) find "$data/many" -type f -exec cat {} + >/dev/null ;; esac
case $sets in *many16m*) find "$data/many-16m" -type f -exec cat {} + >/dev/null ;; esac

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

# gnu_prog ALGO / ossl_name ALGO: coreutils' command and openssl dgst's
# digest name for an algorithm (BLAKE2b is b2sum and -blake2b512; SM3 is
# cksum -a sm3, the sums are sum -s and sum -r; openssl has no sums;
# SHA3-256 has no command in coreutils 9.1, so its cell is n/a).
gnu_prog() {
	case $1 in
	blake2b) echo b2sum ;;
	sm3) echo "cksum -a sm3" ;;
	sysv) echo "sum -s" ;;
	bsd) echo "sum -r" ;;
	*) echo "${1}sum" ;;
	esac
}
ossl_name() {
	case $1 in blake2b) echo blake2b512 ;; sysv | bsd) ;; *) echo "$1" ;; esac
}

# ---- 1. Whole program on the cached 1 GiB file.
want whole && for a in $algos; do
	say "1 GiB, $a"
	args=()
	printf '# %s\n' "$a" >>"$raw/commands.txt"
	cmd "sumac (auto)" "$(q "$sumac") -a $a $(q "$big")"
	cmd "sumac --backend portable" "$(q "$sumac") -a $a --backend portable $(q "$big")"
	g=$(gnu_prog "$a") o=$(ossl_name "$a")
	have "${g%% *}" && cmd "coreutils $g" "$g $(q "$big")"
	[ -n "$o" ] && have openssl && cmd "openssl dgst -$o" "openssl dgst -$o $(q "$big")"
	hf "whole-$a" -N --warmup 1 --runs "$runs" "${args[@]}"
done

# ---- 1b. Whole program without SHA-NI, masked alike for sumac and for
# openssl dgst; coreutils does not use it anyway.  The driver that auto
# picks under the mask goes into the report.
want nosha && for a in $nosha_algos; do
	say "1 GiB, $a, SHA-NI masked"
	args=()
	printf '# %s, SHA-NI masked\n' "$a" >>"$raw/commands.txt"
	cmd "sumac, SUMAC_CPU=$nosha_sumac" "env SUMAC_CPU=$nosha_sumac $(q "$sumac") -a $a $(q "$big")"
	# openssl dgst does not look for collisions: sumac without, for the
	# same work.
	[ "$a" = sha1 ] && cmd "sumac, SUMAC_CPU=$nosha_sumac, detection off" \
		"env SUMAC_CPU=$nosha_sumac SUMAC_SHA1_COLLISIONS=ignore $(q "$sumac") -a $a $(q "$big")"
	have openssl && cmd "openssl dgst -$a, SHA-NI masked" \
		"env $(q "OPENSSL_ia32cap=$nosha_openssl") openssl dgst -$a $(q "$big")"
	have "${a}sum" && cmd "coreutils ${a}sum" "${a}sum $(q "$big")"
	hf "nosha-$a" -N --warmup 1 --runs "$runs" "${args[@]}"
	SUMAC_CPU=$nosha_sumac "$sumac" --debug -a "$a" /dev/null 2>&1 >/dev/null |
		sed -n 's/^.*: using \(.*\) (auto)$/\1/p' >"$raw/nosha-$a.driver"
done

# ---- 1b'. SHA-1 collision detection (issue 19): sumac -a sha1 as it runs
# by default (detection on), the same with SUMAC_SHA1_COLLISIONS=ignore,
# coreutils and openssl dgst, in one hyperfine run.
want sha1dc && {
	say "1 GiB, sha1, collision detection on and off"
	args=()
	printf '# sha1, collision detection\n' >>"$raw/commands.txt"
	cmd "sumac, detection on" "$(q "$sumac") -a sha1 $(q "$big")"
	cmd "sumac, detection off" "env SUMAC_SHA1_COLLISIONS=ignore $(q "$sumac") -a sha1 $(q "$big")"
	cmd "sumac --backend portable, detection on" \
		"$(q "$sumac") -a sha1 --backend portable $(q "$big")"
	cmd "sumac --backend portable, detection off" \
		"env SUMAC_SHA1_COLLISIONS=ignore $(q "$sumac") -a sha1 --backend portable $(q "$big")"
	have sha1sum && cmd "coreutils sha1sum" "sha1sum $(q "$big")"
	have openssl && cmd "openssl dgst -sha1" "openssl dgst -sha1 $(q "$big")"
	hf "sha1dc" -N --warmup 1 --runs "$runs" "${args[@]}"
}

# ---- 1c. cksum's algorithms, whole program on the 1 GiB file: sumac
# under the name cksum (a link in the raw directory) against GNU cksum of
# this machine (9.1: the CRC with PCLMUL), the GNU reference builds (9.10
# for crc32b, which came in 9.6; 9.11 for SHA-3, 9.8) and openssl dgst.
# SM3 and the sums are in table 1, against GNU cksum -a sm3 and sum.
gnu_ref=${SUMAC_BENCH_GNU_REF:-$srcdir/../shared/gnu-ref}
# cksum_row NAME SUMAC_ARGS GNU_ARGS OPENSSL_DIGEST: one hyperfine run.
# The argument strings are split into words on purpose.
# shellcheck disable=SC2086
cksum_row() {
	local name=$1 sargs=$2 gargs=$3 od=$4 v
	say "1 GiB, cksum $sargs"
	args=()
	printf '# cksum %s\n' "$name" >>"$raw/commands.txt"
	cmd "sumac cksum${sargs:+ $sargs}" "$(q "$raw/cksum") $sargs $(q "$big")"
	have cksum && cksum $gargs /dev/null >/dev/null 2>&1 &&
		cmd "coreutils cksum${gargs:+ $gargs}" "cksum $gargs $(q "$big")"
	for v in 9.10 9.11; do
		[ -x "$gnu_ref/$v/bin/cksum" ] && "$gnu_ref/$v/bin/cksum" $gargs /dev/null >/dev/null 2>&1 &&
			cmd "GNU $v cksum${gargs:+ $gargs}" "$(q "$gnu_ref/$v/bin/cksum") $gargs $(q "$big")"
	done
	[ -n "$od" ] && have openssl && openssl dgst "-$od" /dev/null >/dev/null 2>&1 &&
		cmd "openssl dgst -$od" "openssl dgst -$od $(q "$big")"
	hf "cksum-$name" -N --warmup 1 --runs "$runs" "${args[@]}"
}
if want cksum; then
	ln -sf "$sumac" "$raw/cksum"
	cksum_row crc "" "" ""
	cksum_row crc32b "-a crc32b" "-a crc32b" ""
	cksum_row sha3-256 "-a sha3 -l 256" "-a sha3 -l 256" sha3-256
fi

# ---- 2. 10,000 files of 4 KiB in one process.  The shell expands the
# glob (names relative to the directory, 70 KB in all, far below ARG_MAX);
# hyperfine subtracts the shell's own start-up.
if want many; then
	say "10,000 x 4 KiB"
	args=()
	printf '# many\n' >>"$raw/commands.txt"
	cmd "sumac -a sha256" "cd $(q "$data/many") && $(q "$sumac") -a sha256 f*"
	have sha256sum && cmd "coreutils sha256sum" "cd $(q "$data/many") && sha256sum f*"
	have openssl && cmd "openssl dgst -sha256" "cd $(q "$data/many") && openssl dgst -sha256 f*"
	hf many --shell=sh --warmup 2 --runs "$runs" "${args[@]}"
fi

# ---- 3. Per-process cost: a 16-byte file and an empty file.
want proc && for f in small-16 empty; do
	say "per process, $f"
	args=()
	printf '# %s\n' "$f" >>"$raw/commands.txt"
	cmd "sumac -a sha256" "$(q "$sumac") -a sha256 $(q "$data/$f")"
	have sha256sum && cmd "coreutils sha256sum" "sha256sum $(q "$data/$f")"
	have openssl && cmd "openssl dgst -sha256" "openssl dgst -sha256 $(q "$data/$f")"
	hf "proc-$f" -N --warmup 20 --runs "$small_runs" "${args[@]}"
done

# ---- 4. In-process speed of every implementation.
if want speed; then
	say "in-process speed ($speed)"
	"$speed" $(for a in $algos crc crc32b; do printf -- '-a %s ' "$a"; done) >"$raw/speed.md"
	say "in-process speed, SHA-NI masked ($speed)"
	# shellcheck disable=SC2046
	env SUMAC_CPU=$nosha_sumac OPENSSL_ia32cap="$nosha_openssl" "$speed" \
		$(for a in $nosha_algos; do printf -- '-a %s ' "$a"; done) >"$raw/speed-nosha.md"
fi

# ---- 6. Many files at once: 64 x 16 MiB and 10,000 x 4 KiB, cached.  Per
# algorithm one hyperfine run holds every program, serial and at -j 2, so
# that the ratios between them are paired (same load, same minutes).  sumac
# runs with its lanes (several files hashed at once by one thread) as it
# chooses and with SUMAC_LANES=off: the latter at -j 1 is what sumac did
# before lanes, the reference of the ratios.  env in both, so that both pay
# the same exec and a SUMAC_LANES of the caller's cannot leak into the
# first.  Programs without a -j of their own get two processes from xargs,
# each with half the names.  b3sum is BLAKE3, another hash: it is there as
# the reference of a fast multi-file tool; its threads split one file, so
# --num-threads 2 stands for -j 2.
files_table() { # SET COUNT ALGO RUNS WARMUP (COUNT: for the halves of xargs)
	local set=$1 a=$3 n=$4 warmup=$5
	local cd_set half=$((($2 + 1) / 2))
	cd_set="cd $(q "$data/$set") &&"
	args=()
	printf '# %s, %s\n' "$set" "$a" >>"$raw/commands.txt"
	cmd "sumac -j 1, lanes off" "$cd_set env SUMAC_LANES=off $(q "$sumac") -a $a -j 1 f*"
	cmd "sumac -j 1" "$cd_set env -u SUMAC_LANES $(q "$sumac") -a $a -j 1 f*"
	cmd "sumac -j 2, lanes off" "$cd_set env SUMAC_LANES=off $(q "$sumac") -a $a -j 2 f*"
	cmd "sumac -j 2" "$cd_set env -u SUMAC_LANES $(q "$sumac") -a $a -j 2 f*"
	if have "${a}sum"; then
		cmd "coreutils ${a}sum" "$cd_set ${a}sum f*"
		have xargs && cmd "coreutils ${a}sum, xargs -P 2" \
			"$cd_set printf '%s\\n' f* | xargs -P 2 -n $half ${a}sum"
	fi
	if have openssl; then
		cmd "openssl dgst -$a" "$cd_set openssl dgst -$a f*"
		have xargs && cmd "openssl dgst -$a, xargs -P 2" \
			"$cd_set printf '%s\\n' f* | xargs -P 2 -n $half openssl dgst -$a"
	fi
	if have b3sum; then
		cmd "b3sum --num-threads 1 (BLAKE3)" "$cd_set b3sum --num-threads 1 f*"
		cmd "b3sum --num-threads 2 (BLAKE3)" "$cd_set b3sum --num-threads 2 f*"
	fi
	hf "files-$set-$a" --shell=sh --warmup "$warmup" --runs "$n" "${args[@]}"
}
if want files; then
	files_started=$(date +%s)
	for a in $files_algos; do
		say "many files: 64 x 16 MiB, $a"
		# No warm-up: the files are cached already, and a run of this
		# table costs seconds.
		files_table many-16m 64 "$a" "$files_runs_big" 0
	done
	for a in $files_algos; do
		say "many files: 10,000 x 4 KiB, $a"
		files_table many 10000 "$a" "$files_runs_small" 1
	done
	echo "$(($(date +%s) - files_started))" >"$raw/files.elapsed"
fi

# ---- The report.
cpu=$(sed -n '/^model name/{s/^[^:]*:[[:space:]]*//p;q;}' /proc/cpuinfo 2>/dev/null || true)
cpu=${cpu:-$(uname -m)}
# A virtual machine's model name may be no more than "AMD EPYC": the
# family and model numbers tell the generation (family 25: Zen 3 and 4, 26: Zen 5).
cpu_id=$(awk -F': *' '/^cpu family/ { f = $2 } /^model[ \t]*:/ { m = $2 } /^stepping/ { s = $2 }
	/^$/ { exit } END { if (f != "") printf ", family %s model %s stepping %s", f, m, s }' /proc/cpuinfo 2>/dev/null || true)
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
	echo "| CPU | $cpu ($(nproc 2>/dev/null || echo ?) logical CPUs)$cpu_id |"
	echo "| kernel | $(uname -sr) |"
	echo "| load average at start, at end | $load_start; $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?) |"
	echo "| sumac commit | $commit |"
	echo "| compiler | \`$cc_line\`: $cc_version |"
	echo "| coreutils | $({ sha256sum --version 2>/dev/null || echo absent; } | sed -n 1p) |"
	echo "| openssl | $(openssl version 2>/dev/null || echo absent) |"
	echo "| hyperfine | $(hyperfine --version) |"
	echo "| run time of bench/run.sh | ${elapsed} s$([ -f "$raw/files.elapsed" ] && printf ', of which the many-files table %s s' "$(cat "$raw/files.elapsed")") |"
	echo "| tables | $tables |"
	have b3sum && echo "| b3sum | $(b3sum --version) |"
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
	python3 - "$raw" "$runs" "$small_runs" "$nosha_sumac" "$nosha_openssl" "$tables" \
		"$files_algos" "$files_runs_big" "$files_runs_small" <<'EOF'
import json, os, sys

raw, runs, small_runs, nosha_sumac, nosha_openssl, tables = sys.argv[1:7]
files_algos = sys.argv[7].split()
files_runs = sys.argv[8:10]
tables = tables.split()
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


algos = ["md5", "sha1", "sha256", "sha512", "blake2b", "sha3-256", "sm3", "sysv", "bsd"]


def gnu_prog(a):
    return {"blake2b": "b2sum", "sm3": "cksum -a sm3", "sysv": "sum -s",
            "bsd": "sum -r"}.get(a, a + "sum")


def ossl_name(a):
    return "blake2b512" if a == "blake2b" else a


def whole():
    print("## 1. Whole program, 1 GiB file in the page cache\n")
    print("Median of %s runs after 1 warm-up (hyperfine -N, no shell).  GB/s is 10^9 bytes/s.  "
          "Ratios compare speeds: > 1 means the first is faster.\n" % runs)
    print("| algorithm | sumac (auto) GB/s | sumac portable GB/s | coreutils GB/s | openssl GB/s "
          "| sumac/openssl | sumac/coreutils | portable/coreutils |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for a in algos:
        res = load("whole-" + a)
        names = ["sumac (auto)", "sumac --backend portable", "coreutils " + gnu_prog(a),
                 "openssl dgst -" + ossl_name(a)]
        cells = ["%.2f" % (GIB / res[n]["median"] / 1e9) if n in res else "n/a" for n in names]
        print("| %s | %s | %s | %s | %s |" % (a, " | ".join(cells),
              ratio(res, names[0], names[3]), ratio(res, names[0], names[2]),
              ratio(res, names[1], names[2])))
    print()
    for a in algos:
        times_details(load("whole-" + a), a)


def nosha_table():
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
        off = names[0] + ", detection off"
        if off in res:
            cells[0] = "%.2f" % (GIB / res[off]["median"] / 1e9)
            print("| %s, detection off | %s | %s | %s | %s |" % (a, driver, " | ".join(cells),
                  ratio(res, off, names[1]), ratio(res, off, names[2])))
    print()
    for a in nosha:
        times_details(load("nosha-" + a), a + ", SHA-NI masked")


def sha1dc_table():
    print("## 1b'. SHA-1 collision detection: whole program, 1 GiB file in the page cache\n")
    print("sumac -a sha1 as sha1sum runs it by default (detection on) and with "
          "`SUMAC_SHA1_COLLISIONS=ignore`, in one hyperfine run (median of %s runs after 1 "
          "warm-up).  Issue 19's targets: on/off >= 0.8, on/coreutils >= 1.5.\n" % runs)
    res = load("sha1dc")
    on, off, gnu, ossl = ("sumac, detection on", "sumac, detection off", "coreutils sha1sum",
                          "openssl dgst -sha1")
    print("| command | median | GB/s |")
    print("|---|--:|--:|")
    for n, r in res.items():
        print("| %s | %.3f s | %.2f |" % (n, r["median"], GIB / r["median"] / 1e9))
    print()
    print("- detection on / off: %s" % ratio(res, on, off))
    print("- detection on / coreutils: %s" % ratio(res, on, gnu))
    print("- detection on / openssl: %s" % ratio(res, on, ossl))
    print("- detection off / openssl: %s" % ratio(res, off, ossl))
    pon, poff = "sumac --backend portable, detection on", "sumac --backend portable, detection off"
    print("- portable, detection on / off: %s" % ratio(res, pon, poff))
    print("- portable, detection off / coreutils: %s\n" % ratio(res, poff, gnu))


def cksum_table():
    print("## 1c. cksum's algorithms: whole program, 1 GiB file in the page cache\n")
    print("sumac runs under the name cksum.  One hyperfine run per algorithm (median of %s runs after "
          "1 warm-up): coreutils is this machine's GNU cksum, GNU 9.10/9.11 the reference builds "
          "(crc32b came in 9.6, SHA-3 in 9.8).  *sumac/best other* is sumac's speed over the fastest "
          "other row.\n" % runs)
    print("| algorithm | command | median | GB/s | sumac/this |")
    print("|---|---|--:|--:|--:|")
    best = []
    for a in ("crc", "crc32b", "sha3-256"):
        path = os.path.join(raw, "cksum-%s.json" % a)
        if not os.path.exists(path):
            continue
        res = load("cksum-" + a)
        mine = [n for n in res if n.startswith("sumac")][0]
        others = [n for n in res if n != mine]
        for n, r in res.items():
            print("| %s | %s | %.3f s | %.2f | %s |" % (a, n, r["median"], GIB / r["median"] / 1e9,
                  "" if n == mine else ratio(res, mine, n)))
        if others:
            fastest = min(others, key=lambda n: res[n]["median"])
            best.append("%s: %s over %s" % (a, ratio(res, mine, fastest), fastest))
    print()
    for line in best:
        print("- " + line)
    print()


def many():
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


def proc():
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


def speed():
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


def files():
    print("## 6. Many files at once, in the page cache\n")
    print("Per algorithm one hyperfine run (`--shell=sh`, its start-up subtracted) over "
          "every row, so the ratios within one algorithm are paired.  Medians of %s runs (64 x 16 MiB, "
          "no warm-up: the files are cached beforehand) and %s runs (10,000 x 4 KiB, after 1 warm-up).  *vs today* is the speed over `sumac -j 1` with "
          "`SUMAC_LANES=off`, sumac's serial run before lanes; *vs coreutils* the speed over "
          "coreutils' program of the same algorithm at the same -j (xargs -P 2 for -j 2).  > 1: "
          "faster.  coreutils and openssl get their -j 2 from `xargs -P 2 -n HALF`, two processes of "
          "half the names each.  b3sum computes BLAKE3, a different hash: it is the reference of a "
          "fast multi-file tool, not a like-for-like row; its threads split one file, so on 4 KiB "
          "files --num-threads 2 cannot help it.\n" % tuple(files_runs))
    for set_, count, size, title in (("many-16m", 64, 16 << 20, "64 files of 16 MiB (1 GiB)"),
                                     ("many", 10000, 4096, "10,000 files of 4 KiB (40 MiB)")):
        present = [a for a in files_algos
                   if os.path.exists(os.path.join(raw, "files-%s-%s.json" % (set_, a)))]
        if not present:
            continue
        print("### %s\n" % title)
        print("| algorithm | command | median | min | max | %s | vs today | vs coreutils |"
              % ("GB/s" if size > 4096 else "files/s"))
        print("|---|---|--:|--:|--:|--:|--:|--:|")
        summary = []
        for a in present:
            res = load("files-%s-%s" % (set_, a))
            today = "sumac -j 1, lanes off"
            cu1, cu2 = "coreutils %ssum" % a, "coreutils %ssum, xargs -P 2" % a
            for n, r in res.items():
                rate = (count * size / r["median"] / 1e9 if size > 4096 else count / r["median"])
                two = "-j 2" in n or "xargs -P 2" in n or "--num-threads 2" in n
                vs_cu = ratio(res, n, cu2 if two else cu1)
                print("| %s | %s | %.3f s | %.3f s | %.3f s | %s | %s | %s |" % (
                    a, n, r["median"], r["min"], r["max"],
                    ("%.2f" % rate) if size > 4096 else ("%.0f" % rate),
                    ratio(res, n, today), vs_cu))
            summary.append("%s: lanes on/off at -j 1 %s, at -j 2 %s; -j 2 with lanes over today %s" % (
                a, ratio(res, "sumac -j 1", today), ratio(res, "sumac -j 2", "sumac -j 2, lanes off"),
                ratio(res, "sumac -j 2", today)))
        print()
        for line in summary:
            print("- " + line)
        print()


for name, fn in (("whole", whole), ("nosha", nosha_table), ("sha1dc", sha1dc_table),
                 ("cksum", cksum_table), ("many", many),
                 ("proc", proc),
                 ("speed", speed), ("files", files)):
    if name in tables:
        fn()

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
