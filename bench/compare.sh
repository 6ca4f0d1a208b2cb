#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/compare.sh OLD_BUILD NEW_BUILD: two builds of sumac side by side in
# one run, for a claim such as "no slowdown against the previous commit".
# Writes bench/results/<date>-<cpu>-compare.md (bench/README.md).  About
# 10 minutes on 2 cores once the data exist.
#
#   OLD_BUILD, NEW_BUILD  configured build trees (out of tree is fine), each
#                         built with the same configure flags
#   SUMAC_BENCH_DATA      where gen-data.sh puts the files (default bench/data)
#   SUMAC_BENCH_RUNS      hyperfine runs per command, tables 1 and 2 (10)
#   SUMAC_BENCH_SMALL_RUNS  hyperfine runs per command, table 3 (300)
#   SUMAC_BENCH_ROUNDS    runs of bench/speed per build, alternating (3)
#   SUMAC_BENCH_SPEED_ARGS  more options for bench/speed, e.g. "-t 0.05 -r 3"
#   SUMAC_BENCH_ORDER     old-new (default) or new-old: which build goes
#                         first in each hyperfine run and in each round
#   SUMAC_BENCH_TABLES    the tables to run (default "whole many proc speed")
#   SUMAC_BENCH_OUT       the report (default bench/results/<date>-<cpu>-compare.md)
#
# Same data, page-cache warming and hyperfine settings as bench/run.sh, so
# that its figures and these can be read together.  Raw exports stay in
# NEW_BUILD/bench/raw/compare-<time>/.
set -euo pipefail

started=$(date +%s)
load_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)
srcdir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
data=${SUMAC_BENCH_DATA:-$srcdir/bench/data}
runs=${SUMAC_BENCH_RUNS:-10}
small_runs=${SUMAC_BENCH_SMALL_RUNS:-300}
rounds=${SUMAC_BENCH_ROUNDS:-3}
speed_args=${SUMAC_BENCH_SPEED_ARGS:-}
order=${SUMAC_BENCH_ORDER:-old-new}
tables=${SUMAC_BENCH_TABLES:-whole many proc speed}
algos="sha1 sha256 sha512"

say() { printf '\n=== %s\n' "$*" >&2; }
die() {
	printf 'bench/compare.sh: %s\n' "$*" >&2
	exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }
# q WORD: WORD quoted for hyperfine's command splitting and for sh.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
# want TABLE: TABLE is among those to run.
want() { case " $tables " in *" $1 "*) return 0 ;; *) return 1 ;; esac }

[ $# -eq 2 ] || die "usage: bench/compare.sh OLD_BUILD NEW_BUILD"
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
for b in "$old" "$new"; do
	[ -f "$b/Makefile" ] || die "$b is not a configured build tree"
done
[ "$old" != "$new" ] || die "OLD_BUILD and NEW_BUILD are the same tree"
case $order in
old-new) builds="old new" ;;
new-old) builds="new old" ;;
*) die "SUMAC_BENCH_ORDER must be old-new or new-old, not '$order'" ;;
esac
for t in $tables; do
	case $t in
	whole | many | proc | speed) ;;
	*) die "unknown table '$t' in SUMAC_BENCH_TABLES (whole many proc speed)" ;;
	esac
done
have hyperfine || die "hyperfine is missing (apt-get install hyperfine)"
have python3 || die "python3 is missing (apt-get install python3)"

# dir_of old|new: that build tree.
dir_of() { if [ "$1" = old ]; then printf '%s' "$old"; else printf '%s' "$new"; fi; }

# ---- Build.  The OpenSSL rows of table 4 need both drivers linked with
# libcrypto; if either does not link, both builds use the plain driver.
speed_name=speed-openssl
for b in old new; do
	d=$(dir_of "$b")
	say "building sumac and bench/speed in $d"
	make -s -C "$d" bench >&2
	if ! make -s -C "$d" bench-openssl >"$d/bench-openssl.log" 2>&1; then
		echo "bench/speed-openssl does not link in $d (no libcrypto?): OpenSSL rows left out" >&2
		speed_name=speed
	fi
done

# ---- Data, then the page cache: tables 1 and 2 measure hashing, not the disk.
say "data in $data"
# The sets its tables read (gen-data.sh makes all of them by default).
sh "$srcdir/bench/gen-data.sh" "$data" big small many
big=$data/random-1g
avail_kb=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null || echo 0)
if [ "${avail_kb:-0}" -lt 1572864 ]; then
	echo "warning: under 1.5 GiB of memory available; the 1 GiB file may not stay cached" >&2
