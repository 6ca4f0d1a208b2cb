#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# --check mode: list grammar, status lines, warnings and summaries, the
# --quiet/--status/--warn/--strict/--ignore-missing options and exit codes.
# Each case is compared byte for byte with GNU coreutils 9.1.

load helpers

setup() {
	cli_setup
	mkf a 'one\n'
	mkf b 'two\n'
	mkf e ''
	A=$(h sha256sum one)
	B=$(h sha256sum two)
}

teardown() {
	cli_teardown
}

# mkl FILE LINE...: write a check list, each LINE followed by LF (raw bytes;
# use $'...' for control characters).
mkl() {
	local f=$1
	shift
	printf '%s\n' "$@" >"$f"
}

# ---------------------------------------------------------------- basics

@test "all listed files OK: 'NAME: OK', exit 0, all six programs" {
	local p
	for p in "${PROGS[@]}"; do
		mkl list "$(h "$p" one)  a" "$(h "$p" two) *b" "$(h "$p" empty)  e"
		compare_gnu "$p" -c list
		assert_rc 0
		assert_out_is 'a: OK\nb: OK\ne: OK\n'
		assert_err_empty
	done
}

@test "--check long option and -c after the operand" {
	mkl list "$A  a"
	compare_gnu sha256sum --check list
	assert_out_is 'a: OK\n'
	compare_gnu sha256sum list -c
	assert_out_is 'a: OK\n'
}

@test "a list produced by generation mode verifies (default, -b, --tag)" {
	mkl list "$A  a" "$B *b" "SHA256 (e) = $(h sha256sum empty)"
	compare_gnu sha256sum -c list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\ne: OK\n'
}

@test "upper-case and mixed-case hex digits are accepted" {
	mkl list "${A^^}  a" "${B:0:10}${B:10}" "$(printf '%s' "${B:0:32}" | tr a-f A-F)${B:32}  b"
	compare_gnu sha256sum -c list
	assert_out_line 'b: OK'
	mkl list2 "$(h md5sum one | tr a-f A-F)  a" "MD5 (b) = $(h md5sum two | tr a-f A-F)"
	compare_gnu md5sum -c list2
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
}

@test "one mismatch: FAILED and singular warning, exit 1" {
	local p
	for p in "${PROGS[@]}"; do
		mkl list "$(h "$p" one)  a" "$(h "$p" one)  b"
		compare_gnu "$p" -c list
		assert_rc 1
		assert_out_is 'a: OK\nb: FAILED\n'
		assert_err_is "$p: WARNING: 1 computed checksum did NOT match\n"
	done
}

@test "several mismatches: plural warning" {
	mkl list "$B  a" "$A  b" "$A  e"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_out_is 'a: FAILED\nb: FAILED\ne: FAILED\n'
	assert_err_is 'sha256sum: WARNING: 3 computed checksums did NOT match\n'
}

@test "one missing listed file: diagnostic, FAILED open or read, singular warning" {
	mkl list "$A  a" "$A  missing"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_out_is 'a: OK\nmissing: FAILED open or read\n'
	assert_err_is 'sha256sum: missing: No such file or directory\nsha256sum: WARNING: 1 listed file could not be read\n'
}

@test "several unreadable listed files: plural warning" {
	mkdir d
	mkl list "$A  m1" "$A  d" "$A  m2"
	compare_gnu sha1sum -c list
	mkl list "$(h sha1sum one)  m1" "$(h sha1sum one)  d" "$(h sha1sum one)  m2"
	compare_gnu sha1sum -c list
	assert_rc 1
	assert_err_line 'sha1sum: d: Is a directory'
	assert_err_line 'sha1sum: WARNING: 3 listed files could not be read'
	assert_out_line 'd: FAILED open or read'
}

@test "listed file without read permission" {
	need_nobody
	mkf a 'one\n'
	mkf secret 'one\n'
	chmod 000 secret
	mkl list "$A  a" "$A  secret"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_out_is 'a: OK\nsecret: FAILED open or read\n'
	assert_err_line 'sha256sum: secret: Permission denied'
}

@test "listed names needing quotes in diagnostics" {
	mkl list "$A  my file" "$A  it's" "$A   lead"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_err_line "sha256sum: 'my file': No such file or directory"
	upto_9_10 assert_out_line 'my file: FAILED open or read'
}

