#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The differential battery: generated command lines, sumac against GNU live.

Each case is a small directory (files whose names use every byte class:
spaces, backslash, LF, CR, quotes, shell characters, control bytes, valid
and invalid UTF-8, a leading dash; a directory, a file uid 65534 cannot
read, dangling links; check lists mixing valid, wrong, escaped, tagged,
OpenSSL-style, BSD-reversed, CRLF, wrong-length and garbage lines, lines
for missing files, for `-` and for the output file), one of the six GNU
program names as argv[0], a command line with GNU's options in random
order and spelling (short, bundled, long, abbreviated, `--`, invalid and
ambiguous ones, operands anywhere, sometimes POSIXLY_CORRECT), and stdio
set up as a shell would: stdin from /dev/null, closed, a pipe or a file of
the case; stdout and stderr captured, closed, /dev/full, or stdout
redirected (`>` or `>>`) into an operand, a listed file or the list itself.

Every case runs three times, each in a fresh copy of its directory:
/usr/bin's GNU program (coreutils 9.1), sumac under the same argv[0], and
sumac with `-j 2` or `-j 4` in front.  stdout, stderr, exit status and the
directory's contents afterwards must be identical, byte for byte: sumac
against GNU (kind "gnu") and sumac -j against serial sumac (kind "jobs").
Locale: LC_ALL=C or C.UTF-8, drawn per case.

Every case is derived from (seed, index) alone, so one index replays one
case whatever else ran.  The seed is printed; SUMAC_DIFF_SEED replays it
(unset or "random": a fresh one; make check and .ci/run pin one, so that
their cases are the same on every run).

  battery.py -n 1000                 1,000 cases, a fresh seed, both cores
  SUMAC_DIFF_SEED=S battery.py -n 1000
  battery.py --case 123 -v           one case: its shell reproducer, diffs
  battery.py -n 5000 --only fd0-closed,out-into-operand
                                     only cases of these classes (any)
  battery.py -n 5000 --exclude jobs-stdin-alias
  battery.py --known /dev/null ...   report every difference as new
  battery.py --tap -n 300            TAP, one line per case (make check)
  battery.py -n 2000 --jobs-repeat 20
                                     the -j run 20 times a case (2, 4, ...)
  battery.py -n 1000 --jobs-each 20  -j 2 and -j 4 each 20 times a case,
                                     every run counted (.ci/jobs-repeat.sh)

Known differences: tests/diff/known-differences lists KIND:CLASS entries,
each with its cause.  A differing case whose kind and one of whose classes
match an entry is reported as known (TAP: TODO) and does not fail the run;
at the end a run of 10,000 cases or more says which entries matched no
difference at all (a fix may have landed: delete the entry).  Exit 0 when nothing new differs, 1
otherwise, 77 (TAP: a skip plan) when /usr/bin has no GNU coreutils 9.1 or
the battery cannot run here.

