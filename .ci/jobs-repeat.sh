#!/bin/bash
# SPDX-License-Identifier: MIT
# -j against serial, repeated (issue 12's acceptance): the whole CLI suite
# (tests/cli/*.bats) R times with SUMAC_CLI_JOBS=2 and R times with
# SUMAC_CLI_JOBS=4 (every case then runs sumac with -jN and must give
# what the serial suite expects, byte for byte), after one serial run as a
# baseline; then the differential battery with each case run R times with
# -j 2 and R times with -j 4 (battery.py --jobs-each R), every run
# compared with serial sumac.  Prints runs, cases and failures per -j
# value; exits 1 on any failure or difference, 77 when bats, python3 or
# GNU coreutils 9.1 (the battery's reference) is missing.
#
# Too long for .ci/run's default path (about an hour with R=20, 3,000
# battery cases, two busy cores): run it by hand, e.g. under nice:
#
#   nice -n 19 .ci/jobs-repeat.sh -r 20 -n 1000 BUILDDIR
#
# Options: -r R (runs per -j value, default 20), -n CASES (battery cases,
# default 1000), -s SEED (battery seed, default 12), -p P (CLI suite runs
# at once, default 1), -l DIR (keep every TAP log and the battery's output
# there; default a temporary directory, removed when all passed).
# BUILDDIR holds src/sumac; the tests are taken from the source tree this
# script is in.
set -u

usage() {
	echo "usage: $0 [-r RUNS] [-n CASES] [-s SEED] [-p PARALLEL] [-l LOGDIR] BUILDDIR" >&2
	exit 2
}

reps=20 cases=1000 seed=12 par=1 logdir=
while getopts r:n:s:p:l: opt; do
	case $opt in
	r) reps=$OPTARG ;;
	n) cases=$OPTARG ;;
	s) seed=$OPTARG ;;
	p) par=$OPTARG ;;
	l) logdir=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage
for v in "$reps" "$cases" "$par"; do
	[[ $v =~ ^[1-9][0-9]*$ ]] || usage
done

src=$(cd "$(dirname "$0")/.." && pwd) || exit 2
build=$(cd "$1" && pwd) || exit 2
[[ -x $build/src/sumac ]] || {
	echo "$0: no $build/src/sumac: build first" >&2
	exit 2
}
command -v bats >/dev/null || {
	echo "$0: bats not installed" >&2
	exit 77
}
command -v python3 >/dev/null || {
	echo "$0: python3 not installed" >&2
	exit 77
}

keep=1
if [[ -z $logdir ]]; then
	logdir=$(mktemp -d "${TMPDIR:-/tmp}/sumac-jobs-repeat.XXXXXX") || exit 2
	keep=0
fi
mkdir -p "$logdir" || exit 2

