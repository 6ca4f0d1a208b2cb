/* SPDX-License-Identifier: MIT */
/* sumac --benchmark.  One row per (algorithm, backend), one column per
 * buffer size; each cell is the MB/s of whole one-shot hashes (init,
 * update, final), as a program hashing many files of that size would see.
 * Without -a, only one algorithm per family is timed: the others share
 * its block function and run at the same speed.  A backend with a lane
 * kernel (several files at once on one thread) gets a second row: the
 * MB/s of all its lanes together, each lane a message of the cell's size.
 * A SHA-1 backend that can detect collision attacks gets its rows twice,
 * with detection off and on ("+dc"): on is what sha1sum does by default.
 * The data is pseudo-random: detection's slow path depends on the data,
 * and zeros would never take it. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/backend.h"
#include "cli/benchmark.h"
#include "cli/out.h"
#include "cli/timing.h"
#include "hash/registry.h"
#include "hash/sha1dc.h"

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
	bool detect; /* SHA-1 collision detection on */
	int err;     /* the first failure of a library backend */
};

static void hash_once(void *arg)
{
	struct hash_job *job = arg;
	struct sumac_ctx ctx;
	uint8_t digest[SUMAC_MAX_DIGEST];

	int err = sumac_init(&ctx, job->algo, job->impl);
	if (!err && job->detect && (err = sumac_sha1dc_enable(&ctx)) != 0)
		sumac_discard(&ctx);
	if (!err) {
		sumac_update(&ctx, job->data, job->len);
		err = sumac_final(&ctx, digest);
		/* A flagged buffer still hashed in full. */
		if (err == SUMAC_COLLISION)
			err = 0;
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
		if (job->detect)
			(void)sumac_sha1dc_enable(&ctx[l]);
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
		     const uint8_t *data, unsigned lanes, bool detect)
{
	char label[40], lane_word[16] = "";

	if (lanes)
		snprintf(lane_word, sizeof lane_word, " x%u", lanes);
	snprintf(label, sizeof label, "%s%s%s%s", impl->backend, lane_word, detect ? " +dc" : "",
		 is_auto && !lanes ? " *" : "");
	out_printf("%-11s %-17s", sumac_algo_info(algo)->name, label);
	for (size_t s = 0; s < NSIZES; s++) {
		struct hash_job job = {algo,   impl, data, sizes[s], lanes, sizes[NSIZES - 1],
				       detect, 0};
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
	const struct sumac_cpu_model *model = sumac_cpu_simulated();

	/* It times this machine's kernels: a simulated model has nothing to
	 * time, and may name kernels this machine cannot run. */
	if (model) {
		out_error(0, "--benchmark times this machine: not with SUMAC_TEST_CPU_MODEL=%s",
			  model->name);
		return 1;
	}
	/* A message for every lane a kernel can have. */
	uint8_t *data = malloc(len * SUMAC_MAX_LANES);

	if (!data) {
		out_error(0, "memory exhausted");
		return 1;
	}
	/* xorshift64: random-looking bytes, the same every run. */
	uint64_t x = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < len * SUMAC_MAX_LANES; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		data[i] = (uint8_t)(x >> 32);
	}

	out_printf("Whole hashes of in-memory buffers, %.1f s of CPU time per cell, in MB/s "
		   "(10^6 bytes/s).\n\n",
		   CELL_SECONDS);
	out_printf("%-11s %-17s", "ALGORITHM", "BACKEND");
	for (size_t s = 0; s < NSIZES; s++)
		out_printf(" %10s", size_names[s]);
	out_text("\n");
	out_flush();

	for (size_t a = 0; a < nalgos; a++) {
		const enum sumac_algo algo = algos[a];
		struct sumac_selection chosen, chosen_dc;
		if (sumac_select(algo, NULL, &chosen) != SUMAC_SELECT_OK)
			chosen.impl = NULL;
		if (backend_select_auto(algo, true, &chosen_dc) != SUMAC_SELECT_OK)
			chosen_dc.impl = NULL;
		for (size_t i = 0; i < sumac_nimpls; i++) {
			const struct sumac_impl *impl = &sumac_impls[i];
			if (!backend_runs(impl, algo))
				continue;
			/* A backend's row is what --backend runs, or auto's
			 * choice where auto takes another row of it. */
			if (chosen.impl && chosen.impl != impl &&
			    strcmp(chosen.impl->backend, impl->backend) == 0)
				impl = chosen.impl;
			/* The looped portable reference is one stream's speed. */
			const bool lanes =
				impl->lanes >= 2 && impl->lanes_blocks && !impl->lanes_reference;
			const bool dc = sumac_algo_info(algo)->family == SUMAC_FAMILY_SHA1 &&
					sumac_impl_detects_sha1_collisions(impl);
			ok &= time_row(algo, impl, impl == chosen.impl, data, 0, false);
			if (ok && dc)
				ok &= time_row(algo, impl, impl == chosen_dc.impl, data, 0, true);
			if (ok && lanes)
				ok &= time_row(algo, impl, false, data, impl->lanes, false);
			if (ok && lanes && dc)
				ok &= time_row(algo, impl, false, data, impl->lanes, true);
		}
	}
	out_text("\n* what auto uses (--backend and SUMAC_BACKEND override it).\n"
		 "xN: N messages at once in lanes, as files are hashed (SUMAC_LANES), all "
		 "lanes' bytes counted.\n");
	if (!only || sumac_algo_info(*only)->family == SUMAC_FAMILY_SHA1)
		out_printf("+dc: SHA-1 with collision detection on, as sha1sum runs by default "
			   "(filter %s;\nSUMAC_SHA1_COLLISIONS=ignore runs the row without; * on "
			   "both: auto with and without).\n",
			   sumac_sha1dc_filter_name());
	if (!only)
		print_untimed();
	free(data);
	return ok ? 0 : 1;
}