Environment: SUMAC (the binary; default ../../src/sumac beside this file),
SUMAC_DIFF_SEED, SUMAC_DIFF_COUNT (default count), SUMAC_DIFF_JOBS (worker
processes, default: CPUs), SUMAC_BACKEND and SUMAC_SHA1_COLLISIONS are passed
to sumac when set.
"""

import argparse
import hashlib
import multiprocessing
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGS = ["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum"]
ALGO = {p: p[:-3] for p in PROGS}
TAG = {p: p[:-3].upper() for p in PROGS}
NOBODY = 65534
TIMEOUT = 20

# ---------------------------------------------------------------- names

# Fragments by byte class; a name is one to three of them.  "utf8" and
# "invalid-utf8" hold bytes >= 0x80 (quoted differently per locale).
FRAGMENTS = {
    "plain": [b"a", b"b", b"f1", b"data.bin", b"x"],
    "space": [b" ", b"my file", b" lead", b"trail ", b"two  sp"],
    "backslash": [b"\\", b"a\\b", b"\\n", b"end\\"],
    "newline": [b"\n", b"n\nl"],
    "cr": [b"\r", b"c\rr"],
    "quote": [b"'", b'"', b"it's", b"`t`"],
    "shell": [b"$HOME", b";", b"*", b"[x]", b"!", b"(", b")", b") = ", b"&", b"~", b"#", b"=", b"{a,b}"],
    "control": [b"\t", b"\x01", b"\x1b[m", b"\x7f"],
    "utf8": ["é".encode(), "日本".encode(), "\u00a0".encode(), "\u2018q\u2019".encode()],
    "invalid-utf8": [b"\xff", b"\xc3", b"\x80", b"\xe2\x82", b"\xfe\xff"],
    "dash": [b"-", b"--", b"-x", b"-c"],
}
FRAG_CLASSES = list(FRAGMENTS)


def gen_name(r, used):
    """A fresh file name (no '/', no NUL, not '.', '..' or '-')."""
    while True:
        n = r.choice([1, 1, 2, 2, 3])
        parts = []
        for k in range(n):
            cls = "plain" if r.random() < 0.3 else r.choice(FRAG_CLASSES)
            if cls == "dash" and k > 0:
                cls = "plain"
            parts.append(r.choice(FRAGMENTS[cls]))
        name = b"".join(parts)
        if name in (b".", b"..", b"-", b"--") or name in used or len(name) > 40:
            continue
        used.add(name)
        return name


def name_classes(name):
    cls = set()
    if any(c >= 0x80 for c in name):
        cls.add("highbyte-name")
        try:
            name.decode("utf-8")
        except UnicodeDecodeError:
            cls.add("invalid-utf8-name")
    if any(c in b"\\\n\r" for c in name):
        cls.add("escaped-name")
    if name.startswith(b"-"):
        cls.add("dash-name")
    return cls


# ---------------------------------------------------------------- case

STDIN_ALIASES = [b"-", b"/dev/stdin", b"/dev/fd/0", b"/proc/self/fd/0"]


class Case:
    def __init__(self, seed, index):
        self.seed = seed
        self.index = index
        self.classes = set()
        self.entries = []  # (name, kind, payload): file/dir/unreadable/link
        self.args = []
        self.env = {}
        self.stdin = ("null",)  # null, closed, pipe DATA, file NAME
        self.stdout = ("capture",)  # capture, closed, full, file NAME APPEND
        self.stderr = ("capture",)  # capture, closed, full
        self.nobody = False
        self.jobs = 2


def content(r):
    k = r.random()
    if k < 0.15:
        return b""
    if k < 0.25:
        return r.choice([b"a" * 55, b"a" * 56, b"a" * 64, b"b" * 111, b"b" * 112, b"c" * 128])
    if k < 0.28:
        return bytes(r.getrandbits(8) for _ in range(200)) * r.choice([1, 100, 400])
    return bytes(r.getrandbits(8) for _ in range(r.randint(1, 90)))


def digest(prog, data):
    return hashlib.new(ALGO[prog], data).hexdigest()


def wrong_hex(r, h):
    i = r.randrange(len(h))
    return h[:i] + ("0" if h[i] != "0" else "1") + h[i + 1 :]


def escape_name(name):
    return name.replace(b"\\", b"\\\\").replace(b"\n", b"\\n").replace(b"\r", b"\\r")


class Gen:
    """Draws one case; every random choice comes from r."""

    def __init__(self, case):
        self.c = case
        self.r = random.Random(f"sumac-diff:{case.seed}:{case.index}")
        self.used = {b"list", b"out"}
        self.files = {}  # regular readable file -> content
        self.missing = []
        self.odd = []  # directory, unreadable, dangling link: fail to open
        self.stdin_data = None

    def cls(self, *names):
        self.c.classes.update(names)

    def setup(self):
        r, c = self.r, self.c
        c.prog = r.choice(PROGS)
        c.locale = r.choice(["C", "C.UTF-8"])
        self.cls("locale-" + c.locale)
        k = r.random()
        if k < 0.9:
            c.argv0 = c.prog.encode()
        elif k < 0.98:
            c.argv0 = b"/usr/local/bin/" + c.prog.encode()
        else:
            c.argv0 = b"/opt/x/.libs/" + c.prog.encode()
            self.cls("argv0-libs")
        c.jobs = r.choice([2, 4])
        for _ in range(r.randint(1, 5)):
            n = gen_name(r, self.used)
            self.files[n] = content(r)
            c.entries.append((n, "file", self.files[n]))
        if r.random() < 0.3:  # two names, one content
            n = gen_name(r, self.used)
            self.files[n] = r.choice(list(self.files.values()))
            c.entries.append((n, "file", self.files[n]))
        if r.random() < 0.25:
            n = gen_name(r, self.used)
            c.entries.append((n, "dir", None))
            self.odd.append(n)
        if r.random() < 0.15:
            n = gen_name(r, self.used)
            c.entries.append((n, "unreadable", content(r)))
            self.odd.append(n)
            c.nobody = True
            self.cls("unreadable")
        if r.random() < 0.1:
            n = gen_name(r, self.used)
            c.entries.append((n, "link", b"nowhere"))
            self.odd.append(n)
        if r.random() < 0.1:
            n = gen_name(r, self.used)
            c.entries.append((n, "link", r.choice(list(self.files))))
            self.files[n] = self.files[c.entries[-1][2]]
        for _ in range(r.randint(0, 2)):
            self.missing.append(gen_name(r, self.used))

    # -------------------------------------------------------- operands

    def some_operand(self):
        r = self.r
        k = r.random()
        if k < 0.55 or not (self.missing or self.odd):
            name = r.choice(list(self.files))
        elif k < 0.75 and self.missing:
            name = r.choice(self.missing)
        elif self.odd:
            name = r.choice(self.odd)
        else:
            name = r.choice(self.missing)
        k = r.random()
        if k < 0.05:
            self.cls("path-operand")
            return b"./" + name
        if k < 0.07:
            self.cls("path-operand")
            return name + b"/"
        return name

    def special_operand(self):
        r = self.r
        k = r.random()
        if k < 0.6:
            return r.choice(STDIN_ALIASES)
        if k < 0.8:
            return b"/dev/null"
        if k < 0.9:
            return b""
        return r.choice([b"/", b"/proc/self/fd/9", b"/dev/fd/1", b"/dev/fd/2", b"/proc/self/fd/1"])

    def operands(self, n):
        ops = []
        for _ in range(n):
            ops.append(self.special_operand() if self.r.random() < 0.15 else self.some_operand())
        return ops

    # -------------------------------------------------------- lists

    def list_line(self, list_name):
        """One check-list line (without terminator) for program c.prog."""
        r, c = self.r, self.c
        prog = c.prog
        k = r.random()
        if k < 0.1:  # not a checksum line at all
            return r.choice(
                [
                    b"",
                    b"   ",
                    b"# a comment",
                    b"garbage",
                    b"\x00",
                    bytes(r.getrandbits(8) for _ in range(r.randint(1, 30))).replace(b"\n", b""),
                    digest(prog, b"").encode(),
                    digest(prog, b"").encode() + b"  ",
                    b"\\" + digest(prog, b"").encode() + b"  a\\x",
                    TAG[prog].encode() + b" (a) = ",
                    TAG[prog].encode() + b" (a = " + digest(prog, b"").encode(),
                ]
            )
        # the name the line is about
        k = r.random()
        data = None
        if k < 0.6:
            name = r.choice(list(self.files))
            data = self.files[name]
        elif k < 0.72 and self.missing:
            name = r.choice(self.missing)
            self.cls("list-missing")
        elif k < 0.8 and self.odd:
            name = r.choice(self.odd)
        elif k < 0.9:
            name = r.choice(STDIN_ALIASES)
            data = self.stdin_data
            self.cls("list-stdin")
        elif k < 0.95:
            name = list_name
            self.cls("list-names-list")
        else:
            name = b"out"
        self.listed.append(name)
        # the digest
        k = r.random()
        if data is not None and k < 0.7:
            h = digest(prog, data)
        elif k < 0.8 and data is not None:
            h = wrong_hex(r, digest(prog, data))
        elif k < 0.9:
            h = digest(r.choice(PROGS), data or b"")  # maybe another length
        else:
            h = digest(prog, r.choice(list(self.files.values())))
        if r.random() < 0.1:
            h = h.upper()
        if r.random() < 0.03:
            h = h[:-1]
        h = h.encode()
        # escaping: right, or not at all (a raw LF then splits the line)
        esc = b""
        if any(ch in name for ch in b"\\\n\r") and r.random() < 0.85:
            name = escape_name(name)
            esc = b"\\"
        elif r.random() < 0.03:
            esc = b"\\"
        k = r.random()
        tag = TAG[prog].encode() if r.random() < 0.9 else TAG[r.choice(PROGS)].encode()
        if k < 0.45:
            line = esc + h + b"  " + name
        elif k < 0.6:
            line = esc + h + b" *" + name
        elif k < 0.7:
            line = esc + h + b" " + name
            self.cls("list-reversed")
        elif k < 0.73:
            line = esc + h + b"\t" + name
        elif k < 0.9:
            line = esc + tag + b" (" + name + b") = " + h
            self.cls("list-tagged")
        else:
            line = esc + tag + b"(" + name + b")= " + h
            self.cls("list-tagged")
        if r.random() < 0.04:
            line = r.choice([b" ", b"\t", b"  "]) + line
        return line

    def make_list(self, list_name):
        r = self.r
        lines = [self.list_line(list_name) for _ in range(r.randint(0, 6))]
        out = b""
        for i, line in enumerate(lines):
            k = r.random()
            if k < 0.12:
                self.cls("list-crlf")
                end = b"\r\n"
            elif k < 0.16 and i == len(lines) - 1:
                end = b""
            else:
                end = b"\n"
            out += line + end
        return out

    # -------------------------------------------------------- options

    def spell_long(self, long):
        """--long, or a unique abbreviation of it."""
        r = self.r
        if r.random() < 0.25:
            names = GNU_LONG
            for n in range(2, len(long) + 1):
                pre = long[:n]
                if sum(1 for o in names if o.startswith(pre)) == 1:
                    self.cls("opt-abbrev")
                    return b"--" + r.choice([long[:m] for m in range(n, len(long) + 1)]).encode()
        return b"--" + long.encode()

    def options(self, check):
        r = self.r
        if check:
            pool = ["c"] + r.sample(["status", "quiet", "w", "strict", "ignore-missing"], r.randint(0, 4))
            if r.random() < 0.12:
                pool.append(r.choice(["b", "t", "tag", "z"]))
                self.cls("opt-conflict")
            if r.random() < 0.3:
                pool.append(r.choice(["status", "quiet", "w"]))
        else:
            pool = r.sample(["b", "t", "tag", "z"], r.randint(0, 3))
            if r.random() < 0.1:
                pool.append(r.choice(["status", "quiet", "w", "strict", "ignore-missing"]))
                self.cls("opt-conflict")
            if "tag" in pool and "t" in pool:
                self.cls("opt-conflict")
        r.shuffle(pool)
        toks = []
        shorts = {"b": "binary", "t": "text", "c": "check", "w": "warn", "z": "zero"}
        i = 0
        while i < len(pool):
            o = pool[i]
            if o in shorts and r.random() < 0.5:
                s = o
                while i + 1 < len(pool) and pool[i + 1] in shorts and r.random() < 0.5:
                    i += 1
                    s += pool[i]
                if len(s) > 1:
                    self.cls("opt-bundled")
                toks.append(b"-" + s.encode())
            else:
                toks.append(self.spell_long(shorts.get(o, o)))
            i += 1
        if r.random() < 0.06:
            self.cls("opt-error")
            bad = r.choice(
                [
                    b"-x",
                    b"-" + r.choice(b"adefghiklmnopqrsuvy0123456789?:").to_bytes(1, "big"),
                    b"-c" + r.choice([b"x", b"q"]),
                    b"--bogus",
                    b"--check=yes",
                    b"--tag=1",
                    b"--st",
                    b"--s",
                    b"--t",
                    b"--q=1",
                    b"--" + r.choice([b"sta", b"str", b"ignore", b"ze"]) + b"=x",
                    b"---",
                    b"--\xc3\xa9",
                    b"--help=x",
                    b"--=",
                    b"--=x",
                ]
            )
            if bad.startswith(b"--="):
                self.cls("opt-ambiguous-all")
            if bad in (b"--st", b"--s", b"--t"):
                self.cls("opt-ambiguous")
            toks.insert(r.randint(0, len(toks)), bad)
        return toks

    # -------------------------------------------------------- the case

    def build(self):
        r, c = self.r, self.c
        self.setup()
        self.listed = []
        check = r.random() < 0.45
        c.classes.add("check" if check else "generate")
        if r.random() < 0.3:
            self.stdin_data = content(r)
        if check:
            lists = []
            for _ in range(r.choice([1, 1, 1, 2])):
                name = b"list" if not lists else gen_name(r, self.used)
                data = self.make_list(name)
                c.entries.append((name, "file", data))
                self.files.setdefault(name, data)
                lists.append(name)
            ops = list(lists)
            k = r.random()
            if k < 0.15:
                self.stdin_data = self.make_list(b"-")
                ops.append(b"-") if r.random() < 0.5 else ops.clear()
                self.cls("list-from-stdin")
            elif k < 0.25:
                ops.append(r.choice(self.missing + self.odd + [b"/dev/null"]))
            r.shuffle(ops)
        else:
            ops = self.operands(r.choice([0, 1, 1, 2, 2, 3, 4, 5]))
        opts = self.options(check)
        # stdout into one of the files the command reads
        k = r.random()
        if k < 0.12:
            if check and self.listed and r.random() < 0.6:
                target = r.choice([n for n in self.listed if n not in STDIN_ALIASES] or [b"out"])
            elif check:
                target = r.choice([o for o in ops if o not in STDIN_ALIASES] or [b"out"])
            else:
                target = r.choice([o for o in ops if o and not o.startswith(b"/")] or [b"out"])
                if target == b"out" and b"out" not in ops:
                    ops.insert(r.randint(0, len(ops)), b"out")
            if b"out" in self.listed or b"out" in ops:
                target = r.choice([target, b"out"])
            if target.removeprefix(b"./") in self.odd or target.endswith(b"/") or target == b"":
                target = b"out"  # a shell could not redirect there
            c.stdout = ("file", target, r.random() < 0.3)
            self.cls("out-into-operand")
        elif k < 0.19:
            c.stdout = ("closed",)
            self.cls("fd1-closed")
        elif k < 0.25:
            c.stdout = ("full",)
            self.cls("fd1-full")
        k = r.random()
        if k < 0.07:
            c.stderr = ("closed",)
            self.cls("fd2-closed")
        elif k < 0.13:
            c.stderr = ("full",)
            self.cls("fd2-full")
        # standard input
        k = r.random()
        if self.stdin_data is not None and k < 0.8:
            c.stdin = ("pipe", self.stdin_data)
            self.cls("stdin-pipe")
        elif k < 0.15:
            c.stdin = ("closed",)
            self.cls("fd0-closed")
        elif k < 0.25:
            c.stdin = ("file", r.choice(list(self.files)))
            self.cls("stdin-file")
        # the command line: options among the operands, maybe a "--"
        args = list(ops)
        dd = r.random() < 0.2
        if dd:
            pos = r.randint(0, len(args))
            args.insert(pos, b"--")
            self.cls("opt-dashdash")
            for o in opts:
                args.insert(r.randint(0, pos), o)
        else:
            for o in opts:
                args.insert(r.randint(0, len(args)), o)
        c.args = args
        if r.random() < 0.05:
            c.env["POSIXLY_CORRECT"] = "1"
            self.cls("posixly-correct")
        self.classify(ops)
        self.avoid_endless_input(ops)
        return c

    def avoid_endless_input(self, ops):
        """/dev/full reads as endless zeros: an operand naming the standard
        stream that is /dev/full would make GNU and sumac alike read until
        the timeout.  Such a stream is captured instead (no random draw, so
        every other case of the seed stays the same)."""
        c = self.c
        names = set(ops + self.listed)
        for fd, attr in ((1, "stdout"), (2, "stderr")):
            aliases = {b"/dev/fd/%d" % fd, b"/proc/self/fd/%d" % fd}
            if getattr(c, attr) == ("full",) and names & aliases:
                setattr(c, attr, ("capture",))
                c.classes.discard("fd%d-full" % fd)

    def classify(self, ops):
        c = self.c
        for n in ops + self.listed:
            c.classes |= name_classes(n)
        named = [n for n in ops + self.listed if n in STDIN_ALIASES]
        if len(named) >= 2 or (named and "list-from-stdin" in c.classes):
            self.cls("stdin-alias")
        if c.stdin[0] == "file" and c.stdin[1] in ops + self.listed:
            self.cls("stdin-alias")
        if named:
            self.cls("stdin-named")
        if set(ops + self.listed) & {b"/dev/fd/1", b"/proc/self/fd/1"}:
            self.cls("out-into-operand")
        if set(ops + self.listed) & {b"/dev/fd/2", b"/proc/self/fd/2"}:
            self.cls("operand-is-stderr")
        bad = set(self.missing) | set(self.odd)
        for n in ops + self.listed:
            if n.rstrip(b"/") in bad or n.startswith(b"./") and n[2:] in bad or n.endswith(b"/"):
                if any(ch >= 0x80 for ch in n):
                    self.cls("highbyte-errno")
        if len(set(o for o in ops if o not in STDIN_ALIASES)) < len([o for o in ops if o not in STDIN_ALIASES]):
            self.cls("operand-twice")


GNU_LONG = ["binary", "check", "ignore-missing", "quiet", "status", "strict", "tag", "text", "warn", "zero", "help", "version"]


def make_case(seed, index):
    return Gen(Case(seed, index)).build()


# ---------------------------------------------------------------- running


def build_dir(case, d):
    os.mkdir(d)
    os.chmod(d, 0o755)
    for name, kind, payload in case.entries:
        p = os.path.join(os.fsencode(d), name)
        if kind == "dir":
            os.mkdir(p)
        elif kind == "link":
            os.symlink(payload, p)
        else:
            with open(p, "wb") as f:
                f.write(payload)
            os.chmod(p, 0o000 if kind == "unreadable" else 0o644)


def snapshot(d):
    """The directory's contents: what a command may have written."""
    out = []
    for root, dirs, files in os.walk(os.fsencode(d)):
        dirs.sort()
        for n in sorted(dirs + files):
            p = os.path.join(root, n)
            rel = os.path.relpath(p, os.fsencode(d))
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode):
                if st.st_mode & 0o777 == 0:
                    out.append((rel, "unreadable", st.st_size))
                else:
                    with open(p, "rb") as f:
                        out.append((rel, "file", f.read()))
            elif stat.S_ISLNK(st.st_mode):
                out.append((rel, "link", os.readlink(p)))
            else:
                out.append((rel, "dir", None))
    return out


