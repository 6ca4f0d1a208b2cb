#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# sumac -r (issue 20, point 2): a tree of 20,000 files in 2,000
# directories, some names with spaces, backslashes and newlines, hashed
# with -r must give exactly what `find DIR -type f | LC_ALL=C sort | xargs
# sha256sum` gives (NUL-separated here, so that the names with a newline
# survive the pipe; GNU's sha256sum escapes them itself), serially, with -j
# 2 and with lanes on or off.  Then the walk's edges: links skipped or
# followed, special files reported, unreadable directories, and that the
# GNU names know no -r.

load helpers

setup_file() {
	TREE=$BATS_FILE_TMPDIR/tree
	export TREE
	# 2,000 directories of 10 files each, two levels deep; contents differ
	# in length so that lanes see unequal inputs.
	python3 - "$TREE" <<'PY'
import os, sys
root = sys.argv[1]
odd = ["with space", "back\\slash", "new\nline", "a-c", "a.c", "Z"]
for d in range(2000):
    sub = os.path.join(root, "d%02d" % (d % 50), "e%03d" % d)
    os.makedirs(sub, exist_ok=True)
    for f in range(10):
        name = odd[d % len(odd)] + str(f) if f < 2 and d % 97 == 0 else "f%d" % f
        with open(os.path.join(sub, name), "wb") as fh:
            fh.write(b"%d/%d\n" % (d, f) * (1 + (d * 7 + f) % 40))
# 'a' and 'a-c' beside each other: the whole paths decide the order.
os.makedirs(os.path.join(root, "a"))
for name in ("a/x", "a-c", "a.c", "a0"):
    with open(os.path.join(root, name), "w") as fh:
        fh.write(name)
PY
	# The reference needs GNU's sha256sum: without it (a packager's build,
	# where the GNU programs may be absent) every test skips, in setup.
	sha256sum --version 2>/dev/null | grep -q GNU || return 0
	(cd "$BATS_FILE_TMPDIR" && find tree -type f -print0 | LC_ALL=C sort -z |
		xargs -0 sha256sum >expected)
}

setup() {
	cli_setup
	command -v python3 >/dev/null || skip "needs python3"
	sha256sum --version 2>/dev/null | grep -q GNU || skip "needs GNU sha256sum"
	cd "$BATS_FILE_TMPDIR" || return 1
}

teardown() {
	cli_teardown
}

@test "the tree has 20,000 files, a few with odd names" {
	[ "$(find tree -type f | wc -l)" -ge 20000 ]
	grep -c '^\\' expected >"$CAP_DIR/escaped"
	[ "$(cat "$CAP_DIR/escaped")" -ge 4 ]
}

@test "-r equals find | sort | xargs sha256sum, serially" {
	sumac_as sumac -a sha256 -r tree >"$CAP_DIR/out"
	cmp "$BATS_FILE_TMPDIR/expected" "$CAP_DIR/out"
	# The pipeline of the issue, word for word, where no name holds a
	# newline.
	sumac_as sumac -a sha256 -r tree/d01 >"$CAP_DIR/out"
	find tree/d01 -type f | LC_ALL=C sort | xargs -d '\n' sha256sum >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
}

@test "-r -j 2 gives the same bytes" {
	sumac_as sumac -a sha256 -r -j 2 tree >"$CAP_DIR/out"
	cmp "$BATS_FILE_TMPDIR/expected" "$CAP_DIR/out"
}

@test "-r with lanes always and off gives the same bytes" {
	sumac_as sumac -r --lanes=always tree >"$CAP_DIR/always"
	cmp "$BATS_FILE_TMPDIR/expected" "$CAP_DIR/always"
	sumac_as sumac -r -j 2 --lanes=off tree >"$CAP_DIR/off"
	cmp "$BATS_FILE_TMPDIR/expected" "$CAP_DIR/off"
}

