#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Compatibility of what happens around stdout and stderr: the words of the
# final "write error" (GNU's close_stream over glibc's line-buffered stdout,
# src/cli/gnu_stdout.c), a pipe whose reader has gone, a closed or full
# stderr, and errno texts next to quoted names.  Compared byte for byte
# with GNU coreutils 9.1 live, or with golden/output-* files.

load helpers

setup() {
	cli_setup
	printf 'one\n' >a
	printf 'two\n' >b
	printf '6\n' >c6 # its SHA-256 starts with 06
	mkdir dir
}

teardown() {
	cli_teardown
}

# This file's redirections on top of helpers.bash's: STDOUT_MODE=epipe (a
# FIFO whose reader has gone, with SIGPIPE ignored, so each write fails with
# EPIPE) and STDERR_MODE=closed|full.  The streams that cannot be captured
# are left empty for both programs.
eval "_capture_plain() $(declare -f _capture | tail -n +2)"
_capture() {
	if [[ ${STDOUT_MODE-} != epipe && -z ${STDERR_MODE-} ]]; then
		_capture_plain "$@"
		return
	fi
	local which=$1 base=$2 rc=0 err=$2.err keep w
	shift 2
	local in=${STDIN_FILE:-/dev/null}
	: >"$base.out"
	: >"$base.err"
	case ${STDERR_MODE-} in
	closed) err=closed ;;
	full) err=/dev/full ;;
	esac
	case ${STDOUT_MODE-} in
	epipe)
		mkfifo "$base.fifo"
		exec {keep}<>"$base.fifo"
		exec {w}>"$base.fifo"
		exec {keep}<&-
		_capture_stderr "$which" "$@" >&"$w" || rc=$?
		exec {w}>&-
		rm -f "$base.fifo"
		;;
	full) _capture_stderr "$which" "$@" >/dev/full || rc=$? ;;
	'') _capture_stderr "$which" "$@" >"$base.out" || rc=$? ;;
	*)
		echo "STDOUT_MODE '$STDOUT_MODE' with STDERR_MODE: not here" >&2
		return 1
		;;
	esac
	echo "$rc" >"$base.rc"
}

# _capture_stderr CMD...: CMD with SIGPIPE ignored, stdin $in and stderr
# to $err ("closed": closed), from _capture.
_capture_stderr() {
	if [[ $err == closed ]]; then
		(
			trap '' PIPE
			"$@" <"$in" 2>&-
		)
	else
		(
			trap '' PIPE
			"$@" <"$in" 2>"$err"
		)
	fi
}

# deep_dir: a directory path of 3818 bytes (19 levels of 200), in $DEEP;
# a file name of N bytes under it makes a result line of a chosen length.
deep_dir() {
	local level
	level=$(printf 'd%.0s' {1..200})
	DEEP=$level
	for _ in {2..19}; do
		DEEP+=/$level
	done
	mkdir -p "$DEEP"
}

# deep_file N CHAR: an empty file under $DEEP whose path is 3819 + N bytes.
deep_file() {
	FILE=$DEEP/$(printf "$2%.0s" $(seq "$1"))
	: >"$FILE"
}

@test "-z to /dev/full: errno text unless the last NUL fell on GNU's full buffer" {
	deep_dir
	# A 4096-byte line stays in GNU's 4096-byte buffer; at 4097 its NUL
	# is dropped with the failed flush and the message is bare.
	deep_file 210 x
	STDOUT_MODE=full compare_gnu sha256sum -z "$FILE"
	assert_err_is 'sha256sum: write error: No space left on device\n'
	deep_file 211 x
	STDOUT_MODE=full compare_gnu sha256sum -z "$FILE"
	# 9.10 names errno whatever the buffer held (S3).
	level_ge 9.10 || assert_err_is 'sha256sum: write error\n'
	deep_file 212 x
	STDOUT_MODE=full compare_gnu sha256sum -z "$FILE"
	assert_err_is 'sha256sum: write error: No space left on device\n'
}