def closer(fds):
    """A preexec function closing fds, as a shell's <&- >&- 2>&- do."""

    def pre():
        for fd in fds:
            os.close(fd)

    return pre if fds else None


def run_variant(case, exe, jobs, work, tag):
    d = os.path.join(work, tag)
    if os.path.lexists(d):
        shutil.rmtree(d)
    build_dir(case, d)
    bd = os.fsencode(d)
    argv = [case.argv0] + ([b"-j", str(jobs).encode()] if jobs else []) + case.args
    # The reference is /usr/bin, GNU 9.1: sumac behaves as that release.
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": case.locale, "SUMAC_GNU_COMPAT": "9.1"}
    env.update(case.env)
    if os.environ.get("SUMAC_BACKEND") and jobs is not None:
        env["SUMAC_BACKEND"] = os.environ["SUMAC_BACKEND"]
    # Beside it: a library backend forced for SHA-1 (OpenSSL) needs
    # SHA-1 collision detection off, else every sha1sum case is an error.
    if os.environ.get("SUMAC_SHA1_COLLISIONS") and jobs is not None:
        env["SUMAC_SHA1_COLLISIONS"] = os.environ["SUMAC_SHA1_COLLISIONS"]
    close = []
    opened = []
    out_path = os.path.join(work, tag + ".stdout")
    err_path = os.path.join(work, tag + ".stderr")

    def wopen(path, flags=os.O_TRUNC):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | flags, 0o644)
        opened.append(fd)
        return fd

    stdin = subprocess.DEVNULL
    pipe_data = None
    if case.stdin[0] == "closed":
        close.append(0)
        stdin = subprocess.DEVNULL
    elif case.stdin[0] == "pipe":
        stdin = subprocess.PIPE
        pipe_data = case.stdin[1]
    elif case.stdin[0] == "file":
        fd = os.open(os.path.join(bd, case.stdin[1]), os.O_RDONLY)
        opened.append(fd)
        stdin = fd
    if case.stdout[0] == "closed":
        close.append(1)
        stdout = wopen(out_path)
    elif case.stdout[0] == "full":
        stdout = wopen("/dev/full", 0)
    elif case.stdout[0] == "file":
        stdout = wopen(os.path.join(bd, case.stdout[1]), os.O_APPEND if case.stdout[2] else os.O_TRUNC)
    else:
        stdout = wopen(out_path)
    if case.stderr[0] == "closed":
        close.append(2)
        stderr = wopen(err_path)
    elif case.stderr[0] == "full":
        stderr = wopen("/dev/full", 0)
    else:
        stderr = wopen(err_path)
    kw = {}
    # Root reads any file: cases with an unreadable one run as nobody.
    if case.nobody and os.geteuid() == 0:
        kw = dict(user=NOBODY, group=NOBODY, extra_groups=[])
    try:
        p = subprocess.Popen(
            argv,
            executable=exe,
            cwd=bd,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            env=env,
            preexec_fn=closer(close),
            **kw,
        )
    finally:
        for fd in opened:
            os.close(fd)
    try:
        p.communicate(pipe_data, timeout=TIMEOUT)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        rc = "timeout"
    except BrokenPipeError:
        rc = p.wait()
    res = {"rc": rc, "files": snapshot(d)}
    for k, path in (("stdout", out_path), ("stderr", err_path)):
        if (k == "stdout" and case.stdout[0] in ("capture", "closed")) or (
            k == "stderr" and case.stderr[0] in ("capture", "closed")
        ):
            with open(path, "rb") as f:
                res[k] = f.read()
            os.unlink(path)
        else:
            res[k] = b""
    return res


