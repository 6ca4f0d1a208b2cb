/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: the descriptor every family file defines, and the
 * portable block function each family has (src/hash/portable/), with its
 * looped many-message references (portable/lanes_portable.c). */
#ifndef SUMAC_FAMILY_H
#define SUMAC_FAMILY_H

#include "hash/hash.h"

#define SUMAC_FAMILY_DECL_(ID, ident, state, block)                                                \
	extern const struct sumac_family_ops sumac_##ident##_family;                               \
	void sumac_##ident##_blocks_portable(void *st, const uint8_t *in, size_t nblocks);         \
	void sumac_##ident##_lanes_portable(void *const st[], const uint8_t *const in[],           \
					    unsigned n, size_t nblocks);                           \
	void sumac_##ident##_lanes_chain_portable(void *const st[], const uint8_t *const in[],     \
						  unsigned n, size_t nblocks, void *chain);
SUMAC_FAMILIES(SUMAC_FAMILY_DECL_)
#undef SUMAC_FAMILY_DECL_

#endif
