/* SPDX-License-Identifier: MIT */
/* The SHA-512 family (FIPS 180-4): SHA-384, SHA-512, SHA-512/224 and
 * SHA-512/256, big-endian Merkle-Damgard with 64-bit words, 128-byte
 * blocks and a 128-bit length. */
#include "config.h"

#include <string.h>

#include "hash/family.h"
#include "hash/md.h"

/* FIPS 180-4 §5.3.4-5.3.6, in the variant order of algorithms.h. */
static const uint64_t sha512_iv[][8] = {
	{0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
	 0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL,
	 0x47b5481dbefa4fa4ULL},
	{0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
	 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL,
	 0x5be0cd19137e2179ULL},
	{0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL, 0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
	 0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL, 0x3f9d85a86a1d36c8ULL,
	 0x1112e6ad91d692a1ULL},
	{0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL, 0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
	 0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL, 0x2b0199fc2c85b8aaULL,
	 0x0eb72ddc81c52ca2ULL},
};

/* A term of the sum that counts the family's rows of algorithms.h. */
/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_SHA512)
_Static_assert(sizeof sha512_iv / sizeof sha512_iv[0] == 0 SUMAC_ALGORITHMS(IN_FAMILY_),
	       "one initial value per SHA-512 algorithm in algorithms.h");

static void sha512_init(void *state, unsigned variant)
{
	memcpy(state, sha512_iv[variant], sizeof sha512_iv[variant]);
}

/* The length field, the word size and the byte order. */
static const struct sumac_md_layout sha512_layout = {16, 8, true};

const struct sumac_family_ops sumac_sha512_family = {
	.init = sha512_init,
	.md = &sha512_layout,
};