@test "very long listed name: File name too long" {
	local long
	long=$(printf 'x%.0s' {1..5000})
	mkl list "$A  $long" "$A  a"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_err_has ': File name too long\n'
}

# ------------------------------------------------------ improper lines

@test "one improperly formatted line: singular warning, exit 0" {
	mkl list "$A  a" "garbage"
	compare_gnu sha256sum -c list
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_is 'sha256sum: WARNING: 1 line is improperly formatted\n'
}

@test "several improperly formatted lines: plural warning, exit 0" {
	mkl list "junk" "$A  a" "${A:1}  b" "more junk"
	compare_gnu sha256sum -c list
	assert_rc 0
	assert_err_is 'sha256sum: WARNING: 3 lines are improperly formatted\n'
}

@test "--warn: per-line message with list name, line number and tag word" {
	local p
	for p in "${PROGS[@]}"; do
		mkl list "$(h "$p" one)  a" "bad line" "$(h "$p" two)  b" "x  y"
		compare_gnu "$p" -c -w list
		assert_rc 0
		assert_err_line "$p: list: 2: improperly formatted $(tagof "$p") checksum line"
		assert_err_line "$p: list: 4: improperly formatted $(tagof "$p") checksum line"
		assert_err_line "$p: WARNING: 2 lines are improperly formatted"
	done
}

@test "--warn messages come in line order, interleaved with status lines" {
	mkl list "junk1" "$A  a" "junk2" "$B  b"
	compare_gnu sha256sum --warn -c list
	assert_out_is 'a: OK\nb: OK\n'
}

@test "--warn list name is shell-quoted when needed" {
	mkl 'my list' "$A  a" "junk"
	compare_gnu sha256sum -c -w 'my list'
	assert_err_line "sha256sum: 'my list': 2: improperly formatted SHA256 checksum line"
}

@test "--strict: improperly formatted lines make exit 1" {
	mkl list "$A  a" "junk"
	compare_gnu sha256sum -c --strict list
	assert_rc 1
	assert_out_is 'a: OK\n'
	assert_err_is 'sha256sum: WARNING: 1 line is improperly formatted\n'
	compare_gnu sha256sum -c --strict -w list
	assert_rc 1
}

@test "--strict with a clean list exits 0" {
	mkl list "$A  a" "# comment" "" "$B  b"
	compare_gnu sha256sum -c --strict list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
}

@test "all summary warnings in order: improper, unreadable, mismatch" {
	mkl list "junk" "$A  missing" "$A  b" "junk" "$A  a" "$A  gone" "$A  e"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_err_is 'sha256sum: missing: No such file or directory\nsha256sum: gone: No such file or directory\nsha256sum: WARNING: 2 lines are improperly formatted\nsha256sum: WARNING: 2 listed files could not be read\nsha256sum: WARNING: 2 computed checksums did NOT match\n'
	mkl list1 "junk" "$A  missing" "$A  b"
	compare_gnu sha256sum -c list1
	assert_err_line 'sha256sum: WARNING: 1 line is improperly formatted'
	assert_err_line 'sha256sum: WARNING: 1 listed file could not be read'
	assert_err_line 'sha256sum: WARNING: 1 computed checksum did NOT match'
}

# ------------------------------------------------ no valid line at all

@test "empty list: no properly formatted checksum lines found, exit 1" {
	mkf empty ''
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -c empty
		assert_rc 1
		assert_err_is "$p: empty: no properly formatted checksum lines found\n"
		assert_out_empty
	done
}

@test "/dev/null as the list" {
	compare_gnu sha256sum -c /dev/null
	assert_rc 1
	assert_err_is 'sha256sum: /dev/null: no properly formatted checksum lines found\n'
}

@test "only garbage: 'no properly formatted' replaces the WARNING line" {
	mkl list "junk" "more junk" "${A}"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_err_is 'sha256sum: list: no properly formatted checksum lines found\n'
	compare_gnu sha256sum -c -w list
	assert_err_line 'sha256sum: list: 3: improperly formatted SHA256 checksum line'
	assert_err_line 'sha256sum: list: no properly formatted checksum lines found'
}

@test "only comments and blank lines: no properly formatted lines" {
	mkl list "# $A  a" "" "#" ""
	compare_gnu sha256sum -c --strict -w list
	assert_rc 1
	assert_err_is 'sha256sum: list: no properly formatted checksum lines found\n'
}