def compare(a, b):
    what = []
    for k in ("stdout", "stderr", "rc", "files"):
        if a[k] != b[k]:
            what.append(k)
    return what


def show_diffs(case, diffs):
    text = ""
    for kind, w, x, y in diffs:
        ln = "GNU" if kind == "gnu" else "sumac"
        rn = "sumac" if kind == "gnu" else f"sumac -j {y.get('n', case.jobs)}"
        text += f"  differs ({kind}): {', '.join(w)}\n"
        for k in w:
            text += f"    {ln:>12} {k}: {x[k]!r}\n    {rn:>12} {k}: {y[k]!r}\n"
    return text


class Runner:
    def __init__(self, bindir, seed, known, only, exclude, jobs_repeat=1, jobs_each=0):
        self.bindir = bindir
        self.jobs_repeat = jobs_repeat
        self.jobs_each = jobs_each
        self.jobs_runs = {}  # n -> [runs, differing runs] of the last case
        self.seed = seed
        self.known = known
        self.only = only
        self.exclude = exclude

    def wanted(self, case):
        if self.only and not (case.classes & self.only):
            return False
        return not (case.classes & self.exclude)

    def diffs(self, case, work):
        """[(kind, fields, left, right)] for this case; [] when all agree."""
        gnu = run_variant(case, "/usr/bin/" + case.prog, None, work, "gnu")
        exe = os.path.join(self.bindir, case.prog)
        ser = run_variant(case, exe, 0, work, "ser")
        diffs = []
        w = compare(gnu, ser)
        if w:
            diffs.append(("gnu", w, gnu, ser))
        # -j N as drawn, then alternately 2 and 4 when repeated (races);
        # --jobs-each R: -j 2 and -j 4 R times each, every run counted.
        if self.jobs_each:
            ns = [2, 4] * self.jobs_each
        else:
            ns = [case.jobs if rep == 0 else (2, 4)[rep % 2] for rep in range(self.jobs_repeat)]
        self.jobs_runs = {}
        shown = set()
        for n in ns:
            par = run_variant(case, exe, n, work, "par")
            par["n"] = n
            w = compare(ser, par)
            runs = self.jobs_runs.setdefault(n, [0, 0])
            runs[0] += 1
            if w:
                runs[1] += 1
                if n not in shown:
                    diffs.append(("jobs", w, ser, par))
                    shown.add(n)
                if not self.jobs_each:
                    break
        for t in ("gnu", "ser", "par"):
            shutil.rmtree(os.path.join(work, t))
        return diffs

    def minimize(self, index, work):
        """The case, reduced while it still differs the same way."""
        import copy

        case = make_case(self.seed, index)
        sig = [(k, w) for k, w, _, _ in self.diffs(case, work)]
        if not sig:
            return None

        def variants(c):
            for i in range(len(c.args)):
                d = copy.deepcopy(c)
                del d.args[i]
                yield d
            for i in range(len(c.entries)):
                d = copy.deepcopy(c)
                del d.entries[i]
                yield d
            for i, (name, kind, payload) in enumerate(c.entries):
                if kind in ("file", "unreadable") and payload:
                    lines = payload.splitlines(True)
                    for j in range(len(lines)):
                        d = copy.deepcopy(c)
                        d.entries[i] = (name, kind, b"".join(lines[:j] + lines[j + 1 :]))
                        yield d
                    if len(lines) == 1 and len(payload) > 8:
                        d = copy.deepcopy(c)
                        d.entries[i] = (name, kind, b"x")
                        yield d
            for attr, plain in (("stdin", ("null",)), ("stdout", ("capture",)), ("stderr", ("capture",))):
                if getattr(c, attr) != plain:
                    d = copy.deepcopy(c)
                    setattr(d, attr, plain)
                    yield d
            if c.stdin[0] == "pipe" and len(c.stdin[1]) > 1:
                d = copy.deepcopy(c)
                d.stdin = ("pipe", b"x")
                yield d
            if c.env:
                d = copy.deepcopy(c)
                d.env = {}
                yield d
            if c.locale != "C":
                d = copy.deepcopy(c)
                d.locale = "C"
                yield d
            if c.argv0 != c.prog.encode():
                d = copy.deepcopy(c)
                d.argv0 = c.prog.encode()
                yield d
            if c.nobody:
                d = copy.deepcopy(c)
                d.nobody = False
                yield d

        progress = True
        while progress:
            progress = False
            for d in variants(case):
                try:
                    got = [(k, w) for k, w, _, _ in self.diffs(d, work)]
                except OSError:  # e.g. stdin from a file removed
                    for t in ("gnu", "ser", "par"):
                        shutil.rmtree(os.path.join(work, t), ignore_errors=True)
                    continue
                if got == sig:
                    case = d
                    progress = True
                    break
        text = describe(case, self.seed).replace("# case", "# minimized case", 1)
        return text + show_diffs(case, self.diffs(case, work))

    def run(self, index, work, verbose=False):
        """(index, status, text): status ok, known, new, or filtered."""
        case = make_case(self.seed, index)
        if not self.wanted(case):
            return index, "filtered", "", [], {}
        diffs = self.diffs(case, work)
        if not diffs:
            return index, "ok", describe(case, self.seed) if verbose else "", [], self.jobs_runs
        matched = []
        new = False
        for kind, w, _, _ in diffs:
            m = sorted(e for e in self.known if e[0] == kind and e[1] in case.classes and (not e[2] or set(w) <= e[2]))
            if m:
                matched += [known_name(e) for e in m]
            else:
                new = True
        text = describe(case, self.seed) + show_diffs(case, diffs)
        return index, ("new" if new else "known"), text, sorted(set(matched)), self.jobs_runs


