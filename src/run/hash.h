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

#endif
