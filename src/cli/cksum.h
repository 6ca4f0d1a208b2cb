/* SPDX-License-Identifier: MIT */
/* The cksum program's algorithms, as GNU's -a names them, release by
 * release (../shared/compat/GNU-EVOLUTION.md §2.1): what -a accepts at a
 * level, which sumac algorithm each is, and which output line it has. */
#ifndef SUMAC_CLI_CKSUM_H
#define SUMAC_CLI_CKSUM_H

#include <stdbool.h>

#include "hash/hash.h"

enum cksum_format {
	CKSUM_DIGEST, /* TAG (name) = digest, or the untagged line */
	CKSUM_CRC,    /* CRC BYTES NAME, decimal (POSIX cksum; crc32b too) */
	CKSUM_SYSV,   /* SUM 512-BYTE-BLOCKS NAME (sum -s) */
	CKSUM_BSD,    /* %05d %5d NAME, 1 KiB blocks (sum -r) */
};

struct cksum_algo {
	const char *name; /* what -a takes, exactly */
	unsigned since;   /* the first GNU level that has it */
	enum cksum_format format;
	/* sha2, sha3: the family; -l (224, 256, 384 or 512) picks the
	 * algorithm, and the sumac row is name "-" bits ("sha3-256"), or
	 * "sha" bits for sha2. */
	bool sized;
	const char *word; /* the name in GNU's messages: "SHA2", "BLAKE2b" */
};

/* The cksum entry -a NAME means at level, or NULL. */
const struct cksum_algo *cksum_algo_named(const char *name, unsigned level);

/* cksum's default, crc. */
const struct cksum_algo *cksum_default_algo(void);

/* The entries of level, in GNU's order, for "Valid arguments are:". */
unsigned cksum_algo_count(void);
const struct cksum_algo *cksum_algo_at(unsigned i);

/* The sumac algorithm of ca (with -l's bits for a sized family): true and
 * *algo, or false if this build has no such row. */
bool cksum_algo_resolve(const struct cksum_algo *ca, unsigned bits, enum sumac_algo *algo);

/* The cksum entry that a sumac algorithm belongs to (sha256 -> sha256,
 * never sha2), or NULL for one GNU's cksum lacks (sha512-256). */
const struct cksum_algo *cksum_algo_of(enum sumac_algo algo, unsigned level);

/* Whether algo is ca's (one of a sized family's four). */
bool cksum_algo_has(const struct cksum_algo *ca, enum sumac_algo algo);

#endif
