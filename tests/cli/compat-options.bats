#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Option handling: conflicts in 9.1's order, unknown options, getopt_long
# abbreviations and permutation, '--', --help/--version, and write errors on
# standard output.  Compared with GNU coreutils 9.1.

load helpers

setup() {
	cli_setup
	mkf a 'one\n'
	mkf b 'two\n'
	A=$(h sha256sum one)
}

teardown() {
	cli_teardown
}

TRY="Try 'sha256sum --help' for more information.\n"
# From 9.10 a write error stops the run and names errno (S3).
ENOSPC=
if level_ge 9.10; then ENOSPC=": No space left on device"; fi

# conflict ARGS... MESSAGE: sha256sum ARGS must fail with exactly MESSAGE.
conflict() {
	local msg=${*: -1}
	local args=("${@:1:$#-1}")
	compare_gnu sha256sum "${args[@]}"
	assert_rc 1
	assert_out_empty
	assert_err_is "sha256sum: $msg\n$TRY"
}

# ------------------------------------------------------ option conflicts

@test "--tag then -t: --tag does not support --text mode, all six programs" {
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" --tag -t a
		assert_rc 1
		assert_out_empty
		assert_err_is "$p: --tag does not support --text mode\nTry '$p --help' for more information.\n"
	done
	conflict --tag --text a '--tag does not support --text mode'
}

@test "-t then --tag is accepted (--tag sets binary) before 9.10" {
	local want=0
	level_ge 9.10 && want=1
	compare_gnu sha256sum -t --tag a
	assert_rc $want
	((want)) || assert_out_is "SHA256 (a) = $A\n"
	compare_gnu sha256sum --text --tag -z a
	assert_rc $want
}

@test "-z with -c is refused" {
	conflict -z -c a 'the --zero option is not supported when verifying checksums'
	conflict --check --zero a 'the --zero option is not supported when verifying checksums'
}

@test "--tag with -c is meaningless" {
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" --tag -c a
		assert_rc 1
		assert_err_line "$p: the --tag option is meaningless when verifying checksums"
	done
}

@test "-b or -t with -c is meaningless" {
	conflict -b -c a 'the --binary and --text options are meaningless when verifying checksums'
	conflict -c -t a 'the --binary and --text options are meaningless when verifying checksums'
	conflict --check --binary a 'the --binary and --text options are meaningless when verifying checksums'
	conflict --text -c a 'the --binary and --text options are meaningless when verifying checksums'
}

@test "--ignore-missing without -c" {
	conflict --ignore-missing a 'the --ignore-missing option is meaningful only when verifying checksums'
}

@test "--status, --warn/-w, --quiet, --strict without -c" {
	conflict --status a 'the --status option is meaningful only when verifying checksums'
	conflict -w a 'the --warn option is meaningful only when verifying checksums'
	conflict --warn a 'the --warn option is meaningful only when verifying checksums'
	conflict --quiet a 'the --quiet option is meaningful only when verifying checksums'
	conflict --strict a 'the --strict option is meaningful only when verifying checksums'
	local p
	for p in md5sum sha1sum sha512sum; do
		compare_gnu "$p" --strict a
		assert_err_line "$p: the --strict option is meaningful only when verifying checksums"
	done
}

@test "conflict order: tag+text before zero+check before tag+check" {
	# From 9.10 tag+text is checked last (compat-levels.bats, S2).
	if level_ge 9.10; then
		conflict -c -z --tag -t a 'the --zero option is not supported when verifying checksums'
	else
		conflict -c -z --tag -t a '--tag does not support --text mode'
	fi
	conflict -c --tag -z a 'the --zero option is not supported when verifying checksums'
	conflict -z --tag -b -c a 'the --zero option is not supported when verifying checksums'
}

@test "conflict order: tag+check before binary/text+check" {
	conflict -c -b --tag a 'the --tag option is meaningless when verifying checksums'
	conflict --tag -b -c a 'the --tag option is meaningless when verifying checksums'
}

@test "conflict order: binary/text+check before everything checked without -c" {
	conflict -c -b --strict --quiet a 'the --binary and --text options are meaningless when verifying checksums'
}

