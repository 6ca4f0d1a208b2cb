/* SPDX-License-Identifier: MIT */
/* sumac --benchmark.  One row per (algorithm, backend), one column per
 * buffer size; each cell is the MB/s of whole one-shot hashes (init,
 * update, final), as a program hashing many files of that size would see.
 * Without -a, only one algorithm per family is timed: the others share
 * its block function and run at the same speed.  A backend with a lane
 * kernel (several files at once on one thread) gets a second row: the
 * MB/s of all its lanes together, each lane a message of the cell's size. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/benchmark.h"
#include "cli/out.h"
#include "cli/timing.h"
#include "hash/registry.h"

#define CELL_SECONDS 0.2

static const size_t sizes[] = {16, 1024, 1024 * 1024};
static const char *const size_names[] = {"16 B", "1 KiB", "1 MiB"};
#define NSIZES (sizeof sizes / sizeof sizes[0])

struct hash_job {
	enum sumac_algo algo;
	const struct sumac_impl *impl;
	const uint8_t *data; /* lane l's message starts at data + l * stride */
	size_t len;
	unsigned lanes; /* 0: one stream */
	size_t stride;
	int err; /* the first failure of a library backend */
};

static void hash_once(void *arg)
{
	struct hash_job *job = arg;
	struct sumac_ctx ctx;
	uint8_t digest[SUMAC_MAX_DIGEST];

	int err = sumac_init(&ctx, job->algo, job->impl);
	if (!err) {
		sumac_update(&ctx, job->data, job->len);
		err = sumac_final(&ctx, digest);
	}
	if (err && !job->err)
		job->err = err;
}

/* job->lanes messages at once, as the pipeline hashes files in lanes. */
static void hash_lanes_once(void *arg)
{
	struct hash_job *job = arg;
	struct sumac_ctx ctx[SUMAC_MAX_LANES], *live[SUMAC_MAX_LANES];
	const uint8_t *in[SUMAC_MAX_LANES];
	uint8_t digest[SUMAC_MAX_DIGEST];
	const struct sumac_family_info *fi = sumac_family_info(job->impl->family);
	/* A family that keeps its last block passes it on to final. */
	const size_t nblocks = job->len > fi->ops->hold_last_block
				       ? (job->len - fi->ops->hold_last_block) / fi->block_len
				       : 0;

	for (unsigned l = 0; l < job->lanes; l++) {
		sumac_init(&ctx[l], job->algo, job->impl);
		live[l] = &ctx[l];
		in[l] = job->data + l * job->stride;
	}
	sumac_update_lanes(job->impl, live, job->lanes, in, nblocks);
	for (unsigned l = 0; l < job->lanes; l++) {
		const size_t done = nblocks * fi->block_len;
		sumac_update(&ctx[l], in[l] + done, job->len - done);
		sumac_final(&ctx[l], digest);
	}
}

/* The registry's own verdict on this backend for this algorithm: usable
 * on this CPU, accepted by its library, and through its self-test. */
static bool backend_runs(const struct sumac_impl *impl, enum sumac_algo algo)
{
	struct sumac_selection sel;

	return sumac_impl_serves(impl, algo) && sumac_impl_usable(impl) &&
	       sumac_select(algo, impl->backend, &sel) == SUMAC_SELECT_OK && sel.impl == impl;
}

/* The algorithm timed for a family without -a: its widest, which is what
 * the family's speed is quoted for (SHA-256, SHA-512). */
static enum sumac_algo family_representative(enum sumac_family f)
{
	int best = -1;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const struct sumac_algo_info *ai = sumac_algo_info((enum sumac_algo)a);
		if (ai->family == f &&
		    (best < 0 ||
		     ai->digest_len > sumac_algo_info((enum sumac_algo)best)->digest_len))
			best = a;
	}
	return (enum sumac_algo)best;
}

/* "sha224 runs at sha256's speed; sha384, sha512-224 and sha512-256 at
 * sha512's.": the algorithms not timed, by family. */
