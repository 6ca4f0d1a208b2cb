/* SPDX-License-Identifier: MIT */
/* One SHA-1 block with SHA-NI, as an inline function for the kernels that
 * run it beside other work (sha1_shani.c alone, sha1dc_shani_avx2.c and
 * sha1dc_shani_avx512.c between the slices of the collision filter), and
 * the moves of the state between SHA-1's a..e and the registers.  Needs -msha -mssse3
 * -msse4.1; to be included by those kernel files alone. */
#ifndef SUMAC_X86_SHA1_SHANI_BLOCK_H
#define SUMAC_X86_SHA1_SHANI_BLOCK_H

#include <immintrin.h>
#include <stdint.h>

/* The instructions keep A..D in one register with A in the top lane and the
 * message words likewise reversed (W[t] on top), so both the state and every
 * 16-byte load are turned around once; E only ever lives in the top lane of
 * a message register, where sha1nexte derives it from the A of four rounds
 * earlier.  The round constants are implied by sha1rnds4's immediate. */

/* Four rounds; e must already hold W+E in its top lane.  The abcd going in
 * is kept as prev because the next group's E is rol30 of its A. */
#define GROUP(func)                                                                                \
	do {                                                                                       \
		prev = abcd;                                                                       \
		abcd = _mm_sha1rnds4_epu32(abcd, e, (func));                                       \
	} while (0)
#define NEXT_E(m) (e = _mm_sha1nexte_epu32(prev, (m)))

/* W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]), built in three steps
 * spread over three groups so the schedule never waits on the rounds:
 * msg1 xors W[t-14] into W[t-16], a plain xor adds W[t-8], and msg2 folds in
 * W[t-3] (including the three words it produces itself) and rotates. */
#define PRE(x, next) ((x) = _mm_sha1msg1_epu32((x), (next)))
#define MID(x, w8)   ((x) = _mm_xor_si128((x), (w8)))
#define FIN(x, last) ((x) = _mm_sha1msg2_epu32((x), (last)))

/* Full 16-byte reversal: big-endian words and W[t] into the top lane. */
#define SHA1_SHANI_REV _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* The state s (SHA-1's a..e) into the registers: abcd with A in the top
 * lane, e0 with E in the top lane. */
static inline __attribute__((always_inline)) void sha1_shani_load(const uint32_t s[5],
								  __m128i *abcd, __m128i *e0)
{
	*abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)s), 0x1b);
	*e0 = _mm_set_epi32((int)s[4], 0, 0, 0);
}

/* The registers back into s. */
static inline __attribute__((always_inline)) void sha1_shani_store(uint32_t s[5], __m128i abcd,
								   __m128i e0)
{
	_mm_storeu_si128((__m128i *)s, _mm_shuffle_epi32(abcd, 0x1b));
	s[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

/* The block at in into the state held as abcd (A in the top lane) and e0
 * (E in the top lane); rev is SHA1_SHANI_REV. */
static inline __attribute__((always_inline)) void sha1_shani_block(__m128i *abcd_io, __m128i *e0_io,
								   const uint8_t *in, __m128i rev)
{
	__m128i abcd = *abcd_io, e0 = *e0_io;
	const __m128i abcd0 = abcd;
	__m128i e, prev;
	__m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)in), rev);
	__m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), rev);
	__m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), rev);
	__m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), rev);

	/* Rounds 0-3: the first E is the state's own, not a rotated A. */
	e = _mm_add_epi32(e0, m0);
	GROUP(0);
	/* 4-7 */
	NEXT_E(m1);
	GROUP(0);
	PRE(m0, m1);
	/* 8-11 */
	NEXT_E(m2);
	GROUP(0);
	MID(m0, m2);
	PRE(m1, m2);
	/* 12-15 */
	NEXT_E(m3);
	GROUP(0);
	FIN(m0, m3);
	MID(m1, m3);
	PRE(m2, m3);
	/* 16-19 */
	NEXT_E(m0);
	GROUP(0);
	FIN(m1, m0);
	MID(m2, m0);
	PRE(m3, m0);
	/* 20-23 */
	NEXT_E(m1);
	GROUP(1);
	FIN(m2, m1);
	MID(m3, m1);
	PRE(m0, m1);
	/* 24-27 */
	NEXT_E(m2);
	GROUP(1);
	FIN(m3, m2);
	MID(m0, m2);
	PRE(m1, m2);
	/* 28-31 */
	NEXT_E(m3);
	GROUP(1);
	FIN(m0, m3);
	MID(m1, m3);
	PRE(m2, m3);
	/* 32-35 */
	NEXT_E(m0);
	GROUP(1);
	FIN(m1, m0);
	MID(m2, m0);
	PRE(m3, m0);
	/* 36-39 */
	NEXT_E(m1);
	GROUP(1);
	FIN(m2, m1);
	MID(m3, m1);
	PRE(m0, m1);
	/* 40-43 */
	NEXT_E(m2);
	GROUP(2);
	FIN(m3, m2);
	MID(m0, m2);
	PRE(m1, m2);
	/* 44-47 */
	NEXT_E(m3);
	GROUP(2);
	FIN(m0, m3);
	MID(m1, m3);
	PRE(m2, m3);
	/* 48-51 */
	NEXT_E(m0);
	GROUP(2);
	FIN(m1, m0);
	MID(m2, m0);
	PRE(m3, m0);
	/* 52-55 */
	NEXT_E(m1);
	GROUP(2);
	FIN(m2, m1);
	MID(m3, m1);
	PRE(m0, m1);
	/* 56-59 */
	NEXT_E(m2);
	GROUP(2);
	FIN(m3, m2);
	MID(m0, m2);
	PRE(m1, m2);
	/* 60-63 */
	NEXT_E(m3);
	GROUP(3);
	FIN(m0, m3);
	MID(m1, m3);
	PRE(m2, m3);
	/* 64-67 */
	NEXT_E(m0);
	GROUP(3);
	FIN(m1, m0);
	MID(m2, m0);
	PRE(m3, m0);
	/* 68-71 */
	NEXT_E(m1);
	GROUP(3);
	FIN(m2, m1);
	MID(m3, m1);
	/* 72-75 */
	NEXT_E(m2);
	GROUP(3);
	FIN(m3, m2);
	/* 76-79 */
	NEXT_E(m3);
	GROUP(3);

	/* The E after round 79 is rol30 of the A going into round 76. */
	e0 = _mm_sha1nexte_epu32(prev, e0);
	abcd = _mm_add_epi32(abcd, abcd0);
	*abcd_io = abcd;
	*e0_io = e0;
}

/* The same, and the chaining value after it as SHA-1's a..e into cv. */
static inline __attribute__((always_inline)) void
sha1_shani_block_cv(__m128i *abcd, __m128i *e0, const uint8_t *in, __m128i rev, uint32_t cv[5])
{
	sha1_shani_block(abcd, e0, in, rev);
	sha1_shani_store(cv, *abcd, *e0);
}

#undef GROUP
#undef NEXT_E
#undef PRE
#undef MID
#undef FIN

#endif
