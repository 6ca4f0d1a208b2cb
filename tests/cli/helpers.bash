# SPDX-License-Identifier: MIT
# Shared helpers for the sumac CLI compatibility suite (bats-core).
#
# Every comparison is byte-exact: stdout and stderr are captured to files and
# compared with cmp, never through bats' $output (which drops NULs and the
# trailing newline).  The reference is the real GNU program of the
# compatibility level under test (SUMAC_GNU_COMPAT, exported to sumac too):
#
#   level            reference (live)                    golden files
#   9.1              /usr/bin (Debian 12's coreutils)    golden/9.1/
#   9.4              $SUMAC_GNU_REF/9.7/bin (9.4-9.9)    golden/9.4/
#   9.10             $SUMAC_GNU_REF/9.10/bin             golden/9.10/
#   9.11, latest     $SUMAC_GNU_REF/9.11/bin             golden/9.11/
#   (unset: latest, sumac's default)
#
# When that program is missing or is another version, or SUMAC_CLI_GOLDEN is
# set, the golden files (golden/<level>/<key>.out, .err, .rc) recorded from it
# by update-golden.sh are the reference.
#
# Test-side API: sumac_as / gnu_as NAME ARGS (run with argv[0] = NAME),
# compare_gnu NAME ARGS (byte-exact, reference vs sumac), compare_gnu_status
# (exit status only), then assert_* on sumac's captured OUT/ERR/RC; level_ge
# V (the level is V or later), gnu_live (the level's GNU runs here).  Inputs:
# STDIN_FILE (default /dev/null, "<closed>" closes fd 0), STDOUT_MODE (unset,
# "full" for /dev/full, "closed"), need_nobody (unreadable-file cases).
#
# Environment:
#   SUMAC    absolute path of the sumac binary (default: ../../src/sumac)
#   SUMAC_GNU_COMPAT  9.1, 9.4, 9.10, 9.11 or latest (default latest = 9.11)
#   SUMAC_GNU_REF     the gnu-ref directory (default: ../shared/gnu-ref
#            beside the source tree, or ../../shared/gnu-ref for a worktree
#            one level deeper)
#   SUMAC_CLI_B2SUM=1|0   run the PROGS loops for b2sum too (default: when
#            b2sum is one of the built GNU names, SUMAC_GNU_NAMES, and always
#            when recording golden files)
#   RUNNER   optional emulator prefix, e.g. "qemu-x86_64 -cpu max"; argv[0] is
#            then passed with the emulator's "-0 NAME" option
#   RUNNER_ARGV0=symlink   for a RUNNER that has no "-0" (valgrind): run
#            "$RUNNER NAME" with NAME a symlink to $SUMAC, found through PATH
#            for a bare NAME, made at NAME for a relative path; an absolute
#            NAME cannot be made, so that test is skipped
#   SUMAC_CLI_JOBS=N            pass -jN to sumac first (the -j pipeline)
#   SUMAC_CLI_GOLDEN=1          compare with golden/ even if GNU is installed
#   SUMAC_CLI_UPDATE_GOLDEN=1   (update-golden.sh) run GNU in place of sumac
#                               and record golden/ files
#   SUMAC_CLI_GOLDEN_DIR        where golden files live (default:
#                               golden/<level>)

export LC_ALL=C
unset LANGUAGE POSIXLY_CORRECT

: "${SUMAC:=$BATS_TEST_DIRNAME/../../src/sumac}"

