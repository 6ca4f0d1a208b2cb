/* SPDX-License-Identifier: MIT */
/* ISA: x86 SHA-NI (sha1rnds4/sha1nexte/sha1msg1/sha1msg2).
 * Flags: -msha -mssse3 -msse4.1.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_SHA

#include <immintrin.h>

#include "hash/x86/sha1_shani_block.h"
#include "hash/x86/shani.h"

void sumac_sha1_blocks_shani(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	const __m128i rev = SHA1_SHANI_REV;
	__m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)s), 0x1b);
	__m128i e0 = _mm_set_epi32((int)s[4], 0, 0, 0);

	for (; nblocks; nblocks--, in += 64)
		sha1_shani_block(&abcd, &e0, in, rev);

	_mm_storeu_si128((__m128i *)s, _mm_shuffle_epi32(abcd, 0x1b));
	s[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

#endif /* HAVE_X86_SHA */
