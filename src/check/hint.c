/* SPDX-License-Identifier: MIT */
/* The other algorithms of a digest's width (check/hint.h). */
#include "config.h"

#include "check/hint.h"

/* MD5's width, the narrowest a GNU program writes. */
#define NARROWEST_GUESSED 16

size_t check_alternatives(enum sumac_algo used, unsigned digest_len,
			  struct check_alternative out[SUMAC_NALGO])
{
	size_t n = 0;

	if (digest_len < NARROWEST_GUESSED)
		return 0;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const enum sumac_algo algo = (enum sumac_algo)a;
		const unsigned own = sumac_algo_info(algo)->digest_len;
		if (algo == used ||
		    (own != digest_len && !(sumac_algo_takes_length(algo) && digest_len < own)))
			continue;
		out[n].algo = algo;
		out[n].digest_len = digest_len;
		n++;
	}
	return n;
}
