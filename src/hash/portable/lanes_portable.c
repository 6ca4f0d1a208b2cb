/* SPDX-License-Identifier: MIT */
/* The portable many-message entry of every family: the lanes one after the
 * other through the family's portable block function.  No faster than one
 * message at a time; it is the reference a lane kernel is cross-checked
 * against, and it lets the pipeline's lane path run on every machine. */
#include "config.h"

#include "hash/portable/portable.h"

#define LANES_(ID, ident, state, block)                                                            \
	void sumac_##ident##_lanes_portable(void *const st[], const uint8_t *const in[],           \
					    unsigned n, size_t nblocks)                            \
	{                                                                                          \
		for (unsigned l = 0; l < n; l++)                                                   \
			sumac_##ident##_blocks_portable(st[l], in[l], nblocks);                    \
	}
SUMAC_FAMILIES(LANES_)
