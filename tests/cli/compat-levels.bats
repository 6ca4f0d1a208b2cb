#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# What changed in md5sum/sha*sum/b2sum after 9.1, case by case, compared
# with the real GNU program of the level under test (SUMAC_GNU_COMPAT; see
# helpers.bash and GNU-EVOLUTION.md §4): the rendering of names in --check
# status lines (S1: 9.1 raw, 9.4 '\' escapes, 9.11 shell quoting), '-t
# --tag' and the order of option conflicts (S2, 9.10), write errors (S3,
# 9.10), a NUL right after the digest (S4, 9.2).  The b2sum runs come with
# PROGS (SUMAC_CLI_B2SUM) and need sumac's b2sum program name.

load helpers

setup() {
	cli_setup
	mkf a 'one\n'
	mkf b 'two\n'
}

teardown() {
	cli_teardown
}

# Every name of GNU-EVOLUTION.md §1.12 whose rendering differs somewhere,
# and some that never do.  printf %b forms.
NAMES=('plain' 'x~' 'a,b' '-x' 'a\\b' '\\a' 'a\\' 'a\nb' 'a\rb' 'a\tb' '\tx' 'a b'
	'a:b' 'a*b' 'a$b' '#a' '~a' '{' 'a"b' "it's" "a'b c" "a'\$b" 'caf\303\251'
	'a\033b' 'a\001b' 'a\177b' 'a\377b' 'a\302\205b' 'a\342\200\213b' 'a\342\200\256b')

