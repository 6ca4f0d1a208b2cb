#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac --check --unlisted=DIR (issue 20, point 3): after the lists are
# checked, each regular file under DIR that no line names is one
# "FILE: UNLISTED" line on stdout, their count a warning on stderr, and
# the exit status 1; names compare as paths relative to the current
# directory, without "./" and repeated '/'.  Everything else --check
# prints stays as it was.

load helpers

setup() {
	cli_setup
	mkdir -p tree/sub tree/empty
	printf a >tree/a
	printf b >tree/sub/b
	printf c >'tree/sub/c d'
	printf n >'tree/new
line'
	sumac_as sumac -r tree >all.sums
}

teardown() {
	cli_teardown
}

@test "a complete list: the check's output alone, status 0" {
	sumac_as sumac -c all.sums >"$CAP_DIR/plain.out" 2>"$CAP_DIR/plain.err"
	run sumac_as sumac -c --unlisted=tree all.sums
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$CAP_DIR/plain.out")" ]
	[ ! -s "$CAP_DIR/plain.err" ]
}

@test "files no list names are UNLISTED on stdout, counted on stderr, status 1" {
	grep -v 'sub/b$' all.sums | grep -v '^\\' >part.sums
	sumac_as sumac -c --unlisted tree part.sums >"$CAP_DIR/out" 2>"$CAP_DIR/err" || rc=$?
	[ "${rc-0}" -eq 1 ]
	cat >"$CAP_DIR/want" <<-'OUT'
		tree/a: OK
		'tree/sub/c d': OK
		'tree/new'$'\n''line': UNLISTED
		tree/sub/b: UNLISTED
	OUT
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	[ "$(cat "$CAP_DIR/err")" = "sumac: WARNING: 2 files under tree are not listed" ]
}

@test "./ and repeated / do not count, on either side" {
	sed 's|  tree/|  ./tree//|' all.sums >dotted.sums
	run sumac_as sumac -c --quiet --unlisted=tree dotted.sums
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	grep -v 'sub/b$' all.sums >part.sums
	run sumac_as sumac -c --quiet --unlisted=./tree/ part.sums
	[ "$status" -eq 1 ]
	[ "$output" = "./tree/sub/b: UNLISTED
sumac: WARNING: 1 file under ./tree/ is not listed" ]
}

@test "several lists together name the tree; failures and unlisted both count" {
	grep 'sub/' all.sums >one.sums
	grep -v 'sub/' all.sums >two.sums
	run sumac_as sumac -c --quiet --unlisted=tree one.sums two.sums
	[ "$status" -eq 0 ]
	printf changed >tree/a
	run sumac_as sumac -c --quiet --unlisted=tree one.sums
	[ "$status" -eq 1 ]
	[ "$output" = "tree/a: UNLISTED
'tree/new'\$'\\n''line': UNLISTED
sumac: WARNING: 2 files under tree are not listed" ]
	run sumac_as sumac -c --quiet --unlisted=tree two.sums
	[ "$status" -eq 1 ]
	[[ $output == *"tree/a: FAILED"* ]]
	[[ $output == *"tree/sub/b: UNLISTED"* ]]
}

@test "--status prints nothing; the exit status tells" {
	grep -v 'tree/a$' all.sums >part.sums
	run sumac_as sumac -c --status --unlisted=tree part.sums
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "-j 2 gives the same bytes" {
	grep -v 'tree/a$' all.sums >part.sums
	sumac_as sumac -c --unlisted=tree part.sums >"$CAP_DIR/j1" 2>&1 || true
	sumac_as sumac -c -j 2 --unlisted=tree part.sums >"$CAP_DIR/j2" 2>&1 || true
	cmp "$CAP_DIR/j1" "$CAP_DIR/j2"
	grep -q UNLISTED "$CAP_DIR/j1"
}

@test "links under DIR are skipped unless -L; FIFOs are not files of the audit" {
	ln -s a tree/alink
	mkfifo tree/fifo
	run sumac_as sumac -c --quiet --unlisted=tree all.sums
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run sumac_as sumac -c --quiet -L --unlisted=tree all.sums
	[ "$status" -eq 1 ]
	[ "$output" = "tree/alink: UNLISTED
sumac: WARNING: 1 file under tree is not listed" ]
}

@test "a DIR that cannot be walked is an error, status 1" {
	run sumac_as sumac -c --quiet --unlisted=nowhere all.sums
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: nowhere: No such file or directory" ]
}

@test "--unlisted wants --check, and the GNU names do not know it" {
	run sumac_as sumac --unlisted=tree all.sums
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: the --unlisted option is meaningful only when verifying checksums" ]
	run sumac_as sha256sum -c --unlisted=tree all.sums
	[ "$status" -eq 1 ]
	[[ ${lines[0]} == *"unrecognized option '--unlisted=tree'" ]]
}
