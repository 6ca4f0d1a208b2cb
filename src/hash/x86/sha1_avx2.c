/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 + BMI2 (message schedule in ymm lanes, rounds with rorx).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>

#include "hash/x86/avx2.h"

#define WK_STRIDE 8 /* the W+K of a group: four words of each of two blocks */
#include "hash/x86/sha1_rounds.h"

/* Blocks are taken two at a time: block n in the low 128-bit lane of a ymm
 * register and block n+1 in the high lane, so that the schedule of both is
 * one stream of vector code, four words of each block per instruction,
 * with no traffic between the lanes.  W+K of both blocks goes to a stack
 * buffer (group g of four words: 8 words, block n first).  The rounds are
 * scalar code, interleaved with the vector schedule, which runs on the
 * other execution units: half of the next pair's during block n+1, the rest
 * during the next block n, through two buffers.  (A pair's whole schedule
 * beside its block n's rounds alone, as first written, was 3% slower with
 * gcc 12 and 2% faster with clang 14.)
 *
 * A SHA-1 round's critical path is rol(a, 5) + (e + W+K + F): two cycles.
 * Everything else is off that chain, so more parallel work gains nothing;
 * the win over the scalar core is the schedule leaving the integer units. */

#define LDU(p)   _mm_loadu_si128((const __m128i *)(p))
#define ST(p, v) _mm256_store_si256((__m256i *)(p), (v))

#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n)))

/* Words 4h..4h+3, 16 <= 4h < 32: W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^
 * W[t-16]).  W[t-3] of the group's last word is the group's own first
 * word, so that term is left out (a zero shifted in) and added afterwards:
 * rol1(W[4h]) = rol2 of the first word's unrotated xor. */
#define SCHED_LO(h, x, m1, m2, m3, m4)                                                             \
	do {                                                                                       \
		__m256i t_ = _mm256_xor_si256(_mm256_srli_si256((m1), 4), (m2));                   \
		t_ = _mm256_xor_si256(t_,                                                          \
				      _mm256_xor_si256(_mm256_alignr_epi8((m3), (m4), 8), (m4)));  \
		__m256i f_ = _mm256_slli_si256(t_, 12);                                            \
		(x) = _mm256_xor_si256(ROL(t_, 1), ROL(f_, 2));                                    \
		ST(wk + 8 * (h), _mm256_add_epi32((x), K_((h))));                                  \
	} while (0)

/* Words 4h..4h+3, 4h >= 32: the recurrence applied to itself gives
 * W[t] = rol2(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32]), whose nearest term is
 * six words back, so the four words of a group are independent.  x holds
 * W[t-32] (group h-8) going in. */
#define SCHED_HI(h, x, m1, m2, m4, m7)                                                             \
	do {                                                                                       \
		__m256i t_ = _mm256_xor_si256(_mm256_alignr_epi8((m1), (m2), 8), (m4));            \
		t_ = _mm256_xor_si256(t_, _mm256_xor_si256((m7), (x)));                            \
		(x) = ROL(t_, 2);                                                                  \
		ST(wk + 8 * (h), _mm256_add_epi32((x), K_((h))));                                  \
	} while (0)

#define LOAD2(x, i)                                                                                \
	do {                                                                                       \
		(x) = _mm256_inserti128_si256(_mm256_castsi128_si256(LDU(p + 16 * (i))),           \
					      LDU(q + 16 * (i)), 1);                               \
		(x) = _mm256_shuffle_epi8((x), bswap);                                             \
		ST(wk + 8 * (i), _mm256_add_epi32((x), k0));                                       \
	} while (0)
/* Schedule group h of the pair at p (block n) and q (block n+1) into wk:
 * groups 0-3 are the message words, the rest the steps above, group h in
 * x(h mod 8). */
#define S4_  SCHED_LO(4, x4, x3, x2, x1, x0)
#define S5_  SCHED_LO(5, x5, x4, x3, x2, x1)
#define S6_  SCHED_LO(6, x6, x5, x4, x3, x2)
#define S7_  SCHED_LO(7, x7, x6, x5, x4, x3)
#define S8_  SCHED_HI(8, x0, x7, x6, x4, x1)
#define S9_  SCHED_HI(9, x1, x0, x7, x5, x2)
#define S10_ SCHED_HI(10, x2, x1, x0, x6, x3)
#define S11_ SCHED_HI(11, x3, x2, x1, x7, x4)
#define S12_ SCHED_HI(12, x4, x3, x2, x0, x5)
#define S13_ SCHED_HI(13, x5, x4, x3, x1, x6)
#define S14_ SCHED_HI(14, x6, x5, x4, x2, x7)
#define S15_ SCHED_HI(15, x7, x6, x5, x3, x0)
#define S16_ SCHED_HI(16, x0, x7, x6, x4, x1)
#define S17_ SCHED_HI(17, x1, x0, x7, x5, x2)
#define S18_ SCHED_HI(18, x2, x1, x0, x6, x3)
#define S19_ SCHED_HI(19, x3, x2, x1, x7, x4)

KEEP_ORDER void sumac_sha1_blocks_avx2(void *state, const uint8_t *in, size_t nblocks)
{
	const __m256i bswap =
		_mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0,
				 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	const __m256i k0 = _mm256_set1_epi32(0x5a827999), k1 = _mm256_set1_epi32(0x6ed9eba1);
	const __m256i k2 = _mm256_set1_epi32((int)0x8f1bbcdc),
		      k3 = _mm256_set1_epi32((int)0xca62c1d6);
	_Alignas(32) uint32_t buf[2][160];
	uint32_t *s = state, *cur = buf[0], *wk = buf[0];
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];
	__m256i x0, x1, x2, x3, x4, x5, x6, x7;

	if (!nblocks)
		return;
	/* The first block's rounds compute their own pair's schedule, four
	 * groups ahead of use, so that a short message does not wait for a
	 * whole schedule first.  From then on the second block of each pair
	 * computes the first half of the next pair's schedule and the first
	 * block the rest, so that vector work sits beside every block's
	 * rounds.  An odd last block is loaded into both lanes: nothing is
	 * read past the input. */
	{
		const uint8_t *p = in, *q = nblocks > 1 ? in + 64 : in;
		LOAD2(x0, 0);
		LOAD2(x1, 1);
		LOAD2(x2, 2);
		LOAD2(x3, 3);
		BLOCK(cur, S4_, S5_, S6_, S7_, S8_, S9_, S10_, S11_, S12_, S13_, S14_, S15_, S16_,
		      S17_, S18_, S19_);
	}
	while (nblocks > 1) {
		if (nblocks == 2) {
			BLOCK(cur + 4, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP,
			      NOP, NOP, NOP, NOP);
			break;
		}
		const uint8_t *p = in + 128, *q = nblocks >= 4 ? in + 192 : p;
		wk = cur == buf[0] ? buf[1] : buf[0];
		BLOCK(cur + 4, LOAD2(x0, 0), LOAD2(x1, 1), LOAD2(x2, 2), LOAD2(x3, 3), S4_, S5_,
		      S6_, S7_, S8_, S9_, S10_, S11_, NOP, NOP, NOP, NOP);
		cur = wk;
		nblocks -= 2;
		in += 128;
		BLOCK(cur, S12_, S13_, S14_, S15_, S16_, S17_, S18_, S19_, NOP, NOP, NOP, NOP, NOP,
		      NOP, NOP, NOP);
	}
	s[0] = a;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	s[4] = e;
	/* gcc inserts this itself only from -O2 up; the sanitizer builds
	 * (-O1) would hand dirty upper state to the SSE code that follows. */
	_mm256_zeroupper();
}

#endif