# ---- The compatibility level and its reference.
# CLI_LEVEL names the level's golden directory, CLI_LEVEL_NUM is it as
# sumac's major*100+minor, GNU_REF_VERSION the release that is its live
# reference and GNU_REF_BIN/GNU_REF_LD how to run that release's programs.
CLI_LEVEL_ERROR=
case ${SUMAC_GNU_COMPAT:-latest} in
9.1) CLI_LEVEL=9.1 CLI_LEVEL_NUM=901 GNU_REF_VERSION=9.1 ;;
9.4) CLI_LEVEL=9.4 CLI_LEVEL_NUM=904 GNU_REF_VERSION=9.7 ;;
9.10) CLI_LEVEL=9.10 CLI_LEVEL_NUM=910 GNU_REF_VERSION=9.10 ;;
9.11 | latest) CLI_LEVEL=9.11 CLI_LEVEL_NUM=911 GNU_REF_VERSION=9.11 ;;
*)
	CLI_LEVEL=none CLI_LEVEL_NUM=0 GNU_REF_VERSION=none
	CLI_LEVEL_ERROR="SUMAC_GNU_COMPAT='$SUMAC_GNU_COMPAT': the suite has references for 9.1, 9.4, 9.10, 9.11 (latest) only"
	;;
esac
export SUMAC_GNU_COMPAT=${SUMAC_GNU_COMPAT:-latest}
: "${SUMAC_CLI_GOLDEN_DIR:=$BATS_TEST_DIRNAME/golden/$CLI_LEVEL}"

if [[ -z ${SUMAC_GNU_REF-} ]]; then
	for SUMAC_GNU_REF in "$BATS_TEST_DIRNAME/../../../shared/gnu-ref" \
		"$BATS_TEST_DIRNAME/../../../../shared/gnu-ref" ""; do
		[[ -z $SUMAC_GNU_REF || -d $SUMAC_GNU_REF/9.11 ]] && break
	done
fi
# 9.1 runs as installed; 9.11 is a plain program under libexec/; the Debian
# 9.7 and 9.10 programs need their own loader and libraries.  The bin/
# wrappers would force argv[0] to the bare name, so they are not used.
GNU_REF_LD=
GNU_REF_LIB=
if [[ $GNU_REF_VERSION == 9.1 ]]; then
	GNU_REF_BIN=/usr/bin
else
	GNU_REF_BIN=$SUMAC_GNU_REF/$GNU_REF_VERSION/libexec
	if [[ -e $SUMAC_GNU_REF/$GNU_REF_VERSION/lib/ld-linux-x86-64.so.2 ]]; then
		GNU_REF_LIB=$SUMAC_GNU_REF/$GNU_REF_VERSION/lib
		GNU_REF_LD=$GNU_REF_LIB/ld-linux-x86-64.so.2
	fi
fi

