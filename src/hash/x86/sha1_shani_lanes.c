/* SPDX-License-Identifier: MIT */
/* ISA: x86 SHA-NI (sha1rnds4/sha1nexte/sha1msg1/sha1msg2), two to four
 * messages at once.  Flags: -msha -mssse3 -msse4.1.
 * Only called through the registry (and the sha1dc dispatch, for the form
 * that writes the words its collision filter reads) after usable() said
 * yes.  Three forms of one kernel: plain, writing every block's state
 * (the registry's lanes_chain), and writing the states and the expanded
 * words (hash/sha1dc.h's schedule filter); the last two differ from the
 * first by a few stores a block. */
#include "config.h"

#if HAVE_X86_SHA

#include <immintrin.h>
#include <string.h>

#include "hash/sha1dc.h"
#include "hash/x86/kernel.h"
#include "hash/x86/shani.h"

/* One stream waits on its chain of 20 dependent sha1rnds4 per block, but
 * the unit takes a new one before the last is done, so the rounds of
 * independent messages run in each other's gaps.  State layout, rounds and
 * schedule are those of sha1_shani.c, written once per lane (index l) and
 * laid out lane after lane at each step.
 *
 * With the schedule in registers three lanes need 18 of the 16 xmm
 * registers (abcd, prev and four schedule words each), and clang 14 then
 * ran three lanes slower than two (x1.71 against x1.77 of one stream,
 * Zen 5).  So the rounds take W from an L1 buffer and only abcd, prev and e
 * of each lane stay in registers.  The buffer for the next block is filled
 * one block ahead, one lane at a time, in the gaps of the current block's
 * rounds; for the last block "next" is the current block again, so nothing
 * past the input is read, and that schedule goes unused.
 *
 * Zen 5, gcc 12 and clang 14 alike, aggregate over one stream of
 * sumac_sha1_blocks_shani: x1.8 for 2 lanes, x2.3 for 3, x2.6 for 4 (64 MiB
 * per lane; x1.75, x2.2, x2.5 for 4 KiB messages); a 5-lane form gained
 * only 4 % more. */

/* A per-lane step for every lane of the form; the lane index l is a
 * constant in each, so the compilers keep the lane arrays in registers. */
#define EACH(step, ...)                                                                            \
	do {                                                                                       \
		step(0, __VA_ARGS__);                                                              \
		step(1, __VA_ARGS__);                                                              \
		if (n > 2)                                                                         \
			step(2, __VA_ARGS__);                                                      \
		if (n > 3)                                                                         \
			step(3, __VA_ARGS__);                                                      \
	} while (0)

/* Lane l's 20 schedule words of a block, 4 rounds each. */
#define W(buf, l, g) ((buf)[20 * (l) + (g)])

/* The schedule of lane l's block at src into nxt: the words reversed (W[t]
 * in the top lane), then W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16])
 * four at a time, a..d holding the last 16 words. */
#define LOAD(l, src)                                                                               \
	do {                                                                                       \
		a = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src)), rev);                \
		b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((src) + 16)), rev);         \
		c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((src) + 32)), rev);         \
		d = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((src) + 48)), rev);         \
		W(nxt, l, 0) = a;                                                                  \
		W(nxt, l, 1) = b;                                                                  \
		W(nxt, l, 2) = c;                                                                  \
		W(nxt, l, 3) = d;                                                                  \
	} while (0)
#define SCHED(l, g)                                                                                \
	do {                                                                                       \
		t = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(a, b), c), d);             \
		W(nxt, l, g) = t;                                                                  \
		if (sched && (g) >= 8 && (g) < 8 + SUMAC_SHA1DC_SCHED_ROWS)                        \
			_mm_storeu_si128(sat + ((g)-8) * SUMAC_SHA1DC_SCHED_ROW + (l), t);         \
		a = b;                                                                             \
		b = c;                                                                             \
		c = d;                                                                             \
		d = t;                                                                             \
	} while (0)
#define SCHED3(l, g)                                                                               \
	do {                                                                                       \
		SCHED(l, g);                                                                       \
		SCHED(l, (g) + 1);                                                                 \
		SCHED(l, (g) + 2);                                                                 \
	} while (0)
/* Lane l's share of the next block's schedule, beside a round group. */
#define NEXT_LOAD(l)                                                                               \
	do {                                                                                       \
		if ((l) < n) {                                                                     \
			LOAD(l, q[l]);                                                             \
			SCHED(l, 4);                                                               \
		}                                                                                  \
	} while (0)
#define NEXT3(l, g)                                                                                \
	do {                                                                                       \
		if ((l) < n)                                                                       \
			SCHED3(l, g);                                                              \
	} while (0)
#define SCHED_ALL(l, _)                                                                            \
	do {                                                                                       \
		LOAD(l, p[l]);                                                                     \
		SCHED(l, 4);                                                                       \
		SCHED3(l, 5);                                                                      \
		SCHED3(l, 8);                                                                      \
		SCHED3(l, 11);                                                                     \
		SCHED3(l, 14);                                                                     \
		SCHED3(l, 17);                                                                     \
	} while (0)

