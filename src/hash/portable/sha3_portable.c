/* SPDX-License-Identifier: MIT */
/* The SHA-3 block functions in plain C: the absorb loop of hash/keccak.h at
 * each family's rate. */
#include "config.h"

#include "hash/keccak.h"
#include "hash/portable/portable.h"

#define SHA3_BLOCKS_(ID, ident, state, block)                                                      \
	void sumac_##ident##_blocks_portable(void *st, const uint8_t *in, size_t nblocks)          \
	{                                                                                          \
		keccak_absorb(st, in, nblocks, (block) / 8);                                       \
	}
SUMAC_SHA3_FAMILIES(SHA3_BLOCKS_)