# The environment make check gives the CLI suite.
nls=$(sed -n 's/^SUMAC_NLS = //p' "$build/Makefile" 2>/dev/null)
export SUMAC="$build/src/sumac" SUMAC_VECTORS="$src/vectors" SUMAC_NLS="${nls:-yes}"
unset SUMAC_CLI_JOBS SUMAC_CLI_GOLDEN SUMAC_CLI_UPDATE_GOLDEN RUNNER SUMAC_BACKEND
suite=("$src"/tests/cli/*.bats)

# run_cli J N: the whole suite once, with SUMAC_CLI_JOBS=J (0: serial),
# TAP into cli-jJ-N.tap and bats' status into cli-jJ-N.rc.
run_cli() {
	local log="$logdir/cli-j$1-$2" rc=0
	if [[ $1 == 0 ]]; then
		bats --tap "${suite[@]}" >"$log.tap" 2>&1 || rc=$?
	else
		SUMAC_CLI_JOBS=$1 bats --tap "${suite[@]}" >"$log.tap" 2>&1 || rc=$?
	fi
	echo "$rc" >"$log.rc"
}

# tally J N: "planned ok not-ok skipped rc" of that run.
tally() {
	local log="$logdir/cli-j$1-$2"
	awk -v rc="$(cat "$log.rc" 2>/dev/null || echo missing)" '
		/^1\.\.[0-9]+$/ { plan = substr($0, 4) }
		/^ok / { ok++; if ($0 ~ /# [Ss][Kk][Ii][Pp]/) skip++ }
		/^not ok / { bad++ }
		END { printf "%d %d %d %d %s\n", plan, ok, bad, skip, rc }' "$log.tap"
}

start=$(date +%s)
echo "# jobs-repeat: $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?'), sumac $SUMAC"
echo "# jobs-repeat: CLI suite ${#suite[@]} files, serial once, then -j 2 and -j 4 $reps times each ($par at once); logs in $logdir"

run_cli 0 1
runs=()
for ((r = 1; r <= reps; r++)); do
	runs+=("2 $r" "4 $r")
done
active=0
for job in "${runs[@]}"; do
	if ((active >= par)); then
		wait -n
		active=$((active - 1))
	fi
	# shellcheck disable=SC2086 # "J N" is two words on purpose
	run_cli $job &
	active=$((active + 1))
done
wait
cli_end=$(date +%s)

fail=0
read -r plan ok bad skip rc < <(tally 0 1)
echo "# CLI serial baseline: $plan cases, $ok ok ($skip skipped), $bad failed, bats status $rc"
if [[ $bad != 0 || $rc != 0 || $ok != "$plan" || $plan == 0 ]]; then
	fail=1
	grep '^not ok' "$logdir/cli-j0-1.tap" | sed 's/^/#   /'
fi
base_plan=$plan
for j in 2 4; do
	tot=0 tot_bad=0 tot_skip=0 bad_runs=0 odd_runs=0
	for ((r = 1; r <= reps; r++)); do
		read -r plan ok bad skip rc < <(tally "$j" "$r")
		tot=$((tot + plan)) tot_bad=$((tot_bad + bad)) tot_skip=$((tot_skip + skip))
		if [[ $bad != 0 || $rc != 0 || $ok != "$plan" || $plan != "$base_plan" ]]; then
			bad_runs=$((bad_runs + 1))
			[[ $bad != 0 ]] || odd_runs=$((odd_runs + 1))
			grep '^not ok' "$logdir/cli-j$j-$r.tap" | sed "s/^/#   run $r: /"
		fi
	done
	echo "# CLI -j $j: $reps runs x $base_plan cases = $tot case runs, $tot_bad failed ($tot_skip skipped), $bad_runs runs not clean ($odd_runs of them without a failing case: a short plan or a bats error)"
	((bad_runs == 0)) || fail=1
done

# The battery: every case as GNU, as serial sumac, then -j 2 and -j 4
# $reps times each; "new differences" covers sumac against GNU too.
SUMAC_DIFF_SEED=$seed python3 "$src/tests/diff/battery.py" -n "$cases" --jobs-each "$reps" >"$logdir/battery.out" 2>&1
brc=$?
end=$(date +%s)
grep '^# battery: ' "$logdir/battery.out"
if [[ $brc == 77 ]]; then
	echo "# battery skipped (see $logdir/battery.out)"
	exit 77
fi
ran=$(sed -n 's/^# battery: seed [^:]*: \([0-9]*\) cases run.*/\1/p' "$logdir/battery.out")
if [[ -z $ran || $ran == 0 ]]; then
	echo "# battery ran no case (see $logdir/battery.out)"
	ran=0 fail=1
fi
for j in 2 4; do
	line=$(grep "^# battery: -j $j: " "$logdir/battery.out")
	runs_j=$(sed -n 's/.*: \([0-9]*\) runs, .*/\1/p' <<<"$line")
	diff_j=$(sed -n 's/.* runs, \([0-9]*\) differ .*/\1/p' <<<"$line")
	# Every case must have had its $reps runs with this -j, none differing.
	if [[ -z $runs_j || $runs_j != $((ran * reps)) || $diff_j != 0 ]]; then
		echo "# battery -j $j: expected $((ran * reps)) runs with no difference, got: ${line:-nothing}"
		fail=1
	fi
done
if [[ $brc != 0 ]]; then
	echo "# battery exit status $brc (differences printed in $logdir/battery.out)"
	fail=1
fi
echo "# jobs-repeat: wall time CLI $((cli_end - start)) s, battery $((end - cli_end)) s, total $((end - start)) s"
if ((fail)); then
	echo "# jobs-repeat: FAILED (logs kept in $logdir)"
	exit 1
fi
echo "# jobs-repeat: all identical to serial"
((keep)) || rm -rf "$logdir"
exit 0
