/* SPDX-License-Identifier: MIT */
/* The algorithm and family tables, generated from algorithms.h. */
#include "config.h"

#include <string.h>

#include "hash/family.h"
#include "hash/hash.h"

#define ALGO_ROW_(ID, name, tag, prog, fam, variant, dlen, kat)                                    \
	[SUMAC_##ID] = {name, tag, prog, SUMAC_FAMILY_##fam, variant, dlen, kat},
const struct sumac_algo_info sumac_algo_table[SUMAC_NALGO] = {SUMAC_ALGORITHMS(ALGO_ROW_)};
#undef ALGO_ROW_

#define FAMILY_ROW_(ID, ident, state, block)                                                       \
	[SUMAC_FAMILY_##ID] = {#ident, state, block, &sumac_##ident##_family},
const struct sumac_family_info sumac_family_table[SUMAC_NFAMILY] = {SUMAC_FAMILIES(FAMILY_ROW_)};
#undef FAMILY_ROW_

/* Registry masks and fuzz headers hold an algorithm in a byte or a bit. */
_Static_assert(SUMAC_NALGO <= 32, "algorithm masks are 32-bit");

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
		if (name_matches(name, sumac_algo_table[a].name)) {
			*out = (enum sumac_algo)a;
			return 0;
		}
	}
	return -1;
}
