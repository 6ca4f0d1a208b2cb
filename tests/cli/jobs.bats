#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Descriptors and the -j pipeline (issue 12, items 2 and 3), against GNU
# coreutils 9.1 live: a closed standard descriptor must never become a file
# or a list, and under -j every input that is standard input under another
# name, a FIFO, a device or the standard output itself must be read as a
# serial run reads it.  Races are tried many times over (JOBS_REPS, 50 by
# default, fewer under an emulator), each run with its own data, so that a
# pipeline that reads such an input in two threads at once fails here.

# shellcheck disable=SC2002,SC2094 # cat into a pipe, output as input: what is tested

load helpers

setup() {
	cli_setup
	# /usr/bin/sha256sum makes fixtures; gnu_as is the level's GNU.
	[[ $_GNU_VERSION == 9.1 ]] || skip "needs GNU coreutils 9.1 as /usr/bin/sha256sum"
	gnu_live || skip "needs GNU $GNU_REF_VERSION (level $CLI_LEVEL) live"
	: "${JOBS_REPS:=$([[ -n ${RUNNER-} ]] && echo 5 || echo 50)}"
	printf 'one\n' >a
	printf 'two\n' >b
	head -c 300000 /dev/urandom >big
}

teardown() {
	cli_teardown
}

# _run WHICH CLOSED BASE ARGS...: run gnu_as/sumac_as sha256sum with ARGS
# and descriptor CLOSED (0, 1, 2 or "none") closed, stdin from $IN
# (default /dev/null) otherwise; BASE.out, .err, .rc hold what was seen.
_run() {
	local which=$1 closed=$2 base=$3 rc=0
	shift 3
	local in=${IN:-/dev/null}
	: >"$base.out"
	: >"$base.err"
	case $closed in
	0) "$which" sha256sum "$@" <&- >"$base.out" 2>"$base.err" || rc=$? ;;
	1) "$which" sha256sum "$@" <"$in" >&- 2>"$base.err" || rc=$? ;;
	2) "$which" sha256sum "$@" <"$in" >"$base.out" 2>&- || rc=$? ;;
	*) "$which" sha256sum "$@" <"$in" >"$base.out" 2>"$base.err" || rc=$? ;;
	esac
	echo "$rc" >"$base.rc"
}

# same_as_gnu CLOSED ARGS...: GNU, then sumac serially and with -j 2 and
# -j 4, must give the same stdout, stderr and exit status.
same_as_gnu() {
	local closed=$1 j f
	shift
	_run gnu_as "$closed" "$CAP_DIR/gnu" "$@"
	for j in 1 2 4; do
		_run sumac_as "$closed" "$CAP_DIR/j$j" -j "$j" "$@"
		for f in out err rc; do
			if ! cmp -s "$CAP_DIR/gnu.$f" "$CAP_DIR/j$j.$f"; then
				printf '# fd %s closed, -j %s:' "$closed" "$j"
				printf ' %q' "$@"
				echo
				_show_diff "$f" "$CAP_DIR/gnu.$f" "$CAP_DIR/j$j.$f"
				return 1
			fi
		done
	done
}

@test "closed stdin: a list or a file never becomes standard input" {
	/usr/bin/sha256sum - a </dev/null >l
	printf '%s  /dev/stdin\n' "$(h sha256sum empty)" >>l
	for fd in 0 1 2; do
		same_as_gnu "$fd" -c l
		same_as_gnu "$fd" - a
		same_as_gnu "$fd" a - /dev/stdin /dev/fd/0 /proc/self/fd/0 b
		same_as_gnu "$fd" -c - l
	done
	# The case of the issue: '-: OK' for input never read.
	same_as_gnu 0 -c l
	grep -qx -- '-: FAILED open or read' "$CAP_DIR/j1.out"
	grep -qx -- 'sha256sum: -: Bad file descriptor' "$CAP_DIR/j4.err"
}

