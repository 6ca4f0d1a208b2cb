/* SPDX-License-Identifier: MIT */
/* Hashing one job's input: the clients' compute callback. */
#include "config.h"

#include "run/hash.h"

int run_hash_job(void *ctx, struct run_job *j, int fd, const struct stat *st, struct io_buffer *buf)
{
	(void)ctx;
	struct sumac_ctx hc;
	int err = sumac_init_len(&hc, j->algo, j->impl, j->digest_len);
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
	return sumac_final(&hc, j->digest);
}
