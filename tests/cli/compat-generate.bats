#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Generation mode (no --check): output formats, name escaping, inputs of
# every padding-relevant size, stdin, operand errors and exit codes, for all
# six program names.  Each case is compared byte for byte with GNU coreutils.

load helpers

setup() {
	cli_setup
}

teardown() {
	cli_teardown
}

# Files whose lengths sit on the padding edges of 64-byte (MD5/SHA-1/SHA-256)
# and 128-byte (SHA-384/512) blocks, plus 1 MiB and an odd multi-block size.
make_sizes() {
	yes 'sumac cli test vector 0123456789 abcdefghijklmnopqrstuvwxyz' | head -c 1048576 >big
	local n
	for n in 0 1 55 56 57 63 64 65 111 112 113 119 120 127 128 129 1000; do
		head -c "$n" big >"s$n"
	done
	head -c 1000003 big >odd
}

@test "default output is '<hex>  <name>' for all six programs" {
	mkf f 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" f
		assert_rc 0
		assert_out_is "$(h "$p" one)  f\n"
		assert_err_empty
	done
}

@test "-t and --text give the text marker (two spaces)" {
	mkf f 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -t f
		assert_out_is "$(h "$p" one)  f\n"
		compare_gnu "$p" --text f
		assert_out_is "$(h "$p" one)  f\n"
	done
}

@test "-b and --binary give the '*' marker" {
	mkf f 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -b f
		assert_out_is "$(h "$p" one) *f\n"
		compare_gnu "$p" --binary f
		assert_out_is "$(h "$p" one) *f\n"
	done
}

@test "last of -b / -t wins" {
	mkf f 'one\n'
	compare_gnu sha256sum -b -t f
	assert_out_is "$(h sha256sum one)  f\n"
	compare_gnu sha256sum -t -b f
	assert_out_is "$(h sha256sum one) *f\n"
	compare_gnu md5sum -tb f
	assert_out_is "$(h md5sum one) *f\n"
}

@test "--tag prints 'ALGO (name) = hex' with each program's tag" {
	mkf f 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" --tag f
		assert_rc 0
		assert_out_is "$(tagof "$p") (f) = $(h "$p" one)\n"
	done
}

@test "--tag combined with -b, and -t before --tag" {
	mkf f 'one\n'
	compare_gnu sha1sum --tag -b f
	assert_out_is "SHA1 (f) = $(h sha1sum one)\n"
	compare_gnu sha1sum -b --tag f
	assert_out_is "SHA1 (f) = $(h sha1sum one)\n"
	compare_gnu sha384sum -t --tag f
	# 9.10 refuses -t --tag (compat-levels.bats, S2).
	if ! level_ge 9.10; then
		assert_rc 0
		assert_out_is "SHA384 (f) = $(h sha384sum one)\n"
	fi
}

@test "--tag with several files, stdin and odd names" {
	mkf f 'one\n'
	mkf 'a (b) = c' 'two\n'
	mkf ')' ''
	STDIN_FILE=f compare_gnu sha512sum --tag f 'a (b) = c' - ')'
	assert_out_line "SHA512 (a (b) = c) = $(h sha512sum two)"
	assert_out_line "SHA512 (-) = $(h sha512sum one)"
	assert_out_line "SHA512 ()) = $(h sha512sum empty)"
}

@test "-z / --zero end lines with NUL" {
	mkf f 'one\n'
	mkf g 'two\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" -z f g
		assert_out_is "$(h "$p" one)  f\x00$(h "$p" two)  g\x00"
	done
	compare_gnu sha256sum --zero -b f
	assert_out_is "$(h sha256sum one) *f\x00"
	compare_gnu sha224sum -z --tag f
	assert_out_is "SHA224 (f) = $(h sha224sum one)\x00"
}

@test "hex digits are lower case" {
	mkf f 'two\n'
	compare_gnu sha1sum f
	assert_out_is "$(h sha1sum two)  f\n"
	compare_gnu md5sum --tag f
	assert_out_is "MD5 (f) = $(h md5sum two)\n"
}

