/* SPDX-License-Identifier: MIT */
/* Which other algorithms could have written an untagged list whose every
 * digest failed: those with digests of the same width.  Prints nothing. */
#ifndef SUMAC_CHECK_HINT_H
#define SUMAC_CHECK_HINT_H

#include <stddef.h>

#include "hash/hash.h"

/* An algorithm and the digest length it would be used at (BLAKE2b cut to
 * the width; the algorithm's own length otherwise). */
struct check_alternative {
	enum sumac_algo algo;
	unsigned digest_len;
};

/* The algorithms of digest_len-byte digests other than used, in the order
 * of the algorithm list: those of that length, and those that take a
 * length (BLAKE2b) where it is at most theirs.  Widths below 16 bytes
 * (the CRCs and sums) have none: no list of them is told by width.
 * Writes at most SUMAC_NALGO entries to out and returns how many. */
size_t check_alternatives(enum sumac_algo used, unsigned digest_len,
			  struct check_alternative out[SUMAC_NALGO]);

#endif