#define START(l, _)                                                                                \
	do {                                                                                       \
		s[l] = state[l];                                                                   \
		p[l] = in[l];                                                                      \
		abcd[l] = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)s[l]), 0x1b);         \
		e0[l] = _mm_set_epi32((int)s[l][4], 0, 0, 0);                                      \
	} while (0)

/* nblocks already counts the blocks after this one. */
#define BEGIN(l, _)                                                                                \
	do {                                                                                       \
		abcd0[l] = abcd[l];                                                                \
		q[l] = nblocks ? p[l] + 64 : p[l];                                                 \
	} while (0)

/* Rounds 0-3: the first E is the state's own, not a rotated A. */
#define FIRST(l, _)                                                                                \
	do {                                                                                       \
		e[l] = _mm_add_epi32(e0[l], W(cur, l, 0));                                         \
		prev[l] = abcd[l];                                                                 \
		abcd[l] = _mm_sha1rnds4_epu32(abcd[l], e[l], 0);                                   \
	} while (0)

/* Four rounds; the abcd going in is kept as prev, whose A rotated is the
 * next group's E. */
#define ROUNDS(l, func, g)                                                                         \
	do {                                                                                       \
		e[l] = _mm_sha1nexte_epu32(prev[l], W(cur, l, g));                                 \
		prev[l] = abcd[l];                                                                 \
		abcd[l] = _mm_sha1rnds4_epu32(abcd[l], e[l], (func));                              \
	} while (0)

/* The E after round 79 is rol30 of the A going into round 76. */
#define END(l, _)                                                                                  \
	do {                                                                                       \
		e0[l] = _mm_sha1nexte_epu32(prev[l], e0[l]);                                       \
		abcd[l] = _mm_add_epi32(abcd[l], abcd0[l]);                                        \
		p[l] = q[l];                                                                       \
	} while (0)

/* Lane l's state after the block into the chain (hash.h's layout). */
#define CHAIN(l, _)                                                                                \
	do {                                                                                       \
		_mm_storeu_si128((__m128i *)(chain + 20 * (l)), _mm_shuffle_epi32(abcd[l], 0x1b)); \
		_mm_storeu_si32(chain + 20 * (l) + 16, _mm_srli_si128(e0[l], 12));                 \
	} while (0)

#define FINISH(l, _)                                                                               \
	do {                                                                                       \
		_mm_storeu_si128((__m128i *)s[l], _mm_shuffle_epi32(abcd[l], 0x1b));               \
		s[l][4] = (uint32_t)_mm_extract_epi32(e0[l], 3);                                   \
	} while (0)

/* n lanes, 2 to 4, a constant once inlined; chain NULL (a constant too)
 * or where every block's states go (sumac_lanes_chain_fn); sched NULL (a
 * constant too) or where the words the collision filter reads go
 * (hash/sha1dc.h): the schedule of each block, computed a block ahead,
 * goes to the slot of that block, sat. */
static inline __attribute__((always_inline)) void sha1_lanes(void *const state[],
							     const uint8_t *const in[],
							     size_t nblocks, const unsigned n,
							     uint8_t *chain, __m128i *sched)
{
	__m128i *sat = sched;
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
	__m128i buf[2][4 * 20];
	__m128i *cur, *nxt = buf[0], *spare = buf[1];
	uint32_t *s[4];
	const uint8_t *p[4], *q[4];
	__m128i abcd[4], abcd0[4], e0[4], e[4], prev[4];
	__m128i a, b, c, d, t;

	if (nblocks == 0)
		return;
	EACH(START, 0);
	/* OPAQUE keeps the compilers from carrying the stored words to the
	 * rounds in registers, which is the spilling this layout avoids. */
	OPAQUE(nxt);
	EACH(SCHED_ALL, 0);
	while (nblocks--) {
		if (sched)
			sat += n;
		cur = nxt;
		nxt = spare;
		spare = cur;
		OPAQUE(cur);
		OPAQUE(nxt);
		EACH(BEGIN, 0);
		EACH(FIRST, 0);
		NEXT_LOAD(0);
		NEXT3(0, 5);
		EACH(ROUNDS, 0, 1);
		NEXT3(0, 8);
		EACH(ROUNDS, 0, 2);
		NEXT3(0, 11);
		EACH(ROUNDS, 0, 3);
		NEXT3(0, 14);
		EACH(ROUNDS, 0, 4);
		NEXT3(0, 17);
		EACH(ROUNDS, 1, 5);
		NEXT_LOAD(1);
		NEXT3(1, 5);
		EACH(ROUNDS, 1, 6);
		NEXT3(1, 8);
		EACH(ROUNDS, 1, 7);
		NEXT3(1, 11);
		EACH(ROUNDS, 1, 8);
		NEXT3(1, 14);
		EACH(ROUNDS, 1, 9);
		NEXT3(1, 17);
		EACH(ROUNDS, 2, 10);
		NEXT_LOAD(2);
		NEXT3(2, 5);
		EACH(ROUNDS, 2, 11);
		NEXT3(2, 8);
		EACH(ROUNDS, 2, 12);
		NEXT3(2, 11);
		EACH(ROUNDS, 2, 13);
		NEXT3(2, 14);
		EACH(ROUNDS, 2, 14);
		NEXT3(2, 17);
		EACH(ROUNDS, 3, 15);
		NEXT_LOAD(3);
		NEXT3(3, 5);
		EACH(ROUNDS, 3, 16);
		NEXT3(3, 8);
		EACH(ROUNDS, 3, 17);
		NEXT3(3, 11);
		EACH(ROUNDS, 3, 18);
		NEXT3(3, 14);
		EACH(ROUNDS, 3, 19);
		NEXT3(3, 17);
		EACH(END, 0);
		if (chain) {
			EACH(CHAIN, 0);
			chain += 20 * n;
		}
	}
	EACH(FINISH, 0);
}

