#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Fault injection: files that change or fail while they are hashed, and a
# standard output that is closed, full or a broken pipe; a directory and an
# unreadable file as check lists.  Each case must give GNU's messages and
# exit status (GNU 9.1 is also run live when installed), keep every line
# already computed, and never die of a signal (other than the SIGPIPE GNU
# dies of too).  The LD_PRELOAD shim (tests/fault/shim.c) cannot reach
# GNU's reads (glibc's stdio calls read internally), so those cases compare
# with the file as it ends up, and with the texts GNU prints for an
# unreadable file.

load helpers

setup() {
	fault_setup
	printf 'one\n' >a
	printf 'two\n' >b
	A=$(sha a)
	B=$(sha b)
}

teardown() {
	fault_teardown
}

@test "file truncated after the first read: the digest of what is left, exit 0" {
	need_native
	head -c 1048576 /dev/urandom >f
	local before
	before=$(sha f)
	# Both GNU and sumac read less than 512 KiB at first, so both end up
	# hashing exactly the first 512 KiB: the file as it is afterwards.
	RC=0
	with_shim "$PWD/f" truncate:524288 _run_sumac sha256sum a f b >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$(stat -c %s f)" -eq 524288 ]
	OUT=$CAP/out ERR=$CAP/err GERR=
	expect 0 "$A  a\n$(sha f)  f\n$B  b\n" ''

	# Checked against the digest it had: FAILED, as for any changed file.
	head -c 1048576 /dev/urandom >g
	printf '%s  a\n%s  g\n%s  b\n' "$A" "$(sha g)" "$B" >list
	RC=0
	with_shim "$PWD/g" truncate:524288 _run_sumac sha256sum -c list >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 'a: OK\ng: FAILED\nb: OK\n' 'sha256sum: WARNING: 1 computed checksum did NOT match\n'
	[ "$before" != "$(sha f)" ]
}

@test "file truncated to nothing after the first read: no error, no crash" {
	need_native
	head -c 1048576 /dev/urandom >f
	RC=0
	with_shim "$PWD/f" truncate:0 _run_sumac sha256sum f b >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$RC" -eq 0 ]
	[ ! -s "$CAP/err" ]
	# What was read before the cut is hashed; the line is well formed.
	grep -qE '^[0-9a-f]{64}  f$' "$CAP/out"
	grep -qx "$B  b" "$CAP/out"
}

@test "file extended after the first read: read to the new end, exit 0" {
	need_native
	head -c 262144 /dev/urandom >f
	RC=0
	with_shim "$PWD/f" extend:300000 _run_sumac sha256sum a f >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$(stat -c %s f)" -eq 562144 ]
	OUT=$CAP/out ERR=$CAP/err GERR=
	expect 0 "$A  a\n$(sha f)  f\n" ''
}

@test "read() fails with EIO mid-file: GNU's message, the other lines kept, exit 1" {
	need_native
	head -c 300000 /dev/urandom >bad
	RC=0
	with_shim "$PWD/bad" eio _run_sumac sha256sum a bad b >"$CAP/out" 2>"$CAP/err" || RC=$?
	OUT=$CAP/out ERR=$CAP/err GERR=
	expect 1 "$A  a\n$B  b\n" 'sha256sum: bad: Input/output error\n'

	RC=0
	with_shim "$PWD/bad" eio-first _run_sumac sha256sum --tag a bad b >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 "SHA256 (a) = $A\nSHA256 (b) = $B\n" 'sha256sum: bad: Input/output error\n'

	# The same through the parallel pipeline: same lines, same order.
	RC=0
	with_shim "$PWD/bad" eio _run_sumac sha256sum -j2 a bad b a >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 "$A  a\n$B  b\n$A  a\n" 'sha256sum: bad: Input/output error\n'
}

