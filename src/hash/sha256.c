/* SPDX-License-Identifier: MIT */
/* The SHA-256 family (FIPS 180-4): SHA-224 and SHA-256, big-endian
 * Merkle-Damgard with 32-bit words and 64-byte blocks. */
#include "config.h"

#include <string.h>

#include "hash/family.h"
#include "hash/md.h"

/* FIPS 180-4 §5.3.2 and §5.3.3, in the variant order of algorithms.h. */
static const uint32_t sha256_iv[][8] = {
	{0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7,
	 0xbefa4fa4},
	{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
	 0x5be0cd19},
};

/* A term of the sum that counts the family's rows of algorithms.h. */
/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_SHA256)
_Static_assert(sizeof sha256_iv / sizeof sha256_iv[0] == 0 SUMAC_ALGORITHMS(IN_FAMILY_),
	       "one initial value per SHA-256 algorithm in algorithms.h");

static void sha256_init(void *state, unsigned variant)
{
	memcpy(state, sha256_iv[variant], sizeof sha256_iv[variant]);
}

/* The length field, the word size and the byte order. */
static const struct sumac_md_layout sha256_layout = {8, 4, true};

const struct sumac_family_ops sumac_sha256_family = {
	.init = sha256_init,
	.md = &sha256_layout,
};
