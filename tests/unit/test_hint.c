/* SPDX-License-Identifier: MIT */
/* check_alternatives(): the other algorithms of a digest's width, which
 * sumac -c tries when no digest of an untagged list matched. */
#include "config.h"

#include "check/hint.h"
#include "tap.h"

/* Whether the list holds algo at digest_len. */
static bool has(const struct check_alternative *alts, size_t n, enum sumac_algo algo,
		unsigned digest_len)
{
	for (size_t i = 0; i < n; i++)
		if (alts[i].algo == algo && alts[i].digest_len == digest_len)
			return true;
	return false;
}

static bool lacks(const struct check_alternative *alts, size_t n, enum sumac_algo algo)
{
	for (size_t i = 0; i < n; i++)
		if (alts[i].algo == algo)
			return false;
	return true;
}

int main(void)
{
	struct check_alternative alts[SUMAC_NALGO];
	size_t n;

	n = check_alternatives(SUMAC_SHA256, 32, alts);
	tap_ok(n == 4, "64 digits besides SHA-256: four (%zu)", n);
	tap_ok(has(alts, n, SUMAC_SHA512_256, 32) && has(alts, n, SUMAC_SHA3_256, 32) &&
		       has(alts, n, SUMAC_BLAKE2B, 32) && has(alts, n, SUMAC_SM3, 32),
	       "...SHA-512/256, SHA3-256, BLAKE2b-256 and SM3");
	tap_ok(lacks(alts, n, SUMAC_SHA256), "...never the one that failed");

	n = check_alternatives(SUMAC_SHA512, 64, alts);
	tap_ok(n == 2 && has(alts, n, SUMAC_BLAKE2B, 64) && has(alts, n, SUMAC_SHA3_512, 64),
	       "128 digits besides SHA-512: BLAKE2b and SHA3-512");

	n = check_alternatives(SUMAC_BLAKE2B, 64, alts);
	tap_ok(n == 2 && has(alts, n, SUMAC_SHA512, 64) && has(alts, n, SUMAC_SHA3_512, 64),
	       "128 digits besides BLAKE2b: SHA-512 and SHA3-512");

	n = check_alternatives(SUMAC_SHA224, 28, alts);
	tap_ok(n == 3 && has(alts, n, SUMAC_SHA512_224, 28) && has(alts, n, SUMAC_SHA3_224, 28) &&
		       has(alts, n, SUMAC_BLAKE2B, 28),
	       "56 digits besides SHA-224: SHA-512/224, SHA3-224, BLAKE2b-224");

	n = check_alternatives(SUMAC_MD5, 16, alts);
	tap_ok(n == 1 && has(alts, n, SUMAC_BLAKE2B, 16), "32 digits besides MD5: BLAKE2b-128");

	n = check_alternatives(SUMAC_SHA1, 20, alts);
	tap_ok(n == 1 && has(alts, n, SUMAC_BLAKE2B, 20), "40 digits besides SHA-1: BLAKE2b-160");

	n = check_alternatives(SUMAC_SHA384, 48, alts);
	tap_ok(n == 2 && has(alts, n, SUMAC_SHA3_384, 48) && has(alts, n, SUMAC_BLAKE2B, 48),
	       "96 digits besides SHA-384: SHA3-384, BLAKE2b-384");

	tap_ok(check_alternatives(SUMAC_CRC, 4, alts) == 0, "a CRC's width: none");
	tap_ok(check_alternatives(SUMAC_SHA256, 15, alts) == 0, "below MD5's width: none");
	return tap_done();
}
