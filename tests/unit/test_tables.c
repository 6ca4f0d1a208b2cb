/* SPDX-License-Identifier: MIT */
/* The tables generated from src/hash/algorithms.h, and the registry rows
 * written by hand beside them, are in step: names and tags unique and
 * found again by name, sizes within the context's, variants numbered
 * 0..n-1 in each family, one portable row per family serving all of it,
 * driver names "<family>-<backend>" (a second row of one backend and
 * family adds "-<variant>"), lane entries described completely. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"

static void check_algorithms(void)
{
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const struct sumac_algo_info *ai = sumac_algo_info((enum sumac_algo)a);
		const struct sumac_family_info *fi = sumac_family_info(ai->family);
		enum sumac_algo found;
		bool unique = true;
		for (int b = 0; b < a; b++) {
			const struct sumac_algo_info *bi = sumac_algo_info((enum sumac_algo)b);
			unique &= strcmp(ai->name, bi->name) != 0 &&
				  strcmp(ai->tag, bi->tag) != 0 &&
				  !(ai->progname && bi->progname &&
				    strcmp(ai->progname, bi->progname) == 0);
			unique &= !(ai->family == bi->family && ai->variant == bi->variant);
		}
		tap_ok(unique, "%s: name, tag, program name and family variant are its own",
		       ai->name);
		tap_ok(sumac_algo_from_name(ai->name, &found) == 0 && found == (enum sumac_algo)a &&
			       sumac_algo_from_name(ai->tag, &found) == 0 &&
			       found == (enum sumac_algo)a,
		       "%s: found again by its name and its tag", ai->name);
		unsigned in_family = 0;
		for (int b = 0; b < SUMAC_NALGO; b++)
			in_family += sumac_algo_info((enum sumac_algo)b)->family == ai->family;
		tap_ok(ai->variant < in_family, "%s: variant %u of the %u of family %s", ai->name,
		       ai->variant, in_family, fi->name);
		tap_ok(ai->digest_len > 0 && ai->digest_len <= SUMAC_MAX_DIGEST,
		       "%s: a digest of %u bytes fits", ai->name, ai->digest_len);
	}
}

static void check_families(void)
{
	for (int f = 0; f < SUMAC_NFAMILY; f++) {
		const struct sumac_family_info *fi = sumac_family_info((enum sumac_family)f);
		tap_ok(fi->ops && fi->ops->init &&
			       (fi->ops->md != NULL) != (fi->ops->final != NULL),
		       "%s: has a descriptor, with one way to finish", fi->name);
		tap_ok(fi->state_bytes > 0 && fi->state_bytes <= SUMAC_MAX_STATE &&
			       fi->block_len > 0 && fi->block_len <= SUMAC_MAX_BLOCK,
		       "%s: state of %u and block of %u bytes fit the context", fi->name,
		       fi->state_bytes, fi->block_len);
		const struct sumac_impl *p = sumac_portable_impl((enum sumac_family)f);
		bool all = p != NULL && sumac_impl_usable(p);
		for (int a = 0; a < SUMAC_NALGO && all; a++)
			if (sumac_algo_info((enum sumac_algo)a)->family == (enum sumac_family)f)
				all = sumac_impl_serves(p, (enum sumac_algo)a);
		tap_ok(all, "%s: a usable portable row serves every algorithm of the family",
		       fi->name);
	}
}

static void check_rows(void)
{
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		const struct sumac_family_info *fi = sumac_family_info(impl->family);
		char want[64];
		snprintf(want, sizeof want, "%s-%s", fi->name, impl->backend);
		/* "<family>-<backend>", or that and "-<variant>" for a second
		 * row of one backend and family. */
		size_t n = strlen(want);
		tap_ok(strncmp(impl->driver, want, n) == 0 &&
			       (impl->driver[n] == '\0' ||
				(impl->driver[n] == '-' && impl->driver[n + 1])),
		       "%s: driver named %s", impl->driver, want);
		for (size_t j = 0; j < i; j++)
			if (strcmp(sumac_impls[j].driver, impl->driver) == 0)
				tap_ok(false, "driver %s named twice", impl->driver);
		bool listed = false;
		const char *token;
		for (size_t t = 0; (token = sumac_backend_token(t)); t++)
			listed |= strcmp(token, impl->backend) == 0;
		tap_ok(listed && sumac_backend_known(impl->backend), "%s: backend %s is listed",
		       impl->driver, impl->backend);
		bool in_family = true;
		for (int a = 0; a < SUMAC_NALGO; a++)
			if (impl->algos & SUMAC_ALGO_BIT(a))
				in_family &=
					sumac_algo_info((enum sumac_algo)a)->family == impl->family;
		tap_ok(in_family, "%s: serves only algorithms of its family", impl->driver);
		tap_ok(!(impl->blocks && impl->stream), "%s: block or stream backend, not both",
		       impl->driver);
		/* A row whose backend configure left out keeps its lane count,
		 * with no code, as it keeps its name with no blocks. */
		tap_ok((impl->lanes_blocks != NULL) == (impl->lanes != 0 && impl->blocks != NULL) &&
			       impl->lanes <= SUMAC_MAX_LANES && (!impl->lanes || !impl->stream),
		       "%s: lanes %u described completely", impl->driver, impl->lanes);
	}
	for (size_t t = 0; sumac_backend_token(t); t++)
		for (size_t u = 0; u < t; u++)
			if (strcmp(sumac_backend_token(t), sumac_backend_token(u)) == 0)
				tap_ok(false, "backend %s listed twice", sumac_backend_token(t));
}

/* configure reads the names make install links from algorithms.h with a
 * script (tools/gnu-names.sh): they must be the table's. */
static void check_gnu_names(void)
{
	const char *configured = getenv("SUMAC_GNU_NAMES");
	char names[512] = "";
	if (!configured) {
		tap_diag("SUMAC_GNU_NAMES not set (not run by make check): not compared");
		return;
	}
	for (int a = 0; a < SUMAC_NALGO_PRODUCT; a++) {
		const char *p = sumac_algo_info((enum sumac_algo)a)->progname;
		if (p)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				 names[0] ? " " : "", p);
	}
	/* cksum, every algorithm's program, comes last. */
	snprintf(names + strlen(names), sizeof names - strlen(names), " cksum");
	tap_ok(strcmp(names, configured) == 0, "configure's GNU_NAMES '%s' are the table's '%s'",
	       configured, names);
}

int main(void)
{
	check_gnu_names();
	check_algorithms();
	check_families();
	check_rows();
	return tap_done();
}