@test "--tag -z to /dev/full: GNU's buffer boundary inside a digest" {
	deep_dir
	# Lengths of the first and the last name: the second line, c6's,
	# reaches the 4096th byte within its digest, and the third ends on
	# a 4096-byte boundary or next to it.
	local first=(162 162 186 186) last=(161 162 137 138) i name1
	for i in 0 1 2 3; do
		deep_file "${first[i]}" y
		name1=$FILE
		deep_file "${last[i]}" z
		STDOUT_MODE=full compare_gnu sha256sum --tag -z "$name1" c6 "$FILE"
	done
	level_ge 9.10 || assert_err_is 'sha256sum: write error\n'
}

@test "-z: a diagnostic after the last line leaves nothing pending (bare write error)" {
	STDOUT_MODE=full compare_gnu sha256sum -z a missing
	assert_err_line 'sha256sum: write error'
	# errno from the failed open is not the write's.
	STDOUT_MODE=full compare_gnu sha256sum -z a dir
	assert_err_line 'sha256sum: write error'
	STDOUT_MODE=full compare_gnu sha256sum -z dir a
	assert_err_line 'sha256sum: write error: No space left on device'
	STDOUT_MODE=full compare_gnu md5sum -z --tag a missing b
	STDOUT_MODE=closed compare_gnu sha256sum -z a missing
	assert_err_line 'sha256sum: write error: Bad file descriptor'
	STDOUT_MODE=closed compare_gnu sha1sum -z dir
	assert_rc 1
}

@test "a pipe whose reader has gone, SIGPIPE ignored" {
	printf '%s  a\n' "$(h sha256sum one)" >list
	STDOUT_MODE=epipe compare_gnu sha256sum a b
	level_ge 9.10 || assert_err_is 'sha256sum: write error\n'
	STDOUT_MODE=epipe compare_gnu sha256sum -z a b
	assert_err_is 'sha256sum: write error: Broken pipe\n'
	STDOUT_MODE=epipe compare_gnu sha256sum -z a missing
	STDOUT_MODE=epipe compare_gnu sha256sum -c list
	assert_rc 1
	STDOUT_MODE=epipe compare_gnu sha256sum -c --status list
	assert_rc 0
	STDOUT_MODE=epipe compare_gnu sha256sum missing
}

@test "a diagnostic that cannot be written makes the exit status 1" {
	printf '%s  a\nnot a checksum line\n' "$(h sha256sum one)" >list
	for mode in closed full; do
		# Only a warning: 0 with stderr, 1 when it cannot be written.
		STDERR_MODE=$mode compare_gnu sha256sum -c list
		assert_rc 1
		assert_out_is 'a: OK\n'
		STDERR_MODE=$mode compare_gnu sha256sum -c --ignore-missing list
		STDERR_MODE=$mode compare_gnu sha256sum a missing b
		# Nothing to say: nothing fails.
		STDERR_MODE=$mode compare_gnu sha256sum a
		assert_rc 0
		STDERR_MODE=$mode compare_gnu sha256sum -c --status list
	done
	STDERR_MODE=closed STDOUT_MODE=epipe compare_gnu sha256sum a
	assert_rc 1
}

@test "errno of a missing name with a byte >= 0x80, in C and C.UTF-8" {
	printf '%s  %b\n' "$(h sha256sum one)" 'gone\377' >list
	for loc in C C.UTF-8; do
		LC_ALL=$loc compare_gnu sha256sum -c $'missing\xff'
		assert_err_line "sha256sum: 'missing'\$'\\\\377': No such file or directory"
		LC_ALL=$loc compare_gnu sha256sum -c $'missing\xe2\x82'
		LC_ALL=$loc compare_gnu sha256sum $'missing\xff' a
		assert_err_line "sha256sum: 'missing'\$'\\\\377': No such file or directory"
		LC_ALL=$loc compare_gnu sha256sum -c list
		LC_ALL=$loc compare_gnu sha256sum -c a $'missing\xff'
	done
}
