/* SPDX-License-Identifier: MIT */
/* cksum's -a names and what they stand for. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cksum.h"
#include "cli/level.h"

/* GNU's order: its "Valid arguments are:" list shows them so. */
static const struct cksum_algo table[] = {
	{"bsd", GNU_LEVEL_OLDEST, CKSUM_BSD, false, "BSD"},
	{"sysv", GNU_LEVEL_OLDEST, CKSUM_SYSV, false, "SYSV"},
	{"crc", GNU_LEVEL_OLDEST, CKSUM_CRC, false, "CRC"},
	{"crc32b", GNU_9_6, CKSUM_CRC, false, "CRC32B"},
	{"md5", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "MD5"},
	{"sha1", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "SHA1"},
	{"sha224", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "SHA224"},
	{"sha256", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "SHA256"},
	{"sha384", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "SHA384"},
	{"sha512", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "SHA512"},
	{"sha2", GNU_9_8, CKSUM_DIGEST, true, "SHA2"},
	{"sha3", GNU_9_8, CKSUM_DIGEST, true, "SHA3"},
	{"blake2b", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "BLAKE2b"},
	{"sm3", GNU_LEVEL_OLDEST, CKSUM_DIGEST, false, "SM3"},
};

unsigned cksum_algo_count(void)
{
	return sizeof table / sizeof table[0];
}

const struct cksum_algo *cksum_algo_at(unsigned i)
{
	return &table[i];
}

const struct cksum_algo *cksum_algo_named(const char *name, unsigned level)
{
	for (unsigned i = 0; i < cksum_algo_count(); i++)
		if (level >= table[i].since && strcmp(name, table[i].name) == 0)
			return &table[i];
	return NULL;
}

const struct cksum_algo *cksum_default_algo(void)
{
	return &table[2];
}

static bool row_named(const char *name, enum sumac_algo *algo)
{
	for (int a = 0; a < SUMAC_NALGO; a++) {
		if (strcmp(sumac_algo_info((enum sumac_algo)a)->name, name) == 0) {
			*algo = (enum sumac_algo)a;
			return true;
		}
	}
	return false;
}

bool cksum_algo_resolve(const struct cksum_algo *ca, unsigned bits, enum sumac_algo *algo)
{
	char name[16];

	if (!ca->sized)
		return row_named(ca->name, algo);
	if (strcmp(ca->name, "sha2") != 0)
		snprintf(name, sizeof name, "%s-%u", ca->name, bits);
	else
		snprintf(name, sizeof name, "sha%u", bits);
	return row_named(name, algo);
}

const struct cksum_algo *cksum_algo_of(enum sumac_algo algo, unsigned level)
{
	const char *name = sumac_algo_info(algo)->name;
	const struct cksum_algo *ca = cksum_algo_named(name, level);
	if (ca)
		return ca;
	/* sha3-256 is the sha3 family's. */
	if (strncmp(name, "sha3-", 5) == 0)
		return cksum_algo_named("sha3", level);
	return NULL;
}

bool cksum_algo_has(const struct cksum_algo *ca, enum sumac_algo algo)
{
	static const unsigned sizes[] = {224, 256, 384, 512};
	enum sumac_algo a;

	for (unsigned i = 0; i < (ca->sized ? 4u : 1u); i++)
		if (cksum_algo_resolve(ca, sizes[i], &a) && a == algo)
			return true;
	return false;
}
