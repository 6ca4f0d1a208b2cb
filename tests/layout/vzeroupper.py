# SPDX-License-Identifier: MIT
"""Every function that writes a ymm or zmm register must clear the upper
state (vzeroupper or vzeroall) on every path from that write to a return:
SSE and SHA-NI code that runs after dirty 256-bit state is slowed by an
order of magnitude on Intel (issue 15).  The compiler adds vzeroupper by
itself, but not after inline asm, not with -mno-vzeroupper, and not in
hand-written assembly.

Usage: vzeroupper.py [--objdump PROG] FILE... [--expect-fail FILE...]
FILE: objects or static libraries.  Prints TAP, one test per function that
writes ymm/zmm.  The check follows the control flow inside each function
(jumps, conditional jumps), so a vzeroupper that one path skips is found.
The files after --expect-fail are controls: each of their functions must
be caught, which shows that the check can fail.  Finding no function that
writes ymm/zmm in the files before it is a failure too: the caller names
only files that should have some.
"""

import re
import subprocess
import sys

PREFIXES = {"bnd", "notrack", "rep", "repz", "repe", "repnz", "repne", "lock", "data16", "cs", "ds"}
CLEAN = {"vzeroupper", "vzeroall"}
RETURNS = {"ret", "retq", "retl", "retw"}
STOPS = {"ud2", "hlt", "int3"}
NORETURN = {"abort", "__stack_chk_fail", "exit", "_exit", "__assert_fail"}
FUNC = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
RELOC = re.compile(r"^\s*[0-9a-f]+: R_X86_64_\w+\s+([^\s+-]+)")
TARGET = re.compile(r"^([0-9a-f]+)(?:\s+<[^>]*>)?$")


def split_operands(text):
    """AT&T operands, split at commas outside parentheses and braces."""
    ops, depth, cur = [], 0, ""
    for ch in text:
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def parse(text):
    """[(object, function, [insn])]; insn = dict(addr, mnem, ops, reloc)."""
    funcs, obj, cur = [], "?", None
    for line in text.splitlines():
        if line.endswith("file format elf64-x86-64") or "file format" in line:
            obj = line.split(":")[0].strip()
            continue
        m = FUNC.match(line)
        if m:
            cur = (obj, m.group(2), [])
            funcs.append(cur)
            continue
        if cur is None:
            continue
        m = RELOC.match(line)
        if m and cur[2]:
            cur[2][-1]["reloc"] = m.group(1)
            continue
        m = INSN.match(line)
        if not m:
            continue
        body = m.group(2).split("#")[0].strip()
        if not body or body.startswith("(bad)"):
            continue
        words = body.split(None, 1)
        while words and words[0] in PREFIXES and len(words) > 1:
            words = words[1].split(None, 1)
        mnem = words[0] if words else ""
        ops = split_operands(words[1]) if len(words) > 1 else []
        cur[2].append({"addr": int(m.group(1), 16), "mnem": mnem, "ops": ops, "reloc": None})
    return funcs


def writes_wide(insn):
    if not insn["ops"] or insn["mnem"] in CLEAN:
        return False
    dest = re.sub(r"\{[^}]*\}", "", insn["ops"][-1]).strip()
    return re.fullmatch(r"%[yz]mm\d+", dest) is not None


def noreturn(name):
    """A callee that never returns: what follows the call is other code."""
    return name is not None and (name in NORETURN or name.startswith("__asan_report")
                                 or (name.startswith("__ubsan_handle") and name.endswith("_abort")))


def successors(insns, i, index):
    """Indices reached from insns[i]; None in the list means 'leaves the
    function' (a return, a tail call, an indirect jump)."""
    insn = insns[i]
    mnem = insn["mnem"]
    nxt = [i + 1] if i + 1 < len(insns) else [None]
    if mnem in RETURNS:
        return [None]
    if mnem in STOPS:
        return []
    if mnem.startswith("call"):
        return [] if noreturn(insn["reloc"]) else nxt
    if mnem.startswith("j"):
        cond = not mnem.startswith("jmp")
        op = insn["ops"][0] if insn["ops"] else ""
        m = TARGET.match(op)
        if insn["reloc"] or not m or int(m.group(1), 16) not in index:
            dest = [None]  # out of the function: a tail call, or indirect
        else:
            dest = [index[int(m.group(1), 16)]]
        return dest + nxt if cond else dest
    return nxt


def dirty_exit(insns):
    """(write address, exit address) of a path from a ymm/zmm write to a
    function exit with no vzeroupper/vzeroall on it, or None."""
    index = {insn["addr"]: i for i, insn in enumerate(insns)}
    seen = set()
    for start, insn in enumerate(insns):
        if not writes_wide(insn) or start in seen:
            continue
        stack = [(start, start)]
        while stack:
            i, origin = stack.pop()
            for s in successors(insns, i, index):
                if s is None:
                    return insns[origin]["addr"], insns[i]["addr"]
                if s in seen or insns[s]["mnem"] in CLEAN:
                    continue
                seen.add(s)
                stack.append((s, origin))
        seen.add(start)
    return None


def main(argv):
    objdump, expect_fail, files = "objdump", False, []
    it = iter(argv)
    for a in it:
        if a == "--objdump":
            objdump = next(it)
        elif a == "--expect-fail":
            expect_fail = True
        else:
            files.append((a, expect_fail))
    results = []
    for f, control in files:
        out = subprocess.run([objdump, "-dr", "--no-show-raw-insn", f], check=True,
                             capture_output=True, text=True).stdout
        for obj, name, insns in parse(out):
            if any(writes_wide(i) for i in insns):
                results.append((f if obj == f else "%s(%s)" % (f, obj), name, control,
                                dirty_exit(insns)))
    real = [f for f, control in files if not control]
    lines = []
    if real and not any(not r[2] for r in results):
        lines.append((False, "no function in %s writes a ymm or zmm register: "
                      "nothing was checked" % " ".join(real)))
    for where, name, control, hit in results:
        if hit is None:
            what = "every path from a ymm/zmm write to a return clears the upper state"
        else:
            what = ("ymm/zmm written at 0x%x, function left at 0x%x with no vzeroupper "
                    "on the way" % hit)
        if control:
            what += " (a control: must be caught)"
        lines.append(((hit is not None) == control, "%s %s: %s" % (where, name, what)))
    print("1..%d" % len(lines))
    for n, (ok, text) in enumerate(lines, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", n, text))
    return 0 if all(ok for ok, _ in lines) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
