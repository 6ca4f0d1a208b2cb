/* SPDX-License-Identifier: MIT */
/* ISA: x86 SSSE3 (message schedule in xmm registers, one block at a time).
 * Flags: -mssse3.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_SSSE3

#include <immintrin.h>

#include "hash/x86/ssse3.h"

#define WK_STRIDE 4 /* the W+K of a group: four words of one block */
#include "hash/x86/sha1_rounds.h"

/* sha1_avx2.c's design on one block and 128-bit vectors: the schedule, four
 * words per instruction, interleaved with the scalar rounds through a W+K
 * buffer.  The rounds are latency-bound (two cycles each), so on the CPUs
 * measured this is about as fast as the two-block AVX2 kernel; without
 * BMI2 the rotates are rol on a copy instead of rorx. */

#define LDU(p)    _mm_loadu_si128((const __m128i *)(p))
#define ST(p, v)  _mm_store_si128((__m128i *)(p), (v))
#define ROL(x, n) _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n)))

/* Words 4h..4h+3, 16 <= 4h < 32, by the defining recurrence with the
 * W[t-3] of the last word added afterwards (see sha1_avx2.c). */
#define SCHED_LO(h, x, m1, m2, m3, m4)                                                             \
	do {                                                                                       \
		__m128i t_ = _mm_xor_si128(_mm_srli_si128((m1), 4), (m2));                         \
		t_ = _mm_xor_si128(t_, _mm_xor_si128(_mm_alignr_epi8((m3), (m4), 8), (m4)));       \
		__m128i f_ = _mm_slli_si128(t_, 12);                                               \
		(x) = _mm_xor_si128(ROL(t_, 1), ROL(f_, 2));                                       \
		ST(wk + 4 * (h), _mm_add_epi32((x), K_((h))));                                     \
	} while (0)

/* Words 4h..4h+3, 4h >= 32: W[t] = rol2(W[t-6] ^ W[t-16] ^ W[t-28] ^
 * W[t-32]); x holds group h-8 going in. */
#define SCHED_HI(h, x, m1, m2, m4, m7)                                                             \
	do {                                                                                       \
		__m128i t_ = _mm_xor_si128(_mm_alignr_epi8((m1), (m2), 8), (m4));                  \
		t_ = _mm_xor_si128(t_, _mm_xor_si128((m7), (x)));                                  \
		(x) = ROL(t_, 2);                                                                  \
		ST(wk + 4 * (h), _mm_add_epi32((x), K_((h))));                                     \
	} while (0)

KEEP_ORDER void sumac_sha1_blocks_ssse3(void *state, const uint8_t *in, size_t nblocks)
{
	const __m128i bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	const __m128i k0 = _mm_set1_epi32(0x5a827999), k1 = _mm_set1_epi32(0x6ed9eba1);
	const __m128i k2 = _mm_set1_epi32((int)0x8f1bbcdc), k3 = _mm_set1_epi32((int)0xca62c1d6);
	_Alignas(16) uint32_t wk[80];
	uint32_t *s = state;
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];

	for (; nblocks; nblocks--, in += 64) {
		__m128i x0, x1, x2, x3, x4, x5, x6, x7;

		PREFETCH_INPUT(in, 64 * nblocks, 64);

#define LOAD(x, i)                                                                                 \
	do {                                                                                       \
		(x) = _mm_shuffle_epi8(LDU(in + 16 * (i)), bswap);                                 \
		ST(wk + 4 * (i), _mm_add_epi32((x), k0));                                          \
	} while (0)
		LOAD(x0, 0);
		LOAD(x1, 1);
		LOAD(x2, 2);
		LOAD(x3, 3);
#undef LOAD

		/* Group h lives in x(h mod 8). */
		BLOCK(wk, SCHED_LO(4, x4, x3, x2, x1, x0), SCHED_LO(5, x5, x4, x3, x2, x1),
		      SCHED_LO(6, x6, x5, x4, x3, x2), SCHED_LO(7, x7, x6, x5, x4, x3),
		      SCHED_HI(8, x0, x7, x6, x4, x1), SCHED_HI(9, x1, x0, x7, x5, x2),
		      SCHED_HI(10, x2, x1, x0, x6, x3), SCHED_HI(11, x3, x2, x1, x7, x4),
		      SCHED_HI(12, x4, x3, x2, x0, x5), SCHED_HI(13, x5, x4, x3, x1, x6),
		      SCHED_HI(14, x6, x5, x4, x2, x7), SCHED_HI(15, x7, x6, x5, x3, x0),
		      SCHED_HI(16, x0, x7, x6, x4, x1), SCHED_HI(17, x1, x0, x7, x5, x2),
		      SCHED_HI(18, x2, x1, x0, x6, x3), SCHED_HI(19, x3, x2, x1, x7, x4));
	}
	s[0] = a;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	s[4] = e;
}

#endif
