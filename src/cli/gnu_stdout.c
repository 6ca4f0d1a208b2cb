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
	m->writes_succeed = false;
}

void gnu_stdout_init_succeeding(struct gnu_stdout *m, long blksize)
{
	gnu_stdout_init(m, blksize);
	m->writes_succeed = true;
}

/* One byte through stdio's overflow path, which line-buffered putc and
 * the tail of a long fwrite take: a full buffer is flushed first. */
static void put_byte(struct gnu_stdout *m, char c)
{
	if (m->held == m->size)
		m->held = 0;
	m->held++;
	if (c == '\n')
		m->held = 0;
}

static void write_succeeding(struct gnu_stdout *m, const char *s, size_t n)
{
	size_t copied = 0, to_do = n;
	bool must_flush = false;

	/* Before its buffer exists stdio copies nothing: all goes below. */
	if (m->started) {
		size_t count = m->size - m->held;
		if (count >= n) {
			for (size_t i = n; i > 0; i--)
				if (s[i - 1] == '\n') {
					count = i;
					must_flush = true;
					break;
				}
		}
		copied = count < n ? count : n;
		m->held += copied;
		to_do -= copied;
	}
	m->started = true;
	if (to_do == 0 && !must_flush)
		return;
	m->held = 0;
	const size_t direct = to_do - (m->size >= 128 ? to_do % m->size : 0);
	for (size_t i = copied + direct; i < n; i++)
		put_byte(m, s[i]);
}

void gnu_stdout_putc(struct gnu_stdout *m, char c)
{
	if (m->writes_succeed) {
		m->started = true;
		put_byte(m, c);
		return;
	}
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
	if (m->writes_succeed) {
		write_succeeding(m, s, n);
		return;
	}
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
	for (size_t i = 0; i < len; i++) {
		if (m->writes_succeed)
			write_succeeding(m, "00", 2);
		else
			store(m, 2);
	}
}

void gnu_stdout_flush(struct gnu_stdout *m)
{
	m->held = 0;
}

bool gnu_stdout_pending(const struct gnu_stdout *m)
{
	return m->held > 0;
}