@test "'no properly formatted' is printed even with --status" {
	mkl list "junk"
	compare_gnu sha256sum -c --status list
	assert_rc 1
	assert_out_empty
	assert_err_is 'sha256sum: list: no properly formatted checksum lines found\n'
}

@test "binary garbage with NUL bytes as the list" {
	local i c s=''
	for ((i = 0; i < 256; i++)); do
		printf -v c '\\x%02x' "$((i * 37 % 256))"
		s+=$c
	done
	mkf bin "$s$s$s"
	compare_gnu sha256sum -c bin
	assert_rc 1
	assert_err_has 'no properly formatted checksum lines found'
	compare_gnu md5sum -c -w bin
}

# ------------------------------------------------------------ grammar

@test "comment lines start with '#' in the first column" {
	mkl list "#$A  missing" "# comment" "$A  a" "#"
	compare_gnu sha256sum -c --strict -w list
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_empty
}

@test "'#' after leading white space is not a comment" {
	mkl list " # not a comment" "$A  a"
	compare_gnu sha256sum -c -w list
	assert_err_line 'sha256sum: list: 1: improperly formatted SHA256 checksum line'
}

@test "empty lines are ignored, also by --strict" {
	mkl list "" "$A  a" "" ""
	compare_gnu sha256sum -c --strict -w list
	assert_rc 0
	assert_err_empty
}

@test "lines with only blanks are improperly formatted" {
	mkl list "   " $'\t' "$A  a"
	compare_gnu sha256sum -c -w list
	assert_err_line 'sha256sum: WARNING: 2 lines are improperly formatted'
}

@test "CRLF line ends are accepted (untagged, binary, tagged)" {
	mkl list "$A  a"$'\r' "$B *b"$'\r' "SHA256 (e) = $(h sha256sum empty)"$'\r' $'\r'
	compare_gnu sha256sum -c --strict list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\ne: OK\n'
}

@test "only one CR is stripped: CR CR LF leaves a CR in the name" {
	mkf $'a\r' 'one\n'
	mkl list "$A  a"$'\r\r' "$B  b"
	compare_gnu sha256sum -c list
	assert_rc 0
	assert_out_line 'b: OK'
	rm $'a\r'
	compare_gnu sha256sum -c list
	assert_rc 1
}

@test "CR in the middle of a line is part of the name" {
	mkf $'c\rr' 'one\n'
	mkl list "$A  c"$'\r'"r" "$A  a"
	compare_gnu sha256sum -c list
	assert_rc 0
}

@test "last line without a newline is accepted" {
	printf '%s  a\n%s  b' "$A" "$B" >list
	compare_gnu sha256sum -c list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
}

@test "list truncated in the middle of a digest" {
	printf '%s  a\n%s' "$A" "${B:0:40}" >list
	compare_gnu sha256sum -c -w list
	assert_rc 0
	assert_err_line 'sha256sum: list: 2: improperly formatted SHA256 checksum line'
}

@test "leading spaces and tabs before the digest are skipped" {
	mkl list "   $A  a" $'\t'"$B *b" $' \t '"SHA256 (e) = $(h sha256sum empty)"
	compare_gnu sha256sum -c --strict list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\ne: OK\n'
}

@test "tab as the separator after the digest" {
	mkl list "$A"$'\t'" a" "$B"$'\t'"*b"
	compare_gnu sha256sum -c --strict list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
}

@test "name spaces are significant: leading and trailing blanks" {
	mkf ' a' 'one\n'
	mkf 'b ' 'two\n'
	mkl list "$A   a" "$B  b " "$A  a "
	compare_gnu sha256sum -c list
	assert_rc 1
	upto_9_10 assert_out_is ' a: OK\nb : OK\na : FAILED open or read\n'
}

@test "digest of the wrong length or with a non-hex digit" {
	local p
	for p in sha256sum md5sum sha512sum; do
		local H
		H=$(h "$p" one)
		mkl list "${H:1}  a" "${H}0  a" "${H:1}g  a" "$H  a" "${H:2}  a"
		compare_gnu "$p" -c -w list
		assert_rc 0
		assert_err_line "$p: WARNING: 4 lines are improperly formatted"
		assert_out_is 'a: OK\n'
	done
}

