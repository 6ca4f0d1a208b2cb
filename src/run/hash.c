/* SPDX-License-Identifier: MIT */
/* Hashing one job's input: the clients' compute callback. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "run/hash.h"

static int hash_many(const struct run_algo_list *list, struct run_job *j, int fd,
		     const struct stat *st, struct io_buffer *buf);

int run_stream_start(const struct run_job *j, struct sumac_ctx *ctx, enum sumac_algo algo,
		     const struct sumac_impl *impl, unsigned digest_len)
{
	int err = sumac_init_len(ctx, algo, impl, digest_len);
	if (err || !j->detect_sha1 || sumac_algo_info(algo)->family != SUMAC_FAMILY_SHA1)
		return err;
	/* The client chose an implementation that can detect: a refusal here
	 * is an error, never a SHA-1 quietly left unchecked. */
	err = sumac_sha1dc_enable(ctx);
	if (err)
		sumac_discard(ctx);
	return err;
}

int run_stream_final(struct run_job *j, struct sumac_ctx *ctx, uint8_t *out)
{
	const int err = sumac_final(ctx, out);
	if (err != SUMAC_COLLISION)
		return err;
	j->collision = true;
	sumac_sha1dc_result(ctx, &j->hit);
	return 0;
}

int run_hash_job(void *ctx, struct run_job *j, int fd, const struct stat *st, struct io_buffer *buf)
{
	(void)ctx;
	if (j->algos)
		return hash_many(j->algos, j, fd, st, buf);
	struct sumac_ctx hc;
	int err = run_stream_start(j, &hc, j->algo, j->impl, j->digest_len);
	if (err)
		return err;
	/* A known stat tells a small regular file from an input worth the
	 * slow-input hook and read-ahead hints; without one (standard input,
	 * or fstat failed) the input is read as a stream. */
	err = st ? io_hash_open(fd, st, &hc, buf) : io_hash_fd(fd, &hc, buf);
	if (err) {
		sumac_discard(&hc);
		return err;
	}
	j->bytes = hc.total_lo;
	/* A library backend that failed mid-stream: an error, no digest. */
	return run_stream_final(j, &hc, j->digest);
}

static int hash_many(const struct run_algo_list *list, struct run_job *j, int fd,
		     const struct stat *st, struct io_buffer *buf)
{
	/* On the heap: every algorithm's context at once is several KiB, too
	 * much for a worker's stack to take per job without thought, and one
	 * allocation is nothing beside an open and a read. */
	struct sumac_ctx *hc = malloc(list->n * sizeof *hc);
	struct sumac_ctx *each[SUMAC_NALGO];
	unsigned started = 0;
	int err = hc ? 0 : ENOMEM;

	for (; !err && started < list->n; started++) {
		each[started] = &hc[started];
		err = run_stream_start(j, &hc[started], list->algo[started], list->impl[started],
				       list->digest_len[started]);
	}
	if (err) {
		/* The one that failed to start holds nothing. */
		for (unsigned i = 0; i + 1 < started; i++)
			sumac_discard(&hc[i]);
		free(hc);
		return err;
	}
	err = st ? io_hash_open_many(fd, st, each, list->n, buf)
		 : io_hash_fd_many(fd, each, list->n, buf);
	if (err) {
		for (unsigned i = 0; i < list->n; i++)
			sumac_discard(&hc[i]);
		free(hc);
		return err;
	}
	j->bytes = hc[0].total_lo;
	/* Every stream is finished, even after one fails, so that a library
	 * backend releases what it holds. */
	for (unsigned i = 0; i < list->n; i++) {
		const int e = run_stream_final(j, &hc[i], j->digests[i]);
		if (!err)
			err = e;
	}
	free(hc);
	return err;
}