# line PROG NAME CONTENT: the untagged check line for file NAME holding
# fixture CONTENT, escaped as GNU's generation mode would.
line() {
	local hex name=$2
	hex=$(h "$1" "$3")
	if [[ $name == *[$'\\\n\r']* ]]; then
		name=${name//\\/\\\\}
		name=${name//$'\n'/\\n}
		name=${name//$'\r'/\\r}
		printf '\\%s  %s\n' "$hex" "$name"
	else
		printf '%s  %s\n' "$hex" "$name"
	fi
}

# names_list PROG: files for every NAMES entry, one holding "one", and their
# list (OK for all) in file list; a missing "my file" and a wrong digest
# ("b" listed with "one") are added.
names_list() {
	local n f
	: >list
	for n in "${NAMES[@]}"; do
		printf -v f '%b' "$n"
		printf 'one\n' >"$f"
		line "$1" "$f" one >>list
	done
	line "$1" b one >>list
	line "$1" 'my file' one >>list
}

@test "S1: --check status line names, every name of the table, LC_ALL=C" {
	local p
	for p in "${PROGS[@]}"; do
		names_list "$p"
		compare_gnu "$p" -c list
		assert_rc 1
	done
	if level_ge 9.11; then
		assert_out_line "'a\\\\b': OK"
		assert_out_line "'my file': FAILED open or read"
	elif level_ge 9.4; then
		assert_out_line '\\a\\\\b: OK'
	else
		assert_out_line 'a\\b: OK'
	fi
}

@test "S1: each name alone, OK, FAILED and FAILED open or read (sha256sum)" {
	local n f
	for n in "${NAMES[@]}"; do
		printf -v f '%b' "$n"
		printf 'one\n' >"$f"
		line sha256sum "$f" one >list
		line sha256sum "$f" two >>list
		compare_gnu sha256sum -c list
		assert_rc 1
		rm -- "$f"
		compare_gnu sha256sum -c list
		assert_rc 1
	done
}

@test "S1: --quiet and --status print no OK line, --quiet prints FAILED ones" {
	names_list md5sum
	compare_gnu md5sum -c --quiet list
	assert_rc 1
	compare_gnu md5sum -c --status list
	assert_rc 1
	assert_out_empty
}

@test "S1: the empty name of a tagged line" {
	local p
	for p in "${PROGS[@]}"; do
		printf '%s () = %s\n' "$(tagof "$p")" "$(h "$p" one)" >list
		compare_gnu "$p" -c list
		assert_rc 1
	done
	if level_ge 9.11; then
		assert_out_is "'': FAILED open or read\n"
	else
		assert_out_is ": FAILED open or read\n"
	fi
}

@test "S1: tagged lines with names to render" {
	local n f
	: >list
	for n in 'a\\b' 'a\nb' 'a b' "it's" 'a:b'; do
		printf -v f '%b' "$n"
		printf 'one\n' >"$f"
		if [[ $f == *[$'\\\n']* ]]; then
			f=${f//\\/\\\\}
			f=${f//$'\n'/\\n}
			printf '\\SHA1 (%s) = %s\n' "$f" "$(h sha1sum one)" >>list
		else
			printf 'SHA1 (%s) = %s\n' "$f" "$(h sha1sum one)" >>list
		fi
	done
	compare_gnu sha1sum -c list
	assert_rc 0
}

@test "S1: names in C.UTF-8 (valid UTF-8 left raw at 9.11, C1, bidi, invalid)" {
	local p
	for p in sha256sum md5sum sha512sum "${PROGS[@]:6}"; do
		names_list "$p"
		LC_ALL=C.UTF-8 compare_gnu "$p" -c list
		assert_rc 1
	done
	if level_ge 9.11; then
		assert_out_line 'caf\303\251: OK'
		assert_out_line "'a'\$'\\\\302\\\\205''b': OK"
	fi
}

@test "S1: errno lines on stderr are the same at every level" {
	line sha256sum 'my file' one >list
	line sha256sum 'a\b' one >>list
	compare_gnu sha256sum -c list
	assert_err_has "sha256sum: 'my file': No such file or directory\n"
	assert_err_has "sha256sum: 'a\\\\b': No such file or directory\n"
}

# ---------------------------------------------------------- S2

@test "S2: -t --tag, every program" {
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -t --tag a
		if level_ge 9.10; then
			assert_rc 1
			assert_err_is "$p: --tag does not support --text mode\nTry '$p --help' for more information.\n"
		else
			assert_rc 0
			assert_out_is "$(tagof "$p") (a) = $(h "$p" one)\n"
		fi
		compare_gnu "$p" --text --tag -z a
		compare_gnu "$p" --tag -t a
		assert_rc 1
	done
}

@test "S2: --tag -t -c: which conflict is reported" {
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" --tag -t -c a
		assert_rc 1
		if level_ge 9.10; then
			assert_err_line "$p: the --tag option is meaningless when verifying checksums"
		else
			assert_err_line "$p: --tag does not support --text mode"
		fi
	done
	compare_gnu sha256sum -c --tag -t a
	compare_gnu sha256sum -t -c --tag a
	compare_gnu sha256sum -z --tag -t -c a
	compare_gnu sha256sum -b --tag -t -c a
}

@test "S2: --tag -t --status and the other check-only options" {
	local p o
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" --tag -t --status a
		assert_rc 1
		if level_ge 9.10; then
			assert_err_line "$p: the --status option is meaningful only when verifying checksums"
		else
			assert_err_line "$p: --tag does not support --text mode"
		fi
	done
	for o in --warn --quiet --strict --ignore-missing; do
		compare_gnu sha256sum --tag -t "$o" a
		compare_gnu sha256sum "$o" -t --tag a
	done
	compare_gnu sha256sum --tag --text --ignore-missing --strict a
	compare_gnu sha256sum -t --tag -c -z a
}

# ---------------------------------------------------------- S3

@test "S3: write error to /dev/full with a missing file between" {
	local p
	for p in "${PROGS[@]}"; do
		STDOUT_MODE=full compare_gnu "$p" a missing a
		assert_rc 1
		if level_ge 9.10; then
			assert_err_is "$p: write error: No space left on device\n"
		else
			assert_err_is "$p: missing: No such file or directory\n$p: write error\n"
		fi
	done
	STDOUT_MODE=full compare_gnu sha256sum missing a missing
	STDOUT_MODE=full compare_gnu sha256sum --tag a missing
	STDOUT_MODE=full compare_gnu sha256sum -z a missing
	STDIN_FILE=a STDOUT_MODE=full compare_gnu sha256sum - missing
}

@test "S3: write error in --check mode" {
	local p
	for p in "${PROGS[@]}"; do
		{ line "$p" a one; line "$p" missing one; line "$p" a two; line "$p" a one; } >list
		STDOUT_MODE=full compare_gnu "$p" -c list
		assert_rc 1
	done
	{ line sha256sum a one; line sha256sum missing one; echo junk; } >list
	STDOUT_MODE=full compare_gnu sha256sum -c -w list
	STDOUT_MODE=full compare_gnu sha256sum -c --quiet list
	STDOUT_MODE=full compare_gnu sha256sum -c --status list
	STDOUT_MODE=full compare_gnu sha256sum -c --ignore-missing list
	# A long list, as GNU's write-errors.sh feeds yes into --check.
	local i
	for ((i = 0; i < 2000; i++)); do line sha256sum a one; done >long
	STDOUT_MODE=full compare_gnu sha256sum -c long
	assert_rc 1
	STDOUT_MODE=closed compare_gnu sha256sum -c list
}

@test "S3: --help and --version to /dev/full keep 'write error' without errno" {
	STDOUT_MODE=full compare_gnu_status sha256sum --help
	assert_rc 1
	assert_err_is 'sha256sum: write error\n'
	STDOUT_MODE=full compare_gnu_status md5sum --version
	assert_rc 1
	assert_err_is 'md5sum: write error\n'
}

# ---------------------------------------------------------- S4

@test "S4: a NUL right after the digest" {
	local p hex
	for p in "${PROGS[@]}"; do
		hex=$(h "$p" one)
		printf '%s\0 a\n' "$hex" >list
		compare_gnu "$p" -c list
		if level_ge 9.2; then
			assert_rc 0
			assert_out_is 'a: OK\n'
		else
			assert_rc 1
		fi
		printf '%s\0*a\n%s\0\0a\n%s \0a\n%s\0a\n' "$hex" "$hex" "$hex" "$hex" >list
		compare_gnu "$p" -c -w list
	done
	printf '%s\0 a\n' "$(h sha256sum two)" >list
	compare_gnu sha256sum -c list
	assert_rc 1
	printf 'SHA256 (a) = %s\0\n' "$(h sha256sum one)" >list
	compare_gnu sha256sum -c list
}