@test "conflict order: tag+text before ignore-missing before status/warn/quiet before strict" {
	if level_ge 9.10; then
		conflict --ignore-missing --strict --tag -t a 'the --ignore-missing option is meaningful only when verifying checksums'
	else
		conflict --ignore-missing --strict --tag -t a '--tag does not support --text mode'
	fi
	conflict --strict --status --ignore-missing a 'the --ignore-missing option is meaningful only when verifying checksums'
	conflict --strict --status a 'the --status option is meaningful only when verifying checksums'
	conflict --strict -w a 'the --warn option is meaningful only when verifying checksums'
	conflict --strict --quiet a 'the --quiet option is meaningful only when verifying checksums'
}

@test "conflicts: last of --status/--warn/--quiet is the one reported" {
	conflict --status --quiet a 'the --quiet option is meaningful only when verifying checksums'
	conflict --quiet --status a 'the --status option is meaningful only when verifying checksums'
	conflict --status --warn a 'the --warn option is meaningful only when verifying checksums'
	conflict -w --quiet --status a 'the --status option is meaningful only when verifying checksums'
	conflict --status -w a 'the --warn option is meaningful only when verifying checksums'
}

@test "conflicts are found after all options, before any file is read" {
	conflict missing --status 'the --status option is meaningful only when verifying checksums'
	conflict a -c --tag missing 'the --tag option is meaningless when verifying checksums'
	STDIN_FILE=a conflict --warn 'the --warn option is meaningful only when verifying checksums'
}

@test "-z and --tag without -c are fine" {
	compare_gnu sha256sum -z --tag -b a
	assert_rc 0
	assert_out_is "SHA256 (a) = $A\x00"
}

# ---------------------------------------------------- unknown options

@test "unknown short options" {
	conflict -x a "invalid option -- 'x'"
	conflict -/ a "invalid option -- '/'"
	conflict -bq a "invalid option -- 'q'"
	conflict -l 256 a "invalid option -- 'l'"
	conflict -a sha1 a "invalid option -- 'a'"
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -/
		assert_rc 1
		assert_err_is "$p: invalid option -- '/'\nTry '$p --help' for more information.\n"
	done
}

@test "unknown long options" {
	conflict --bogus a "unrecognized option '--bogus'"
	conflict --bogus=1 a "unrecognized option '--bogus=1'"
	conflict a --length=256 "unrecognized option '--length=256'"
	conflict --algorithm=sha1 a "unrecognized option '--algorithm=sha1'"
	conflict --debug a "unrecognized option '--debug'"
	conflict --backend=portable a "unrecognized option '--backend=portable'"
	conflict --binaryx a "unrecognized option '--binaryx'"
}

@test "unknown option is reported before option conflicts" {
	conflict --tag -t --bogus a "unrecognized option '--bogus'"
	conflict --status -x a "invalid option -- 'x'"
}

@test "an argument given to a flag option" {
	conflict --tag=1 a "option '--tag' doesn't allow an argument"
	conflict --check=x a "option '--check' doesn't allow an argument"
	conflict --stat=1 a "option '--status' doesn't allow an argument"
}

# ------------------------------------------------------ abbreviations

@test "--stat abbreviates --status" {
	conflict --stat a 'the --status option is meaningful only when verifying checksums'
	mkl() { printf '%s\n' "$@" >list; }
	mkl "$A  a" "junk"
	compare_gnu sha256sum -c --stat list
	assert_rc 0
	assert_out_empty
	assert_err_empty
}

@test "--st and --s are ambiguous (--status, --strict)" {
	conflict --st a "option '--st' is ambiguous; possibilities: '--status' '--strict'"
	conflict --s a "option '--s' is ambiguous; possibilities: '--status' '--strict'"
	conflict -c --st a "option '--st' is ambiguous; possibilities: '--status' '--strict'"
}

@test "--t is ambiguous (--tag, --text)" {
	conflict --t a "option '--t' is ambiguous; possibilities: '--tag' '--text'"
}