# ---------------------------------------------------------------- reproducer


def bq(b):
    """b as one bash word."""
    if b and all(c in b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/+,:=@%-" for c in b):
        return b.decode()
    s = "$'"
    for c in b:
        ch = chr(c)
        if ch in "'\\":
            s += "\\" + ch
        elif 0x20 <= c < 0x7F:
            s += ch
        else:
            s += "\\x%02x" % c
    return s + "'"


def printf_fmt(data):
    s = ""
    for c in data:
        ch = chr(c)
        if ch.isalnum() and c < 0x80:
            s += ch
        else:
            s += "\\x%02x" % c
    return "'" + s + "'"


def emit(data):
    """A shell command that prints data."""
    unit = data[:200]
    if len(data) > 256 and data == unit * (len(data) // 200):
        return f"for i in $(seq {len(data) // 200}); do printf {printf_fmt(unit)}; done"
    return f"printf {printf_fmt(data)}"


def describe(case, seed):
    t = f"# case {case.index} [{' '.join(sorted(case.classes))}]\n"
    t += f"#   replay: SUMAC_DIFF_SEED={seed} tests/diff/battery.py --case {case.index} -v\n"
    t += "#   reproducer (bash, in an empty directory; P=/usr/bin/%s or P=$SUMAC):\n" % case.prog
    for name, kind, payload in case.entries:
        if kind == "dir":
            t += f"mkdir {bq(name)}\n"
        elif kind == "link":
            t += f"ln -s {bq(payload)} {bq(name)}\n"
        else:
            t += f"{emit(payload)} > {bq(name)}\n"
            if kind == "unreadable":
                t += f"chmod 000 {bq(name)}  # run as uid 65534\n"
    cmd = " ".join(f"{k}={v}" for k, v in case.env.items())
    cmd = f"LC_ALL={case.locale} {cmd} ".replace("  ", " ")
    cmd += f"bash -c 'exec -a \"$0\" \"$@\"' {bq(case.argv0)} \"$P\""
    cmd += " [-j %d]" % case.jobs
    for a in case.args:
        cmd += " " + (bq(a) if a else "''")
    if case.stdin[0] == "closed":
        cmd += " <&-"
    elif case.stdin[0] == "pipe":
        cmd = f"{emit(case.stdin[1])} | " + cmd
    elif case.stdin[0] == "file":
        cmd += " < " + bq(case.stdin[1])
    else:
        cmd += " </dev/null"
    if case.stdout[0] == "closed":
        cmd += " >&-"
    elif case.stdout[0] == "full":
        cmd += " >/dev/full"
    elif case.stdout[0] == "file":
        cmd += (" >> " if case.stdout[2] else " > ") + bq(case.stdout[1])
    if case.stderr[0] == "closed":
        cmd += " 2>&-"
    elif case.stderr[0] == "full":
        cmd += " 2>/dev/full"
    return t + cmd + "\n"


# ---------------------------------------------------------------- driver


def known_name(e):
    return f"{e[0]}:{e[1]}" + (":" + ",".join(sorted(e[2])) if e[2] else "")


def load_known(path):
    """KIND:CLASS[:FIELD,...] lines; '#' starts a comment."""
    known = set()
    if not path or not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                kind, cls, fields = (line.split(":") + [""])[:3]
                if kind not in ("gnu", "jobs"):
                    sys.exit(f"{path}: bad kind in {line!r}")
                known.add((kind, cls, frozenset(filter(None, fields.split(",")))))
    return known


def gnu_reason():
    try:
        v = subprocess.run(["/usr/bin/sha256sum", "--version"], capture_output=True, timeout=10).stdout
    except OSError as e:
        return f"/usr/bin/sha256sum cannot run: {e}"
    first = v.split(b"\n", 1)[0]
    if first != b"sha256sum (GNU coreutils) 9.1":
        return f"/usr/bin/sha256sum is not GNU coreutils 9.1 ({first.decode(errors='replace')!r})"
    for p in PROGS:
        if not os.access("/usr/bin/" + p, os.X_OK):
            return f"/usr/bin/{p} missing"
    return None


_W = {}


def _init(runner, base):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _W["runner"] = runner
    _W["work"] = tempfile.mkdtemp(dir=base)
    os.chmod(_W["work"], 0o755)


def _work(index):
    return _W["runner"].run(index, _W["work"])


def main():
    ap = argparse.ArgumentParser(description="sumac vs GNU differential battery")
    ap.add_argument("-n", "--count", type=int, default=int(os.environ.get("SUMAC_DIFF_COUNT", "1000")))
    ap.add_argument("--first", type=int, default=0, help="index of the first case")
    ap.add_argument("--case", type=int, help="run only this case index")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--tap", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated classes: run only cases with one of them")
    ap.add_argument("--exclude", default="", help="comma-separated classes: skip cases with any of them")
    ap.add_argument("--known", default=os.path.join(HERE, "known-differences"))
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("SUMAC_DIFF_JOBS", "0")) or os.cpu_count() or 1)
    ap.add_argument("--max-print", type=int, default=20, help="print at most this many differing cases")
    ap.add_argument("--classes", action="store_true", help="print how many cases each class has, run nothing")
    ap.add_argument("--jobs-repeat", type=int, default=1, help="run the -j variant of each case this many times")
    ap.add_argument("--jobs-each", type=int, default=0, metavar="R",
                    help="run each case with -j 2 R times and with -j 4 R times (in place of --jobs-repeat), "
                    "every run compared with serial sumac and counted")
    ap.add_argument("--minimize", action="store_true", help="with --case: reduce the case while it differs")
    a = ap.parse_args()

    def skip(reason):
        if a.tap:
            print(f"1..0 # SKIP {reason}")
            sys.exit(0)
        print(f"battery: skipped: {reason}", file=sys.stderr)
        sys.exit(77)

    seed = os.environ.get("SUMAC_DIFF_SEED", "random")
    if seed == "random":
        seed = str(random.SystemRandom().randrange(10**9))
    if a.classes:
        counts = {}
        for i in range(a.first, a.first + a.count):
            for c in make_case(seed, i).classes:
                counts[c] = counts.get(c, 0) + 1
        for c in sorted(counts):
            print(f"{counts[c]:7d} {c}")
        return 0
    reason = gnu_reason()
    if reason:
        skip(reason)
    if os.environ.get("RUNNER"):
        skip("RUNNER is set: the battery runs sumac natively (an emulator's own descriptors would change the closed-descriptor cases)")
    sumac = os.path.abspath(os.environ.get("SUMAC") or os.path.join(HERE, "..", "..", "src", "sumac"))
    if not os.access(sumac, os.X_OK):
        skip(f"no sumac binary at {sumac}")
    known = load_known(a.known)
    only = set(filter(None, a.only.split(",")))
    exclude = set(filter(None, a.exclude.split(",")))
    base = tempfile.mkdtemp(prefix="sumac-diff.")
    os.chmod(base, 0o755)
    # sumac runs as a GNU program does: through a link with its name.
    bindir = os.path.join(base, "bin")
    os.mkdir(bindir)
    for p in PROGS:
        os.symlink(sumac, os.path.join(bindir, p))
    runner = Runner(bindir, seed, known, only, exclude, max(1, a.jobs_repeat), max(0, a.jobs_each))
    if a.minimize and a.case is not None:
        _init(runner, base)
        try:
            print(runner.minimize(a.case, _W["work"]) or "# no difference", end="")
        finally:
            shutil.rmtree(base, ignore_errors=True)
        return 0
    indices = [a.case] if a.case is not None else range(a.first, a.first + a.count)
    print(f"# battery: seed {seed} (replay: SUMAC_DIFF_SEED={seed}), {len(indices)} cases from {indices[0]}, "
          f"known differences from {a.known}", flush=True)
    if a.tap:
        print(f"1..{len(indices)}", flush=True)
    stats = {"ok": 0, "known": 0, "new": 0, "filtered": 0}
    matched = {}
    jobs_runs = {}  # n -> [runs, differing runs, cases with a differing run]
    printed = 0
    try:
        if a.jobs <= 1 or len(indices) == 1:
            _init(runner, base)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            results = (runner.run(i, _W["work"], a.verbose) for i in indices)
            pool = None
        else:
            pool = multiprocessing.Pool(a.jobs, _init, (runner, base))
            results = pool.imap(_work, indices, chunksize=8)
        for n, (index, status, text, m, jr) in enumerate(results, 1):
            stats[status] += 1
            for j, (runs, bad) in jr.items():
                t = jobs_runs.setdefault(j, [0, 0, 0])
                t[0] += runs
                t[1] += bad
                t[2] += 1 if bad else 0
            for e in m:
                matched[e] = matched.get(e, 0) + 1
            if a.tap:
                if status == "new":
                    print(f"not ok {n} case {index}")
                elif status == "known":
                    print(f"not ok {n} case {index} # TODO known difference: {' '.join(m)}")
                elif status == "filtered":
                    print(f"ok {n} case {index} # SKIP not in --only/--exclude")
                else:
                    print(f"ok {n} case {index}")
            if not a.tap and n % 2000 == 0:
                print(f"# {n}/{len(indices)} cases: {stats['new']} new differences so far", flush=True)
            if text and (status == "new" or a.verbose) and (printed < a.max_print or a.verbose):
                printed += 1
                print("".join("# " + ln if not ln.startswith("#") else ln for ln in text.splitlines(True)), end="", flush=True)
        if pool:
            pool.close()
            pool.join()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    ran = stats["ok"] + stats["known"] + stats["new"]
    print(f"# battery: seed {seed}: {ran} cases run ({stats['filtered']} filtered out), "
          f"{stats['ok']} identical, {stats['known']} known differences, {stats['new']} new differences")
    for j in sorted(jobs_runs):
        runs, bad, cases = jobs_runs[j]
        print(f"# battery: -j {j}: {runs} runs, {bad} differ from serial ({cases} cases)")
    for e in sorted(matched):
        print(f"#   known {e}: {matched[e]} cases")
    if a.case is None and not only and ran >= 10000:
        for e in sorted(known, key=known_name):
            if known_name(e) not in matched:
                print(f"#   known {known_name(e)}: matched no difference in {ran} cases: fixed? "
                      "(a rare or racy class may need more; then delete the entry)")
    return 1 if stats["new"] else 0


if __name__ == "__main__":
    sys.exit(main())
