#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Lanes (several files hashed at once by one thread, issue 16) against GNU
# coreutils 9.1 live: with lanes on (auto), off and forced onto the
# portable looped reference (always, with SUMAC_BACKEND=portable, so that
# lanes run on every machine), serially and with -j 2 and -j 4, the output,
# messages and exit status of every case are GNU's.  The inputs mix files
# of every block boundary and of random sizes with those that must not go
# into lanes: standard input, /dev/null, a directory, a missing file, one
# that reads EIO (/proc/self/mem), repeated names.  Then the switches:
# --lanes and SUMAC_LANES, their bad values, --debug's line, and that the
# GNU names have no --lanes.

load helpers

setup() {
	cli_setup
	# /usr/bin/sha256sum makes fixtures; gnu_as is the level's GNU.
	[[ $_GNU_VERSION == 9.1 ]] || skip "needs GNU coreutils 9.1 as /usr/bin/sha256sum"
	gnu_live || skip "needs GNU $GNU_REF_VERSION (level $CLI_LEVEL) live"
	local n=0 len
	for len in 0 1 55 56 63 64 65 111 112 119 120 127 128 129 4096 131071 131072 131073; do
		head -c "$len" /dev/urandom >"e$n"
		n=$((n + 1))
	done
	for ((n = 0; n < 24; n++)); do
		head -c $((RANDOM * 13 + n)) /dev/urandom >"r$n"
	done
	head -c 3000000 /dev/urandom >big
	mkdir d
	printf 'payload\n' >in
}

teardown() {
	cli_teardown
}

# _run3 WHICH NAME BASE ARGS...: stdout, stderr and status of one run, with
# standard input from ./in.
_run3() {
	local which=$1 name=$2 base=$3 rc=0
	shift 3
	"$which" "$name" "$@" <in >"$base.out" 2>"$base.err" || rc=$?
	echo "$rc" >"$base.rc"
}

# lanes_as_gnu NAME ARGS...: GNU, then sumac with lanes auto, off and
# always (on portable), each with -j 1, 2 and 4, must agree byte for byte.
lanes_as_gnu() {
	local name=$1 mode j f
	shift
	_run3 gnu_as "$name" "$CAP_DIR/gnu" "$@"
	for mode in auto off always; do
		for j in 1 2 4; do
			if [[ $mode == always ]]; then
				SUMAC_LANES=$mode SUMAC_BACKEND=portable \
					_run3 sumac_as "$name" "$CAP_DIR/got" -j "$j" "$@"
			else
				SUMAC_LANES=$mode _run3 sumac_as "$name" "$CAP_DIR/got" -j "$j" "$@"
			fi
			for f in out err rc; do
				if ! cmp -s "$CAP_DIR/gnu.$f" "$CAP_DIR/got.$f"; then
					printf '# %s, lanes %s, -j %s:' "$name" "$mode" "$j"
					printf ' %q' "$@"
					echo
					_show_diff "$f" "$CAP_DIR/gnu.$f" "$CAP_DIR/got.$f"
					return 1
				fi
			done
		done
	done
}

@test "lanes on, off and forced: generation is GNU's for every program" {
	local prog
	for prog in "${PROGS[@]}"; do
		lanes_as_gnu "$prog" e* r* big
		lanes_as_gnu "$prog" --tag r3 e5 big r3 - e0 missing r4 d /dev/null r5 e9 r3
	done
	lanes_as_gnu sha256sum -z e1 r2 big r7
}

@test "lanes on, off and forced: a read error in one lane fails that file only" {
	[[ -f /proc/self/mem ]] || skip "no /proc/self/mem"
	lanes_as_gnu sha256sum r1 r2 /proc/self/mem r3 big r4
	lanes_as_gnu sha512sum /proc/self/mem e* /proc/self/mem
	grep -q 'Input/output error' "$CAP_DIR/gnu.err"
}

@test "lanes on, off and forced: --check is GNU's" {
	local prog
	for prog in sha1sum sha256sum sha512sum md5sum; do
		gnu_as "$prog" e* r* big >list
		# One digest wrong, one file gone, one line that is no line.
		sed -i -e '3s/^./0/' -e '3s/^00/11/' list
		printf 'nonsense\n' >>list
		gnu_as "$prog" r5 >>list
		gnu_as "$prog" e0 | sed 's/e0$/missing/' >>list
		lanes_as_gnu "$prog" -c list
		lanes_as_gnu "$prog" -c --quiet list
		lanes_as_gnu "$prog" -c --ignore-missing --status list
	done
}

# got NAME ARGS...: one sumac run, for the assert_* helpers.
got() {
	_run3 sumac_as "$1" "$CAP_DIR/got" "${@:2}"
	OUT=$CAP_DIR/got.out ERR=$CAP_DIR/got.err RC=$(cat "$CAP_DIR/got.rc")
}

@test "--lanes and SUMAC_LANES: a bad value is an error under every name" {
	got sumac --lanes=sometimes e1
	assert_rc 1
	assert_err_line "sumac: invalid argument for --lanes: 'sometimes' (auto, off or always)"
	assert_err_line "Try 'sumac --help' for more information."
	[[ ! -s $OUT ]]
	SUMAC_LANES=fast got sha256sum e1
	assert_rc 1
	assert_err_line "sha256sum: SUMAC_LANES: invalid value 'fast' (auto, off or always)"
	[[ ! -s $OUT ]]
	# Set but empty: auto, as with SUMAC_BACKEND.
	SUMAC_LANES= got sha256sum e1
	assert_rc 0
}

@test "the GNU names have no --lanes; sumac documents it" {
	_run3 gnu_as sha256sum "$CAP_DIR/gnu" --lanes=off e1
	_run3 sumac_as sha256sum "$CAP_DIR/got" --lanes=off e1
	cmp "$CAP_DIR/gnu.out" "$CAP_DIR/got.out"
	cmp "$CAP_DIR/gnu.err" "$CAP_DIR/got.err"
	cmp "$CAP_DIR/gnu.rc" "$CAP_DIR/got.rc"
	sumac_as sumac --help | grep -q -- '--lanes=WHEN'
	! sumac_as sha256sum --help | grep -q -- '--lanes'
}

@test "--debug tells whether files go through lanes" {
	SUMAC_LANES=always got sumac --backend portable --debug e1 e2
	assert_rc 0
	assert_err_line "sumac: sha256: lanes: up to 4 files at once in each thread"
	SUMAC_LANES=auto got sumac --backend portable --debug e1
	assert_err_line "sumac: sha256: lanes: none (sha256-portable has no faster kernel for them)"
	got sumac --lanes=off --debug e1
	assert_rc 0
	assert_err_has "sumac: sha256: lanes: "
	assert_out_has "  e1"
}