# level_ge V: the level under test is GNU V (9.4, 9.10...) or later.
level_ge() {
	local maj=${1%%.*} min=${1#*.}
	((CLI_LEVEL_NUM >= maj * 100 + min))
}

# The programs sumac replaces.  b2sum joins the loops once sumac has it.
PROGS=(md5sum sha1sum sha224sum sha256sum sha384sum sha512sum)
if [[ ${SUMAC_CLI_B2SUM-} == 1 || -n ${SUMAC_CLI_UPDATE_GOLDEN-} ||
	(-z ${SUMAC_CLI_B2SUM-} && " ${SUMAC_GNU_NAMES-} " == *" b2sum "*) ]]; then
	PROGS+=(b2sum)
fi
# Every program GNU has, for loops that are not about sumac's list.
GNU_PROGS=(md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum)

# Precomputed digests of the fixture contents "one\n", "two\n" and "" so that
# check-mode fixtures do not need a reference hasher (golden mode).
HASH_md5_one=5bbf5a52328e7439ae6e719dfe712200
HASH_md5_two=c193497a1a06b2c72230e6146ff47080
HASH_md5_empty=d41d8cd98f00b204e9800998ecf8427e
HASH_sha1_one=c7059bb19433cc3cabaa6236c83d56668a843dd2
HASH_sha1_two=7bbef45b3bc70855010e02460717643125c3beca
HASH_sha1_empty=da39a3ee5e6b4b0d3255bfef95601890afd80709
HASH_sha224_one=fc77d07bb033d3ccea33b7fb4c94b00e0b6e0c75ec40d31f2ac5dc06
HASH_sha224_two=ddc7e3a4698212534f12c67c2ac02184c518546e56c264d42cae1888
HASH_sha224_empty=d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f
HASH_sha256_one=2c8b08da5ce60398e1f19af0e5dccc744df274b826abe585eaba68c525434806
HASH_sha256_two=27dd8ed44a83ff94d557f9fd0412ed5a8cbca69ea04922d88c01184a07300a5a
HASH_sha256_empty=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
HASH_sha384_one=26ef118f2f89eef186c8fe55afa74b6e103e487be838239e6b3ab41c4f914a0bbb19566b92bb3d64e0ae0f894dbc3789
HASH_sha384_two=ecb4963e6992538d78509eb8fce31ab813301c1aa970f5741264c32cc8c4bec064befb298973688caf5504b6fe31bd16
HASH_sha384_empty=38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b
HASH_sha512_one=07e41ccb166d21a5327d5a2ae1bb48192b8470e1357266c9d119c294cb1e95978569472c9de64fb6d93cbd4dd0aed0bf1e7c47fd1920de17b038a08a85eb4fa1
HASH_sha512_two=9fef2458ee1a9277925614272adfe60872f4c1bf02eecce7276166957d1ab30f65cf5c8065a294bf1b13e3c3589ba936a3b5db911572e30dfcb200ef71ad33d5
HASH_sha512_empty=cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e
HASH_b2_one=fad0120fa495d39b98e4cccac4aff7c83bec3a100ab770b84760c013e4b987af4b242a2c8bc99891586c663161736844f8c7ae2083d8453dc5b84237513b4965
HASH_b2_two=f52256a57c8e6444b51a6f5b39d948c415df9abdf567a3eb19c4d5d3b0b2fca64bf4a4d568c1a796d40fe3d1427af5bad4a76a4d187a155a0193758429dc2ff4
HASH_b2_empty=786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce

# h PROG CONTENT: digest of fixture content CONTENT (one|two|empty) for PROG.
h() {
	local algo=${1%sum}
	local var="HASH_${algo##*/}_$2"
	printf '%s' "${!var}"
}

# tagof PROG: the --tag / check-line algorithm word.
tagof() {
	local algo=${1%sum}
	algo=${algo##*/}
	if [[ $algo == b2 ]]; then
		printf 'BLAKE2b'
	else
		printf '%s' "${algo^^}"
	fi
}

# gnu_path NAME: the level's GNU program that NAME (possibly "gsha256sum" or
# a path) stands for; printed, or stored in variable $2 if given (no subshell).
gnu_path() {
	local base=${1##*/} p path
	path=$GNU_REF_BIN/$base
	for p in "${GNU_PROGS[@]}"; do
		if [[ $base == *"$p" ]]; then
			path=$GNU_REF_BIN/$p
			break
		fi
	done
	if [[ -n ${2-} ]]; then
		printf -v "$2" '%s' "$path"
	else
		printf '%s' "$path"
	fi
}

# _as_user: prefix that drops root privileges when AS_NOBODY=1.
_nobody_needed() {
	[[ ${AS_NOBODY-} == 1 && $EUID -eq 0 ]]
}

_setpriv() {
	setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}

# _runner_symlink NAME ARGS...: sumac under $RUNNER, reached as NAME
# through a symlink (RUNNER_ARGV0=symlink).
_runner_symlink() {
	local name=$1 dir rc=0
	shift
	case $name in
	/*)
		skip "argv[0] '$name' cannot be given under RUNNER_ARGV0=symlink"
		;;
	*/*)
		# A relative path: the symlink is made there, for this run only.
		[[ ! -e $name && ! -L $name ]] || { echo "$name exists" >&2; return 1; }
		mkdir -p "${name%/*}"
		ln -s "$SUMAC" "$name"
		# shellcheck disable=SC2086
		if _nobody_needed; then
			_setpriv $RUNNER "$name" "$@" || rc=$?
		else
			$RUNNER "$name" "$@" || rc=$?
		fi
		rm -f "$name"
		return $rc
		;;
	esac
	dir=$(mktemp -d "${TMPDIR:-/tmp}/sumac-argv0.XXXXXX") || return 1
	chmod 755 "$dir"
	ln -s "$SUMAC" "$dir/$name"
	# shellcheck disable=SC2086
	if _nobody_needed; then
		_setpriv env PATH="$dir:$PATH" $RUNNER "$name" "$@" || rc=$?
	else
		PATH="$dir:$PATH" $RUNNER "$name" "$@" || rc=$?
	fi
	rm -rf "$dir"
	return $rc
}

# sumac_as NAME ARGS...: run sumac with argv[0] = NAME.
sumac_as() {
	local name=$1
	shift
	# SUMAC_CLI_JOBS=N reruns the whole suite through the -j pipeline: its
	# output must be byte for byte that of a serial run.
	if [[ -n ${SUMAC_CLI_JOBS-} && -z ${SUMAC_CLI_UPDATE_GOLDEN-} ]]; then
		set -- "-j$SUMAC_CLI_JOBS" "$@"
	fi
	if [[ -n ${SUMAC_CLI_UPDATE_GOLDEN-} ]]; then
		gnu_as "$name" "$@"
		return
	fi
	if [[ -n ${RUNNER-} && ${RUNNER_ARGV0-} == symlink ]]; then
		_runner_symlink "$name" "$@"
	elif [[ -n ${RUNNER-} ]]; then
		if _nobody_needed; then
			# shellcheck disable=SC2086
			_setpriv $RUNNER -0 "$name" "$SUMAC" "$@"
		else
			# shellcheck disable=SC2086
			$RUNNER -0 "$name" "$SUMAC" "$@"
		fi
	elif _nobody_needed; then
		_setpriv bash -c 'exec -a "$0" "$@"' "$name" "$SUMAC" "$@"
	else
		(exec -a "$name" "$SUMAC" "$@")
	fi
}

# backend_of DRIVER: the backend token of a driver name, "<family>-<backend>"
# or, for a second row of one backend and family, "<family>-<backend>-<variant>".
backend_of() {
	local rest=${1#*-} token best=
	while read -r token _; do
		if [[ $rest == "$token" || $rest == "$token"-* ]] && ((${#token} > ${#best})); then
			best=$token
		fi
	done < <(sumac_as sumac --list-backends 2>/dev/null | sed -n '2,/^\[/p' | sed '/^\[/d')
	printf '%s\n' "$best"
}

# gnu_as NAME ARGS...: run the GNU program with argv[0] = NAME.
gnu_as() {
	local name=$1 prog
	shift
	gnu_path "$name" prog
	if [[ -n $GNU_REF_LD ]]; then
		# glibc's loader run as a program gives the program argv[0] itself.
		if _nobody_needed; then
			_setpriv "$GNU_REF_LD" --library-path "$GNU_REF_LIB" --argv0 "$name" "$prog" "$@"
		else
			"$GNU_REF_LD" --library-path "$GNU_REF_LIB" --argv0 "$name" "$prog" "$@"
		fi
	elif _nobody_needed; then
		_setpriv bash -c 'exec -a "$0" "$@"' "$name" "$prog" "$@"
	else
		(exec -a "$name" "$prog" "$@")
	fi
}

# need_nobody: for unreadable-file cases.  As root, both programs run as
# uid/gid 65534 through setpriv, from a world-accessible work directory.
need_nobody() {
	if [[ $EUID -eq 0 ]]; then
		command -v setpriv >/dev/null || skip "setpriv not installed"
		export AS_NOBODY=1
	fi
	NOBODY_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sumac-cli.XXXXXX")
	chmod 755 "$NOBODY_DIR"
	cd "$NOBODY_DIR" || return 1
}

cli_setup() {
	: "${BATS_TEST_TMPDIR:=$(mktemp -d "${TMPDIR:-/tmp}/sumac-cli.XXXXXX")}"
	CAP_DIR=$BATS_TEST_TMPDIR/cap
	WORK_DIR=$BATS_TEST_TMPDIR/work
	mkdir -p "$CAP_DIR" "$WORK_DIR"
	cd "$WORK_DIR" || return 1
	unset AS_NOBODY STDIN_FILE STDOUT_MODE NOBODY_DIR
	if [[ -n $CLI_LEVEL_ERROR ]]; then
		echo "$CLI_LEVEL_ERROR" >&2
		return 1
	fi
	if [[ -z ${SUMAC_CLI_UPDATE_GOLDEN-} && ! -x $SUMAC ]]; then
		echo "sumac binary not found or not executable: $SUMAC" >&2
		return 1
	fi
}

cli_teardown() {
	cd /
	if [[ -n ${NOBODY_DIR-} ]]; then
		chmod -R u+rwX "$NOBODY_DIR" 2>/dev/null || true
		rm -rf "$NOBODY_DIR"
	fi
}

# mkf NAME CONTENT: create file NAME holding printf %b CONTENT.
mkf() {
	printf '%b' "$2" >"$1"
}

# _cmp_key NAME: deterministic key for the golden files of the current
# compare_gnu call, stored in $key: <bats file>-<sanitised test
# description>-<call number in the test>, with "-b2sum" before the number
# for b2sum, counted apart, so that b2sum joining PROGS renumbers nothing.
# The counter lives in a file so that subshells cannot reuse it.
_cmp_key() {
	local n=0 counter=$BATS_TEST_TMPDIR/.cmp_count file desc sub=
	gnu_path "$1" sub
	sub=${sub##*/}
	if [[ $sub == b2sum ]]; then
		counter+=.b2sum
		sub=-b2sum
	else
		sub=
	fi
	[[ -f $counter ]] && n=$(<"$counter")
	n=$((n + 1))
	echo "$n" >"$counter"
	file=${BATS_TEST_FILENAME##*/}
	file=${file%.bats}
	desc=${BATS_TEST_DESCRIPTION//[^A-Za-z0-9._-]/_}
	while [[ $desc == *__* ]]; do
		desc=${desc//__/_}
	done
	desc=${desc:0:90}
	key=${file#compat-}-${desc%_}$sub-$n
}

# _capture WHICH BASE NAME ARGS...: run sumac_as/gnu_as, store BASE.{out,err,rc}.
#   STDIN_FILE   file for stdin (default /dev/null); "<closed>" closes fd 0
#   STDOUT_MODE  unset: captured; "full": /dev/full; "closed": fd 1 closed
_capture() {
	local which=$1 base=$2 rc=0
	shift 2
	local in=${STDIN_FILE:-/dev/null}
	: >"$base.out"
	case "${STDOUT_MODE-}:$in" in
	:'<closed>') "$which" "$@" <&- >"$base.out" 2>"$base.err" || rc=$? ;;
	:*) "$which" "$@" <"$in" >"$base.out" 2>"$base.err" || rc=$? ;;
	full:'<closed>') "$which" "$@" <&- >/dev/full 2>"$base.err" || rc=$? ;;
	full:*) "$which" "$@" <"$in" >/dev/full 2>"$base.err" || rc=$? ;;
	closed:'<closed>') "$which" "$@" <&- >&- 2>"$base.err" || rc=$? ;;
	closed:*) "$which" "$@" <"$in" >&- 2>"$base.err" || rc=$? ;;
	*)
		echo "bad STDOUT_MODE '$STDOUT_MODE'" >&2
		return 1
		;;
	esac
	echo "$rc" >"$base.rc"
}

_show_diff() {
	local what=$1 ref=$2 got=$3
	echo "--- $what differs (reference vs sumac; cat -A view) ---"
	diff -u --label reference --label sumac <(cat -A "$ref") <(cat -A "$got") || true
	if cmp -s <(cat -A "$ref") <(cat -A "$got"); then
		cmp -l "$ref" "$got" | head -20 || true
	fi
}

# The live reference must be the level's version: other GNU releases word
# some messages differently.  _GNU_VERSION is /usr/bin's (for the files that
# use /usr/bin directly), _REF_VERSION the level reference's.
_GNU_VERSION=
if [[ -x /usr/bin/sha256sum ]]; then
	_GNU_VERSION=$(/usr/bin/sha256sum --version 2>/dev/null | sed -n '1s/.* //p')
fi
_REF_VERSION=
if [[ -x $GNU_REF_BIN/sha256sum ]]; then
	_REF_VERSION=$(gnu_as sha256sum --version 2>/dev/null | sed -n '1s/.* //p')
fi

# gnu_live: the level's GNU programs run here (live comparison possible).
gnu_live() {
	[[ $_REF_VERSION == "$GNU_REF_VERSION" ]]
}

# _ref_mode NAME: set mode to "update" (update-golden.sh), "live" (the
# level's GNU release runs here as NAME) or "golden" (no such program,
# another version, or SUMAC_CLI_GOLDEN set).
_ref_mode() {
	local prog
	gnu_path "$1" prog
	if [[ -n ${SUMAC_CLI_UPDATE_GOLDEN-} ]]; then
		mode=update
	elif [[ -n ${SUMAC_CLI_GOLDEN-} || ! -x $prog ]] || ! gnu_live; then
		mode=golden
	else
		mode=live
	fi
}

# compare_gnu NAME ARGS...: run GNU NAME and sumac-as-NAME with ARGS in the
# current directory, same stdin; fail unless stdout, stderr and exit status are
# byte-identical.  Afterwards OUT/ERR/RC describe sumac's run.
# Do not call it in a subshell or under `run` (golden keys are numbered).
compare_gnu() {
	local name=$1 key ref got mode=live
	_cmp_key "$name"
	ref=$CAP_DIR/$key.ref
	got=$CAP_DIR/$key.sumac
	_ref_mode "$name"

	if [[ $mode == golden ]]; then
		local g=$SUMAC_CLI_GOLDEN_DIR/$key
		if [[ ! -f $g.rc ]]; then
			echo "golden file $g.rc missing: run tests/cli/update-golden.sh" >&2
			return 1
		fi
		ref=$g
	else
		_capture gnu_as "$ref" "$@"
	fi
	_capture sumac_as "$got" "$@"

	if [[ $mode == update ]]; then
		local g=$SUMAC_CLI_GOLDEN_DIR/$key
		if [[ -e $g.rc ]]; then
			echo "duplicate golden key $key" >&2
			return 1
		fi
		cp "$ref.out" "$g.out"
		cp "$ref.err" "$g.err"
		cp "$ref.rc" "$g.rc"
	fi

	OUT=$got.out
	ERR=$got.err
	RC=$(<"$got.rc")

	local bad=0 ref_rc
	ref_rc=$(<"$ref.rc")
	[[ $ref_rc == "$RC" ]] || bad=1
	cmp -s "$ref.out" "$got.out" || bad=1
	cmp -s "$ref.err" "$got.err" || bad=1
	if ((bad)); then
		printf '# compare_gnu (%s, key %s):' "$mode" "$key"
		printf ' %q' "$@"
		printf ' <%s' "${STDIN_FILE:-/dev/null}"
		[[ -n ${STDOUT_MODE-} ]] && printf ' (stdout %s)' "$STDOUT_MODE"
		echo
		if [[ $ref_rc != "$RC" ]]; then
			echo "--- exit status differs: reference $ref_rc, sumac $RC"
		fi
		cmp -s "$ref.out" "$got.out" || _show_diff stdout "$ref.out" "$got.out"
		cmp -s "$ref.err" "$got.err" || _show_diff stderr "$ref.err" "$got.err"
		return 1
	fi
}

# compare_gnu_status NAME ARGS...: like compare_gnu, but only the exit status
# must match (for --help/--version, whose texts legitimately differ).  OUT and
# ERR are sumac's streams; REF_OUT and REF_ERR the reference's.
compare_gnu_status() {
	local name=$1 key ref got mode=live
	_cmp_key "$name"
	ref=$CAP_DIR/$key.ref
	got=$CAP_DIR/$key.sumac
	_ref_mode "$name"
	if [[ $mode == golden ]]; then
		if [[ ! -f $SUMAC_CLI_GOLDEN_DIR/$key.rc ]]; then
			echo "golden file $SUMAC_CLI_GOLDEN_DIR/$key.rc missing: run tests/cli/update-golden.sh" >&2
			return 1
		fi
		cp "$SUMAC_CLI_GOLDEN_DIR/$key.rc" "$ref.rc"
		: >"$ref.out"
		: >"$ref.err"
	else
		_capture gnu_as "$ref" "$@"
	fi
	_capture sumac_as "$got" "$@"
	if [[ $mode == update ]]; then
		if [[ -e $SUMAC_CLI_GOLDEN_DIR/$key.rc ]]; then
			echo "duplicate golden key $key" >&2
			return 1
		fi
		cp "$ref.rc" "$SUMAC_CLI_GOLDEN_DIR/$key.rc"
	fi
	OUT=$got.out
	ERR=$got.err
	REF_OUT=$ref.out
	REF_ERR=$ref.err
	RC=$(<"$got.rc")
	if ! cmp -s "$ref.rc" "$got.rc"; then
		printf '# compare_gnu_status (%s, key %s):' "$mode" "$key"
		printf ' %q' "$@"
		echo
		echo "--- exit status differs: reference $(<"$ref.rc"), sumac $(<"$got.rc")"
		echo "--- sumac stderr:"
		cat -A "$got.err"
		return 1
	fi
}

assert_out_nonempty() {
	if [[ ! -s $OUT ]]; then
		echo "expected non-empty stdout"
		return 1
	fi
}

# Assertions on the last compare_gnu run.  They pin down that the fixture
# really exercises the intended case (and check sumac itself in golden mode).
assert_rc() {
	if [[ $RC != "$1" ]]; then
		echo "expected exit status $1, got $RC"
		return 1
	fi
}

# Byte-exact substring tests work on a hex dump (" 61 0a ...") so that NUL
# and LF bytes in file names and -z output are handled.
_hex() {
	od -An -v -tx1 | tr -s ' \n' '  ' | sed 's/ *$/ /'
}

# _occurs FILE TEXT [line]: TEXT (%b escapes) occurs in FILE; with "line",
# as a whole line (after a newline or at the start, followed by one).
_occurs() {
	local hay want
	if [[ ${3-} == line ]]; then
		hay=" 0a$(_hex <"$1")"
		want=" 0a$(printf '%b\n' "$2" | _hex)"
	else
		hay="$(_hex <"$1")"
		want="$(printf '%b' "$2" | _hex)"
	fi
	[[ $hay == *"$want"* ]]
}

# assert_out_line / assert_err_line TEXT: a whole line equals TEXT (%b escapes).
assert_out_line() {
	_assert_line "$OUT" stdout "$1"
}
assert_err_line() {
	_assert_line "$ERR" stderr "$1"
}
_assert_line() {
	if ! _occurs "$1" "$3" line; then
		echo "expected a $2 line '$3'; $2 was:"
		cat -A "$1"
		return 1
	fi
}

# assert_out_has / assert_err_has TEXT: TEXT (%b escapes) occurs somewhere.
assert_out_has() {
	_assert_has "$OUT" stdout "$1"
}
assert_err_has() {
	_assert_has "$ERR" stderr "$1"
}
_assert_has() {
	if ! _occurs "$1" "$3"; then
		echo "expected $2 to contain '$3'; $2 was:"
		cat -A "$1"
		return 1
	fi
}

# assert_out_lacks TEXT: TEXT does not occur in stdout.
assert_out_lacks() {
	if _occurs "$OUT" "$1"; then
		echo "expected stdout not to contain '$1'; stdout was:"
		cat -A "$OUT"
		return 1
	fi
}

# assert_out_is / assert_err_is TEXT: the whole stream equals printf %b TEXT.
assert_out_is() {
	_assert_is "$OUT" stdout "$1"
}
assert_err_is() {
	_assert_is "$ERR" stderr "$1"
}
_assert_is() {
	printf '%b' "$3" >"$CAP_DIR/.expected"
	if ! cmp -s "$1" "$CAP_DIR/.expected"; then
		echo "expected $2 to be exactly '$3'; $2 was:"
		cat -A "$1"
		return 1
	fi
}

assert_out_empty() {
	_assert_is "$OUT" stdout ''
}
assert_err_empty() {
	_assert_is "$ERR" stderr ''
}

# ---- Keyed golden files (cksum.bats): one text file per GNU release, one
# case a line, KEY<TAB>STATUS<TAB>STDOUT<TAB>STDERR; lines starting with
# '#' are comments.  The streams are escaped so that any bytes fit on one
# line: backslash, LF and TAB as \\ \n \t, every byte outside printable
# ASCII as \xHH (two digits); printf %b undoes exactly that.  The compat
# suites keep their one-file-per-stream layout (golden/<level>/).

# kg_escape FILE: FILE's bytes escaped, without a newline.
kg_escape() {
	od -An -v -tu1 "$1" | awk '
		BEGIN { for (i = 32; i < 127; i++) c[i] = sprintf("%c", i)
			c[92] = "\\\\"; c[10] = "\\n"; c[9] = "\\t" }
		{ for (i = 1; i <= NF; i++) { b = $i + 0
			if (b in c) printf "%s", c[b]; else printf "\\x%02x", b } }'
}

# kg_key ARGS...: a case's key in $key, its words joined by spaces, each
# escaped as kg_escape would but in bash alone (no NUL in an argument), and
# a space inside a word as \x20, so that no two argument lists share a key.
kg_key() {
	local a s=
	for a; do
		a=${a//\\/\\\\}
		a=${a//$'\n'/\\n}
		a=${a//$'\t'/\\t}
		a=${a// /\\x20}
		s+=" $a"
	done
	key=${s:1}
}

# kg_load FILE SET: FILE's cases into the associative array KG, each key
# prefixed with "SET|".  Returns 1 if FILE is missing.
declare -gA KG=()
kg_load() {
	local line k
	[[ -f $1 ]] || return 1
	while IFS= read -r line; do
		[[ -z $line || $line == '#'* ]] && continue
		k=${line%%$'\t'*}
		KG["$2|$k"]=${line#*$'\t'}
	done <"$1"
}

# kg_write SET KEY BASE: the case into BASE.out, BASE.err and BASE.rc;
# returns 1 if SET has no such case.
kg_write() {
	local v=${KG[$1|$2]-} out
	[[ -n $v ]] || return 1
	echo "${v%%$'\t'*}" >"$3.rc"
	v=${v#*$'\t'}
	out=${v%%$'\t'*}
	printf '%b' "$out" >"$3.out"
	printf '%b' "${v#*$'\t'}" >"$3.err"
}

# kg_record FILE KEY BASE: append BASE.{rc,out,err} to FILE as KEY's case.
kg_record() {
	printf '%s\t%s\t%s\t%s\n' "$2" "$(<"$3.rc")" "$(kg_escape "$3.out")" \
		"$(kg_escape "$3.err")" >>"$1"
}
