/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 SHA-NI + AVX-512F/VL (SHA-1 with collision detection: 16
 * blocks hashed with SHA-NI while the AVX-512 UBC filter checks the same 16).
 * Flags: -msha -mssse3 -msse4.1 -mavx2 -mbmi2 -mavx512f -mavx512vl.
 * Only called through the sha1dc dispatch (hash/sha1dc.h) for a context on
 * the x86-shani backend, after the row's usable() said yes.
 *
 * Why one kernel: SHA-NI SHA-1 waits on its chain of sha1rnds4 (about 125
 * cycles a block on Zen 4) with the vector units mostly idle, and the
 * filter is independent work of about the same number of instructions.
 * Run one after the other (filter a chunk, then hash it) they add up: 0.73x
 * to 0.76x of plain SHA-NI here.  Written as one straight sequence, the
 * filter of 16 blocks cut into 16 slices with a SHA-NI block between
 * slices, the out-of-order core runs each slice in the gaps of the chain.
 *
 * The sequence mixes legacy-SSE SHA instructions with 512-bit code.  On
 * AMD that costs nothing; on Intel CPUs since Skylake an SSE instruction
 * run while the upper halves are dirty pays a merge, which no one here
 * could measure, so the dispatch offers this kernel on AMD CPUs only. */
#include "config.h"

#if HAVE_SHA1DC_SHANI_AVX512

#include <immintrin.h>
#include <stdint.h>

#include "hash/sha1dc.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha1_shani_block.h"
#include "hash/x86/sha1dc_avx512.h"

/* SHA_AT(t): how many SHA-NI blocks go in before the filter's step W(t).
 * Counting the prologue (loads, byte swaps, transposition) as 110 vector
 * instructions and each expanded word or condition as 3, the filter is
 * about 728; a block goes in at every 1/16 of that (block 0 before the
 * prologue): the conditions only start at W(36), so the first blocks are
 * far apart in t and the later ones close. */
#define SHA_AT(t)                                                                                  \
	((t) == 16 ? 2                                                                             \
	 : (t) == 25 || (t) == 38 || (t) == 40 || (t) == 42 || (t) == 43 || (t) == 45 ||           \
			 (t) == 47 || (t) == 48 || (t) == 51 || (t) == 53 || (t) == 56 ||          \
			 (t) == 59 || (t) == 63                                                    \
		 ? 1                                                                               \
		 : 0)

/* The next block, its chaining value into cv[k]. */
#define SHA_STEP() (sha1_shani_block_cv(&abcd, &e0, in + 64 * k, rev, cv[k]), k++)
#define FUSED_WORD(t)                                                                              \
	if (SHA_AT(t) >= 1)                                                                        \
		SHA_STEP();                                                                        \
	if (SHA_AT(t) >= 2)                                                                        \
		SHA_STEP();                                                                        \
	UBC_WORD(t)

/* Every block once: 1 before the prologue and 15 in the steps. */
/* NOLINTNEXTLINE(bugprone-macro-parentheses): a term of the sum below */
#define SHA_AT_PLUS(t) +SHA_AT(t)
#define NO_COND(n, i, a, j, b, c, dvs)
_Static_assert(1 SUMAC_SHA1DC_CONDS(SHA_AT_PLUS, NO_COND) == LANES, "SHA_AT places 16 blocks");

void sumac_sha1dc_shani_avx512(void *state, const uint8_t *in, uint32_t *masks, uint32_t (*cv)[5])
{
	uint32_t *s = state;
	const __m128i rev = SHA1_SHANI_REV;
	__m128i abcd, e0;
	unsigned k = 0;
	vec w[65];
	vec dead[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
		       _mm512_setzero_si512()};
	const uint32_t *dvs_of = sumac_sha1dc_ubc_dvs_avx512;

	OPAQUE(dvs_of);
	sha1_shani_load(s, &abcd, &e0);
	SHA_STEP();
	load_blocks16(w, in);
	SUMAC_SHA1DC_CONDS(FUSED_WORD, UBC_COND)
	_mm512_storeu_si512(masks, ubc_alive(dead));

	sha1_shani_store(s, abcd, e0);
}

#endif
