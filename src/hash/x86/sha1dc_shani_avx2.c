/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 SHA-NI + AVX2 (SHA-1 with collision detection: 8 blocks
 * hashed with SHA-NI while the AVX2 UBC filter checks the same 8, twice
 * per call).
 * Flags: -msha -mssse3 -msse4.1 -mavx2 -mbmi2.
 * Only called through the sha1dc dispatch (hash/sha1dc.h) for a context on
 * the x86-shani backend, after the row's usable() said yes.
 *
 * The AVX2 form of sha1dc_shani_avx512.c (which says why one kernel), for
 * CPUs with SHA-NI and AVX2 but no AVX-512 (Zen 2 and 3 among them); the
 * same rule keeps it to AMD. */
#include "config.h"

#if HAVE_SHA1DC_SHANI_AVX2

#include <immintrin.h>
#include <stdint.h>

#include "hash/sha1dc.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha1_shani_block.h"
#include "hash/x86/sha1dc_avx2.h"

/* SHA_AT(t): how many SHA-NI blocks go in before the filter's step W(t).
 * Counting the prologue (loads, byte swaps, transpositions) as 80 vector
 * instructions, an expanded word as 6 and a condition as 4, the filter of
 * 8 blocks is about 1000; a block goes in at every 1/8 of that (block 0
 * before the prologue). */
#define SHA_AT(t)                                                                                  \
	((t) == 24 || (t) == 39 || (t) == 42 || (t) == 46 || (t) == 49 || (t) == 54 || (t) == 59   \
		 ? 1                                                                               \
		 : 0)

/* The next block, its chaining value into cv[k]. */
#define SHA_STEP() (sha1_shani_block_cv(&abcd, &e0, in + 64 * k, rev, cv[k]), k++)
#define FUSED_WORD(t)                                                                              \
	if (SHA_AT(t))                                                                             \
		SHA_STEP();                                                                        \
	UBC_WORD(t)

/* Every block of a half once: 1 before the prologue and 7 in the steps. */
/* NOLINTNEXTLINE(bugprone-macro-parentheses): a term of the sum below */
#define SHA_AT_PLUS(t) +SHA_AT(t)
#define NO_COND(n, i, a, j, b, c, dvs)
_Static_assert(1 SUMAC_SHA1DC_CONDS(SHA_AT_PLUS, NO_COND) == LANES, "SHA_AT places 8 blocks");
_Static_assert(SUMAC_SHA1DC_FUSED_BLOCKS == 2 * LANES, "a call is two halves");

void sumac_sha1dc_shani_avx2(void *state, const uint8_t *in, uint32_t *masks, uint32_t (*cv)[5])
{
	uint32_t *s = state;
	const __m128i rev = SHA1_SHANI_REV;
	__m128i abcd, e0;
	const uint32_t *dvs_of = sumac_sha1dc_ubc_dvs_avx2;

	OPAQUE(dvs_of);
	sha1_shani_load(s, &abcd, &e0);
	for (int half = 0; half < 2; half++, in += 64 * LANES, masks += LANES, cv += LANES) {
		unsigned k = 0;
		vec w[65];
		vec dead[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(),
			       _mm256_setzero_si256(), _mm256_setzero_si256()};
		const uint8_t *p[LANES];

		SHA_STEP();
		for (int b = 0; b < LANES; b++)
			p[b] = in + 64 * b;
		load_blocks(w, p);
		SUMAC_SHA1DC_CONDS(FUSED_WORD, UBC_COND)
		_mm256_storeu_si256((void *)masks, ubc_alive(dead));
	}

	sha1_shani_store(s, abcd, e0);
}

#endif
