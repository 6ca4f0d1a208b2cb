/* File input for hashing: open, read to end of file, feed a hash context.
 * Never prints; returns 0 or an errno value for the CLI to word. */
#ifndef SUMAC_IO_H
#define SUMAC_IO_H

#include <stddef.h>
#include <stdint.h>

#include "hash/hash.h"

/* One reusable buffer for every file of a run.  128 KiB: measured here,
 * read(2) of page-cached data peaks near that size, and it keeps the
 * buffer in L2 while the hash core reads it back. */
#define IO_BUFFER_SIZE (128 * 1024)

struct io_buffer {
	uint8_t *data;
	size_t size;
	/* Called before an input that may take a while (larger than one
	 * buffer, or not a regular file), so that the caller can push out
	 * what it has buffered.  May be NULL. */
	void (*before_slow_input)(void);
};

int io_buffer_init(struct io_buffer *buf, size_t size);
void io_buffer_free(struct io_buffer *buf);

/* Reads fd until end of file, retrying EINTR.  Works for regular files of
 * any size (also those whose st_size is 0 but have content, as in /proc),
 * pipes, ttys and devices: it only ever trusts read()'s return value, so a
 * file that shrinks or grows underneath is hashed as far as it was read. */
int io_hash_fd(int fd, struct sumac_ctx *ctx, struct io_buffer *buf);

/* Opens name read-only (no O_NONBLOCK: a FIFO waits for its writer, as with
 * GNU) and hashes it.  "-" is not special here; the caller decides. */
int io_hash_path(const char *name, struct sumac_ctx *ctx, struct io_buffer *buf);

#endif
