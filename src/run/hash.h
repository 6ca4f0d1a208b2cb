/* SPDX-License-Identifier: MIT */
/* The compute callback of generation and --check: a job's digest. */
#ifndef SUMAC_RUN_HASH_H
#define SUMAC_RUN_HASH_H

#include "run/pipeline.h"

/* Hashes fd to its end with j->algo and j->impl into j->digest; or, for a
 * job with algos, reads fd once, feeding every algorithm of the list from
 * the same buffers, and writes digest i into j->digests[i].  Returns 0, or
 * the first error of a context or the input (no digest is valid then).
 * ctx is unused.  Every sumac_* call of the pipeline is in here. */
int run_hash_job(void *ctx, struct run_job *j, int fd, const struct stat *st,
		 struct io_buffer *buf);

/* Starts algo's stream ctx (sumac_init_len with j's implementation impl
 * and length digest_len) and, when j asks for it and algo is SHA-1, turns
 * collision detection on.  0, or an error (nothing is held then). */
int run_stream_start(const struct run_job *j, struct sumac_ctx *ctx, enum sumac_algo algo,
		     const struct sumac_impl *impl, unsigned digest_len);

/* sumac_final into out; a message found half of a SHA-1 collision attack
 * is not an error: the digest is written, and j->collision and j->hit say
 * so.  Returns 0 or the stream's error. */
int run_stream_final(struct run_job *j, struct sumac_ctx *ctx, uint8_t *out);

/* Several algorithms from one read of each input (sumac -a LIST, and
 * --check over several lists naming a file more than once), in order: the
 * implementation of each, and the digest length (0: the algorithm's own;
 * as sumac_init_len takes it). */
struct run_algo_list {
	unsigned n;
	enum sumac_algo algo[SUMAC_NALGO];
	unsigned digest_len[SUMAC_NALGO];
	const struct sumac_impl *impl[SUMAC_NALGO];
};

#endif
