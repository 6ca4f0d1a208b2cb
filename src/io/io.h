/* SPDX-License-Identifier: MIT */
/* File input for hashing: open, read to end of file, feed a hash context.
 * Never prints; returns 0 or an errno value for the CLI to word. */
#ifndef SUMAC_IO_H
#define SUMAC_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "hash/hash.h"

/* One reusable buffer for every file of a run.  128 KiB: measured here,
 * read(2) of page-cached data peaks near that size, and it keeps the
 * buffer in L2 while the hash core reads it back. */
#define IO_BUFFER_SIZE (128 * 1024)

/* An input that is still going after this many bytes is read on by a second
 * thread (when read_ahead is set).  Starting the thread costs tens of
 * microseconds; 2 MiB take about a millisecond to hash at SHA-NI speed. */
#define IO_READ_AHEAD_AFTER (2 * 1024 * 1024)

struct io_buffer {
	uint8_t *data;
	size_t size;
	/* Called before an input that may take a while (larger than one
	 * buffer, or not a regular file), so that the caller can push out
	 * what it has buffered.  May be NULL; gets before_slow_input_ctx. */
	void (*before_slow_input)(void *ctx);
	void *before_slow_input_ctx;
	/* Lets a long input be read by a second thread while this one hashes.
	 * Worth it only when another CPU is free to run that thread: off for
	 * -j workers, which already keep the CPUs busy.  Off by default. */
	bool read_ahead;
	struct readahead *ahead; /* the reader's ring, kept between inputs */
	/* Bytes of holes hashed as zeros without being read, over every
	 * input since init: lets the tests see that holes were skipped. */
	uint64_t hole_bytes;
	/* Called in the hashing thread after each chunk of an input is
	 * hashed (read, read ahead, or a hole's zeros), with the bytes of
	 * that input hashed so far: lets the CLI show progress while io
	 * prints nothing.  May be NULL; gets progress_ctx. */
	void (*progress)(void *ctx, uint64_t done);
	void *progress_ctx;
	uint64_t done; /* of the input being hashed, for progress */
};

/* n more bytes of the input hashed: the progress hook's count. */
static inline void io_progress(struct io_buffer *buf, uint64_t n)
{
	buf->done += n;
	if (buf->progress)
		buf->progress(buf->progress_ctx, buf->done);
}

int io_buffer_init(struct io_buffer *buf, size_t size);
/* Frees what init and the reads allocated. */
void io_buffer_free(struct io_buffer *buf);

/* Reads fd until end of file, retrying EINTR.  Works for regular files of
 * any size (also those whose st_size is 0 but have content, as in /proc),
 * pipes, ttys and devices: it only ever trusts read()'s return value, so a
 * file that shrinks or grows underneath is hashed as far as it was read.
 * The holes of a sparse regular file are hashed as zeros without being
 * read (io/sparse.c). */
int io_hash_fd(int fd, struct sumac_ctx *ctx, struct io_buffer *buf);
/* The same feeding n contexts from the same reads, each buffer to every
 * context in turn: an input read once for several algorithms. */
int io_hash_fd_many(int fd, struct sumac_ctx *const ctx[], unsigned n, struct io_buffer *buf);

/* read(2), retried while a signal interrupts it before any byte: what read
 * returned, with errno set when that is -1.  For the one-read-per-call
 * readers (the read-ahead threads, the lanes); the loops of io_hash_fd
 * handle EINTR in their own course. */
ssize_t io_read(int fd, void *buf, size_t len);

/* open(2) for reading (O_RDONLY | O_CLOEXEC | O_NOCTTY, plus flags) that
 * never returns 0, 1 or 2.  With a standard descriptor closed, the kernel
 * hands that number to the next file opened, and the file would then be read
 * as standard input, or written as output; like GNU's "safer" opens, such a
 * descriptor is moved to 3 or above.  Retries EINTR.  The descriptor, or -1
 * with errno set. */
int io_open_safer(const char *name, int flags);

/* Hashes fd, already open, from its offset to end of file; st is its fstat
 * (NULL: not known), which tells a small regular file from an input worth
 * before_slow_input and a read-ahead hint.  Does not close fd. */
int io_hash_open(int fd, const struct stat *st, struct sumac_ctx *ctx, struct io_buffer *buf);
/* io_hash_open feeding n contexts from the same reads (io_hash_fd_many). */
int io_hash_open_many(int fd, const struct stat *st, struct sumac_ctx *const ctx[], unsigned n,
		      struct io_buffer *buf);

/* Opens name read-only (no O_NONBLOCK: a FIFO waits for its writer, as with
 * GNU) and hashes it.  "-" is not special here; the caller decides. */
int io_hash_path(const char *name, struct sumac_ctx *ctx, struct io_buffer *buf);

#endif