@test "unique prefixes of every long option" {
	compare_gnu sha256sum --ta a
	assert_out_is "SHA256 (a) = $A\n"
	compare_gnu sha256sum --te a
	assert_out_is "$A  a\n"
	compare_gnu sha256sum --b a
	assert_out_is "$A *a\n"
	compare_gnu sha256sum --bin a
	assert_out_is "$A *a\n"
	compare_gnu sha256sum --z a
	assert_out_is "$A  a\x00"
	printf '%s  a\n%s  missing\n' "$A" "$A" >list
	compare_gnu sha256sum --c --i list
	assert_rc 0
	assert_out_is 'a: OK\n'
	compare_gnu sha256sum --ch --q list
	assert_rc 1
	compare_gnu sha256sum --che --str --w list
	assert_rc 1
	conflict --str a 'the --strict option is meaningful only when verifying checksums'
	conflict --ign a 'the --ignore-missing option is meaningful only when verifying checksums'
	conflict --q a 'the --quiet option is meaningful only when verifying checksums'
	conflict --w a 'the --warn option is meaningful only when verifying checksums'
}

@test "--h and --v abbreviate --help and --version" {
	compare_gnu_status sha256sum --h
	assert_rc 0
	assert_out_nonempty
	assert_err_empty
	compare_gnu_status sha256sum --v
	assert_rc 0
	assert_out_nonempty
	assert_err_empty
}

# ---------------------------------------------- permutation and '--'

@test "options after operands are still options" {
	compare_gnu sha256sum a -b
	assert_out_is "$A *a\n"
	compare_gnu sha256sum a --tag b
	assert_out_line "SHA256 (a) = $A"
	printf '%s  a\n' "$A" >list
	compare_gnu sha256sum list -c
	assert_out_is 'a: OK\n'
	compare_gnu sha256sum list --tag -t
	assert_rc 1
}

@test "'--' ends the options" {
	compare_gnu sha256sum -- -b
	assert_rc 1
	assert_err_is 'sha256sum: -b: No such file or directory\n'
	compare_gnu sha256sum a -- --tag -c
	assert_rc 1
	assert_out_is "$A  a\n"
	compare_gnu sha256sum -b -- a
	assert_out_is "$A *a\n"
	STDIN_FILE=b compare_gnu sha256sum -- -
	assert_out_is "$(h sha256sum two)  -\n"
}

@test "a lone '--' with no operand reads standard input" {
	STDIN_FILE=a compare_gnu sha256sum --
	assert_out_is "$A  -\n"
}

@test "POSIXLY_CORRECT stops option parsing at the first operand" {
	export POSIXLY_CORRECT=1
	compare_gnu sha256sum a -b
	assert_rc 1
	assert_out_is "$A  a\n"
	assert_err_is 'sha256sum: -b: No such file or directory\n'
	compare_gnu sha256sum -b a
	assert_out_is "$A *a\n"
}

@test "bundled short options" {
	compare_gnu sha256sum -bz a
	assert_out_is "$A *a\x00"
	printf '%s  a\nx\n' "$A" >list
	compare_gnu sha256sum -cw list
	assert_err_line 'sha256sum: list: 2: improperly formatted SHA256 checksum line'
	conflict -zc list 'the --zero option is not supported when verifying checksums'
}

# --------------------------------------------------- --help / --version

@test "--help and --version exit 0 with output, all six programs" {
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu_status "$p" --help
		assert_rc 0
		assert_out_nonempty
		assert_err_empty
		compare_gnu_status "$p" --version
		assert_rc 0
		assert_out_nonempty
		assert_err_empty
	done
}

@test "--help wins over later and earlier conflicting options" {
	compare_gnu_status sha256sum --help --tag -t -c -z
	assert_rc 0
	assert_out_nonempty
	compare_gnu_status sha256sum --tag -t --help
	assert_rc 0
	compare_gnu_status sha256sum --version --status missing
	assert_rc 0
	assert_out_nonempty
}

@test "an invalid option before --help is an error" {
	compare_gnu_status sha256sum --bogus --help
	assert_rc 1
	compare_gnu_status sha256sum -x --version
	assert_rc 1
}

@test "--help and --version to /dev/full exit 1 with a write error" {
	local p
	for p in sha256sum md5sum; do
		STDOUT_MODE=full compare_gnu_status "$p" --help
		assert_rc 1
		assert_err_has "$p: write error"
		STDOUT_MODE=full compare_gnu_status "$p" --version
		assert_rc 1
		assert_err_has "$p: write error"
	done
}

@test "--help and --version with stdout closed exit 1" {
	STDOUT_MODE=closed compare_gnu_status sha1sum --help
	assert_rc 1
	STDOUT_MODE=closed compare_gnu_status sha1sum --version
	assert_rc 1
}

