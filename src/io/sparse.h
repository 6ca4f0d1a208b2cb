/* SPDX-License-Identifier: MIT */
/* Hashing a regular file with holes without reading them.  Internal to io/. */
#ifndef SUMAC_IO_SPARSE_H
#define SUMAC_IO_SPARSE_H

#include <stdbool.h>

#include "hash/hash.h"
#include "io/sink.h"
#include "io/io.h"

/* If fd is a regular file with a hole between its offset and its end,
 * hashes it to end of file, holes fed as zeros from memory, and returns
 * true with *err set to 0 or an errno value.  Returns false, the offset
 * unchanged and nothing hashed, for any other input or where the system
 * cannot tell holes from data, so that the caller reads it as usual (or
 * true with *err set, when the offset cannot be put back). */
bool sparse_hash(int fd, const struct io_sink *sink, struct io_buffer *buf, int *err);

/* True if fd's file system is one whose SEEK_DATA/SEEK_HOLE map sumac
 * trusts with a digest; elsewhere every byte is read, as GNU does. */
bool sparse_map_trusted(int fd);

#endif
