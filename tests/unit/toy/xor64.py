#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An implementation of the test-only xor64 family (tests/unit/toy/xor64.c)
written from its description, independent of the C code, that writes the
vectors/XOR64{ShortMsg,LongMsg,Monte}.rsp files in NIST CAVP layout."""
import random
import sys

M = (1 << 64) - 1


def xor64(msg: bytes) -> bytes:
    s = 0x0123456789ABCDEF
    # Every block but the last, which is held back and finished with the
    # byte count; an empty message finishes one zero block.
    nfull = (len(msg) - 1) // 16 if msg else 0
    blocks = [msg[16 * i:16 * i + 16] for i in range(nfull)]
    last = msg[16 * nfull:]
    s_count = len(msg)

    def compress(s, b):
        a = int.from_bytes(b[:8], "little")
        c = int.from_bytes(b[8:16], "little")
        s ^= a
        s = ((((s << 17) | (s >> 47)) & M) * 0x9E3779B97F4A7C15 + c) & M
        return s

    for b in blocks:
        s = compress(s, b)
    s ^= s_count
    s = compress(s, last + bytes(16 - len(last)))
    return s.to_bytes(8, "little")


def msg_file(path, lengths, rng):
    with open(path, "w") as f:
        f.write("# xor64 test vectors, tests/unit/toy/xor64.py\n\n[L = 8]\n\n")
        for n in lengths:
            m = bytes(rng.randrange(256) for _ in range(n))
            f.write("Len = %d\nMsg = %s\nMD = %s\n\n" % (8 * n, m.hex() if n else "00", xor64(m).hex()))


def monte_file(path, rng):
    seed = bytes(rng.randrange(256) for _ in range(8))
    with open(path, "w") as f:
        f.write("# xor64 Monte Carlo, tests/unit/toy/xor64.py\n\n[L = 8]\n\nSeed = %s\n\n" % seed.hex())
        for count in range(20):
            win = seed * 3
            for _ in range(1000):
                nxt = xor64(win)
                win = win[8:] + nxt
            seed = nxt
            f.write("COUNT = %d\nMD = %s\n\n" % (count, seed.hex()))


def main(outdir):
    rng = random.Random(64)
    msg_file(outdir + "/XOR64ShortMsg.rsp", range(0, 65), rng)
    msg_file(outdir + "/XOR64LongMsg.rsp", [100 + 37 * k for k in range(40)] + [4096, 4099], rng)
    monte_file(outdir + "/XOR64Monte.rsp", rng)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "vectors")