@test "another program's digest length is improperly formatted" {
	mkl list "$(h sha256sum one)  a" "$(h sha224sum one)  a"
	compare_gnu sha512sum -c list
	assert_rc 1
	compare_gnu sha224sum -c -w list
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_line 'sha224sum: list: 1: improperly formatted SHA224 checksum line'
}

@test "digest with nothing or one char after it" {
	mkf '*' ''
	mkl list "$A" "$A " "$A  " "$A *" "$A **" "$A  *" "$A  a"
	compare_gnu sha256sum -c -w list
	upto_9_10 assert_out_line '*: FAILED'
	upto_9_10 assert_out_line ' : FAILED open or read'
	mkl list2 "$A  a" "$A" "$A " "$A  " "$A *" "$A **" "$A  *" "$A *e" "\\$A  " "\\$A *" "\\$A"
	compare_gnu sha256sum -c -w list2
	assert_out_line 'a: OK'
}

@test "a NUL byte inside an unescaped name" {
	printf '%s  a\0junk\n' "$A" >list
	compare_gnu sha256sum -c list
	printf '%s  b\0\n%s  a\n' "$A" "$A" >list2
	compare_gnu sha256sum -c -w list2
}

# ----------------------------------------------------- escaped names
# The status lines' names are rendered per level (compat-levels.bats): the
# assertions below pin 9.1's rendering; every level compares with its GNU.

at_9_1() {
	level_ge 9.4 || "$@"
}

# upto_9_10 ASSERTION...: before 9.11's shell quoting of status-line names.
upto_9_10() {
	level_ge 9.11 || "$@"
}

@test "escaped name with backslash: '\\\\' prefix, '\\\\\\\\' in the name" {
	mkf 'a\b' 'one\n'
	mkl list "\\$A  a\\\\b"
	compare_gnu sha256sum -c list
	assert_rc 0
	at_9_1 assert_out_is 'a\\b: OK\n'
}

@test "escaped names with \\\\n and \\\\r" {
	mkf $'n\nl' 'one\n'
	mkf $'c\rr' 'two\n'
	mkl list "\\$A  n\\nl" "\\$B *c\\rr"
	compare_gnu sha256sum -c list
	assert_rc 0
	at_9_1 assert_out_is '\\n\\nl: OK\nc\rr: OK\n'
}

@test "escaped name in a tagged line" {
	mkf 'x\y' 'one\n'
	mkf $'p\nq' 'two\n'
	mkl list "\\SHA256 (x\\\\y) = $A" "\\SHA256 (p\\nq) = $B"
	compare_gnu sha256sum -c --strict list
	assert_rc 0
}

@test "generated escaped lines verify (round trip)" {
	mkf 'a\b' 'one\n'
	mkf $'n\nl' 'two\n'
	mkf $'c\rr' 'one\n'
	mkl list "\\$A  a\\\\b" "\\$B  n\\nl" "\\$A  c\\rr" "\\SHA256 (a\\\\b) = $A"
	compare_gnu sha256sum -c --strict list
	assert_rc 0
}

@test "invalid escapes are improperly formatted" {
	mkl list "\\$A  a\\xb" "\\$A  a\\" "\\$A  a\\t" "\\$A  a" "\\"
	compare_gnu sha256sum -c -w list
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_line 'sha256sum: WARNING: 4 lines are improperly formatted'
}

@test "NUL in an escaped name is improperly formatted" {
	printf '\\%s  a\0b\n%s  a\n' "$A" "$A" >list
	compare_gnu sha256sum -c -w list
	assert_rc 0
}

@test "without the leading backslash the name is taken literally" {
	mkf 'a\\b' 'one\n'
	mkl list "$A  a\\\\b" "$A  a\\nb"
	compare_gnu sha256sum -c list
	at_9_1 assert_out_line 'a\\\\b: OK'
	assert_rc 1
}

