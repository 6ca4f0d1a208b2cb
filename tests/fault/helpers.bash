# SPDX-License-Identifier: MIT
# Shared by the fault bats tests (tests/fault/*.bats).
#
#   SUMAC             the binary (set by make check's AM_TESTS_ENVIRONMENT)
#   SUMAC_FAULT_SHIM  the LD_PRELOAD shim (tests/fault/shim.c)
#   RUNNER            optional emulator prefix ("qemu-aarch64"), as in
#                     tests/cli/helpers.bash; the shim cases are skipped then
#
# Each case states the exact text and exit status GNU coreutils 9.1 gives;
# when /usr/bin/<program> is coreutils 9.1 the same case is also run with
# it, so the expectations are checked against GNU live.

export LC_ALL=C
# These cases compare with GNU 9.1 in /usr/bin: sumac behaves as 9.1 here
# unless a case says otherwise.
export SUMAC_GNU_COMPAT=9.1
unset LANGUAGE POSIXLY_CORRECT

: "${SUMAC:=$BATS_TEST_DIRNAME/../../src/sumac}"

fault_setup() {
	: "${BATS_TEST_TMPDIR:=$(mktemp -d "${TMPDIR:-/tmp}/sumac-fault.XXXXXX")}"
	WORK=$BATS_TEST_TMPDIR/work
	CAP=$BATS_TEST_TMPDIR/cap
	mkdir -p "$WORK" "$CAP"
	cd "$WORK" || return 1
	if ! _run_sumac sumac --version >/dev/null 2>&1; then
		skip "cannot run $SUMAC here"
	fi
}

fault_teardown() {
	cd / || true
	if [[ -n ${NOBODY_DIR-} ]]; then
		rm -rf "$NOBODY_DIR"
	fi
}

# The GNU program is used as a live reference only if it is coreutils 9.1.
gnu_live() {
	[[ -x /usr/bin/sha256sum ]] &&
		[[ $(/usr/bin/sha256sum --version 2>/dev/null | sed -n '1s/.* //p') == 9.1 ]]
}

# _run_sumac NAME ARGS...: sumac with argv[0] = NAME.
_run_sumac() {
	local name=$1
	shift
	if [[ -n ${RUNNER-} ]]; then
		# shellcheck disable=SC2086
		$RUNNER -0 "$name" "$SUMAC" "$@"
	else
		(exec -a "$name" "$SUMAC" "$@")
	fi
}

# sumac_cmd NAME / gnu_cmd NAME: the command (array CMD / GCMD) that runs
# the program with argv[0] = NAME, for use after env(1) and the like.
sumac_cmd() {
	if [[ -n ${RUNNER-} ]]; then
		# shellcheck disable=SC2206
		CMD=($RUNNER -0 "$1" "$SUMAC")
	else
		CMD=(bash -c 'exec -a "$0" "$@"' "$1" "$SUMAC")
	fi
}
gnu_cmd() {
	GCMD=(bash -c 'exec -a "$0" "$@"' "$1" "/usr/bin/$1")
}

# _run_gnu NAME ARGS...: /usr/bin/NAME with argv[0] = NAME.
_run_gnu() {
	local name=$1
	shift
	(exec -a "$name" "/usr/bin/$name" "$@")
}

need_native() {
	[[ -z ${RUNNER-} ]] || skip "LD_PRELOAD cases run natively only (RUNNER is set)"
	[[ -f ${SUMAC_FAULT_SHIM-} ]] || skip "shim not built (SUMAC_FAULT_SHIM)"
	# The i386 lane links statically (.ci/cross.sh): no LD_PRELOAD then.
	if LC_ALL=C ldd "$SUMAC" 2>&1 | grep -q 'not a dynamic executable'; then
		skip "sumac is linked statically: LD_PRELOAD cannot reach it"
	fi
}

# with_shim PATH ACTION CMD...: run CMD with read(2) on PATH misbehaving.
with_shim() {
	local path=$1 action=$2
	shift 2
	SUMAC_SHIM_PATH=$path SUMAC_SHIM_ACTION=$action LD_PRELOAD=$SUMAC_FAULT_SHIM \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@"
}

# run_both TAG STDOUT-TARGET NAME ARGS...: runs sumac (and GNU when live) as
# NAME, stdout to STDOUT-TARGET ("cap" for a file, or a path such as
# /dev/full), stderr captured.  Sets OUT ERR RC (sumac) and GOUT GERR GRC.
run_both() {
	local tag=$1 target=$2
	shift 2
	local out=$CAP/$tag.out
	[[ $target == cap ]] || out=$target
	: >"$CAP/$tag.out"
	RC=0
	_run_sumac "$@" </dev/null >"$out" 2>"$CAP/$tag.err" || RC=$?
	OUT=$CAP/$tag.out
	ERR=$CAP/$tag.err
	GOUT= GERR= GRC=
	if gnu_live; then
		local gout=$CAP/$tag.gnu.out
		[[ $target == cap ]] || gout=$target
		: >"$CAP/$tag.gnu.out"
		GRC=0
		_run_gnu "$@" </dev/null >"$gout" 2>"$CAP/$tag.gnu.err" || GRC=$?
		GOUT=$CAP/$tag.gnu.out
		GERR=$CAP/$tag.gnu.err
	fi
}

# expect RC STDOUT STDERR: sumac's last run (run_both) gave exactly this
# (printf %b texts), and so did GNU when it ran.
expect() {
	local rc=$1 out=$2 err=$3 bad=0
	printf '%b' "$out" >"$CAP/want.out"
	printf '%b' "$err" >"$CAP/want.err"
	_expect_one sumac "$RC" "$OUT" "$ERR" || bad=1
	if [[ -n $GERR ]]; then
		_expect_one GNU "$GRC" "$GOUT" "$GERR" || bad=1
	fi
	return $bad
}

_expect_one() {
	local who=$1 got_rc=$2 got_out=$3 got_err=$4 bad=0
	if [[ $got_rc -ge 128 ]]; then
		echo "$who: killed by signal $((got_rc - 128))"
		bad=1
	fi
	if [[ $got_rc != "$rc" ]]; then
		echo "$who: exit status $got_rc, expected $rc"
		bad=1
	fi
	if ! cmp -s "$got_out" "$CAP/want.out"; then
		echo "$who: stdout differs (expected, got):"
		diff <(cat -A "$CAP/want.out") <(cat -A "$got_out") | head -20
		bad=1
	fi
	if ! cmp -s "$got_err" "$CAP/want.err"; then
		echo "$who: stderr differs (expected, got):"
		diff <(cat -A "$CAP/want.err") <(cat -A "$got_err") | head -20
		bad=1
	fi
	return $bad
}

# sha NAME: the SHA-256 of a file, as hex, from a program other than the
# one under test when there is one.
sha() {
	if command -v /usr/bin/sha256sum >/dev/null 2>&1; then
		/usr/bin/sha256sum <"$1" | cut -c1-64
	else
		_run_sumac sha256sum <"$1" | cut -c1-64
	fi
}