fi
cat "$big" >/dev/null
cat "$big" >/dev/null
find "$data/many" -type f -exec cat {} + >/dev/null

stamp=$(date -u +%Y%m%dT%H%M%SZ)
raw=$new/bench/raw/compare-$stamp
mkdir -p "$raw"
: >"$raw/commands.txt"
: >"$raw/load.txt"

# hf NAME ARGS...: one hyperfine run, exported as raw/NAME.{json,md}; the
# load average before it goes to raw/load.txt.
hf() {
	local name=$1
	shift
	printf '%s\t%s\n' "$name" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)" >>"$raw/load.txt"
	hyperfine --style basic --export-json "$raw/$name.json" \
		--export-markdown "$raw/$name.md" "$@" >&2
}
# cmd LABEL COMMAND: adds "-n LABEL COMMAND" to the array `args`, and the
# command (paths shortened) to the list in the report.
cmd() {
	args+=(-n "$1" "$2")
	printf '%s\t%s\n' "$1" "$2" |
		sed "s|$data|\$DATA|g; s|$old|\$OLD|g; s|$new|\$NEW|g" >>"$raw/commands.txt"
}

# ---- 1. Whole program on the cached 1 GiB file.
if want whole; then
	for a in $algos; do
		say "1 GiB, $a"
		args=()
		printf '# whole-%s\n' "$a" >>"$raw/commands.txt"
		for v in auto portable; do
			opt=
			[ $v = auto ] || opt=" --backend $v"
			for b in $builds; do
				cmd "$b $v" "$(q "$(dir_of "$b")/src/sumac") -a $a$opt $(q "$big")"
			done
		done
		have "${a}sum" && cmd "coreutils" "${a}sum $(q "$big")"
		have openssl && cmd "openssl" "openssl dgst -$a $(q "$big")"
		hf "whole-$a" -N --warmup 1 --runs "$runs" "${args[@]}"
	done
fi

# ---- 2. 10,000 files of 4 KiB in one process (glob expanded by sh, whose
# start-up hyperfine subtracts; the names are far below ARG_MAX).
if want many; then
	say "10,000 x 4 KiB"
	args=()
	printf '# many\n' >>"$raw/commands.txt"
	for b in $builds; do
		cmd "$b sumac" "cd $(q "$data/many") && $(q "$(dir_of "$b")/src/sumac") -a sha256 f*"
	done
	have sha256sum && cmd "coreutils" "cd $(q "$data/many") && sha256sum f*"
	have openssl && cmd "openssl" "cd $(q "$data/many") && openssl dgst -sha256 f*"
	hf many --shell=sh --warmup 2 --runs "$runs" "${args[@]}"
fi

# ---- 3. Per-process cost on a 16-byte file.
if want proc; then
	say "per process, 16 bytes"
	args=()
	printf '# proc\n' >>"$raw/commands.txt"
	for b in $builds; do
		cmd "$b sumac" "$(q "$(dir_of "$b")/src/sumac") -a sha256 $(q "$data/small-16")"
	done
	have sha256sum && cmd "coreutils" "sha256sum $(q "$data/small-16")"
	have openssl && cmd "openssl" "openssl dgst -sha256 $(q "$data/small-16")"
	hf proc -N --warmup 20 --runs "$small_runs" "${args[@]}"
fi

# ---- 4. In-process speed: the two drivers take turns (old, new, old, new
# ...), so that a change of load between rounds falls on both alike.
if want speed; then
	printf 'speed\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)" >>"$raw/load.txt"
	printf '# speed (%s rounds)\n' "$rounds" >>"$raw/commands.txt"
	for b in $builds; do
		printf '%s\t%s\n' "$b" "$(q "$(dir_of "$b")/bench/$speed_name") -a sha1 -a sha256 -a sha512 $speed_args" |
			sed "s|$old|\$OLD|g; s|$new|\$NEW|g" >>"$raw/commands.txt"
	done
	for r in $(seq 1 "$rounds"); do
		for b in $builds; do
			say "in-process speed, round $r of $rounds, $b"
			# shellcheck disable=SC2086 # speed_args is a list of options
			"$(dir_of "$b")/bench/$speed_name" -a sha1 -a sha256 -a sha512 $speed_args \
				>"$raw/speed-$b-$r.md"
		done
	done
fi

# ---- The report.
cpu=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | sed -n 1p)
[ -n "$cpu" ] || cpu=$(sed -n '/^model name/{s/^[^:]*:[[:space:]]*//p;q;}' /proc/cpuinfo 2>/dev/null || true)
cpu=${cpu:-$(uname -m)}
# "AMD EPYC 7B13 64-Core Processor" -> amd-epyc-7b13
cpu_short=$(printf '%s' "$cpu" |
	sed -E 's/\((R|TM|tm|r)\)//g; s/@.*//; s/[0-9]+-Core//; s/ (CPU|Processor)//g' |
	tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9]+/-/g; s/^-//; s/-$//')
