/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 + BMI2 + AVX-512F/VL (the a side of the rounds in an
 * xmm register, vprorq and vpternlogq; the schedule with them too).
 * Flags: -mavx2 -mbmi2 -mavx512f -mavx512vl.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX512

#include <immintrin.h>

#include "hash/bytes.h"
#include "hash/x86/avx512.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha512_k4.h"

/* The rounds split between the two register files.  e, f, g, h and the
 * chain through e (Ch, S1 and the sums that make the new e) stay in scalar
 * registers; a, b, c, d live in the low word of xmm registers, where S0 is
 * three vprorq and one vpternlogq, Maj one vpternlogq, and the new a is
 * e' - d + Maj + S0.  Each round moves two words across: d to the scalar
 * side (it enters e' = d + T1) and the new e to the vector side; both have
 * rounds to spare before they are needed (d is the a made four rounds
 * before).
 *
 * Why (AMD Zen 4, 2026-12, bench/results/2026-12-05-amd-epyc-sha512-split.md):
 * the all-scalar rounds of sha512_avx2.c, 22 or 24 integer operations,
 * ran at 6.7-7.5 cycles a round there, bound by four ALUs, in every form
 * tried; the rounds all in xmm registers at 7.3-8.0, bound by vector
 * rotates (two pipes, two cycles).  Split, the scalar side has 13
 * operations a round and the vector side 8: 5.7-5.9 cycles a round.  The
 * new a must be S0 + (e' - d + Maj), with the sum in brackets formed
 * first (OPAQUE_X): S0 is the last term ready, and gcc and clang otherwise
 * add it earlier (6.2-6.8 cycles).  The schedule uses vprorq and vpternlogq
 * too, which leaves the two vector shift pipes more room for S0. */

#define OPAQUE_X(x) __asm__("" : "+v"(x))

#define SSIG0V(x)                                                                                  \
	_mm256_ternarylogic_epi64(_mm256_ror_epi64((x), 1), _mm256_ror_epi64((x), 8),              \
				  _mm256_srli_epi64((x), 7), 0x96)
#define SSIG1V(x)                                                                                  \
	_mm256_ternarylogic_epi64(_mm256_ror_epi64((x), 19), _mm256_ror_epi64((x), 61),            \
				  _mm256_srli_epi64((x), 6), 0x96)
#define SSIG0X(x)                                                                                  \
	_mm_ternarylogic_epi64(_mm_ror_epi64((x), 1), _mm_ror_epi64((x), 8),                       \
			       _mm_srli_epi64((x), 7), 0x96)
#define SSIG1X(x)                                                                                  \
	_mm_ternarylogic_epi64(_mm_ror_epi64((x), 19), _mm_ror_epi64((x), 61),                     \
			       _mm_srli_epi64((x), 6), 0x96)
#define SCHED_CONSTS_V ((void)0)
#define SCHED_CONSTS_X ((void)0)

#if defined(__x86_64__)
#define VQ(x) ((uint64_t)_mm_cvtsi128_si64(x))
#define QV(x) _mm_cvtsi64_si128((long long)(x))
#else
/* 32-bit x86 has no 64-bit general registers to move a word to: the words
 * go through memory, correct but without the gain. */
static inline uint64_t vq(__m128i x)
{
	uint64_t w;
	_mm_storel_epi64((__m128i *)&w, x);
	return w;
}
#define VQ(x) vq(x)
#define QV(x) _mm_set_epi64x(0, (long long)(x))
#endif

/* One round: e' = ((h + W+K + d) + Ch) + S1 on the scalar side, then
 * a' = S0 + ((e' - d) + Maj) on the vector side. */
#define ROUND_WK(wk)                                                                               \
	do {                                                                                       \
		uint64_t ds_ = VQ(d);                                                              \
		uint64_t x_ = h + (wk) + ds_;                                                      \
		x_ += ((f ^ g) & e) ^ g;                                                           \
		uint64_t e_ = x_ + (rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41));                \
		__m128i y_ = _mm_add_epi64(_mm_sub_epi64(QV(e_), d),                               \
					   _mm_ternarylogic_epi64(a, b, c, 0xe8));                 \
		OPAQUE_X(y_);                                                                      \
		__m128i a_ = _mm_add_epi64(                                                        \
			y_, _mm_ternarylogic_epi64(_mm_ror_epi64(a, 28), _mm_ror_epi64(a, 34),     \
						   _mm_ror_epi64(a, 39), 0x96));                   \
		h = g;                                                                             \
		g = f;                                                                             \
		f = e;                                                                             \
		e = e_;                                                                            \
		d = c;                                                                             \
		c = b;                                                                             \
		b = a;                                                                             \
		a = a_;                                                                            \
	} while (0)

#define STATE_VARS(s)                                                                              \
	__m128i a = QV((s)[0]), b = QV((s)[1]), c = QV((s)[2]), d = QV((s)[3]);                    \
	uint64_t e = (s)[4], f = (s)[5], g = (s)[6], h = (s)[7]
#define BLOCK_BEGIN() ((void)0)
#define BLOCK_END()                                                                                \
	do {                                                                                       \
		a = QV(s[0] += VQ(a));                                                             \
		b = QV(s[1] += VQ(b));                                                             \
		c = QV(s[2] += VQ(c));                                                             \
		d = QV(s[3] += VQ(d));                                                             \
		e = s[4] += e;                                                                     \
		f = s[5] += f;                                                                     \
		g = s[6] += g;                                                                     \
		h = s[7] += h;                                                                     \
	} while (0)
#define SHA512_BLOCKS_FN sumac_sha512_blocks_avx512

#include "hash/x86/sha512_blocks.h"

#endif /* HAVE_X86_AVX512 */