# ------------------------------------------------------- program name

@test "argv[0] under a .libs directory: messages name the program as GNU's do" {
	local n
	# A libtool wrapper's DIR/.libs/NAME and DIR/.libs/lt-NAME are NAME
	# in every message; any other path, and "lt-" elsewhere, stay as given.
	for n in d/.libs/sha256sum d/.libs/lt-sha1sum ./.libs/lt-md5sum .libs/lt-sha256sum \
		d/x.libs/sha256sum d/.libs/x/sha256sum lt-sha512sum; do
		compare_gnu "$n" missing
		assert_rc 1
		compare_gnu "$n" -x
		assert_rc 1
		compare_gnu "$n" --tag -c a
		assert_rc 1
	done
	compare_gnu d/.libs/lt-sha1sum missing
	assert_err_is 'sha1sum: missing: No such file or directory\n'
	compare_gnu .libs/lt-sha256sum missing
	# error() names the program by its base name since 9.4 or earlier.
	if level_ge 9.4; then
		assert_err_is 'lt-sha256sum: missing: No such file or directory\n'
	else
		assert_err_is '.libs/lt-sha256sum: missing: No such file or directory\n'
	fi
}

# -------------------------------------------------------- write errors

@test "hash output to /dev/full: 'PROG: write error', exit 1" {
	local p
	for p in "${PROGS[@]}"; do
		STDOUT_MODE=full compare_gnu "$p" a
		assert_rc 1
		assert_err_is "$p: write error$ENOSPC\n"
	done
	STDOUT_MODE=full compare_gnu sha256sum --tag a b
	STDOUT_MODE=full compare_gnu sha256sum -z a
	STDIN_FILE=a STDOUT_MODE=full compare_gnu sha256sum
	assert_rc 1
}

@test "large output to /dev/full reports one write error" {
	local i names=()
	for ((i = 0; i < 300; i++)); do
		names+=("file$i")
		echo "$i" >"file$i"
	done
	STDOUT_MODE=full compare_gnu sha512sum "${names[@]}"
	assert_rc 1
	assert_err_is "sha512sum: write error$ENOSPC\n"
}

@test "hash errors and a write error together" {
	STDOUT_MODE=full compare_gnu sha256sum a missing b
	assert_rc 1
	# From 9.10 the run stops at the first write error (S3).
	level_ge 9.10 || assert_err_has 'sha256sum: missing: No such file or directory\n'
}

@test "check output to /dev/full" {
	printf '%s  a\n%s  b\n' "$A" "$A" >list
	STDOUT_MODE=full compare_gnu sha256sum -c list
	assert_rc 1
	assert_err_has 'write error'
	printf '%s  a\n' "$A" >ok
	STDOUT_MODE=full compare_gnu sha256sum -c ok
	assert_rc 1
	STDOUT_MODE=full compare_gnu sha256sum -c --status ok
	assert_rc 0
	STDOUT_MODE=full compare_gnu sha256sum -c --quiet ok
	assert_rc 0
}

@test "nothing written: /dev/full does not matter" {
	STDOUT_MODE=full compare_gnu sha256sum missing
	assert_rc 1
	assert_err_is 'sha256sum: missing: No such file or directory\n'
	STDOUT_MODE=full compare_gnu sha256sum --bogus
	assert_rc 1
}

@test "standard output closed" {
	STDOUT_MODE=closed compare_gnu sha256sum a
	assert_rc 1
	assert_err_has 'sha256sum: write error'
	STDOUT_MODE=closed compare_gnu md5sum a b missing
	assert_rc 1
	STDIN_FILE=a STDOUT_MODE=closed compare_gnu sha1sum
	assert_rc 1
}

@test "standard output closed in check mode" {
	printf '%s  a\n' "$A" >ok
	STDOUT_MODE=closed compare_gnu sha256sum -c ok
	assert_rc 1
	STDOUT_MODE=closed compare_gnu sha256sum -c --status ok
	assert_rc 0
	assert_err_empty
}