out=${SUMAC_BENCH_OUT:-$srcdir/bench/results/$(date -u +%Y-%m-%d)-${cpu_short:-unknown}-compare.md}
mkdir -p "$(dirname "$out")"

# commit_of BUILD: the commit of the build's source tree, marked when that
# tree has uncommitted changes.
commit_of() {
	local src commit
	src=$(sed -n 's/^abs_top_srcdir = //p' "$1/Makefile")
	commit=$(git -C "$src" log -1 --format='%h %s' 2>/dev/null || echo unknown)
	if [ "$commit" != unknown ] && [ -n "$(git -C "$src" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
		commit="$commit (with uncommitted changes)"
	fi
	printf '%s' "$commit"
}
# cc_of BUILD: the compiler and flags of the build.
cc_of() {
	local line
	line=$(make -s -C "$1" bench-print-cc 2>/dev/null | sed -n 's/^SUMAC_BENCH_CC=//p')
	printf '%s' "${line:-cc}"
}
# flags_of BUILD: configure's command line.
flags_of() { sed -n 's/^ *\$ .*configure/configure/p' "$1/config.log" | sed -n 1p; }

elapsed=$(($(date +%s) - started))
load_end=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)
ncpu=$(nproc 2>/dev/null || echo 1)

{
	echo "# sumac, two builds compared, $(date -u +%Y-%m-%d)"
	echo
	echo "| | |"
	echo "|---|---|"
	echo "| CPU | $cpu ($ncpu logical CPUs) |"
	echo "| kernel | $(uname -sr) |"
	echo "| load average at start, at end | $load_start; $load_end |"
	echo "| old | \`$(commit_of "$old")\` |"
	echo "| new | \`$(commit_of "$new")\` |"
	echo "| old build | \`$(flags_of "$old")\`, \`$(cc_of "$old")\` |"
	echo "| new build | \`$(flags_of "$new")\`, \`$(cc_of "$new")\` |"
	if [ "$(flags_of "$old") $(cc_of "$old")" != "$(flags_of "$new") $(cc_of "$new")" ]; then
		echo "| **warning** | the two builds were configured differently: new/old measures that too |"
	fi
	cc_line=$(cc_of "$new")
	echo "| compiler | $({ ${cc_line%% *} --version 2>/dev/null || true; } | sed -n 1p) |"
	echo "| coreutils | $({ sha256sum --version 2>/dev/null || echo absent; } | sed -n 1p) |"
	echo "| openssl | $(openssl version 2>/dev/null || echo absent) |"
	echo "| hyperfine | $(hyperfine --version) |"
	echo "| order | $order (${builds// /, } first in each hyperfine run and each round) |"
	echo "| run time of bench/compare.sh | ${elapsed} s |"
	echo
	if awk -v a="${load_start%% *}" -v b="${load_end%% *}" -v n="$ncpu" \
		'BEGIN { exit !(a > n / 2 || b > n / 2) }'; then
		echo "**The machine was busy** (load average $load_start at the start, $load_end at the"
		echo "end, on $ncpu CPUs): the wall-clock tables 1 to 3 are disturbed, and their min and"
		echo "max show by how much. Table 4 counts CPU time and is affected far less."
		echo
	fi
	for b in old new; do
		echo "<details><summary>$b: \`sumac --list-backends\`</summary>"
		echo
		echo '```'
		"$(dir_of "$b")/src/sumac" --list-backends
		echo '```'
		echo
		echo "</details>"
		echo
	done
	python3 - "$raw" "$runs" "$small_runs" "$rounds" "$tables" <<'EOF'
import contextlib, io, json, os, re, statistics, sys

raw, runs, small_runs, rounds, tables = sys.argv[1:6]
tables = tables.split()
GIB = 1 << 30
LIMIT = 0.02  # the criterion: new within 2 % of old
summary = []  # (what, old, new, ratio)


def load(name):
    with open(os.path.join(raw, name + ".json")) as f:
        return {r["command"]: r for r in json.load(f)["results"]}


def speed(t_a, t_b):
    """Speed of a over speed of b from their times (> 1: a is faster)."""
    return t_b / t_a


def fmt(x):
    return "n/a" if x is None else "%.3f×" % x


def verdict(x):
    return "n/a" if x is None else ("yes" if abs(x - 1) <= LIMIT else "**no**")


def versus(res, a, b, key="median"):
    if a not in res or b not in res:
        return None
    if key == "cpu":  # hyperfine's mean user + system time
        return speed(res[a]["user"] + res[a]["system"], res[b]["user"] + res[b]["system"])
    return speed(res[a][key], res[b][key])


with open(os.path.join(raw, "load.txt")) as f:
    loads = dict(line.rstrip("\n").split("\t", 1) for line in f if "\t" in line)

tables_out = io.StringIO()  # the tables go after the summary made from them
stdout = contextlib.redirect_stdout(tables_out)
stdout.__enter__()

print("Every ratio is a ratio of **speeds** (> 1: the first is faster).  *new/old* is the "
      "criterion: within 2 % (0.980× to 1.020×) passes.  *new/old (min)* compares the "
      "fastest runs, which load can only slow down: when the two disagree, the machine was "
      "busy during one of the builds' runs.  *new/old (CPU)* compares the mean user + system "
      "time, which counts less of the time other programs take.\n")

# Table 1: rows are (algorithm, variant), columns the four programs.
if "whole" in tables:
    print("## 1. Whole program, 1 GiB file in the page cache\n")
    print("One hyperfine run (`-N`, 1 warm-up, %s runs) per algorithm over old and new sumac "
          "(auto and `--backend portable`), coreutils and `openssl dgst`.  Medians in seconds.\n"
          % runs)
    print("| algorithm | sumac | old | new | coreutils | openssl | old/coreutils | new/coreutils "
          "| old/openssl | new/openssl | new/old | new/old (min) | within 2 % |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|")
    for a in ("sha1", "sha256", "sha512"):
        res = load("whole-" + a)
        for v in ("auto", "portable"):
            o, n = "old " + v, "new " + v
            med = lambda k: "%.3f" % res[k]["median"] if k in res else "n/a"
            r = versus(res, n, o)
            summary.append(("whole program, %s, %s" % (a, v), res[o]["median"], res[n]["median"],
                            r, versus(res, n, o, "min"), versus(res, n, o, "cpu"), "s"))
            print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                a, v, med(o), med(n), med("coreutils"), med("openssl"),
                fmt(versus(res, o, "coreutils")), fmt(versus(res, n, "coreutils")),
                fmt(versus(res, o, "openssl")), fmt(versus(res, n, "openssl")),
                fmt(r), fmt(versus(res, n, o, "min")), verdict(r)))
    print()
    for a in ("sha1", "sha256", "sha512"):
        res = load("whole-" + a)
        print("<details><summary>%s: every command (load average before: %s)</summary>\n"
              % (a, loads.get("whole-" + a, "?")))
        print("| command | median | min | max | GB/s (median) |")
        print("|---|--:|--:|--:|--:|")
        for k, r in res.items():
            print("| %s | %.3f s | %.3f s | %.3f s | %.2f |" % (
                k, r["median"], r["min"], r["max"], GIB / r["median"] / 1e9))
        print("\n</details>\n")