@test "closed stdout or stderr: a list or a file never becomes an output" {
	{
		/usr/bin/sha256sum a
		printf '%s  /dev/stdout\n' "$(h sha256sum empty)"
		printf '%s  /dev/stderr\n' "$(h sha256sum empty)"
	} >l
	for fd in 0 1 2; do
		same_as_gnu "$fd" -c l
		same_as_gnu "$fd" a /dev/stdout /dev/stderr /proc/self/fd/1 b
		same_as_gnu "$fd" --tag -c l missing
	done
}

@test "-j with stdin closed never gives a wrong digest for a regular file" {
	# Files that take milliseconds, so that a worker's file is open as fd 0
	# while "-" is read, if open(2) may return 0.
	head -c 4000000 /dev/urandom >big
	_run gnu_as 0 "$CAP_DIR/gnu" big - big big big big
	for ((i = 0; i < JOBS_REPS; i++)); do
		_run sumac_as 0 "$CAP_DIR/got" -j 4 big - big big big big
		cmp "$CAP_DIR/gnu.out" "$CAP_DIR/got.out"
		cmp "$CAP_DIR/gnu.err" "$CAP_DIR/got.err"
		cmp "$CAP_DIR/gnu.rc" "$CAP_DIR/got.rc"
	done
}

@test "-j: '-', /dev/stdin, /dev/fd/0 and /proc/self/fd/0 on a pipe are read in order" {
	for ((i = 0; i < JOBS_REPS; i++)); do
		head -c $((100000 + i * 997)) /dev/urandom >data
		want=$(cat data | gnu_as sha256sum a - /dev/stdin b /dev/fd/0 /proc/self/fd/0 - 2>&1)
		got=$(cat data | sumac_as sha256sum -j 4 a - /dev/stdin b /dev/fd/0 /proc/self/fd/0 - 2>&1)
		[ "$got" = "$want" ] || { echo "run $i:"; diff <(echo "$want") <(echo "$got"); return 1; }
		want=$(cat data | gnu_as sha256sum /dev/stdin a /dev/stdin 2>&1)
		got=$(cat data | sumac_as sha256sum -j 2 /dev/stdin a /dev/stdin 2>&1)
		[ "$got" = "$want" ] || { echo "run $i:"; diff <(echo "$want") <(echo "$got"); return 1; }
	done
	# A regular file on stdin: each name opens it anew, "-" shares its offset.
	for ((i = 0; i < 10; i++)); do
		IN=data same_as_gnu none a - /dev/stdin b - /dev/fd/0 data
	done
}

@test "-j -c: OK and FAILED never swap between lines that all read stdin" {
	for ((i = 0; i < JOBS_REPS; i++)); do
		head -c $((70000 + i * 331)) /dev/urandom >data
		{
			printf '%s  %s\n' "$(/usr/bin/sha256sum <data | cut -c1-64)" /dev/stdin
			printf '%s  %s\n' "$(h sha256sum empty)" /dev/fd/0 "$(h sha256sum empty)" /dev/stdin
			/usr/bin/sha256sum a b
		} >l
		want=$(cat data | gnu_as sha256sum -c l 2>&1) || true
		got=$(cat data | sumac_as sha256sum -j 4 -c l 2>&1) || true
		[ "$got" = "$want" ] || { echo "run $i:"; diff <(echo "$want") <(echo "$got"); return 1; }
	done
}

@test "-j -c: a list on a stdin pipe naming /dev/stdin is split as serially" {
	# The list is followed on the pipe by data that /dev/stdin reads: what
	# the list's first read (one pipe page) leaves is /dev/stdin's, and the
	# next two /dev/stdin lines find end of file.
	for ((i = 0; i < 10; i++)); do
		{
			for ((k = 0; k < 3; k++)); do printf '%s  /dev/stdin\n' "$(h sha256sum empty)"; done
			/usr/bin/sha256sum a b
			head -c $((400000 + i * 1000)) /dev/urandom | od -An -tx1
		} >stream
		want=$(cat stream | gnu_as sha256sum -c 2>&1) || true
		[[ $want == *"/dev/stdin: FAILED"* ]]
		for j in 1 2 4; do
			got=$(cat stream | sumac_as sha256sum -j "$j" -c 2>&1) || true
			[ "$got" = "$want" ] || { echo "run $i -j $j:"; diff <(echo "$want") <(echo "$got"); return 1; }
		done
	done
}