static void sha1_x2(void *const state[], const uint8_t *const in[], size_t nblocks)
{
	sha1_lanes(state, in, nblocks, 2, NULL, NULL);
}

static void sha1_x3(void *const state[], const uint8_t *const in[], size_t nblocks)
{
	sha1_lanes(state, in, nblocks, 3, NULL, NULL);
}

static void sha1_x4(void *const state[], const uint8_t *const in[], size_t nblocks)
{
	sha1_lanes(state, in, nblocks, 4, NULL, NULL);
}

static void sha1_chain_x2(void *const state[], const uint8_t *const in[], size_t nblocks,
			  uint8_t *chain)
{
	sha1_lanes(state, in, nblocks, 2, chain, NULL);
}

static void sha1_chain_x3(void *const state[], const uint8_t *const in[], size_t nblocks,
			  uint8_t *chain)
{
	sha1_lanes(state, in, nblocks, 3, chain, NULL);
}

static void sha1_chain_x4(void *const state[], const uint8_t *const in[], size_t nblocks,
			  uint8_t *chain)
{
	sha1_lanes(state, in, nblocks, 4, chain, NULL);
}

static void sha1_sched_x2(void *const state[], const uint8_t *const in[], size_t nblocks,
			  uint8_t *chain, __m128i *sched)
{
	sha1_lanes(state, in, nblocks, 2, chain, sched);
}

static void sha1_sched_x3(void *const state[], const uint8_t *const in[], size_t nblocks,
			  uint8_t *chain, __m128i *sched)
{
	sha1_lanes(state, in, nblocks, 3, chain, sched);
}

static void sha1_sched_x4(void *const state[], const uint8_t *const in[], size_t nblocks,
			  uint8_t *chain, __m128i *sched)
{
	sha1_lanes(state, in, nblocks, 4, chain, sched);
}

/* Each n from 2 to 4 has its own form: a spare lane on scratch state would
 * cost as much as a live one. */
void sumac_sha1_lanes_shani(void *const state[], const uint8_t *const in[], unsigned n,
			    size_t nblocks)
{
	if (n >= 4)
		sha1_x4(state, in, nblocks);
	else if (n == 3)
		sha1_x3(state, in, nblocks);
	else if (n == 2)
		sha1_x2(state, in, nblocks);
	else if (n == 1)
		sumac_sha1_blocks_shani(state[0], in[0], nblocks);
}

void sumac_sha1_lanes_chain_shani(void *const state[], const uint8_t *const in[], unsigned n,
				  size_t nblocks, void *chain)
{
	uint8_t *out = chain;

	if (n >= 4)
		sha1_chain_x4(state, in, nblocks, out);
	else if (n == 3)
		sha1_chain_x3(state, in, nblocks, out);
	else if (n == 2)
		sha1_chain_x2(state, in, nblocks, out);
	else
		/* One lane: a block at a time, its state after each. */
		for (size_t b = 0; b < nblocks; b++) {
			sumac_sha1_blocks_shani(state[0], in[0] + 64 * b, 1);
			memcpy(out + 20 * b, state[0], 20);
		}
}

void sumac_sha1_lanes_sched_shani(void *const state[], const uint8_t *const in[], unsigned n,
				  size_t nblocks, uint32_t (*chain)[5], uint32_t *sched)
{
	uint8_t *out = (uint8_t *)chain;
	__m128i *words = (__m128i *)(void *)sched;

	if (n >= 4)
		sha1_sched_x4(state, in, nblocks, out, words);
	else if (n == 3)
		sha1_sched_x3(state, in, nblocks, out, words);
	else
		sha1_sched_x2(state, in, nblocks, out, words);
}

#endif /* HAVE_X86_SHA */
