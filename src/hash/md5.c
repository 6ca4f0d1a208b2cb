/* SPDX-License-Identifier: MIT */
/* The MD5 family (RFC 1321): little-endian Merkle-Damgard, 64-byte blocks. */
#include "config.h"

#include <string.h>

#include "hash/family.h"
#include "hash/md.h"

/* RFC 1321 §3.3. */
static const uint32_t md5_iv[][4] = {
	{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476},
};

/* A term of the sum that counts the family's rows of algorithms.h. */
/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_MD5)
_Static_assert(sizeof md5_iv / sizeof md5_iv[0] == 0 SUMAC_ALGORITHMS(IN_FAMILY_),
	       "one initial value per MD5 algorithm in algorithms.h");

static void md5_init(void *state, unsigned variant)
{
	memcpy(state, md5_iv[variant], sizeof md5_iv[variant]);
}

/* The length field, the word size and the byte order. */
static const struct sumac_md_layout md5_layout = {8, 4, false};

const struct sumac_family_ops sumac_md5_family = {
	.init = md5_init,
	.md = &md5_layout,
};