@test "status lines: names with LF are escaped, backslash and CR raw" {
	mkf 'a\b' 'one\n'
	mkf $'n\nl' 'one\n'
	mkf $'c\rr' 'one\n'
	mkl list "\\$A  a\\\\b" "\\$A  n\\nl" "\\$A  c\\rr" "\\$B  n\\nl" "\\$A  m\\nx"
	compare_gnu sha256sum -c list
	assert_rc 1
	at_9_1 assert_out_line 'a\\b: OK'
	at_9_1 assert_out_line '\\n\\nl: OK'
	at_9_1 assert_out_line 'c\rr: OK'
	at_9_1 assert_out_line '\\n\\nl: FAILED'
	at_9_1 assert_out_line '\\m\\nx: FAILED open or read'
	assert_err_line "sha256sum: 'm'\$'\\\\n''x': No such file or directory"
}

@test "9.1 status lines: a name starting with a backslash is printed raw" {
	mkf '\lead' 'one\n'
	mkl list "\\$A  \\\\lead" "$A  \\lead" "$B  \\lead"
	compare_gnu sha256sum -c list
	assert_rc 1
	at_9_1 assert_out_is '\\lead: OK\n\\lead: OK\n\\lead: FAILED\n'
}

@test "each status line has its own result (OK after FAILED and vice versa)" {
	mkl list "$A  a" "$B  a" "$A  a" "$A  nope" "$B  b" "$A  b" "$B  b"
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_out_is 'a: OK\na: FAILED\na: OK\nnope: FAILED open or read\nb: OK\nb: FAILED\nb: OK\n'
	mkl l1 "$A  a" "$B  a"
	mkl l2 "$A  a"
	compare_gnu sha256sum -c l1 l2 l1
	assert_out_is 'a: OK\na: FAILED\na: OK\na: OK\na: FAILED\n'
}

# ------------------------------------------------------ tagged lines

@test "tagged lines for every program" {
	local p
	for p in "${PROGS[@]}"; do
		mkl list "$(tagof "$p") (a) = $(h "$p" one)" "$(tagof "$p") (b) = $(h "$p" one)"
		compare_gnu "$p" -c list
		assert_rc 1
		assert_out_is 'a: OK\nb: FAILED\n'
	done
}

@test "OpenSSL style 'SHA256(f)= H' and other spacing variants" {
	mkl list "SHA256(a)= $A" "SHA256 (b)=$B" "SHA256(e)=$(h sha256sum empty)" \
		"SHA256 (a)"$'\t'"="$'\t'"$A" "SHA256 (a)  =  $A"
	compare_gnu sha256sum -c --strict -w list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\ne: OK\na: OK\na: OK\n'
	mkl list2 "MD5(a)= $(h md5sum one)" "SHA1(a)= $(h sha1sum one)"
	compare_gnu md5sum -c -w list2
	compare_gnu sha1sum -c -w list2
}

@test "malformed tagged lines" {
	mkl list "SHA256  (a) = $A" "SHA256 (a) = $A " "sha256 (a) = $A" "SHA256 (a = $A" \
		"SHA256 a) = $A" "SHA256 (a) $A" "SHA256 (a) = ${A:1}" "SHA256 (a) = x$A" "SHA256 (a) = $A"
	compare_gnu sha256sum -c -w list
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_line 'sha256sum: WARNING: 8 lines are improperly formatted'
}

@test "tagged name runs to the last ')'" {
	mkf 'x)y' 'one\n'
	mkf 'p (q) = r' 'two\n'
	mkl list "SHA256 (x)y) = $A" "SHA256 (p (q) = r) = $B" "SHA256 () = $A"
	compare_gnu sha256sum -c list
	upto_9_10 assert_out_line 'x)y: OK'
	upto_9_10 assert_out_line 'p (q) = r: OK'
}

@test "another algorithm's tag is improperly formatted" {
	mkl list "SHA1 (a) = $(h sha1sum one)" "MD5 (a) = $(h md5sum one)" \
		"SHA224 (a) = $(h sha224sum one)" "SHA256 (a) = $(h sha256sum one)" \
		"SHA384 (a) = $(h sha384sum one)" "SHA512 (a) = $(h sha512sum one)" \
		"SHA2 (a) = $(h sha256sum one)" "BLAKE2b (a) = $(h sha512sum one)"
	local p
	for p in "${PROGS[@]}"; do
		# For b2sum the BLAKE2b line is well formed (a wrong digest).
		[[ $p == b2sum ]] && continue
		compare_gnu "$p" -c -w list
		assert_rc 0
		assert_out_is 'a: OK\n'
		assert_err_line "$p: WARNING: 7 lines are improperly formatted"
	done
}