@test "digests at every block-padding edge, all six programs" {
	make_sizes
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" s0 s1 s55 s56 s57 s63 s64 s65 s111 s112 s113 \
			s119 s120 s127 s128 s129 s1000 big odd
		assert_rc 0
		assert_out_line "$(h "$p" empty)  s0"
	done
}

@test "1 MiB input through stdin" {
	make_sizes
	local p
	for p in "${PROGS[@]}"; do
		STDIN_FILE=big compare_gnu "$p"
		assert_rc 0
	done
}

@test "input holding every byte value, CR LF and NUL" {
	local i c s=''
	for ((i = 0; i < 256; i++)); do
		printf -v c '\\x%02x' "$i"
		s+=$c
	done
	mkf bytes "$s$s"
	mkf crlf 'line\r\nline\r\n\x00\x00\r'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" bytes crlf
		compare_gnu "$p" -b bytes crlf
	done
}

@test "empty file and /dev/null" {
	mkf e ''
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" e /dev/null
		assert_out_is "$(h "$p" empty)  e\n$(h "$p" empty)  /dev/null\n"
	done
}

@test "several operands keep their order, the same file twice" {
	mkf a 'one\n'
	mkf b 'two\n'
	compare_gnu sha256sum b a b
	assert_out_is "$(h sha256sum two)  b\n$(h sha256sum one)  a\n$(h sha256sum two)  b\n"
}

@test "no operand reads standard input, named '-'" {
	mkf in 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		STDIN_FILE=in compare_gnu "$p"
		assert_out_is "$(h "$p" one)  -\n"
	done
	STDIN_FILE=in compare_gnu sha256sum -b
	assert_out_is "$(h sha256sum one) *-\n"
	STDIN_FILE=in compare_gnu sha256sum --tag
	assert_out_is "SHA256 (-) = $(h sha256sum one)\n"
	STDIN_FILE=in compare_gnu sha256sum -z
	assert_out_is "$(h sha256sum one)  -\x00"
}

@test "'-' operand reads standard input, also between files" {
	mkf in 'one\n'
	mkf f 'two\n'
	STDIN_FILE=in compare_gnu sha1sum f - f
	assert_out_is "$(h sha1sum two)  f\n$(h sha1sum one)  -\n$(h sha1sum two)  f\n"
}

@test "'-' given twice: second read of stdin sees end of file" {
	mkf in 'one\n'
	STDIN_FILE=in compare_gnu sha256sum - -
	assert_out_is "$(h sha256sum one)  -\n$(h sha256sum empty)  -\n"
}

@test "a file really named '-' is reached as ./-" {
	mkf ./- 'two\n'
	mkf in 'one\n'
	STDIN_FILE=in compare_gnu sha256sum ./- -
	assert_out_is "$(h sha256sum two)  ./-\n$(h sha256sum one)  -\n"
}

@test "empty standard input" {
	compare_gnu sha512sum
	assert_out_is "$(h sha512sum empty)  -\n"
	compare_gnu md5sum -
	assert_out_is "$(h md5sum empty)  -\n"
}

@test "standard input is a directory" {
	STDIN_FILE=. compare_gnu sha256sum
	assert_rc 1
	assert_err_is 'sha256sum: -: Is a directory\n'
	assert_out_empty
}

@test "name with backslash is escaped: leading '\\\\', '\\\\' doubled" {
	mkf 'a\b' 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" 'a\b'
		assert_out_is "\\\\$(h "$p" one)  a\\\\\\\\b\n"
	done
	compare_gnu sha256sum -b 'a\b'
	assert_out_is "\\\\$(h sha256sum one) *a\\\\\\\\b\n"
}

@test "name with newline is escaped as \\\\n" {
	mkf $'n\nl' 'one\n'
	compare_gnu sha256sum $'n\nl'
	assert_out_is "\\\\$(h sha256sum one)  n\\\\nl\n"
	compare_gnu sha1sum -b $'n\nl'
	assert_out_is "\\\\$(h sha1sum one) *n\\\\nl\n"
}