@test "standard input closed" {
	STDIN_FILE='<closed>' compare_gnu sha256sum
	assert_rc 1
	assert_err_has 'sha256sum: -: Bad file descriptor\n'
	STDIN_FILE='<closed>' compare_gnu sha256sum a -
	assert_rc 1
	STDIN_FILE='<closed>' compare_gnu sha256sum a
	assert_rc 0
	assert_out_is "$A  a\n"
	STDIN_FILE='<closed>' compare_gnu sha256sum -c
	assert_rc 1
}

# ------------------------------------------- sumac words getopt's errors
# getopt_long runs with opterr = 0 and sumac prints glibc's wording, so
# that musl or BSD builds say the same as GNU on glibc.

@test "an empty name before '=' is ambiguous with every option, in 9.1's table order" {
	conflict --=x a "option '--=x' is ambiguous; possibilities: '--check' '--ignore-missing' '--quiet' '--status' '--warn' '--strict' '--tag' '--zero' '--binary' '--text' '--help' '--version'"
	conflict --= a "option '--=' is ambiguous; possibilities: '--check' '--ignore-missing' '--quiet' '--status' '--warn' '--strict' '--tag' '--zero' '--binary' '--text' '--help' '--version'"
	conflict --s=1 a "option '--s=1' is ambiguous; possibilities: '--status' '--strict'"
}

@test "invalid short options, also inside a cluster and after a long option" {
	conflict -Q a "invalid option -- 'Q'"
	conflict -bQ a "invalid option -- 'Q'"
	conflict --tag -Qb a "invalid option -- 'Q'"
	conflict -: a "invalid option -- ':'"
	conflict -+ a "invalid option -- '+'"
	compare_gnu sha256sum "$(printf -- '-\303\251')" a
	assert_rc 1
	compare_gnu sha256sum --ch=x a
	assert_err_has "option '--check' doesn't allow an argument"
}

# own NAME ARGS...: sumac alone (no reference), captured into OUT/ERR/RC.
own() {
	_capture sumac_as "$CAP_DIR/own" "$@"
	OUT=$CAP_DIR/own.out
	ERR=$CAP_DIR/own.err
	RC=$(<"$CAP_DIR/own.rc")
}

@test "sumac's own options: missing arguments and ambiguity, worded as glibc's getopt" {
	[[ -z ${SUMAC_CLI_UPDATE_GOLDEN-} ]] || skip "no GNU reference"
	own sumac -a
	assert_rc 1
	assert_err_is "sumac: option requires an argument -- 'a'\nTry 'sumac --help' for more information.\n"
	own sumac a --algorithm
	assert_err_is "sumac: option '--algorithm' requires an argument\nTry 'sumac --help' for more information.\n"
	own sumac --b a
	assert_err_is "sumac: option '--b' is ambiguous; possibilities: '--binary' '--backend' '--benchmark' '--base64'\nTry 'sumac --help' for more information.\n"
	own sumac --list=1
	assert_err_is "sumac: option '--list-backends' doesn't allow an argument\nTry 'sumac --help' for more information.\n"
	own sha256sum a -j
	assert_err_is "sha256sum: option requires an argument -- 'j'\nTry 'sha256sum --help' for more information.\n"
	own sha256sum --jobs
	assert_err_is "sha256sum: option '--jobs' requires an argument\nTry 'sha256sum --help' for more information.\n"
}

@test "random command lines of good and bad options: GNU's message, every time (live only)" {
	local mode
	_ref_mode sha256sum
	[[ $mode == live ]] || skip "random cases are compared with GNU live only"
	local toks=(-b -c -t -w -z -Q -x -: -+ -bQ -cz -tb --b --c --ch --check=1 --i
		--ignore-missing=2 --q --quiet=x --s --st --sta --status --str --strict --t --ta
		--tag --tag= --te --text --w --warn=1 --z --zero=0 --h=1 --help=x --v=1
		--version=1 --bogus --bogus=1 --= --=x -- - a nofile
		"$(printf -- '-\303\251')" "$(printf -- '--\303\251')" --tex=1 --s=1 --tags)
	local i k n args
	RANDOM=12
	for ((i = 0; i < 100; i++)); do
		n=$((RANDOM % 5 + 1))
		args=()
		for ((k = 0; k < n; k++)); do
			args+=("${toks[RANDOM % ${#toks[@]}]}")
		done
		compare_gnu sha256sum "${args[@]}"
	done
}
