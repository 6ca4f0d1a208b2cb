/* SPDX-License-Identifier: MIT */
/* The algorithm and family tables: names, BSD tags, digest sizes and the
 * initial hash values of FIPS 180-4 §5.3 and RFC 1321 §3.3. */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "hash/algo_iv.h"
#include "hash/hash.h"

static const struct sumac_algo_info algos[SUMAC_NALGO] = {
	[SUMAC_MD5] = {"md5", "MD5", "md5sum", SUMAC_FAMILY_MD5, 16},
	[SUMAC_SHA1] = {"sha1", "SHA1", "sha1sum", SUMAC_FAMILY_SHA1, 20},
	[SUMAC_SHA224] = {"sha224", "SHA224", "sha224sum", SUMAC_FAMILY_SHA256, 28},
	[SUMAC_SHA256] = {"sha256", "SHA256", "sha256sum", SUMAC_FAMILY_SHA256, 32},
	[SUMAC_SHA384] = {"sha384", "SHA384", "sha384sum", SUMAC_FAMILY_SHA512, 48},
	[SUMAC_SHA512] = {"sha512", "SHA512", "sha512sum", SUMAC_FAMILY_SHA512, 64},
	/* GNU ships no program for the truncated SHA-512 variants; their tags
	 * follow OpenSSL's "SHA512-256 (f) = ..." output. */
	[SUMAC_SHA512_224] = {"sha512-224", "SHA512-224", NULL, SUMAC_FAMILY_SHA512, 28},
	[SUMAC_SHA512_256] = {"sha512-256", "SHA512-256", NULL, SUMAC_FAMILY_SHA512, 32},
};

static const struct sumac_family_info families[SUMAC_NFAMILY] = {
	[SUMAC_FAMILY_MD5] = {"md5", 64, 8, 4, 0},
	[SUMAC_FAMILY_SHA1] = {"sha1", 64, 8, 4, 1},
	[SUMAC_FAMILY_SHA256] = {"sha256", 64, 8, 4, 1},
	[SUMAC_FAMILY_SHA512] = {"sha512", 128, 16, 8, 1},
};

static const uint32_t iv_md5[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
static const uint32_t iv_sha1[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
static const uint32_t iv_sha224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
				      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint32_t iv_sha256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
				      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint64_t iv_sha384[8] = {
	0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
	0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL};
static const uint64_t iv_sha512[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
	0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
static const uint64_t iv_sha512_224[8] = {
	0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL, 0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
	0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL, 0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL};
static const uint64_t iv_sha512_256[8] = {
	0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL, 0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
	0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL, 0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL};

const struct sumac_algo_info *sumac_algo_info(enum sumac_algo algo)
{
	return &algos[algo];
}

const struct sumac_family_info *sumac_family_info(enum sumac_family family)
{
	return &families[family];
}

void sumac_algo_iv(enum sumac_algo algo, void *state)
{
	static const void *const ivs[SUMAC_NALGO] = {
		iv_md5,    iv_sha1,   iv_sha224,     iv_sha256,
		iv_sha384, iv_sha512, iv_sha512_224, iv_sha512_256,
	};
	static const size_t sizes[SUMAC_NALGO] = {
		sizeof iv_md5,    sizeof iv_sha1,   sizeof iv_sha224,     sizeof iv_sha256,
		sizeof iv_sha384, sizeof iv_sha512, sizeof iv_sha512_224, sizeof iv_sha512_256,
	};
	memcpy(state, ivs[algo], sizes[algo]);
}

/* Compares ignoring case and the separators people write between the
 * family and the size ("SHA-256", "sha512/256", "sha512_256"). */
static int name_matches(const char *given, const char *canonical)
{
	for (;;) {
		while (*given == '-' || *given == '_' || *given == '/')
			given++;
		while (*canonical == '-')
			canonical++;
		char g = *given, c = *canonical;
		if (g >= 'A' && g <= 'Z')
			g = (char)(g - 'A' + 'a');
		if (g != c)
			return 0;
		if (g == '\0')
			return 1;
		given++;
		canonical++;
	}
}

int sumac_algo_from_name(const char *name, enum sumac_algo *out)
{
	for (int a = 0; a < SUMAC_NALGO; a++) {
		if (name_matches(name, algos[a].name)) {
			*out = (enum sumac_algo)a;
			return 0;
		}
	}
	return -1;
}
