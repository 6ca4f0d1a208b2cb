/* SPDX-License-Identifier: MIT */
/* The replay of glibc's line-buffered stdout under a persistent write
 * error (gnu_stdout.h).  The rules were established by running GNU
 * coreutils 9.1 against /dev/full with lines that end exactly at, one
 * byte before and one byte after its 4096-byte buffer:
 *   - a failed flush empties the buffer: the data is dropped;
 *   - a single character is stored if there is room; if the buffer is
 *     full, the flush fails and the character is dropped with it; a
 *     newline is flushed at once;
 *   - a string that fits is stored, but if it holds a newline everything
 *     through the last one is flushed and the rest of the string is
 *     dropped with the failed flush;
 *   - a string that does not fit fills the buffer, whose flush fails, and
 *     the rest of the string is dropped;
 *   - each printf("%02x") of a digest byte is one 2-byte piece, also for
 *     a byte below 16 (its '0' is not a piece of its own);
 *   - the very first string, before stdio has a buffer, is stored whole
 *     if it is shorter than the buffer (it is not searched for newlines),
 *     or written directly and lost. */
#include "config.h"

#include <string.h>

#include "cli/gnu_stdout.h"

/* glibc's BUFSIZ, and its rule: the descriptor's block size if smaller. */
#define GLIBC_BUFSIZ 8192

void gnu_stdout_init(struct gnu_stdout *m, long blksize)
{
	m->size = blksize > 0 && blksize < GLIBC_BUFSIZ ? (size_t)blksize : GLIBC_BUFSIZ;
	m->held = 0;
	m->started = false;
}

void gnu_stdout_putc(struct gnu_stdout *m, char c)
{
	m->started = true;
	if (m->held == m->size) {
		m->held = 0;
		return;
	}
	m->held++;
	if (c == '\n')
		m->held = 0;
}

/* A piece without a newline. */
static void store(struct gnu_stdout *m, size_t n)
{
	if (!m->started) {
		m->started = true;
		m->held = n < m->size ? n : 0;
	} else if (m->size - m->held < n) {
		m->held = 0;
	} else {
		m->held += n;
	}
}

void gnu_stdout_write(struct gnu_stdout *m, const char *s, size_t n)
{
	if (n == 0)
		return;
	/* The first string is not searched for newlines. */
	if (m->started && memchr(s, '\n', n))
		m->held = 0;
	else
		store(m, n);
}

void gnu_stdout_text(struct gnu_stdout *m, const char *s, size_t n)
{
	/* Never the first string: its first piece came before. */
	m->started = true;
	gnu_stdout_write(m, s, n);
}

void gnu_stdout_hex(struct gnu_stdout *m, size_t len)
{
	for (size_t i = 0; i < len; i++)
		store(m, 2);
}

void gnu_stdout_flush(struct gnu_stdout *m)
{
	m->held = 0;
}

bool gnu_stdout_pending(const struct gnu_stdout *m)
{
	return m->held > 0;
}