@test "-j: the standard output as an input holds the lines written before it" {
	/usr/bin/sha256sum a >l
	printf '%s  out\n' "$(h sha256sum empty)" >>l
	for ((i = 0; i < JOBS_REPS / 5 + 1; i++)); do
		gnu_as sha256sum a out b out >out 2>&1 || true
		want=$(cat out)
		for j in 1 2 4; do
			sumac_as sha256sum -j "$j" a out b out >out 2>&1 || true
			[ "$(cat out)" = "$want" ] || { echo "-j $j:"; diff <(echo "$want") out; return 1; }
		done
		gnu_as sha256sum -c l >out 2>&1 || true
		want=$(cat out)
		for j in 1 2 4; do
			sumac_as sha256sum -j "$j" -c l >out 2>&1 || true
			[ "$(cat out)" = "$want" ] || { echo "-c, -j $j:"; diff <(echo "$want") out; return 1; }
		done
	done
	grep -q ': FAILED$' out
}

@test "-z into the output file, and a list that stdout appends to, read back as GNU's" {
	printf 'one\n' >a
	local j want
	# A NUL ends no line for GNU's stdio: the record for a is not yet in
	# out when out is read (nor, under --tag, the part after the newline
	# in a name).
	for args in "-z a out" "--tag -z a $'f\\nf' out" "-z a out a out"; do
		printf 'x' >$'f\nf'
		: >out
		eval "gnu_as sha384sum $args" >out 2>&1 || true
		want=$(od -c out)
		for j in 1 2 4; do
			: >out
			eval "sumac_as sha384sum -j $j $args" >out 2>&1 || true
			[ "$(od -c out)" = "$want" ] || { echo "$args, -j $j:"; od -c out; echo "$want"; return 1; }
		done
	done
	# GNU writes each status line before it reads the next list line, and
	# reads back the lines it has appended to its own list.
	gnu_as sha256sum a >list
	gnu_as sha256sum -c list >>list 2>err || true
	want=$(cat list err)
	for j in 1 2 4; do
		gnu_as sha256sum a >list
		sumac_as sha256sum -j "$j" -c list >>list 2>err || true
		[ "$(cat list err)" = "$want" ] || { echo "-c list >> list, -j $j:"; cat list err; return 1; }
	done
}

@test "-j: a file that is standard error holds the messages written before it" {
	printf 'one\n' >f1
	local i j want
	rm -f e
	gnu_as sha256sum nonexist e f1 2>e >out || true
	want=$(cat out e)
	printf '%s  nonexist\n%s  e\n' "$(/usr/bin/sha256sum <f1 | cut -c1-64)" \
		"$(/usr/bin/sha256sum </dev/null | cut -c1-64)" >l
	rm -f e
	gnu_as sha256sum -c l 2>e >cout || true
	local cwant
	cwant=$(cat cout e)
	for ((i = 0; i < JOBS_REPS / 5 + 1; i++)); do
		for j in 1 2 4; do
			rm -f e
			sumac_as sha256sum -j "$j" nonexist e f1 2>e >out || true
			[ "$(cat out e)" = "$want" ] || { echo "-j $j:"; cat out e; return 1; }
			rm -f e
			sumac_as sha256sum -j "$j" -c l 2>e >cout || true
			[ "$(cat cout e)" = "$cwant" ] || { echo "-c, -j $j:"; cat cout e; return 1; }
		done
	done
	grep -q '^e: FAILED$' cout
}

