/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 (8 SHA-256 messages at once, one per 32-bit element).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>

#include "hash/sha2_k.h"
#include "hash/x86/avx2.h"
#include "hash/x86/kernel.h"
#include "hash/x86/lanes8.h"

/* For CPUs without SHA-NI.  The one-stream AVX2 kernel leaves its rounds
 * scalar (only the schedule vectorises); here each vector holds one word
 * of eight messages, so rounds and schedule both run eight at a time.
 * With no vector rotate before AVX-512, every rotation is two shifts and
 * an or; a round is then about 35 operations, throughput-bound, which is
 * still a fraction of eight scalar rounds. */

#define ADD(x, y) _mm256_add_epi32((x), (y))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define AND(x, y) _mm256_and_si256((x), (y))
#define SHR(x, n) _mm256_srli_epi32((x), (n))
#define SHL(x, n) _mm256_slli_epi32((x), (n))

/* ror(x, i) ^ ror(x, j) ^ ror(x, k), the six shifts xored in one tree. */
#define SIGMA(x, i, j, k)                                                                          \
	XOR(XOR(XOR(SHR((x), (i)), SHL((x), 32 - (i))), XOR(SHR((x), (j)), SHL((x), 32 - (j)))),   \
	    XOR(SHR((x), (k)), SHL((x), 32 - (k))))
/* ror(x, i) ^ ror(x, j) ^ (x >> k), the schedule's. */
#define SIGMA_S(x, i, j, k)                                                                        \
	XOR(XOR(XOR(SHR((x), (i)), SHL((x), 32 - (i))), XOR(SHR((x), (j)), SHL((x), 32 - (j)))),   \
	    SHR((x), (k)))

/* Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's a ^ b is the
 * next round's b ^ c: bc comes in, ab goes out. */
#define ROUND(a, b, c, d, e, f, g, h, i, bc, ab)                                                   \
	do {                                                                                       \
		__m256i t1_ = ADD(ADD((h), _mm256_set1_epi32((int)kp[(i)])), w[(i)]);              \
		t1_ = ADD(t1_, XOR(AND(XOR((f), (g)), (e)), (g)));                                 \
		t1_ = ADD(t1_, SIGMA((e), 6, 11, 25));                                             \
		(d) = ADD((d), t1_);                                                               \
		(ab) = XOR((a), (b));                                                              \
		const __m256i t2_ = ADD(SIGMA((a), 2, 13, 22), XOR((b), AND((ab), (bc))));         \
		(h) = ADD(t1_, t2_);                                                               \
	} while (0)

/* W[t] for t >= 16 in place of W[t - 16], from the ring of the last 16. */
#define SCHED(i)                                                                                   \
	(w[(i)] = ADD(ADD(w[(i)], SIGMA_S(w[((i) + 1) & 15], 7, 18, 3)),                           \
		      ADD(w[((i) + 9) & 15], SIGMA_S(w[((i) + 14) & 15], 17, 19, 10))))

#define ROUNDS8(i, S)                                                                              \
	do {                                                                                       \
		S((i) + 0);                                                                        \
		ROUND(a, b, c, d, e, f, g, h, (i) + 0, x0, x1);                                    \
		S((i) + 1);                                                                        \
		ROUND(h, a, b, c, d, e, f, g, (i) + 1, x1, x0);                                    \
		S((i) + 2);                                                                        \
		ROUND(g, h, a, b, c, d, e, f, (i) + 2, x0, x1);                                    \
		S((i) + 3);                                                                        \
		ROUND(f, g, h, a, b, c, d, e, (i) + 3, x1, x0);                                    \
		S((i) + 4);                                                                        \
		ROUND(e, f, g, h, a, b, c, d, (i) + 4, x0, x1);                                    \
		S((i) + 5);                                                                        \
		ROUND(d, e, f, g, h, a, b, c, (i) + 5, x1, x0);                                    \
		S((i) + 6);                                                                        \
		ROUND(c, d, e, f, g, h, a, b, (i) + 6, x0, x1);                                    \
		S((i) + 7);                                                                        \
		ROUND(b, c, d, e, f, g, h, a, (i) + 7, x1, x0);                                    \
	} while (0)

#define NO_SCHED(i) ((void)0)

/* The kernel costs the same with any number of live lanes, so below
 * LANES_MIN of them one stream each is faster: in process on a 2-vCPU Zen
 * 5, 3 live lanes together hash 0.82x (gcc 12) / 0.96x (clang 14) the
 * bytes per second of one sumac_sha256_blocks_avx2 stream, 4 lanes 1.10x /
 * 1.29x. */
#define LANES_MIN 4

/* KEEP_ORDER (kernel.h): 1.03-1.04x with gcc 12 on the Zen 5 here. */
KEEP_ORDER void sumac_sha256_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
					size_t nblocks)
{
	if (n < LANES_MIN) {
		for (unsigned l = 0; l < n; l++)
			sumac_sha256_blocks_avx2(state[l], in[l], nblocks);
		return;
	}
	struct lanes8 lp;
	lanes8_setup(&lp, state, in, n);
	__m256i s[8];
	lanes8_load4(s, (const uint8_t *const *)lp.st, 0);
	lanes8_load4(s + 4, (const uint8_t *const *)lp.st, 16);

	for (size_t off = 0; nblocks--; off += 64) {
		/* The ring of the last 16 schedule words, in memory: the
		 * eight state words and a round's temporaries already fill
		 * the 16 ymm registers. */
		_Alignas(32) __m256i w[16];
		lanes8_load_block_be(w, lp.in, off);
		__m256i a = s[0], b = s[1], c = s[2], d = s[3];
		__m256i e = s[4], f = s[5], g = s[6], h = s[7];
		__m256i x0 = XOR(b, c), x1;
		const uint32_t *kp = sumac_sha256_k;
		ROUNDS8(0, NO_SCHED);
		ROUNDS8(8, NO_SCHED);
		for (int r = 0; r < 3; r++) {
			kp += 16;
			ROUNDS8(0, SCHED);
			ROUNDS8(8, SCHED);
		}
		s[0] = ADD(s[0], a);
		s[1] = ADD(s[1], b);
		s[2] = ADD(s[2], c);
		s[3] = ADD(s[3], d);
		s[4] = ADD(s[4], e);
		s[5] = ADD(s[5], f);
		s[6] = ADD(s[6], g);
		s[7] = ADD(s[7], h);
	}
	lanes8_store4(lp.st, 0, s);
	lanes8_store4(lp.st, 16, s + 4);
	/* gcc inserts this itself only from -O2 up; the sanitizer builds
	 * (-O1) would hand dirty upper state to the SSE code that follows. */
	_mm256_zeroupper();
}

#endif /* HAVE_X86_AVX2 */
