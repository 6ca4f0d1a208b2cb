/* SPDX-License-Identifier: MIT */
/* sumac -c: when no digest of an untagged list matched, whether another
 * algorithm of the same width verifies the first file that failed, and a
 * word on stderr naming the -a that would verify the list. */
#ifndef SUMAC_CLI_HINT_H
#define SUMAC_CLI_HINT_H

#include "hash/hash.h"

/* name failed with used at digest_len bytes against hex (its listed
 * digest).  Hashes it with each other algorithm of that width (the
 * automatic backend, as no --backend was asked for them) and, at the first
 * that matches, prints the hint for list (as shown in messages).  A file
 * that cannot be read now gives no hint. */
void hint_other_algorithm(const char *list, const char *name, const char *hex, enum sumac_algo used,
			  unsigned digest_len);

#endif
