/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 + BMI2 (message schedule in ymm lanes, rounds with rorx).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>

#include "hash/bytes.h"
#include "hash/x86/avx2.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha512_k4.h"

/* Blocks are taken in groups of four.  The message schedule of a group is
 * computed with AVX2, one block per 64-bit lane, so that it needs no
 * shuffling between lanes: word t of all four blocks is one vector, stored
 * with K[t] already added as wk[t][lane].  The rounds are plain scalar code
 * (rorx for the rotations) that read their W+K from that array, block after
 * block, while the schedule of the next group is computed in between: it
 * runs on the vector units, the rounds on the integer ones, and the loop is
 * arranged so that both streams proceed side by side.  The two schedule
 * buffers (this group's and the next one's) take 10 KiB of stack.
 *
 * Measured on a Zen 5 (2026-12): the rounds alone, reading a ready W+K
 * buffer, run at 5.0-5.2 cycles a round, the whole kernel at 5.2-5.4, so
 * the schedule costs 3-4% and no schedule design can win more than that;
 * an AVX-512VL schedule (vprorq, vpternlogq) won under 1%, and carrying
 * W[t-1], W[t-2] in registers lost up to 8% on short inputs.  The rounds
 * are bound by their 24 integer operations, against a latency floor of
 * four cycles; the textbook round with 22 (and a five-cycle chain through
 * e) ran at 5.6 here. */

/* sigma0 and sigma1 of four words: AVX2 has no 64-bit rotate, so each is
 * two shifts, except the rotation by 8, which is a byte shuffle. */
#define SSIG0V(x)                                                                                  \
	_mm256_xor_si256(                                                                          \
		_mm256_xor_si256(_mm256_srli_epi64((x), 1), _mm256_slli_epi64((x), 63)),           \
		_mm256_xor_si256(_mm256_srli_epi64((x), 7), _mm256_shuffle_epi8((x), rot8)))
#define SSIG1V(x)                                                                                  \
	_mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64((x), 19), _mm256_slli_epi64((x), 45)), \
			 _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64((x), 3),              \
							   _mm256_srli_epi64((x), 61)),            \
					  _mm256_srli_epi64((x), 6)))

#define SCHED_CONSTS_V                                                                             \
	const __m256i rot8 =                                                                       \
		_mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, \
				 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8)
#define SSIG0X(x)                                                                                  \
	_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64((x), 1), _mm_slli_epi64((x), 63)),              \
		      _mm_xor_si128(_mm_srli_epi64((x), 7), _mm_shuffle_epi8((x), rot8x)))
#define SSIG1X(x)                                                                                  \
	_mm_xor_si128(                                                                             \
		_mm_xor_si128(_mm_srli_epi64((x), 19), _mm_slli_epi64((x), 45)),                   \
		_mm_xor_si128(_mm_xor_si128(_mm_slli_epi64((x), 3), _mm_srli_epi64((x), 61)),      \
			      _mm_srli_epi64((x), 6)))
#define SCHED_CONSTS_X                                                                             \
	const __m128i rot8x = _mm_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8)

#define ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* One round.  Besides a, b, c and e, f, g only three words are carried:
 * hd = h + d, bcd = (b & c) - d and bxc = b ^ c.  With Maj(a, b, c) =
 * (a & (b ^ c)) + (b & c) (the two terms never share a bit), the new e
 * is hd + W+K + Ch + S1, where everything but Ch and S1 is summed before
 * they are ready, and the new a is e' - d + Maj + S0, where only a & bxc
 * and S0 wait for a.  Each of the two chains thus costs four operations
 * in a row per round (a rotate, two xors and an add), one less than when
 * T1 is formed first, for two more operations in total. */
#define ROUND_WK(wk)                                                                               \
	do {                                                                                       \
		uint64_t s1_ = ROR(e, 14) ^ ROR(e, 18) ^ ROR(e, 41);                               \
		uint64_t ch_ = ((f ^ g) & e) ^ g;                                                  \
		uint64_t s0_ = ROR(a, 28) ^ ROR(a, 34) ^ ROR(a, 39);                               \
		uint64_t e_ = hd + (wk) + ch_ + s1_;                                               \
		uint64_t a_ = e_ + bcd + (a & bxc) + s0_;                                          \
		hd = g + c;                                                                        \
		bcd = (a & b) - c;                                                                 \
		bxc = a ^ b;                                                                       \
		c = b;                                                                             \
		b = a;                                                                             \
		a = a_;                                                                            \
		g = f;                                                                             \
		f = e;                                                                             \
		e = e_;                                                                            \
	} while (0)

#define STATE_VARS(s)                                                                              \
	uint64_t a = (s)[0], b = (s)[1], c = (s)[2], d = (s)[3];                                   \
	uint64_t e = (s)[4], f = (s)[5], g = (s)[6], h = (s)[7]
#define BLOCK_BEGIN()    SHA2_BLOCK_BEGIN(uint64_t)
#define BLOCK_END()      SHA2_BLOCK_END()
#define SHA512_BLOCKS_FN sumac_sha512_blocks_avx2

#include "hash/x86/sha512_blocks.h"

#endif /* HAVE_X86_AVX2 */
