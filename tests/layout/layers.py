#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The layering of src/, as TAP: the include graph between modules (a .c
and its .h) has no cycle; each folder includes only the folders below it
(hash <- io <- run; hash <- check; cli on top); and nothing under
src/hash, src/io, src/check or src/run prints, exits or aborts: those
layers return results, and only src/cli words them (README.md, Layout)."""
import os
import re
import sys

ALLOWED = {  # folder -> the folders it may include
    "hash": {"hash"},
    "io": {"io", "hash"},
    "check": {"check", "hash"},
    "run": {"run", "io", "hash"},
    "cli": {"cli", "run", "check", "io", "hash"},
}
SILENT = ("hash", "io", "check", "run")
# Calls that print or end the process; a library layer returns instead.
FORBIDDEN = re.compile(
    r"\b(printf|fprintf|vfprintf|dprintf|puts|fputs|putchar|fputc|perror|"
    r"exit|_exit|_Exit|abort|err|errx|warn|warnx|error)\s*\("
)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def main(src):
    files = {}
    for d, _, names in os.walk(src):
        for n in names:
            if n.endswith((".c", ".h")):
                p = os.path.relpath(os.path.join(d, n), src)
                with open(os.path.join(d, n), encoding="utf-8") as f:
                    files[p] = f.read()
    results = []

    def ok(cond, what):
        results.append((cond, what))

    graph = {}
    for p, text in sorted(files.items()):
        mod = os.path.splitext(p)[0]
        folder = p.split("/")[0]
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, flags=re.M):
            if inc not in files:
                continue  # config.h, generated
            target = inc.split("/")[0]
            if folder in ALLOWED:
                ok(target in ALLOWED[folder], "%s includes %s: %s may use %s" % (
                    p, inc, folder, " ".join(sorted(ALLOWED[folder]))))
            if os.path.splitext(inc)[0] != mod:
                graph.setdefault(mod, set()).add(os.path.splitext(inc)[0])
        if folder in SILENT and p.endswith(".c"):
            calls = sorted(set(m.group(1) for m in FORBIDDEN.finditer(strip_comments(text))))
            ok(not calls, "%s neither prints nor exits%s" % (p, ": calls " + " ".join(calls) if calls else ""))

    # A cycle between modules, by depth-first search.
    state, cycle = {}, []

    def visit(u, path):
        state[u] = 1
        path.append(u)
        for v in sorted(graph.get(u, ())):
            if state.get(v) == 1 and not cycle:
                cycle.extend(path[path.index(v):] + [v])
            elif v not in state:
                visit(v, path)
        path.pop()
        state[u] = 2

    for u in sorted(graph):
        if u not in state:
            visit(u, [])
    ok(not cycle, "the include graph of src/ has no cycle%s" % (": " + " -> ".join(cycle) if cycle else ""))
    ok(set(p.split("/")[0] for p in files if "/" in p) <= set(ALLOWED),
       "every folder of src/ has a place in the layering")

    print("1..%d" % len(results))
    for i, (cond, what) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if cond else "not ok", i, what))
    return 0 if all(c for c, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "src"))
