/* SPDX-License-Identifier: MIT */
/* The scalar UBC filter of SHA-1 collision detection (hash/sha1dc.h): the
 * condition table evaluated block by block.  The reference the SIMD
 * filters are tested against, and the filter wherever they do not run. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/sha1dc.h"

/* The filter reads W[35..64] only. */
#define LAST_W 64

static uint32_t block_mask(const uint8_t *block)
{
	uint32_t w[LAST_W + 1];

	for (unsigned t = 0; t < 16; t++)
		w[t] = load_be32(block + 4 * t);
	for (unsigned t = 16; t <= LAST_W; t++)
		w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

	uint32_t mask = ~UINT32_C(0);
	for (size_t k = 0; k < sumac_sha1dc_nconds && mask; k++) {
		const struct sumac_sha1dc_cond *c = &sumac_sha1dc_conds[k];
		/* A condition whose DVs are all ruled out already cannot
		 * change the mask: skipping it is what keeps random data
		 * cheap (most blocks lose every DV in a few conditions). */
		if (!(mask & c->dvs))
			continue;
		uint32_t bit = w[c->i] >> c->a;
		if (c->j != 0xff)
			bit ^= w[c->j] >> c->b;
		if ((bit & 1) != c->c)
			mask &= ~c->dvs;
	}
	return mask;
}

void sumac_sha1dc_ubc_scalar(const uint8_t *blocks, size_t n, uint32_t *masks)
{
	for (size_t k = 0; k < n; k++)
		masks[k] = block_mask(blocks + 64 * k);
}