@test "read() fails with EIO in --check: FAILED open or read, warning, exit 1" {
	need_native
	head -c 300000 /dev/urandom >bad
	printf '%s  a\n%s  bad\n%s  b\n' "$A" "$(sha bad)" "$B" >list
	RC=0
	with_shim "$PWD/bad" eio _run_sumac sha256sum -c list >"$CAP/out" 2>"$CAP/err" || RC=$?
	OUT=$CAP/out ERR=$CAP/err GERR=
	expect 1 'a: OK\nbad: FAILED open or read\nb: OK\n' \
		'sha256sum: bad: Input/output error\nsha256sum: WARNING: 1 listed file could not be read\n'

	RC=0
	with_shim "$PWD/bad" eio _run_sumac sha256sum -c --status list >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 '' 'sha256sum: bad: Input/output error\n'

	RC=0
	with_shim "$PWD/bad" eio _run_sumac sha256sum -j2 -c list >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 'a: OK\nbad: FAILED open or read\nb: OK\n' \
		'sha256sum: bad: Input/output error\nsha256sum: WARNING: 1 listed file could not be read\n'
}

@test "long files, changed or failing while the read-ahead thread reads them" {
	need_native
	# Past 2 MiB a second thread reads on; SUMAC_SHIM_AFTER puts the fault
	# beyond that point, so it happens to the reader thread's reads.
	head -c 8388608 /dev/urandom >f
	RC=0
	SUMAC_SHIM_AFTER=3145728 with_shim "$PWD/f" truncate:4206649 \
		_run_sumac sha256sum a f b >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$(stat -c %s f)" -eq 4206649 ]
	OUT=$CAP/out ERR=$CAP/err GERR=
	expect 0 "$A  a\n$(sha f)  f\n$B  b\n" ''

	head -c 6291456 /dev/urandom >g
	RC=0
	SUMAC_SHIM_AFTER=3145728 with_shim "$PWD/g" extend:1000003 \
		_run_sumac sha256sum --tag g a >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$(stat -c %s g)" -eq 7291459 ]
	expect 0 "SHA256 (g) = $(sha g)\nSHA256 (a) = $A\n" ''

	head -c 8388608 /dev/urandom >bad
	RC=0
	SUMAC_SHIM_AFTER=5242880 with_shim "$PWD/bad" eio \
		_run_sumac sha256sum a bad b >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 "$A  a\n$B  b\n" 'sha256sum: bad: Input/output error\n'

	printf '%s  a\n%s  bad\n%s  b\n' "$A" "$(sha bad)" "$B" >list
	RC=0
	SUMAC_SHIM_AFTER=5242880 with_shim "$PWD/bad" eio \
		_run_sumac sha256sum -c list >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 'a: OK\nbad: FAILED open or read\nb: OK\n' \
		'sha256sum: bad: Input/output error\nsha256sum: WARNING: 1 listed file could not be read\n'

	# The same file through a pipe: read ahead too, and the same digest.
	RC=0
	cat bad | _run_sumac sha256sum >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 0 "$(sha bad)  -\n" ''
}

# sparse NAME: 64 KiB of data, a hole, 70000 bytes from 2 MiB + 5, a hole
# to 3 MiB + 1: holes at odd places, skipped by SEEK_DATA/SEEK_HOLE.
sparse() {
	truncate -s 3145729 "$1"
	head -c 65536 /dev/urandom | dd of="$1" conv=notrunc status=none
	head -c 70000 /dev/urandom | dd of="$1" bs=1M seek=2097157 oflag=seek_bytes conv=notrunc status=none
	[ "$(stat -c %s "$1")" -eq 3145729 ]
	# Really sparse, or the cases below would prove nothing about holes.
	[ "$(stat -c %b "$1")" -lt $((3145729 / 512)) ]
}

@test "sparse files: no SEEK_DATA, or changed or failing while their holes are skipped" {
	need_native
	# A file system that cannot tell holes (EINVAL): plain reads, same digest.
	sparse f
	RC=0
	SUMAC_SHIM_SEEK=einval with_shim "$PWD/f" none \
		_run_sumac sha256sum a f >"$CAP/out" 2>"$CAP/err" || RC=$?
	OUT=$CAP/out ERR=$CAP/err GERR=
	expect 0 "$A  a\n$(sha f)  f\n" ''

	# Grown after the first read: the hole is hashed, then the new data.
	sparse g
	RC=0
	with_shim "$PWD/g" extend:300000 _run_sumac sha256sum g a >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$(stat -c %s g)" -eq 3445729 ]
	expect 0 "$(sha g)  g\n$A  a\n" ''

	# Cut inside the hole after the first read: the digest of what is left.
	sparse h
	RC=0
	with_shim "$PWD/h" truncate:1048579 _run_sumac sha256sum h >"$CAP/out" 2>"$CAP/err" || RC=$?
	[ "$(stat -c %s h)" -eq 1048579 ]
	expect 0 "$(sha h)  h\n" ''

	# The read after the first hole fails: GNU's message, exit 1.
	sparse bad
	RC=0
	with_shim "$PWD/bad" eio _run_sumac sha256sum a bad b >"$CAP/out" 2>"$CAP/err" || RC=$?
	expect 1 "$A  a\n$B  b\n" 'sha256sum: bad: Input/output error\n'
}

