/* SPDX-License-Identifier: MIT */
/* The compute callback of generation and --check: a job's digest. */
#ifndef SUMAC_RUN_HASH_H
#define SUMAC_RUN_HASH_H

#include "run/pipeline.h"

/* Hashes fd to its end with j->algo and j->impl into j->digest.  Returns 0,
 * or the error of the context or the input.  ctx is unused.  Every sumac_*
 * call of the pipeline is in here. */
int run_hash_job(void *ctx, struct run_job *j, int fd, const struct stat *st,
		 struct io_buffer *buf);

/* sumac -a LIST: the algorithms every input is hashed with, in order, and
 * the implementation of each. */
struct run_algo_list {
	unsigned n;
	enum sumac_algo algo[SUMAC_NALGO];
	const struct sumac_impl *impl[SUMAC_NALGO];
};

/* Reads fd once to its end, feeding every algorithm of ctx (a const struct
 * run_algo_list *) from the same buffers, and writes digest i into
 * j->digests[i], which must have ctx->n rows; j->algo, j->impl and
 * j->digest are not used.  Returns 0, or the first error of a context or
 * the input, no digest being valid then. */
int run_hash_multi_job(void *ctx, struct run_job *j, int fd, const struct stat *st,
		       struct io_buffer *buf);

#endif