# fifo_run OUT PROG ARGS...: PROG ARGS >OUT with fifo named twice in ARGS;
# a first writer sends fifo.1 and a second one, started only once OUT
# holds a line (the first reader is done), sends fifo.2.
fifo_run() {
	local out=$1 writer rc=0
	shift
	: >"$out"
	{
		cat fifo.1 >fifo
		until [ -s "$out" ]; do sleep 0.01; done
		# exec: the process that waits in open(2) is the one killed below.
		exec cat fifo.2 >fifo
	} &
	writer=$!
	"$@" >"$out" 2>&1 || rc=$?
	# A reader that took both writers' data in one open leaves the second
	# writer waiting for a reader that never comes.
	kill "$writer" 2>/dev/null || true
	wait "$writer" 2>/dev/null || true
	return $rc
}

# sumac_bounded ARGS...: sumac as sha256sum, killed if it is still running
# after 120 s.  Only a pipeline that opens the second FIFO before the line
# of the first is written waits that long (the writer waits for that line):
# a deadlock, turned into a failure rather than a hung test run.
sumac_bounded() {
	if [[ -n ${RUNNER-} ]]; then
		# shellcheck disable=SC2086
		timeout 120 $RUNNER -0 sha256sum "$SUMAC" "$@"
	else
		timeout 120 bash -c 'exec -a sha256sum "$@"' _ "$SUMAC" "$@"
	fi
}

@test "-j: a FIFO named twice is opened by one reader at a time" {
	mkfifo fifo
	for ((i = 0; i < JOBS_REPS / 5 + 1; i++)); do
		head -c $((3000 + i)) /dev/urandom >fifo.1
		head -c $((2000 + i)) /dev/urandom >fifo.2
		fifo_run gnu.out gnu_as sha256sum fifo a fifo
		for j in 1 2 4; do
			fifo_run got.out sumac_bounded -j "$j" fifo a fifo
			cmp gnu.out got.out || { diff gnu.out got.out; return 1; }
		done
	done
	[ "$(sed -n 1p gnu.out | cut -c1-64)" = "$(/usr/bin/sha256sum <fifo.1 | cut -c1-64)" ]
}

# limited N PROG ARGS...: PROG as sha256sum with at most N descriptors,
# only 0, 1 and 2 open (bats keeps others).
limited() {
	local n=$1 f
	shift
	(
		for f in "/proc/$BASHPID/fd/"*; do
			f=${f##*/}
			[ "$f" -gt 2 ] && eval "exec $f<&-"
		done
		exec prlimit --nofile="$n:$n" bash -c 'exec -a sha256sum "$@"' _ "$@"
	)
}

@test "-j: a descriptor limit that suffices serially suffices for -j" {
	[[ -z ${RUNNER-} ]] || skip "an emulator takes descriptors of its own"
	command -v prlimit >/dev/null || skip "prlimit not installed"
	for k in 1 2 3 4 5 6 7 8; do head -c $((k * 40000)) /dev/urandom >"f$k"; done
	/usr/bin/sha256sum f* >l
	for ((i = 0; i < JOBS_REPS / 5 + 1; i++)); do
		for args in "f1 f2 f3 f4 f5 f6 f7 f8 missing a big" "-c l"; do
			# shellcheck disable=SC2086
			want=$(limited 4 /usr/bin/sha256sum $args 2>&1; echo "rc $?")
			for j in 2 4; do
				# shellcheck disable=SC2086
				got=$(limited 4 "$SUMAC" -j "$j" $args 2>&1; echo "rc $?")
				[ "$got" = "$want" ] || { echo "-j $j $args:"; diff <(echo "$want") <(echo "$got"); return 1; }
			done
		done
	done
	# With -c the list takes the one descriptor left: GNU fails the files.
	[[ $want == *"Too many open files"* ]]
	# A limit of 5 lets GNU check the list.
	want=$(limited 5 /usr/bin/sha256sum -c l 2>&1)
	got=$(limited 5 "$SUMAC" -j 4 -c l 2>&1)
	[ "$got" = "$want" ]
	[[ $want != *"Too many open files"* ]]
}