static void print_untimed(void)
{
	bool first_clause = true;
	for (int f = 0; f < SUMAC_NFAMILY; f++) {
		const enum sumac_algo rep = family_representative((enum sumac_family)f);
		unsigned n = 0, k = 0;
		for (int a = 0; a < SUMAC_NALGO; a++)
			n += sumac_algo_info((enum sumac_algo)a)->family == (enum sumac_family)f &&
			     a != (int)rep;
		if (n == 0)
			continue;
		out_text(first_clause ? "" : "; ");
		for (int a = 0; a < SUMAC_NALGO; a++) {
			const struct sumac_algo_info *ai = sumac_algo_info((enum sumac_algo)a);
			if (ai->family != (enum sumac_family)f || a == (int)rep)
				continue;
			k++;
			out_text(k == 1 ? "" : k == n ? " and " : ", ");
			out_text(ai->name);
		}
		out_printf(first_clause ? " runs at %s's speed" : " at %s's",
			   sumac_algo_info(rep)->name);
		first_clause = false;
	}
	if (!first_clause)
		out_text(".\n");
}

/* False if the backend failed (told). */
static bool time_row(enum sumac_algo algo, const struct sumac_impl *impl, bool is_auto,
		     const uint8_t *data, unsigned lanes)
{
	char label[40];

	if (lanes)
		snprintf(label, sizeof label, "%s x%u", impl->backend, lanes);
	else
		snprintf(label, sizeof label, "%s%s", impl->backend, is_auto ? " *" : "");
	out_printf("%-11s %-15s", sumac_algo_info(algo)->name, label);
	for (size_t s = 0; s < NSIZES; s++) {
		struct hash_job job = {algo, impl, data, sizes[s], lanes, sizes[NSIZES - 1], 0};
		double rate = timing_rate(lanes ? hash_lanes_once : hash_once, &job, CELL_SECONDS,
					  TIMING_CPU);
		if (job.err) {
			out_text("\n");
			out_error(job.err, "%s", impl->driver);
			return false;
		}
		out_printf(" %10.1f", rate * (double)sizes[s] * (lanes ? lanes : 1) / 1e6);
	}
	out_text("\n");
	out_flush(); /* a row every second or so shows progress */
	return true;
}

int benchmark_run(const enum sumac_algo *only)
{
	enum sumac_algo timed[SUMAC_NFAMILY];
	for (int f = 0; f < SUMAC_NFAMILY; f++)
		timed[f] = family_representative((enum sumac_family)f);
	const enum sumac_algo *algos = only ? only : timed;
	const size_t nalgos = only ? 1 : SUMAC_NFAMILY;
	bool ok = true;
	const size_t len = sizes[NSIZES - 1];
	/* A message for every lane a kernel can have. */
	uint8_t *data = malloc(len * SUMAC_MAX_LANES);

	if (!data) {
		out_error(0, "memory exhausted");
		return 1;
	}
	for (size_t i = 0; i < len * SUMAC_MAX_LANES; i++)
		data[i] = (uint8_t)(i * 2654435761u >> 13);

	out_printf("Whole hashes of in-memory buffers, %.1f s of CPU time per cell, in MB/s "
		   "(10^6 bytes/s).\n\n",
		   CELL_SECONDS);
	out_printf("%-11s %-15s", "ALGORITHM", "BACKEND");
	for (size_t s = 0; s < NSIZES; s++)
		out_printf(" %10s", size_names[s]);
	out_text("\n");
	out_flush();

	for (size_t a = 0; a < nalgos; a++) {
		const enum sumac_algo algo = algos[a];
		struct sumac_selection chosen;
		if (sumac_select(algo, NULL, &chosen) != SUMAC_SELECT_OK)
			chosen.impl = NULL;
		for (size_t i = 0; i < sumac_nimpls; i++) {
			const struct sumac_impl *impl = &sumac_impls[i];
			if (!backend_runs(impl, algo))
				continue;
			ok &= time_row(algo, impl, impl == chosen.impl, data, 0);
			/* The looped portable reference is one stream's speed. */
			if (ok && impl->lanes >= 2 && impl->lanes_blocks && !impl->lanes_reference)
				ok &= time_row(algo, impl, false, data, impl->lanes);
		}
	}
	out_text("\n* what auto uses (--backend and SUMAC_BACKEND override it).\n"
		 "xN: N messages at once in lanes, as files are hashed (SUMAC_LANES), all "
		 "lanes' bytes counted.\n");
	if (!only)
		print_untimed();
	free(data);
	return ok ? 0 : 1;
}
