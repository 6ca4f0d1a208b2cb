/* SPDX-License-Identifier: MIT */
/* The hint of sumac -c for a list of another algorithm (cli/hint.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/hint.h"
#include "check/parse.h"
#include "cli/hint.h"
#include "cli/out.h"
#include "hash/registry.h"
#include "io/io.h"

/* Whether name, hashed with alt, gives hex.  A length-taking algorithm at
 * a shorter length needs a block backend: the portable one serves where
 * the chosen one is a library. */
static bool alternative_matches(const struct check_alternative *alt, const char *name,
				const char *hex, struct io_buffer *buf)
{
	struct sumac_selection sel;
	struct sumac_ctx ctx;
	unsigned char digest[SUMAC_MAX_DIGEST];
	const unsigned len =
		alt->digest_len == sumac_algo_info(alt->algo)->digest_len ? 0 : alt->digest_len;

	if (sumac_select(alt->algo, NULL, &sel) != SUMAC_SELECT_OK)
		return false;
	/* Under a simulated CPU model (a test aid) the choice may be a row
	 * this machine cannot run: the portable one answers instead. */
	if ((!sumac_impl_runs_here(sel.impl) ||
	     sumac_init_len(&ctx, alt->algo, sel.impl, len) != 0) &&
	    sumac_init_len(&ctx, alt->algo, sumac_portable_impl(sumac_algo_info(alt->algo)->family),
			   len) != 0)
		return false;
	if (io_hash_path(name, &ctx, buf) != 0) {
		sumac_discard(&ctx);
		return false;
	}
	return sumac_final(&ctx, digest) == 0 && check_digest_matches(hex, digest, alt->digest_len);
}

void hint_other_algorithm(const char *list, const char *name, const char *hex, enum sumac_algo used,
			  unsigned digest_len)
{
	struct check_alternative alts[SUMAC_NALGO];
	const size_t n = check_alternatives(used, digest_len, alts);
	struct io_buffer buf;

	if (n == 0 || io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!alternative_matches(&alts[i], name, hex, &buf))
			continue;
		const struct sumac_algo_info *ai = sumac_algo_info(alts[i].algo);
		char option[64];
		if (alts[i].digest_len == ai->digest_len)
			snprintf(option, sizeof option, "-a %s", ai->name);
		else
			snprintf(option, sizeof option, "-a %s -l %u", ai->name,
				 8 * alts[i].digest_len);
		/* Two quoted names: out_quotef's buffer holds one at a time. */
		char *shown_list = strdup(out_quotef(list));
		out_error(0, "%s: no digest matched as %s, but %s matches with %s",
			  shown_list ? shown_list : list, sumac_algo_info(used)->name,
			  out_quotef(name), option);
		free(shown_list);
		break;
	}
	io_buffer_free(&buf);
}
