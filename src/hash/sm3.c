/* SPDX-License-Identifier: MIT */
/* The SM3 family (GB/T 32905-2016): one algorithm, big-endian
 * Merkle-Damgard with 32-bit words, 64-byte blocks and a 64-bit length,
 * padded exactly as SHA-256 is (md.c). */
#include "config.h"

#include <string.h>

#include "hash/family.h"
#include "hash/md.h"

/* GB/T 32905-2016 §4.1. */
static const uint32_t sm3_iv[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
				   0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};

/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_SM3)
_Static_assert(1 == 0 SUMAC_ALGORITHMS(IN_FAMILY_), "one SM3 algorithm in algorithms.h");

static void sm3_init(void *state, unsigned variant)
{
	(void)variant;
	memcpy(state, sm3_iv, sizeof sm3_iv);
}

static const struct sumac_md_layout sm3_layout = {8, 4, true};

const struct sumac_family_ops sumac_sm3_family = {
	.init = sm3_init,
	.md = &sm3_layout,
};
