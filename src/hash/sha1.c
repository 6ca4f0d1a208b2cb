/* SPDX-License-Identifier: MIT */
/* The SHA-1 family (FIPS 180-4): big-endian Merkle-Damgard, 64-byte blocks. */
#include "config.h"

#include <string.h>

#include "hash/family.h"
#include "hash/md.h"

/* FIPS 180-4 §5.3.1. */
static const uint32_t sha1_iv[][5] = {
	{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0},
};

/* A term of the sum that counts the family's rows of algorithms.h. */
/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_SHA1)
_Static_assert(sizeof sha1_iv / sizeof sha1_iv[0] == 0 SUMAC_ALGORITHMS(IN_FAMILY_),
	       "one initial value per SHA-1 algorithm in algorithms.h");

static void sha1_init(void *state, unsigned variant)
{
	memcpy(state, sha1_iv[variant], sizeof sha1_iv[variant]);
}

/* The length field, the word size and the byte order. */
static const struct sumac_md_layout sha1_layout = {8, 4, true};

const struct sumac_family_ops sumac_sha1_family = {
	.init = sha1_init,
	.md = &sha1_layout,
};
