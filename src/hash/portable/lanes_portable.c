/* SPDX-License-Identifier: MIT */
/* The portable many-message entry of every family: the lanes one after the
 * other through the family's portable block function.  No faster than one
 * message at a time; it is the reference a lane kernel is cross-checked
 * against, and it lets the pipeline's lane path run on every machine. */
#include "config.h"

#include <string.h>

#include "hash/portable/portable.h"

#define LANES_(ID, ident, state, block)                                                            \
	void sumac_##ident##_lanes_portable(void *const st[], const uint8_t *const in[],           \
					    unsigned n, size_t nblocks)                            \
	{                                                                                          \
		for (unsigned l = 0; l < n; l++)                                                   \
			sumac_##ident##_blocks_portable(st[l], in[l], nblocks);                    \
	}
SUMAC_FAMILIES(LANES_)

/* The same a block at a time, each block's state copied out after it. */
#define LANES_CHAIN_(ID, ident, state, block)                                                      \
	void sumac_##ident##_lanes_chain_portable(void *const st[], const uint8_t *const in[],     \
						  unsigned n, size_t nblocks, void *chain)         \
	{                                                                                          \
		unsigned char *out = chain;                                                        \
		for (size_t b = 0; b < nblocks; b++)                                               \
			for (unsigned l = 0; l < n; l++) {                                         \
				sumac_##ident##_blocks_portable(st[l], in[l] + (block)*b, 1);      \
				memcpy(out + (state) * (b * n + l), st[l], (state));               \
			}                                                                          \
	}
SUMAC_FAMILIES(LANES_CHAIN_)
