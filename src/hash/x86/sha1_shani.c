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
	__m128i abcd, e0;

	sha1_shani_load(s, &abcd, &e0);
	for (; nblocks; nblocks--, in += 64)
		sha1_shani_block(&abcd, &e0, in, rev);

	sha1_shani_store(s, abcd, e0);
}

#endif /* HAVE_X86_SHA */