@test "a real EIO from the kernel (/proc/self/mem), live against GNU" {
	[[ -z ${RUNNER-} ]] || skip "emulated: /proc/self/mem is the emulator's"
	run_both gen cap sha256sum a /proc/self/mem b
	expect 1 "$A  a\n$B  b\n" 'sha256sum: /proc/self/mem: Input/output error\n'
	printf '%s  a\n%s  /proc/self/mem\n' "$A" "$A" >list
	run_both chk cap sha256sum -c list
	expect 1 'a: OK\n/proc/self/mem: FAILED open or read\n' \
		'sha256sum: /proc/self/mem: Input/output error\nsha256sum: WARNING: 1 listed file could not be read\n'
}

@test "stdout closed: write error, exit 1, no crash" {
	RC=0
	_run_sumac sha256sum a >&- 2>"$CAP/err" || RC=$?
	: >"$CAP/out"
	OUT=$CAP/out ERR=$CAP/err GERR=
	if gnu_live; then
		GRC=0
		_run_gnu sha256sum a >&- 2>"$CAP/gerr" || GRC=$?
		: >"$CAP/gout"
		GOUT=$CAP/gout GERR=$CAP/gerr
	fi
	expect 1 '' 'sha256sum: write error: Bad file descriptor\n'

	printf '%s  a\n' "$A" >list
	RC=0
	_run_sumac sha256sum -c list >&- 2>"$CAP/err" || RC=$?
	if gnu_live; then
		GRC=0
		_run_gnu sha256sum -c list >&- 2>"$CAP/gerr" || GRC=$?
	fi
	expect 1 '' 'sha256sum: write error: Bad file descriptor\n'
}

@test "stdout full (/dev/full): write error, exit 1, also with a hashing error" {
	# GNU's stdout is line-buffered: the failed write is found at the end
	# of a line, and close_stdout() then reports it without errno text.
	run_both full /dev/full sha256sum a
	expect 1 '' 'sha256sum: write error\n'
	run_both full2 /dev/full sha256sum a missing b
	expect 1 '' 'sha256sum: missing: No such file or directory\nsha256sum: write error\n'
	printf '%s  a\n' "$A" >list
	run_both full3 /dev/full sha256sum -c list
	expect 1 '' 'sha256sum: write error\n'
	# -z: nothing ends a line, so the errno of the final flush is shown.
	run_both full4 /dev/full sha256sum -z a
	expect 1 '' 'sha256sum: write error: No space left on device\n'
}

# many_lines N: a list of N lines naming a, and 20000 copies of "a" as
# operands (1.3 MB of output, far more than a pipe holds).
many_lines() {
	yes "$A  a" | head -n "$1" >list
	mapfile -t OPERANDS < <(yes a | head -n 20000)
}

@test "broken pipe: killed by SIGPIPE as GNU is, the output before it intact" {
	command -v env >/dev/null && env --default-signal=PIPE true 2>/dev/null ||
		skip "env --default-signal not available"
	many_lines 100000
	local rc gold
	# 100000 status lines (600 KB): far more than the reader takes plus
	# what a pipe holds.
	sumac_cmd sha256sum
	gnu_cmd sha256sum
	set +e
	env --default-signal=PIPE "${CMD[@]}" -c list | head -c 100000 >"$CAP/head"
	rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" -eq 141 ] || { echo "exit status $rc, expected 141 (SIGPIPE)"; false; }
	# Whatever got through is exactly what GNU writes first.
	yes 'a: OK' | head -c 100000 >"$CAP/want"
	cmp "$CAP/want" "$CAP/head"

	set +e
	env --default-signal=PIPE "${CMD[@]}" "${OPERANDS[@]}" | head -c 1 >/dev/null
	rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" -eq 141 ]
	if gnu_live; then
		set +e
		env --default-signal=PIPE "${GCMD[@]}" "${OPERANDS[@]}" | head -c 1 >/dev/null
		gold=${PIPESTATUS[0]}
		set -e
		[ "$gold" -eq 141 ]
	fi
}