@test "name with carriage return is escaped as \\\\r" {
	mkf $'c\rr' 'one\n'
	mkf $'end\r' 'two\n'
	compare_gnu sha256sum $'c\rr' $'end\r'
	assert_out_is "\\\\$(h sha256sum one)  c\\\\rr\n\\\\$(h sha256sum two)  end\\\\r\n"
	compare_gnu md5sum $'c\rr'
}

@test "name with backslash, LF and CR together" {
	mkf $'x\\\n\r\\y\n' 'two\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" $'x\\\n\r\\y\n'
		assert_out_is "\\\\$(h "$p" two)  x\\\\\\\\\\\\n\\\\r\\\\\\\\y\\\\n\n"
	done
}

@test "--tag lines are escaped too" {
	mkf 'a\b' 'one\n'
	mkf $'n\nl' 'two\n'
	compare_gnu sha256sum --tag 'a\b' $'n\nl'
	assert_out_is "\\\\SHA256 (a\\\\\\\\b) = $(h sha256sum one)\n\\\\SHA256 (n\\\\nl) = $(h sha256sum two)\n"
	compare_gnu md5sum --tag $'n\nl'
	compare_gnu sha512sum --tag $'c\r'
}

@test "-z never escapes names" {
	mkf 'a\b' 'one\n'
	mkf $'n\nl' 'two\n'
	mkf $'c\rr' 'one\n'
	compare_gnu sha256sum -z 'a\b' $'n\nl' $'c\rr'
	assert_out_is "$(h sha256sum one)  a\\\\b\x00$(h sha256sum two)  n\nl\x00$(h sha256sum one)  c\rr\x00"
	compare_gnu sha1sum -z --tag 'a\b' $'n\nl'
	assert_out_is "SHA1 (a\\\\b) = $(h sha1sum one)\x00SHA1 (n\nl) = $(h sha1sum two)\x00"
}

@test "names with spaces and tabs are printed raw" {
	mkf 'my file' 'one\n'
	mkf ' lead' 'one\n'
	mkf 'trail ' 'one\n'
	mkf $'t\tab' 'two\n'
	compare_gnu sha256sum 'my file' ' lead' 'trail ' $'t\tab'
	assert_out_line "$(h sha256sum one)  my file"
	assert_out_line "$(h sha256sum one)   lead"
	assert_out_line "$(h sha256sum two)  t\tab"
	compare_gnu sha256sum --tag 'my file' $'t\tab'
}

@test "names starting with '-' after '--' or as ./-x" {
	mkf -x 'one\n'
	mkf --tag 'two\n'
	compare_gnu sha256sum -- -x --tag
	assert_out_is "$(h sha256sum one)  -x\n$(h sha256sum two)  --tag\n"
	compare_gnu sha256sum ./-x
	assert_out_is "$(h sha256sum one)  ./-x\n"
}

@test "names with '*', '(' and ')' and other punctuation" {
	mkf '*star' 'one\n'
	mkf 'p(a)r' 'one\n'
	mkf "q'uote" 'two\n'
	mkf '$x' 'two\n'
	compare_gnu sha256sum '*star' 'p(a)r' "q'uote" '$x'
	assert_out_line "$(h sha256sum one)  *star"
	compare_gnu sha256sum -b '*star'
	assert_out_is "$(h sha256sum one) **star\n"
}

@test "names with non-UTF-8 and UTF-8 bytes are printed raw" {
	mkf $'\xff\xfe' 'one\n'
	mkf $'caf\xc3\xa9' 'two\n'
	mkf $'\x01ctl\x7f' 'one\n'
	compare_gnu sha256sum $'\xff\xfe' $'caf\xc3\xa9' $'\x01ctl\x7f'
	assert_out_line "$(h sha256sum one)  \xff\xfe"
	compare_gnu md5sum --tag $'\xff\xfe'
}

