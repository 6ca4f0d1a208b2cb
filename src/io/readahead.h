/* SPDX-License-Identifier: MIT */
/* A second thread that reads the rest of a long input while the calling
 * thread hashes what has already arrived.  Internal to io/. */
#ifndef SUMAC_IO_READAHEAD_H
#define SUMAC_IO_READAHEAD_H

#include <stdbool.h>
#include <stdint.h>

#include "hash/hash.h"
#include "io/io.h"
#include "io/sink.h"

struct readahead;

/* Hashes fd from its current offset to end of file, or for limit bytes if
 * it ends later (UINT64_MAX: no limit), through the reader thread.  Returns true when it ran, with
 * *err set to 0 or the errno of the failed read (what was read before it is still hashed, as with a
 * plain read loop); returns false, having read nothing, when no thread or memory could be had, so
 * that the caller reads on by itself.  buf->ahead holds the ring between calls (NULL at first);
 * readahead_free releases it.  Each chunk hashed counts in buf's progress (io_progress), in the
 * calling thread. */
bool readahead_hash(int fd, uint64_t limit, const struct io_sink *sink, struct io_buffer *buf,
		    int *err);
void readahead_free(struct readahead *ra);

#endif
