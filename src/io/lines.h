/* SPDX-License-Identifier: MIT */
/* Line-by-line reading of a checksum list from a descriptor.
 *
 * A list and a file it names can be one stream (a list on a pipe naming
 * /dev/stdin), and then how much of the stream the list's reader has taken
 * decides what the file gets.  GNU reads lists through glibc's stdio, so
 * this reader takes exactly what glibc's does: read(2)s of the buffer
 * size glibc picks (the descriptor's st_blksize, at most 8192 bytes),
 * only when its buffer is empty, and none after end of file.  musl's or
 * another libc's stdio reads in other sizes; this reader is the same on
 * every libc.  No printing; errors are errno values. */
#ifndef SUMAC_IO_LINES_H
#define SUMAC_IO_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct io_lines {
	int fd;
	char *buf;
	size_t size;     /* of buf */
	size_t pos, end; /* buf[pos..end) is read and not yet taken */
	bool eof;        /* read(2) returned 0: no more reads */
	int err;         /* 0, or the errno of the read that failed */
};

/* 0, or ENOMEM. */
int io_lines_init(struct io_lines *r, int fd);
void io_lines_free(struct io_lines *r);

/* The next line, its '\n' included if it has one, into *line (grown as
 * getline() grows it, with room for a NUL after the line, which is
 * written).  Returns its length, or -1 at the end of the input or on an
 * error (then r->err is set). */
ssize_t io_lines_next(struct io_lines *r, char **line, size_t *cap);

/* True if a whole line is already buffered: the next call cannot wait. */
bool io_lines_ready(const struct io_lines *r);

#endif