@test "names in a subdirectory and absolute /dev/null" {
	mkdir -p sub/dir
	mkf sub/dir/f 'one\n'
	compare_gnu sha384sum sub/dir/f ./sub/../sub/dir/f
	assert_out_line "$(h sha384sum one)  sub/dir/f"
}

@test "missing operand: message, exit 1, other files still hashed" {
	mkf a 'one\n'
	mkf b 'two\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" a missing b
		assert_rc 1
		assert_err_is "$p: missing: No such file or directory\n"
		assert_out_is "$(h "$p" one)  a\n$(h "$p" two)  b\n"
	done
}

@test "missing operand names are shell-quoted when needed" {
	compare_gnu sha256sum -- 'my file' "it's" $'n\nl' '' 'a\b' $'\xff' '-x' 'ok-name.txt'
	assert_rc 1
	assert_err_line "sha256sum: 'my file': No such file or directory"
	assert_err_line "sha256sum: '': No such file or directory"
	assert_err_line "sha256sum: ok-name.txt: No such file or directory"
	assert_out_empty
}

@test "missing file under a non-directory: Not a directory" {
	mkf f 'one\n'
	compare_gnu sha1sum f/x f
	assert_rc 1
	assert_err_is 'sha1sum: f/x: Not a directory\n'
}

@test "directory operand: Is a directory, processing continues" {
	mkdir d
	mkf f 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "$p" d f .
		assert_rc 1
		assert_err_is "$p: d: Is a directory\n$p: .: Is a directory\n"
		assert_out_is "$(h "$p" one)  f\n"
	done
}

@test "errors while hashing with --tag, -b and -z" {
	mkdir d
	mkf f 'one\n'
	compare_gnu sha256sum --tag f missing d
	assert_rc 1
	compare_gnu sha256sum -z missing f
	assert_rc 1
	assert_err_is 'sha256sum: missing: No such file or directory\n'
	compare_gnu md5sum -b d f
}

@test "unreadable operand: Permission denied, processing continues" {
	need_nobody
	mkf secret 'one\n'
	mkf open 'two\n'
	chmod 000 secret
	local p
	for p in sha256sum md5sum sha512sum; do
		compare_gnu "$p" secret open
		assert_rc 1
		assert_err_is "$p: secret: Permission denied\n"
		assert_out_is "$(h "$p" two)  open\n"
	done
}

@test "unreadable directory component of an operand" {
	need_nobody
	mkdir priv
	mkf priv/f 'one\n'
	chmod 000 priv
	compare_gnu sha1sum priv/f
	assert_rc 1
	assert_err_is 'sha1sum: priv/f: Permission denied\n'
}

@test "exit status 0 when every operand was hashed" {
	mkf a 'one\n'
	compare_gnu sha224sum a a
	assert_rc 0
}

@test "exit status 1 when only the last operand fails" {
	mkf a 'one\n'
	compare_gnu sha224sum a a nope
	assert_rc 1
}

@test "program names with a prefix: gsha256sum, gmd5sum, ..." {
	mkf f 'one\n'
	local p
	for p in "${PROGS[@]}"; do
		compare_gnu "g$p" f missing
		assert_rc 1
		assert_out_is "$(h "$p" one)  f\n"
		assert_err_is "g$p: missing: No such file or directory\n"
	done
}

@test "argv[0] with a directory part: message prefix is argv[0] as given" {
	mkf f 'one\n'
	compare_gnu /opt/bin/sha256sum --tag f missing
	assert_out_is "SHA256 (f) = $(h sha256sum one)\n"
	# Since 9.4 or earlier (9.7 checked), error() messages carry the base
	# name only; getopt's messages and 'Try' keep argv[0] as given.
	if level_ge 9.4; then
		assert_err_is 'sha256sum: missing: No such file or directory\n'
	else
		assert_err_is '/opt/bin/sha256sum: missing: No such file or directory\n'
	fi
	compare_gnu ./x-sha1sum f
	assert_out_is "$(h sha1sum one)  f\n"
}
