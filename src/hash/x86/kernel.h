/* SPDX-License-Identifier: MIT */
/* Compiler aids shared by the x86 kernels (plain C macros; the one that
 * prefetches expands to SSE's _mm_prefetch, which every kernel file has
 * through <immintrin.h>), to be included by the kernel files alone. */
#ifndef SUMAC_X86_KERNEL_H
#define SUMAC_X86_KERNEL_H

/* An empty asm, no instruction: the compiler must assume it changed x.
 * The kernels use it to keep a sum in the order written (gcc and clang
 * reassociate sums and would put the rotations of a or e early in them,
 * on the chain from one round to the next), and to hide where a pointer
 * points (so that rounds load W+K from the buffer rather than take the
 * words out of vector registers, and pointers are not rewritten into
 * base + index pairs that run out of registers). */
#define OPAQUE(x) __asm__("" : "+r"(x))

/* No schedule step, where a round macro takes one. */
#define NOP ((void)0)

/* gcc's second scheduling pass (after register allocation) gathers each
 * schedule step next to the rounds that read its words, where the rounds
 * wait for it; without it the SHA-1 kernel went from 1.40 to 1.53 GB/s and
 * the SHA-256 one 1.04x at 1 MiB, 1.08x for one block (gcc 12 -O2, Zen 5).
 * clang leaves the order alone. */
#if defined(__GNUC__) && !defined(__clang__)
#define KEEP_ORDER __attribute__((optimize("no-schedule-insns2")))
#else
#define KEEP_ORDER
#endif

/* The SHA-2 rounds of the AVX2 kernels carry, besides a, b, c and e, f, g,
 * three words of type word: hd = h + d, bcd = (b & c) - d and bxc = b ^ c.
 * A block starts by forming them from the state in a..h and ends by
 * recovering d and h from them and adding a..h into the state s. */
#define SHA2_BLOCK_BEGIN(word) word hd = h + d, bcd = (b & c) - d, bxc = b ^ c

#define SHA2_BLOCK_END()                                                                           \
	do {                                                                                       \
		d = (b & c) - bcd;                                                                 \
		h = hd - d;                                                                        \
		a = s[0] += a;                                                                     \
		b = s[1] += b;                                                                     \
		c = s[2] += c;                                                                     \
		d = s[3] += d;                                                                     \
		e = s[4] += e;                                                                     \
		f = s[5] += f;                                                                     \
		g = s[6] += g;                                                                     \
		h = s[7] += h;                                                                     \
	} while (0)

/* How far ahead of their loads some one-stream kernels prefetch the input
 * (sha512_blocks.h, sha256_avx2.c, sha1_ssse3.c).  Input beyond the core's
 * L2 (a large buffer, or the read-ahead ring the other core has just
 * filled) otherwise stalls those loads: on an Intel Xeon (family 6 model
 * 207) the scalar SHA-512 rounds ran 577-592 MB/s over a 64 MiB buffer
 * against 687 over a hot 1 MiB one, 675-684 with this, and SHA-256 AVX2
 * 388-398 against 426, 426 with it
 * (bench/results/2026-12-05-intel-xeon-prefetch.md); SHA-1 SSSE3 735-783
 * against 843, 838 with it.  SHA-1 AVX2 (864 against 868) and the SHA-NI
 * kernels (1-2 %) lose little there. */
#define PREFETCH_AHEAD 8192

/* Prefetch the input's next bytes (a multiple of 64) PREFETCH_AHEAD past
 * in, a line at a time, when the left bytes from in reach beyond them: a
 * prefetch stays inside the input. */
#define PREFETCH_INPUT(in, left, bytes)                                                            \
	do {                                                                                       \
		if ((left) > PREFETCH_AHEAD + (bytes))                                             \
			for (size_t o_ = 0; o_ < (bytes); o_ += 64)                                \
				_mm_prefetch((const char *)(in) + PREFETCH_AHEAD + o_,             \
					     _MM_HINT_T0);                                         \
	} while (0)

#endif