@test "right tag with another algorithm's digest length" {
	mkl list "SHA512 (a) = $(h sha384sum one)" "SHA384 (a) = $(h sha512sum one)" \
		"SHA384 (a) = $(h sha384sum one)" "SHA512 (a) = $(h sha512sum one)"
	compare_gnu sha384sum -c -w list
	assert_rc 0
	assert_out_is 'a: OK\n'
	assert_err_line 'sha384sum: WARNING: 3 lines are improperly formatted'
	compare_gnu sha512sum -c -w list
	assert_rc 0
	assert_out_is 'a: OK\n'
}

# ---------------------------------------- BSD reversed ('hex name') style

@test "single-space 'hex name' lines are accepted" {
	mkl list "$A a" "$B b"
	compare_gnu sha256sum -c --strict list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
}

@test "first untagged line standard: later single-space lines are improper" {
	mkl list "$A  a" "$B b" "$B *b"
	compare_gnu sha256sum -c -w list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
	assert_err_line 'sha256sum: list: 2: improperly formatted SHA256 checksum line'
}

@test "first untagged line reversed: later '  name' keeps a leading space" {
	mkl list "$A a" "$B  b" "$A *a"
	compare_gnu sha256sum -c -w list
	assert_rc 1
	upto_9_10 assert_out_line ' b: FAILED open or read'
	assert_err_line "sha256sum: ' b': No such file or directory"
}

@test "tagged lines do not fix the style" {
	mkl list "SHA256 (a) = $A" "$B b" "SHA256 (b) = $B" "$A  a"
	compare_gnu sha256sum -c -w list
	mkl list2 "SHA256 (a) = $A" "$B  b" "$A a"
	compare_gnu sha256sum -c -w list2
	assert_rc 0
	assert_err_line 'sha256sum: list2: 3: improperly formatted SHA256 checksum line'
}

@test "the style fixed by the first list carries over to the next list" {
	mkl rev.txt "$A a"
	mkl std.txt "$B  b"
	compare_gnu sha256sum -c rev.txt std.txt
	assert_rc 1
	upto_9_10 assert_out_is 'a: OK\n b: FAILED open or read\n'
	compare_gnu sha256sum -c std.txt rev.txt
	assert_rc 1
	assert_err_line 'sha256sum: rev.txt: no properly formatted checksum lines found'
}

@test "comments and bad lines before the first untagged line do not fix the style" {
	mkl list "# $A  a" "junk" "$A a" "$B  b"
	compare_gnu sha256sum -c -w list
	assert_rc 1
}

# ----------------------------------------------------- '-' and stdin

@test "no list operand: the list is standard input" {
	mkl list "$A  a" "$B  b"
	STDIN_FILE=list compare_gnu sha256sum -c
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
	STDIN_FILE=list compare_gnu sha256sum -c -
	assert_out_is 'a: OK\nb: OK\n'
}

@test "stdin list is named 'standard input' in messages" {
	mkl list "junk"
	STDIN_FILE=list compare_gnu sha256sum -c -w
	assert_rc 1
	assert_err_line "sha256sum: 'standard input': 1: improperly formatted SHA256 checksum line"
	assert_err_line "sha256sum: 'standard input': no properly formatted checksum lines found"
	STDIN_FILE=/dev/null compare_gnu sha1sum -c -
	assert_err_is "sha1sum: 'standard input': no properly formatted checksum lines found\n"
}

@test "name '-' in a list read from stdin is improperly formatted" {
	mkl list "$A  -" "$A  a"
	STDIN_FILE=list compare_gnu sha256sum -c -w -
	assert_rc 0
	assert_out_is 'a: OK\n'
	mkl list2 "$A  -"
	STDIN_FILE=list2 compare_gnu sha256sum -c
	assert_rc 1
	assert_err_line "sha256sum: 'standard input': no properly formatted checksum lines found"
	mkl list3 "SHA256 (-) = $A"
	STDIN_FILE=list3 compare_gnu sha256sum -c
	assert_rc 1
}

@test "name '-' in a list file reads standard input" {
	mkl list "$A  -" "$A  a"
	STDIN_FILE=a compare_gnu sha256sum -c list
	assert_rc 0
	assert_out_is '-: OK\na: OK\n'
	STDIN_FILE=b compare_gnu sha256sum -c list
	assert_rc 1
	assert_out_is '-: FAILED\na: OK\n'
}

