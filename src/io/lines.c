/* SPDX-License-Identifier: MIT */
/* Reading a checksum list as glibc's stdio reads it (io/lines.h). */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/lines.h"

/* glibc's BUFSIZ, and its rule: the descriptor's block size if smaller. */
#define GLIBC_BUFSIZ 8192

int io_lines_init(struct io_lines *r, int fd)
{
	struct stat st;

	memset(r, 0, sizeof *r);
	r->fd = fd;
	r->size = GLIBC_BUFSIZ;
	if (fstat(fd, &st) == 0 && st.st_blksize > 0 && st.st_blksize < GLIBC_BUFSIZ)
		r->size = (size_t)st.st_blksize;
	r->buf = malloc(r->size);
	return r->buf ? 0 : ENOMEM;
}

void io_lines_free(struct io_lines *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* Refills the empty buffer: false at end of file or on an error. */
static bool refill(struct io_lines *r)
{
	if (r->eof || r->err)
		return false;
	for (;;) {
		const ssize_t n = read(r->fd, r->buf, r->size);
		if (n > 0) {
			r->pos = 0;
			r->end = (size_t)n;
			return true;
		}
		if (n == 0) {
			r->eof = true;
			return false;
		}
		if (errno != EINTR) {
			r->err = errno;
			return false;
		}
	}
}

/* Makes room for need bytes in *line. */
static bool reserve(char **line, size_t *cap, size_t need)
{
	if (need <= *cap && *line)
		return true;
	size_t n = *cap ? *cap : 128;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return false;
		n *= 2;
	}
	char *p = realloc(*line, n);
	if (!p)
		return false;
	*line = p;
	*cap = n;
	return true;
}

ssize_t io_lines_next(struct io_lines *r, char **line, size_t *cap)
{
	size_t len = 0;

	for (;;) {
		if (r->pos == r->end && !refill(r))
			break;
		const char *start = r->buf + r->pos;
		const char *nl = memchr(start, '\n', r->end - r->pos);
		const size_t take = nl ? (size_t)(nl - start) + 1 : r->end - r->pos;
		if (len + take + 1 < len || !reserve(line, cap, len + take + 1)) {
			r->err = ENOMEM;
			return -1;
		}
		memcpy(*line + len, start, take);
		len += take;
		r->pos += take;
		if (nl)
			break;
	}
	/* As getline(): a line cut short by the end or an error is still
	 * a line; the error is seen afterwards. */
	if (len == 0)
		return -1;
	(*line)[len] = '\0';
	return (ssize_t)len;
}

bool io_lines_ready(const struct io_lines *r)
{
	return memchr(r->buf + r->pos, '\n', r->end - r->pos) != NULL;
}
