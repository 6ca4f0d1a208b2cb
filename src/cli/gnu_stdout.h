/* SPDX-License-Identifier: MIT */
/* What GNU's stdout would still hold at exit when every write to it fails.
 *
 * GNU's programs line-buffer stdout through glibc's stdio and check it at
 * exit as gnulib's close_stream() does: the final "write error" message
 * carries an errno only if data was still buffered when stdout was closed
 * (the flush in fclose() failed), and is bare if every failed write had
 * already been attempted and its data dropped.  Which of the two happens
 * depends on where stdio flushed: at each newline, when its buffer (the
 * descriptor's st_blksize, at most 8192 bytes) was full, and when error()
 * flushed stdout before a diagnostic.
 *
 * sumac writes whole lines at times of its own choosing, so it cannot ask
 * its own buffer.  Instead it replays every piece of output, in the pieces
 * GNU 9.1 hands to stdio, through this counter of what glibc's buffer would
 * hold.  The model assumes the error persists from the first write (a full
 * device, a closed descriptor, a pipe without reader): the cases in which
 * GNU's message can be predicted at all.  Pure: no I/O, no globals. */
#ifndef SUMAC_CLI_GNU_STDOUT_H
#define SUMAC_CLI_GNU_STDOUT_H

#include <stdbool.h>
#include <stddef.h>

struct gnu_stdout {
	size_t size;         /* glibc's buffer size for this descriptor */
	size_t held;         /* bytes stdio would hold now */
	bool started;        /* stdio has allocated its buffer */
	bool writes_succeed; /* the model of gnu_stdout_init_succeeding() */
};

/* blksize: st_blksize of stdout, or 0 if fstat() failed. */
void gnu_stdout_init(struct gnu_stdout *m, long blksize);
/* The same counter for writes that succeed: what GNU's stdio would hold
 * while stdout works, so that sumac writes to a file it reads back no
 * more than GNU would have (flush_point() in out.c).  It follows glibc
 * 2.36's line-buffered fputs/fwrite: a piece that fits is copied and, if
 * it holds a newline, the buffer goes out up to its last one; a piece that
 * does not fit flushes the buffer and whole blocks of itself; the rest goes
 * byte by byte, each newline flushing. */
void gnu_stdout_init_succeeding(struct gnu_stdout *m, long blksize);
/* putchar(c) */
void gnu_stdout_putc(struct gnu_stdout *m, char c);
/* fputs(), or one piece of a printf(): n bytes at s */
void gnu_stdout_write(struct gnu_stdout *m, const char *s, size_t n);
/* printf("%02x", byte) for each of len digest bytes: one 2-byte piece
 * each, also for a byte below 16 */
void gnu_stdout_hex(struct gnu_stdout *m, size_t len);
/* Text printf()'d in several pieces, the last of which holds its final
 * newline (GNU's --help and --version) */
void gnu_stdout_text(struct gnu_stdout *m, const char *s, size_t n);
/* fflush(stdout), as error() does before each diagnostic */
void gnu_stdout_flush(struct gnu_stdout *m);
/* True if fclose() would still have data to flush. */
bool gnu_stdout_pending(const struct gnu_stdout *m);

#endif