@test "broken pipe with SIGPIPE ignored: 'write error', exit 1" {
	env --ignore-signal=PIPE true 2>/dev/null || skip "env --ignore-signal not available"
	many_lines 100000
	local rc
	sumac_cmd sha256sum
	gnu_cmd sha256sum
	set +e
	env --ignore-signal=PIPE "${CMD[@]}" -c list 2>"$CAP/err" | head -c 1 >/dev/null
	rc=${PIPESTATUS[0]}
	set -e
	: >"$CAP/out"
	RC=$rc OUT=$CAP/out ERR=$CAP/err GERR=
	if gnu_live; then
		set +e
		env --ignore-signal=PIPE "${GCMD[@]}" -c list 2>"$CAP/gerr" | head -c 1 >/dev/null
		GRC=${PIPESTATUS[0]}
		set -e
		: >"$CAP/gout"
		GOUT=$CAP/gout GERR=$CAP/gerr
	fi
	expect 1 '' 'sha256sum: write error\n'

	set +e
	env --ignore-signal=PIPE "${CMD[@]}" "${OPERANDS[@]}" 2>"$CAP/err" | head -c 1 >/dev/null
	RC=${PIPESTATUS[0]}
	if gnu_live; then
		env --ignore-signal=PIPE "${GCMD[@]}" "${OPERANDS[@]}" 2>"$CAP/gerr" | head -c 1 >/dev/null
		GRC=${PIPESTATUS[0]}
	fi
	set -e
	expect 1 '' 'sha256sum: write error\n'
}

@test "a directory given to -c: 'read error', the next list still checked" {
	mkdir d
	printf '%s  a\n' "$A" >list
	run_both dir cap sha256sum -c d
	expect 1 '' 'sha256sum: d: read error\n'
	run_both dir2 cap sha256sum -c d list
	expect 1 'a: OK\n' 'sha256sum: d: read error\n'
	run_both dir3 cap sha256sum -c --status d list
	expect 1 '' 'sha256sum: d: read error\n'
}

@test "an unreadable check list (as uid 65534): Permission denied, exit 1" {
	local as=()
	if [[ $EUID -eq 0 ]]; then
		command -v setpriv >/dev/null || skip "setpriv not installed"
		as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	fi
	# A world-readable copy of the program and the fixtures: the build tree
	# may sit in a directory only root can enter.
	NOBODY_DIR=$(mktemp -d /tmp/sumac-fault-nobody.XXXXXX)
	chmod 755 "$NOBODY_DIR"
	cp "$SUMAC" "$NOBODY_DIR/sumac"
	chmod 755 "$NOBODY_DIR/sumac"
	cd "$NOBODY_DIR"
	printf 'one\n' >a
	printf '%s  a\n' "$A" >list
	printf '%s  a\n' "$A" >locked
	chmod 644 a list
	chmod 000 locked
	local prefix=()
	# shellcheck disable=SC2206
	[[ -n ${RUNNER-} ]] && prefix=($RUNNER -0 sha256sum)
	RC=0
	if [[ -n ${RUNNER-} ]]; then
		"${as[@]}" "${prefix[@]}" ./sumac -c locked list >"$CAP/out" 2>"$CAP/err" || RC=$?
	else
		"${as[@]}" bash -c 'exec -a sha256sum ./sumac "$@"' _ -c locked list >"$CAP/out" 2>"$CAP/err" || RC=$?
	fi
	OUT=$CAP/out ERR=$CAP/err GERR=
	if gnu_live; then
		GRC=0
		"${as[@]}" bash -c 'exec -a sha256sum /usr/bin/sha256sum "$@"' _ -c locked list \
			>"$CAP/gout" 2>"$CAP/gerr" || GRC=$?
		GOUT=$CAP/gout GERR=$CAP/gerr
	fi
	expect 1 'a: OK\n' 'sha256sum: locked: Permission denied\n'
}