@test "standard input that is a directory as the list" {
	STDIN_FILE=. compare_gnu sha256sum -c
	assert_rc 1
}

# --------------------------------------------------- list file errors

@test "check list missing: diagnostic, exit 1" {
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -c nolist
		assert_rc 1
		assert_err_is "$p: nolist: No such file or directory\n"
		assert_out_empty
	done
	compare_gnu sha256sum -c 'no list'
	assert_err_is "sha256sum: 'no list': No such file or directory\n"
}

@test "check list is a directory: read error" {
	mkdir d
	compare_gnu sha256sum -c d
	assert_rc 1
	assert_err_is 'sha256sum: d: read error\n'
	compare_gnu md5sum -c --status d
	assert_rc 1
}

@test "check list without read permission" {
	need_nobody
	mkf a 'one\n'
	mkl list "$A  a"
	chmod 000 list
	compare_gnu sha256sum -c list
	assert_rc 1
	assert_err_is 'sha256sum: list: Permission denied\n'
}

@test "several lists: each gets its own summary, bad list does not stop the rest" {
	mkl good "$A  a"
	mkl bad "$B  a" "junk"
	mkl none "junk"
	compare_gnu sha256sum -c good nolist bad none good
	assert_rc 1
	assert_out_is 'a: OK\na: FAILED\na: OK\n'
	assert_err_is 'sha256sum: nolist: No such file or directory\nsha256sum: WARNING: 1 line is improperly formatted\nsha256sum: WARNING: 1 computed checksum did NOT match\nsha256sum: none: no properly formatted checksum lines found\n'
}

@test "several lists all good exit 0, one bad list anywhere exits 1" {
	mkl good "$A  a"
	mkl good2 "$B  b"
	mkl bad "$B  a"
	compare_gnu sha256sum -c good good2 good
	assert_rc 0
	compare_gnu sha256sum -c bad good
	assert_rc 1
	compare_gnu sha256sum -c good bad
	assert_rc 1
}

@test "the same list from a file and from stdin" {
	mkl list "$A  a"
	STDIN_FILE=list compare_gnu sha256sum -c list - list
	assert_rc 0
	assert_out_is 'a: OK\na: OK\na: OK\n'
}

# ------------------------------------------- --quiet / --status / --warn

@test "--quiet hides OK lines only" {
	mkl list "$A  a" "$A  b" "$A  missing" "junk"
	compare_gnu sha256sum -c --quiet list
	assert_rc 1
	assert_out_is 'b: FAILED\nmissing: FAILED open or read\n'
	assert_err_line 'sha256sum: WARNING: 1 line is improperly formatted'
	mkl ok "$A  a"
	compare_gnu sha256sum -c --quiet ok
	assert_rc 0
	assert_out_empty
	assert_err_empty
}

@test "--status prints nothing but errno diagnostics, exit code tells" {
	mkl list "$A  a" "$A  b" "$A  missing" "junk"
	compare_gnu sha256sum -c --status list
	assert_rc 1
	assert_out_empty
	assert_err_is 'sha256sum: missing: No such file or directory\n'
	mkl ok "$A  a" "junk"
	compare_gnu sha256sum -c --status ok
	assert_rc 0
	assert_err_empty
	compare_gnu sha256sum -c --status --strict ok
	assert_rc 1
	mkl mism "$B  a"
	compare_gnu sha256sum -c --status mism
	assert_rc 1
	assert_err_empty
}

@test "--status with missing and directory lists" {
	mkdir d
	compare_gnu sha256sum -c --status nolist d
	assert_rc 1
	assert_err_is 'sha256sum: nolist: No such file or directory\nsha256sum: d: read error\n'
}

