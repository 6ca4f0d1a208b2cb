/* SPDX-License-Identifier: MIT */
/* sumac --benchmark.  One row per (algorithm, backend), one column per
 * buffer size; each cell is the MB/s of whole one-shot hashes (init,
 * update, final), as a program hashing many files of that size would see.
 * Without -a, only one algorithm per family is timed: the others share
 * its block function and run at the same speed. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/benchmark.h"
#include "cli/out.h"
#include "cli/timing.h"
#include "hash/registry.h"

#define CELL_SECONDS 0.2

static const enum sumac_algo timed_algos[] = {SUMAC_MD5, SUMAC_SHA1, SUMAC_SHA256, SUMAC_SHA512};
static const size_t sizes[] = {16, 1024, 1024 * 1024};
static const char *const size_names[] = {"16 B", "1 KiB", "1 MiB"};
#define NSIZES (sizeof sizes / sizeof sizes[0])

struct hash_job {
	enum sumac_algo algo;
	const struct sumac_impl *impl;
	const uint8_t *data;
	size_t len;
};

static void hash_once(void *arg)
{
	const struct hash_job *job = arg;
	struct sumac_ctx ctx;
	uint8_t digest[SUMAC_MAX_DIGEST];

	sumac_init(&ctx, job->algo, job->impl);
	sumac_update(&ctx, job->data, job->len);
	sumac_final(&ctx, digest);
}

/* The registry's own verdict on this backend for this algorithm: usable
 * on this CPU, accepted by its library, and through its self-test. */
static bool backend_runs(const struct sumac_impl *impl, enum sumac_algo algo)
{
	struct sumac_selection sel;

	return sumac_impl_serves(impl, algo) && sumac_impl_usable(impl) &&
	       sumac_select(algo, impl->backend, &sel) == SUMAC_SELECT_OK && sel.impl == impl;
}

static void time_row(enum sumac_algo algo, const struct sumac_impl *impl, bool is_auto,
		     const uint8_t *data)
{
	char label[40];

	snprintf(label, sizeof label, "%s%s", impl->backend, is_auto ? " *" : "");
	out_printf("%-11s %-15s", sumac_algo_info(algo)->name, label);
	for (size_t s = 0; s < NSIZES; s++) {
		struct hash_job job = {algo, impl, data, sizes[s]};
		double rate = timing_rate(hash_once, &job, CELL_SECONDS, TIMING_CPU);
		out_printf(" %10.1f", rate * (double)sizes[s] / 1e6);
	}
	out_text("\n");
	out_flush(); /* a row every second or so shows progress */
}

int benchmark_run(const enum sumac_algo *only)
{
	const enum sumac_algo *algos = only ? only : timed_algos;
	const size_t nalgos = only ? 1 : sizeof timed_algos / sizeof timed_algos[0];
	const size_t len = sizes[NSIZES - 1];
	uint8_t *data = malloc(len);

	if (!data) {
		out_error(0, "memory exhausted");
		return 1;
	}
	for (size_t i = 0; i < len; i++)
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
			if (backend_runs(impl, algo))
				time_row(algo, impl, impl == chosen.impl, data);
		}
	}
	out_text("\n* what auto uses (--backend and SUMAC_BACKEND override it).\n");
	if (!only)
		out_text("sha224 runs at sha256's speed; sha384, sha512-224 and sha512-256 at "
			 "sha512's.\n");
	free(data);
	return 0;
}
