#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac --progress[=auto|always|never]: the status line on stderr for an
# input read for more than a second, on a terminal (a pty made by
# util-linux's script) or forced; never on a file or a pipe unless forced,
# never under a GNU name; on a terminal without the option too (lanes
# kept); wiped (CR, ESC [K) before the result line and any message; stdout byte for byte what it is without it.  The slow input
# is a FIFO fed 64 KiB every 0.1 s for about 2 s.

setup() {
	export LC_ALL=C
	: "${SUMAC:=$BATS_TEST_DIRNAME/../../src/sumac}"
	cd "$BATS_TEST_TMPDIR" || return 1
	head -c 65536 /dev/zero | tr '\0' 'x' >chunk
	for _ in $(seq 20); do cat chunk; done >whole
	"$SUMAC" whole | sed 's/whole$/ff/' >want.out
	mkfifo ff
}

# feed: writes the FIFO's data slowly, in the background (bats waits for
# no descriptor of it).
feed() {
	(for _ in $(seq 20); do cat chunk; sleep 0.1; done >ff) 3>&- 4>&- 5>&- &
}

# on_pty CMD: CMD (a shell command line) with its stderr, and what of its
# stdout is not redirected, on a fresh pseudo-terminal; that terminal's
# bytes in pty.out.
on_pty() {
	command -v script >/dev/null || skip "script (util-linux) is not installed"
	script -qfec "$1" /dev/null </dev/null >pty.out
}

# The status lines: a CR, the name, and a byte count.
has_line() {
	grep -aq "$(printf '\r')$1  [0-9.]* [KMG]*i*B" "$2"
}

@test "--progress without a terminal: no line on a file or a pipe" {
	feed
	"$SUMAC" --progress ff >out 2>err
	cmp want.out out
	[ ! -s err ]
	feed
	"$SUMAC" --progress=auto ff 2>&1 >out | cat >err
	cmp want.out out
	[ ! -s err ]
}

@test "no --progress on a terminal: the line for a slow input read alone; never with =never" {
	feed
	on_pty "'$SUMAC' ff >out"
	cmp want.out out
	has_line ff pty.out
	[ "$(tail -c 4 pty.out | od -An -c | tr -d ' ')" = '\r033[K' ]
	feed
	on_pty "'$SUMAC' --progress=never ff >out"
	cmp want.out out
	[ ! -s pty.out ]
}

@test "no --progress on a terminal: lanes stay on, --progress turns them off" {
	# --debug says what the run does about lanes; its lines are on the
	# terminal, among any status line.
	on_pty "'$SUMAC' --debug chunk whole >out"
	grep -a 'lanes' pty.out | grep -avq 'off' || { cat pty.out; return 1; }
	on_pty "'$SUMAC' --debug --progress chunk whole >out"
	grep -a 'lanes' pty.out | grep -aq 'off' || { cat pty.out; return 1; }
}

@test "the GNU names on a terminal: no line" {
	mkdir bin && ln -s "$SUMAC" bin/sha256sum
	feed
	on_pty "bin/sha256sum ff >out"
	cmp want.out out
	[ ! -s pty.out ]
}

@test "--progress on a terminal: the line for a slow input, wiped at the end; stdout unchanged" {
	feed
	on_pty "'$SUMAC' --progress ff >out"
	cmp want.out out
	has_line ff pty.out
	# Nothing after the last wipe: the terminal is left clean.
	[ "$(tail -c 4 pty.out | od -An -c | tr -d ' ')" = '\r033[K' ]
	# The name, bytes and rate; a FIFO has no total, so no ETA.
	grep -aq 'KiB/s' pty.out
	[ "$(grep -ac ETA pty.out)" -eq 0 ]
}

@test "--progress on a terminal: the line is wiped before the result line and messages" {
	feed
	on_pty "'$SUMAC' --progress ff missing" || [ $? -eq 1 ]
	has_line ff pty.out
	# The result line starts just after a wipe; the message follows it on
	# a line of its own, and no status line comes after the result.
	tr '\r' '\n' <pty.out | grep -a -v '^$' >lines
	grep -aqx "$(printf '\033')\[K$(cat want.out)" lines || { od -c pty.out | tail; return 1; }
	result=$(grep -an "$(cat want.out)" lines | cut -d: -f1)
	message=$(grep -an 'sumac: missing: No such file or directory$' lines | cut -d: -f1)
	last_status=$(grep -an 'KiB/s' lines | tail -1 | cut -d: -f1)
	[ "$last_status" -lt "$result" ] && [ "$result" -lt "$message" ]
	[ "$(wc -l <lines)" -eq "$message" ]
}

@test "--progress with -j 2: the line for the FIFO, which the main thread reads; stdout unchanged" {
	feed
	on_pty "'$SUMAC' -j 2 --progress chunk ff whole >out"
	has_line ff pty.out
	{ "$SUMAC" chunk; cat want.out; "$SUMAC" whole; } | cmp - out
}

@test "--progress with --check: the line, then OK on a clean line" {
	sed 's/  ff$/  ff/' want.out >SUMS
	feed
	on_pty "'$SUMAC' --progress -c SUMS"
	has_line ff pty.out
	tr '\r' '\n' <pty.out | grep -aq "^$(printf '\033')\[Kff: OK\$"
}

@test "--progress=always: the line on a file too, stdout unchanged" {
	feed
	"$SUMAC" --progress=always ff >out 2>err
	cmp want.out out
	has_line ff err
	[ "$(tail -c 4 err | od -An -c | tr -d ' ')" = '\r033[K' ]
	# Inputs that take less than a second show nothing.
	"$SUMAC" --progress=always whole chunk >out 2>err
	[ ! -s err ]
}

@test "--progress on a regular file: its total, percentage and ETA" {
	# About 2.5 s of portable SHA3-512 here (holes are hashed, not read);
	# a much faster machine may finish within the second, and shows
	# nothing: then the case is skipped.
	truncate -s 400M sparse
	start=$(date +%s%N)
	on_pty "'$SUMAC' --progress -a sha3-512 --backend=portable sparse >out"
	end=$(date +%s%N)
	grep -qx '[0-9a-f]\{128\}  sparse' out && [ "$(wc -l <out)" -eq 1 ]
	if [ $(((end - start) / 1000000)) -lt 1300 ] && ! [ -s pty.out ]; then
		skip "sha3-512 over 400 MiB took under 1.3 s here"
	fi
	grep -aq "$(printf '\r')sparse  [0-9.]* MiB / 400.0 MiB  [0-9]*%  [0-9.]* MiB/s  ETA [0-9]*:[0-9][0-9]" pty.out
}

@test "--progress=WHEN: a bad WHEN is a usage error; the GNU names know no --progress" {
	run "$SUMAC" --progress=sometimes /dev/null
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid argument 'sometimes' for '--progress'"* ]]
	[[ "$output" == *"- 'always'"* ]]
	mkdir bin && ln -s "$SUMAC" bin/sha256sum
	run bin/sha256sum --progress /dev/null
	[ "$status" -eq 1 ]
	[[ "$output" == *"unrecognized option '--progress'"* ]]
	"$SUMAC" --help | grep -q -- '--progress\[=WHEN\]'
}