def table_programs(name, title, intro, what, unit_scale, unit):
    res = load(name)
    print("## %s\n" % title)
    print(intro + "  Load average before: %s.\n" % loads.get(name, "?"))
    print("| command | median | min | max | vs coreutils | vs openssl |")
    print("|---|--:|--:|--:|--:|--:|")
    for k, r in res.items():
        print("| %s | %.3f %s | %.3f %s | %.3f %s | %s | %s |" % (
            k, r["median"] * unit_scale, unit, r["min"] * unit_scale, unit,
            r["max"] * unit_scale, unit,
            "" if k == "coreutils" else fmt(versus(res, k, "coreutils")),
            "" if k == "openssl" else fmt(versus(res, k, "openssl"))))
    r = versus(res, "new sumac", "old sumac")
    rmin = versus(res, "new sumac", "old sumac", "min")
    summary.append((what, res["old sumac"]["median"] * unit_scale,
                    res["new sumac"]["median"] * unit_scale, r, rmin,
                    versus(res, "new sumac", "old sumac", "cpu"), unit))
    print("\n**new/old: %s** (min: %s), within 2 %%: %s.\n" % (fmt(r), fmt(rmin), verdict(r)))


if "many" in tables:
    table_programs("many", "2. 10,000 files of 4 KiB in one invocation",
                   "`cd many && PROGRAM -a sha256 f*`, %s runs after 2 warm-ups (hyperfine "
                   "subtracts the shell's start-up)." % runs,
                   "10,000 x 4 KiB, sha256", 1e3, "ms")
if "proc" in tables:
    table_programs("proc", "3. Per-process cost, 16-byte file",
                   "One process per hash, %s runs after 20 warm-ups (hyperfine -N)." % small_runs,
                   "per process, 16 B, sha256", 1e3, "ms")