@test "--status, --warn, --quiet: the last one wins" {
	mkl list "$A  a" "junk" "$A  b"
	compare_gnu sha256sum -c --status --warn list
	assert_out_is 'a: OK\nb: FAILED\n'
	assert_err_line 'sha256sum: list: 2: improperly formatted SHA256 checksum line'
	compare_gnu sha256sum -c --warn --status list
	assert_out_empty
	assert_err_empty
	compare_gnu sha256sum -c --status --quiet list
	assert_out_is 'b: FAILED\n'
	compare_gnu sha256sum -c --quiet --status list
	assert_out_empty
	compare_gnu sha256sum -c --quiet --warn list
	assert_out_is 'a: OK\nb: FAILED\n'
	assert_err_line 'sha256sum: list: 2: improperly formatted SHA256 checksum line'
	compare_gnu sha256sum -c --warn --quiet list
	assert_out_is 'b: FAILED\n'
	assert_err_is 'sha256sum: WARNING: 1 line is improperly formatted\nsha256sum: WARNING: 1 computed checksum did NOT match\n'
	compare_gnu sha256sum -c -w --status -w list
	compare_gnu sha256sum -c --status -w --quiet --status list
	assert_out_empty
}

# ------------------------------------------------------ --ignore-missing

@test "--ignore-missing: missing files print nothing, exit 0" {
	mkl list "$A  a" "$A  missing" "$B  b" "$A  gone"
	compare_gnu sha256sum -c --ignore-missing list
	assert_rc 0
	assert_out_is 'a: OK\nb: OK\n'
	assert_err_empty
}

@test "--ignore-missing: nothing verified, singular list" {
	mkl list "$A  missing" "$A  gone"
	compare_gnu sha256sum -c --ignore-missing list
	assert_rc 1
	assert_out_empty
	assert_err_is 'sha256sum: list: no file was verified\n'
	STDIN_FILE=list compare_gnu sha256sum -c --ignore-missing
	assert_err_is "sha256sum: 'standard input': no file was verified\n"
}

@test "--ignore-missing still reports mismatches, directories, bad lines" {
	mkdir d
	mkl list "$B  a" "$A  missing" "$A  d" "junk" "$A  b"
	compare_gnu sha256sum -c --ignore-missing list
	assert_rc 1
	assert_out_is 'a: FAILED\nd: FAILED open or read\nb: FAILED\n'
	assert_err_line 'sha256sum: d: Is a directory'
	compare_gnu sha256sum -c --ignore-missing --status list
	assert_rc 1
}

@test "--ignore-missing: 'no file was verified' comes after the warnings" {
	mkl list "junk" "$A  missing"
	compare_gnu sha256sum -c --ignore-missing -w list
	assert_rc 1
	assert_err_is 'sha256sum: list: 1: improperly formatted SHA256 checksum line\nsha256sum: WARNING: 1 line is improperly formatted\nsha256sum: list: no file was verified\n'
	compare_gnu sha256sum -c --ignore-missing --status list
	assert_rc 1
	compare_gnu sha256sum -c --ignore-missing --quiet --strict list
	assert_rc 1
}

@test "--ignore-missing does not hide a missing list or a missing file under a file" {
	mkl list "$A  a/x" "$A  a"
	compare_gnu sha256sum -c --ignore-missing nolist list
	assert_rc 1
	assert_err_line 'sha256sum: nolist: No such file or directory'
	assert_err_line 'sha256sum: a/x: Not a directory'
}

@test "--ignore-missing with unreadable file" {
	need_nobody
	mkf secret 'one\n'
	chmod 000 secret
	mkl list "$A  secret" "$A  missing"
	compare_gnu sha256sum -c --ignore-missing list
	assert_rc 1
	assert_out_is 'secret: FAILED open or read\n'
}

@test "--ignore-missing over several lists" {
	mkl l1 "$A  missing"
	mkl l2 "$A  a"
	compare_gnu sha256sum -c --ignore-missing l1 l2
	assert_rc 1
	assert_err_is 'sha256sum: l1: no file was verified\n'
	compare_gnu sha256sum -c --ignore-missing l2 l2
	assert_rc 0
}

# ------------------------------------------------------------ exit codes

@test "exit codes: OK 0, improper-only-extra 0, mismatch 1, unreadable 1" {
	mkl ok "$A  a"
	mkl imp "$A  a" "x"
	mkl mis "$B  a"
	mkl unr "$A  nope"
	compare_gnu sha384sum -c --status ok
	mkl ok "$(h sha384sum one)  a"
	compare_gnu sha384sum -c ok
	assert_rc 0
	compare_gnu sha256sum -c imp
	assert_rc 0
	compare_gnu sha256sum -c mis
	assert_rc 1
	compare_gnu sha256sum -c unr
	assert_rc 1
}
