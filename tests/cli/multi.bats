#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac -a NAME,NAME... (issue 20, point 1, generation): each input is read
# once and hashed with every algorithm of the list; each file gives one
# line per algorithm, in the order of the list, each exactly the line that
# `sumac --tag -a NAME` prints for it, files in operand order.  With -j, -r,
# -z and standard input too; an input that cannot be read is one message
# and no line.  The GNU names know no list.

load helpers

# Every algorithm sumac has, in its own order.
ALL=md5,sha1,sha224,sha256,sha384,sha512,sha512-224,sha512-256,blake2b,sha3-224,sha3-256,sha3-384,sha3-512,sm3,crc,crc32b,sysv,bsd

setup() {
	cli_setup
	: >empty
	printf 'one\n' >one
	# Larger than the 128 KiB buffer, and than the 2 MiB after which a
	# second thread reads ahead: several reads, fed to every context.
	head -c 3000000 /dev/zero | tr '\0' 'x' >big
	printf 'n\n' >'new
line'
	printf 'b\n' >'back\slash'
	mkdir -p tree/sub
	printf a >tree/a
	printf b >tree/sub/b
	FILES=(empty one big 'new
line' 'back\slash')
}

teardown() {
	cli_teardown
}

# expect LIST [OPTION...] -- FILE...: what the single-algorithm runs
# print, each file's lines for the algorithms of LIST in turn.
expect() {
	local list=$1 a f
	shift
	local opts=()
	while [[ $1 != -- ]]; do
		opts+=("$1")
		shift
	done
	shift
	for f in "$@"; do
		for a in ${list//,/ }; do
			sumac_as sumac "${opts[@]}" --tag -a "$a" "$f"
		done
	done
}

@test "each line is the --tag line of its algorithm, in the list's order, file by file" {
	expect "$ALL" -- "${FILES[@]}" >"$CAP_DIR/want"
	sumac_as sumac -a "$ALL" "${FILES[@]}" >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	[ "$(wc -l <"$CAP_DIR/out")" -eq $((18 * 5)) ]
}

@test "the order of the list is the order of the lines" {
	expect sha512,md5,blake2b -- one big >"$CAP_DIR/want"
	sumac_as sumac -a sha512,md5,blake2b one big >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	expect sha3-256,sha1 -- one >"$CAP_DIR/want"
	sumac_as sumac --algorithm=SHA3-256,SHA1 one >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	# --tag given as well changes nothing.
	sumac_as sumac --tag -a sha3-256,sha1 one >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
}

@test "-a with one name is unchanged: the untagged line" {
	run sumac_as sumac -a sha256 one
	[ "$status" -eq 0 ]
	[ "$output" = "$HASH_sha256_one  one" ]
}

@test "-z: NUL after each line, names not escaped, as --tag -z prints them" {
	expect md5,sha256 -z -- "${FILES[@]}" >"$CAP_DIR/want"
	sumac_as sumac -z -a md5,sha256 "${FILES[@]}" >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	[ "$(tr -cd '\0' <"$CAP_DIR/out" | wc -c)" -eq 10 ]
}

@test "standard input, as - and with no operand" {
	printf 'one\n' >"$CAP_DIR/in"
	printf 'MD5 (-) = %s\nSHA1 (-) = %s\n' "$HASH_md5_one" "$HASH_sha1_one" >"$CAP_DIR/want"
	sumac_as sumac -a md5,sha1 <"$CAP_DIR/in" >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	sumac_as sumac -a md5,sha1 - <"$CAP_DIR/in" >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	# From a pipe, between two files.
	{ expect md5,sha1 -- one; cat "$CAP_DIR/want"; expect md5,sha1 -- big; } >"$CAP_DIR/want2"
	printf 'one\n' | sumac_as sumac -a md5,sha1 one - big >"$CAP_DIR/out"
	cmp "$CAP_DIR/want2" "$CAP_DIR/out"
}

@test "-j 2 and -j 4 give the serial run's bytes, lanes asked for or not" {
	local ops=(-a "$ALL" -r tree "${FILES[@]}" missing tree/sub one)
	sumac_as sumac "${ops[@]}" >"$CAP_DIR/serial.out" 2>"$CAP_DIR/serial.err" || rc=$?
	[ "${rc-0}" -eq 1 ]
	for j in 2 4; do
		for lanes in auto always off; do
			rc=0
			SUMAC_LANES=$lanes sumac_as sumac -j $j "${ops[@]}" \
				>"$CAP_DIR/j.out" 2>"$CAP_DIR/j.err" || rc=$?
			[ "$rc" -eq 1 ]
			cmp "$CAP_DIR/serial.out" "$CAP_DIR/j.out"
			cmp "$CAP_DIR/serial.err" "$CAP_DIR/j.err"
		done
	done
}

@test "-r: every file of the walk, each with the list's lines" {
	expect md5,sha512 -- tree/a tree/sub/b one >"$CAP_DIR/want"
	sumac_as sumac -r -a md5,sha512 tree one >"$CAP_DIR/out"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
}

@test "a missing file and a directory: one message each, no line, exit 1" {
	sumac_as sumac -a md5,sha1 one missing tree big >"$CAP_DIR/out" 2>"$CAP_DIR/err" || rc=$?
	[ "${rc-0}" -eq 1 ]
	expect md5,sha1 -- one big >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	printf 'sumac: missing: No such file or directory\nsumac: tree: Is a directory\n' \
		>"$CAP_DIR/want.err"
	cmp "$CAP_DIR/want.err" "$CAP_DIR/err"
}

@test "a read error (EIO from /proc/self/mem): one message, no line" {
	[[ -r /proc/self/mem ]] || skip "no /proc/self/mem"
	sumac_as sumac -a md5,sha1 /proc/self/mem one >"$CAP_DIR/out" 2>"$CAP_DIR/err" || rc=$?
	[ "${rc-0}" -eq 1 ]
	expect md5,sha1 -- one >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	[ "$(cat "$CAP_DIR/err")" = "sumac: /proc/self/mem: Input/output error" ]
}

# reads_of NAME LOG: the bytes read(2) returned on the descriptors that
# strace's LOG shows NAME opened on, whichever thread read them.
reads_of() {
	awk -v name="\"$1\"" '
		/(^|[ ])open(at)?\(/ && index($0, name) { if (match($0, /= [0-9]+$/)) fd[substr($0, RSTART + 2)] = 1 }
		/ read\(/ { split($0, p, "read\\("); split(p[2], q, ","); if (q[1] in fd && match($0, /= [0-9]+$/)) sum += substr($0, RSTART + 2) }
		/ close\(/ { split($0, p, "close\\("); split(p[2], q, ")"); delete fd[q[1]] }
		END { print sum + 0 }' "$2"
}

@test "each file is read once for the whole list (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${RUNNER-} ]] || skip "strace would trace the emulator"
	strace -f -qq -e trace=?open,openat,read,close -o "$CAP_DIR/one.log" \
		"$SUMAC" -a sha256 big >/dev/null 2>&1 || skip "strace cannot trace here"
	strace -f -qq -e trace=?open,openat,read,close -o "$CAP_DIR/four.log" \
		"$SUMAC" -a md5,sha1,sha256,sha512 big one >"$CAP_DIR/out"
	[ "$(reads_of big "$CAP_DIR/one.log")" -eq 3000000 ]
	[ "$(reads_of big "$CAP_DIR/four.log")" -eq 3000000 ]
	[ "$(reads_of one "$CAP_DIR/four.log")" -eq 4 ]
	[ "$(grep -Ec "open(at)?\\(.*\"big\"" "$CAP_DIR/four.log")" -eq 1 ]
	expect md5,sha1,sha256,sha512 -- big one >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
}

@test "conflicts: --check, --text, --length, --benchmark, --raw, a name twice, an empty name" {
	run sumac_as sumac -c -a md5,sha1 one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: --check takes one algorithm, not a list" ]
	[ "${lines[1]}" = "Try 'sumac --help' for more information." ]
	run sumac_as sumac -t -a md5,sha1 one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: --text is not supported with a list of algorithms, whose lines are tagged" ]
	run sumac_as sumac -a blake2b,sha1 -l 128 one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: --length is not supported with a list of algorithms" ]
	run sumac_as sumac --benchmark -a md5,sha1
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: --benchmark takes one algorithm, not a list" ]
	run sumac_as sumac --raw -a md5,sha1 one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: --raw is not supported with a list of algorithms" ]
	run sumac_as sumac -a md5,sha1,MD5 one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: md5 is listed twice in --algorithm" ]
	run sumac_as sumac -a md5,,sha1 one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: invalid argument '' for '--algorithm'" ]
	run sumac_as sumac -a md5,nope one
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: invalid argument 'nope' for '--algorithm'" ]
	# The last -a counts, as before: a single name after a list.
	run sumac_as sumac -a md5,sha1 -a sha256 one
	[ "$status" -eq 0 ]
	[ "$output" = "$HASH_sha256_one  one" ]
}

@test "the GNU names take no list: cksum refuses it, the others have no -a" {
	run sumac_as cksum -a md5,sha1 one
	[ "$status" -eq 1 ]
	[[ ${lines[0]} == "cksum: invalid argument 'md5,sha1' for '--algorithm'" ]]
	run sumac_as sha256sum -a md5,sha1 one
	[ "$status" -eq 1 ]
	[[ ${lines[0]} == "sha256sum: invalid option -- 'a'" ]]
}

@test "--debug: each algorithm's backend in the list's order, lanes off" {
	sumac_as sumac --debug -a sha512,md5 one >/dev/null 2>"$CAP_DIR/err"
	grep -E '^sumac: (sha512|md5): (using|lanes)' "$CAP_DIR/err" >"$CAP_DIR/err2" || true
	run cat "$CAP_DIR/err2"
	[[ ${lines[0]} == "sumac: sha512: using "* ]]
	[[ ${lines[1]} == "sumac: sha512: lanes: "@(off|none*) ]]
	[[ ${lines[2]} == "sumac: md5: using "* ]]
	[[ ${lines[3]} == "sumac: md5: lanes: "@(off|none*) ]]
}

@test "--help names the list under sumac only" {
	run sumac_as sumac --help
	[ "$status" -eq 0 ]
	[[ $output == *"NAME,NAME...: read each file once for all of"* ]]
	run sumac_as sha256sum --help
	[[ $output != *"NAME,NAME"* ]]
}

# ---- sumac -c over several lists (issue 20, point 1, verification): a file
# that several lines name is read once, for every algorithm they need; the
# output is what checking each list in turn prints.

# lists_setup: four lists over the same files, then files changed, gone or
# replaced by a directory, and lines that are not read once (a malformed
# one, a BLAKE2b-256 one, one naming standard input).
lists_setup() {
	local a
	for a in md5 sha1 sha256 sha512; do
		sumac_as sumac -a $a one big empty 'new
line' gone changed >"${a^^}SUMS"
	done
	rm gone
	printf 'other\n' >changed
	printf '%s  tree\n' "$HASH_sha256_empty" >>SHA256SUMS
	printf 'garbage\n' >>SHA1SUMS
	sumac_as sumac -a blake2b -l 256 --tag one >>SHA512SUMS
	LISTS=(MD5SUMS SHA1SUMS SHA256SUMS SHA512SUMS)
}

# in_turn OPTION...: each list checked alone, one after another: stdout,
# stderr and the exit status (1 if any list failed) in $CAP_DIR/turn.*.
in_turn() {
	local l rc=0
	: >"$CAP_DIR/turn.out"
	: >"$CAP_DIR/turn.err"
	for l in "${LISTS[@]}"; do
		sumac_as sumac "$@" "$l" >>"$CAP_DIR/turn.out" 2>>"$CAP_DIR/turn.err" || rc=1
	done
	echo $rc >"$CAP_DIR/turn.rc"
}

@test "-c over several lists: what checking each in turn prints, with every option" {
	printf 'changed\n' >changed
	printf 'gone\n' >gone
	lists_setup
	for opts in "" "-w" "--quiet" "--status" "--ignore-missing" "--strict -w" "-j 2" "-j 4 -w"; do
		# shellcheck disable=SC2086
		in_turn -c $opts
		rc=0
		# shellcheck disable=SC2086
		sumac_as sumac -c $opts "${LISTS[@]}" >"$CAP_DIR/out" 2>"$CAP_DIR/err" || rc=$?
		cmp "$CAP_DIR/turn.out" "$CAP_DIR/out"
		cmp "$CAP_DIR/turn.err" "$CAP_DIR/err"
		[ "$rc" -eq "$(cat "$CAP_DIR/turn.rc")" ]
	done
	grep -q 'changed: FAILED' "$CAP_DIR/turn.out"
}

@test "-c over several lists, lanes on or off, -j 2 and 4: the serial bytes" {
	printf 'changed\n' >changed
	printf 'gone\n' >gone
	lists_setup
	sumac_as sumac -c "${LISTS[@]}" >"$CAP_DIR/serial.out" 2>"$CAP_DIR/serial.err" || true
	for j in 2 4; do
		for lanes in auto always off; do
			SUMAC_LANES=$lanes sumac_as sumac -j $j -c "${LISTS[@]}" \
				>"$CAP_DIR/j.out" 2>"$CAP_DIR/j.err" || true
			cmp "$CAP_DIR/serial.out" "$CAP_DIR/j.out"
			cmp "$CAP_DIR/serial.err" "$CAP_DIR/j.err"
		done
	done
}

@test "-c over several lists reads each file once (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${RUNNER-} ]] || skip "strace would trace the emulator"
	local a
	for a in md5 sha1 sha256 sha512; do
		sumac_as sumac -a $a one big empty >"${a^^}SUMS"
	done
	strace -f -qq -e trace=?open,openat,read,close -o "$CAP_DIR/check.log" \
		"$SUMAC" -c MD5SUMS SHA1SUMS SHA256SUMS SHA512SUMS >"$CAP_DIR/out" 2>&1 ||
		skip "strace cannot trace here"
	[ "$(grep -Ec 'open(at)?\(.*"big"' "$CAP_DIR/check.log")" -eq 1 ]
	[ "$(grep -Ec 'open(at)?\(.*"one"' "$CAP_DIR/check.log")" -eq 1 ]
	[ "$(reads_of big "$CAP_DIR/check.log")" -eq 3000000 ]
	[ "$(grep -c ': OK$' "$CAP_DIR/out")" -eq 12 ]
	# A list given twice: its files are read once too.
	strace -f -qq -e trace=?open,openat -o "$CAP_DIR/twice.log" "$SUMAC" -c MD5SUMS MD5SUMS >/dev/null
	[ "$(grep -Ec 'open(at)?\(.*"big"' "$CAP_DIR/twice.log")" -eq 1 ]
	# The GNU names read each list's files as GNU does.
	strace -f -qq -e trace=?open,openat -o "$CAP_DIR/gnu.log" \
		bash -c 'exec -a md5sum "$0" -c MD5SUMS MD5SUMS' "$SUMAC" >/dev/null
	[ "$(grep -Ec 'open(at)?\(.*"big"' "$CAP_DIR/gnu.log")" -eq 2 ]
}

@test "-c over several lists, one of them standard input: as in turn" {
	printf 'changed\n' >changed
	printf 'gone\n' >gone
	lists_setup
	cp SHA1SUMS "$CAP_DIR/stdin.sums"
	LISTS=(MD5SUMS - SHA256SUMS)
	: >"$CAP_DIR/turn.out"
	: >"$CAP_DIR/turn.err"
	sumac_as sumac -c MD5SUMS >>"$CAP_DIR/turn.out" 2>>"$CAP_DIR/turn.err" || true
	sumac_as sumac -c - <"$CAP_DIR/stdin.sums" >>"$CAP_DIR/turn.out" 2>>"$CAP_DIR/turn.err" || true
	sumac_as sumac -c SHA256SUMS >>"$CAP_DIR/turn.out" 2>>"$CAP_DIR/turn.err" || true
	sumac_as sumac -c "${LISTS[@]}" <"$CAP_DIR/stdin.sums" >"$CAP_DIR/out" 2>"$CAP_DIR/err" || true
	cmp "$CAP_DIR/turn.out" "$CAP_DIR/out"
	cmp "$CAP_DIR/turn.err" "$CAP_DIR/err"
}