@test "-r output verifies with sha256sum -c" {
	sumac_as sumac -r -j 2 tree/d00 >"$CAP_DIR/sums"
	sha256sum --quiet -c "$CAP_DIR/sums"
}

@test "files and directories mix in operand order; a trailing / is not doubled" {
	sumac_as sumac -r tree/a0 tree/a/ tree/a-c >"$CAP_DIR/out"
	sha256sum tree/a0 tree/a/x tree/a-c >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
}

@test "without -r a directory is GNU's 'Is a directory'" {
	run sumac_as sumac tree/a
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: tree/a: Is a directory" ]
}

@test "links in the walk are skipped; -L follows them; operands are followed" {
	cd "$WORK_DIR"
	mkdir -p t/sub
	printf x >t/sub/file
	ln -s sub/file t/flink
	ln -s sub t/dlink
	ln -s missing t/dangling
	ln -s t top
	sumac_as sumac -r top >"$CAP_DIR/out"
	sha256sum top/sub/file >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
	run sumac_as sumac -r -L t
	[ "$status" -eq 1 ]
	sha256sum t/dlink/file t/flink t/sub/file >"$CAP_DIR/want"
	[ "$output" = "sumac: t/dangling: No such file or directory
$(cat "$CAP_DIR/want")" ]
}

@test "-L stops at a loop, reports it and goes on" {
	cd "$WORK_DIR"
	mkdir -p t/sub
	printf x >t/sub/file
	ln -s .. t/sub/up
	run sumac_as sumac -r --dereference t
	[ "$status" -eq 1 ]
	[ "$output" = "$(sha256sum t/sub/file)
sumac: t/sub/up: Too many levels of symbolic links" ]
}

@test "a FIFO in the walk is reported, not read; the rest is hashed; status 1" {
	cd "$WORK_DIR"
	mkdir t
	printf a >t/a
	mkfifo t/fifo
	printf z >t/z
	for j in 1 2; do
		run sumac_as sumac -r -j $j t
		[ "$status" -eq 1 ]
		[ "$output" = "$(sha256sum t/a)
sumac: t/fifo: not a regular file
$(sha256sum t/z)" ]
	done
	# Named on the command line it is read, as sha256sum reads it.
	printf fifo >t/fifo &
	run sumac_as sumac -r t/fifo
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf fifo | sha256sum | sed 's/-$/t\/fifo/')" ]
}

@test "an unreadable directory is reported, the walk goes on, status 1" {
	need_nobody
	mkdir -p t/closed t/open
	printf a >t/closed/a
	printf b >t/open/b
	chmod 755 t t/open
	chmod 0 t/closed
	run sumac_as sumac -r -j 2 t
	chmod 755 t/closed
	[ "$status" -eq 1 ]
	[ "$output" = "sumac: t/closed: Permission denied
$(sha256sum t/open/b)" ]
}

@test "-z: names in the walk are not escaped" {
	sumac_as sumac -r -z tree/d00/e000 >"$CAP_DIR/out"
	(find tree/d00/e000 -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum -z) >"$CAP_DIR/want"
	cmp "$CAP_DIR/want" "$CAP_DIR/out"
}

@test "-r, -L and --recursive are sumac's: the GNU names refuse them" {
	run sumac_as sha256sum -r tree/a
	[ "$status" -eq 1 ]
	[[ ${lines[0]} == *"invalid option -- 'r'" ]]
	run sumac_as sha256sum --recursive tree/a
	[ "$status" -eq 1 ]
	[[ ${lines[0]} == *"unrecognized option '--recursive'" ]]
	run sumac_as sumac -c -r x
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "sumac: the --recursive option is meaningless when verifying checksums" ]
	sumac_as sumac --help | grep -q -- '-r, --recursive'
	sumac_as sumac --help | grep -q -- '-L, --dereference'
	sumac_as sumac --help | grep -q -- '--unlisted=DIR'
	! sumac_as sha256sum --help | grep -q -e recursive -e dereference -e unlisted
}