# Table 4: bench/speed's Markdown, parsed back: MB/s per (algorithm, size,
# implementation), the median over the rounds of each build.
ROW = re.compile(r"^\| (16 B|1 KiB|1 MiB|64 MiB \(large\)) \| (.+?) \| [^|]+ \| ([0-9.]+) \|")


def parse_speed(path):
    cells, algo = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith("### "):
                algo = line[4:].strip()
            m = ROW.match(line)
            if m and algo:
                cells[(algo, m.group(1), m.group(2))] = float(m.group(3))
    return cells


def role(label):
    if label.startswith("OpenSSL"):
        return "OpenSSL"
    return label.replace("sumac ", "", 1)


if "speed" in tables:
    per = {"old": [], "new": []}
    for b in per:
        for i in range(1, int(rounds) + 1):
            per[b].append(parse_speed(os.path.join(raw, "speed-%s-%d.md" % (b, i))))
    med = {}
    for b in per:
        keys = set().union(*per[b])
        med[b] = {k: statistics.median(c[k] for c in per[b] if k in c) for k in keys}
    print("## 4. In-process speed (bench/speed)\n")
    print("Each build's own driver, %s rounds each, taking turns; each round is bench/speed's "
          "median of its repetitions (CPU time).  Cells are the median over the rounds, in MB/s.  "
          "The OpenSSL row is the same library in both builds: its new/old shows the noise.  "
          "*vs OpenSSL* is each build's row over its own OpenSSL row.  Load average before: %s.\n"
          % (rounds, loads.get("speed", "?")))
    print("| algorithm | size | implementation | old MB/s | new MB/s | old vs OpenSSL "
          "| new vs OpenSSL | new/old | within 2 % |")
    print("|---|---|---|--:|--:|--:|--:|--:|---|")
    order = []
    for k in sorted(set(med["old"]) | set(med["new"]),
                    key=lambda k: (["sha1", "sha256", "sha512"].index(k[0])
                                   if k[0] in ("sha1", "sha256", "sha512") else 9,
                                   ["16 B", "1 KiB", "1 MiB", "64 MiB (large)"].index(k[1]),
                                   k[2].startswith("OpenSSL"), "(auto)" not in k[2], k[2])):
        order.append(k)
    for k in order:
        a, s, label = k
        o, n = med["old"].get(k), med["new"].get(k)
        ossl = [kk for kk in order if kk[0] == a and kk[1] == s and kk[2].startswith("OpenSSL")]

        def vs(b, x):
            if x is None or not ossl or ossl[0] == k or ossl[0] not in med[b]:
                return ""
            return fmt(x / med[b][ossl[0]])

        r = n / o if o and n else None
        if r is not None and not label.startswith("OpenSSL"):
            summary.append(("in process, %s, %s, %s" % (a, s, role(label)), o, n, r, None, None,
                            "MB/s"))
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            a, s, label, "%.1f" % o if o else "n/a", "%.1f" % n if n else "n/a",
            vs("old", o), vs("new", n), fmt(r),
            verdict(r) if not label.startswith("OpenSSL") else "(control)"))
    print()

stdout.__exit__(None, None, None)
print("## Summary: new/old\n")
print("| measurement | old | new | new/old | new/old (min) | new/old (CPU) | within 2 % |")
print("|---|--:|--:|--:|--:|--:|---|")
for what, o, n, r, rmin, rcpu, unit in summary:
    print("| %s | %.3f %s | %.3f %s | %s | %s | %s | %s |" % (
        what, o, unit, n, unit, fmt(r), "" if rmin is None else fmt(rmin),
        "" if rcpu is None else fmt(rcpu), verdict(r)))
bad = [s for s in summary if s[3] is not None and abs(s[3] - 1) > LIMIT]
print("\n%d of %d measurements within 2 %%%s\n" % (
    len(summary) - len(bad), len(summary),
    "." if not bad else "; outside: " + ", ".join(s[0] for s in bad) + "."))
sys.stdout.write(tables_out.getvalue())

print("## Commands\n")
print("`$DATA` is the directory of bench/gen-data.sh, `$OLD` and `$NEW` the build trees.\n")
print("```")
with open(os.path.join(raw, "commands.txt")) as f:
    for line in f:
        line = line.rstrip("\n")
        if line.startswith("# "):
            print(line)
        else:
            name, command = line.split("\t", 1)
            print("%-15s %s" % (name + ":", command))
print("```")
EOF
} >"$out.tmp"
mv -f "$out.tmp" "$out"
say "wrote $out (raw exports in $raw); ${elapsed} s"
