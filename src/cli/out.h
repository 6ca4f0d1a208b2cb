/* SPDX-License-Identifier: MIT */
/* Everything the program writes: result lines on stdout, diagnostics on
 * stderr, and the check of stdout at exit.  Only src/cli/ includes this. */
#ifndef SUMAC_CLI_OUT_H
#define SUMAC_CLI_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* argv[0] as invoked: GNU prefixes every message with it unchanged. */
extern const char *program_name;
/* The name diagnostics start with, where it is not program_name: from GNU
 * 9.4 (checked on 9.7) argv[0]'s base name, while "Try '... --help'" and
 * getopt's messages keep the name as given.  NULL: program_name. */
extern const char *error_name;

/* Result lines go through sumac's own buffer, never stdio's, and only
 * whole lines are handed to write(2): a line ends with out_end_line() (or,
 * in out_text()/out_printf() text, with its last '\n').  A write that takes
 * part of a line is continued until the line is out; a line longer than the
 * buffer grows it.  So processes appending to one file never interleave
 * parts of lines.  All of this is for the main thread only.
 *
 * When finished lines are written is decided once, from what stdout is: */
enum out_policy {
	OUT_EACH_LINE, /* a terminal: each line as it ends (Ctrl-C loses none) */
	OUT_TIMED,     /* a pipe, FIFO, socket, device or regular file: no
			* finished line is held much longer than OUT_HOLD_MS */
	OUT_BATCH,     /* /dev/null or a block device: when the buffer is full */
};
#define OUT_HOLD_MS 100

/* The policy for a stdout of this st_mode; known: fstat() succeeded. */
enum out_policy out_policy_for(bool known, mode_t mode, bool is_tty, bool is_devnull);

/* Looks at stdout and sets the policy; called once at start-up (the other
 * functions call it if nobody did). */
void out_init(void);

/* fn is called before each write to stdout or stderr that goes through
 * here (--progress wipes its line); NULL: none. */
void out_before_output(void (*fn)(void));

/* "PROG: " + message (+ ": strerror(errnum)" when errnum != 0) + "\n" on
 * stderr.  stdout is flushed first so that the two streams keep their
 * order when they share a file, as gnulib's error() does. */
void out_error(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The shell-escape quoting of coreutils' quotef(): the name unchanged when
 * it is safe to paste into a shell, otherwise quoted.  Returns a buffer
 * that stays valid until the next call. */
const char *out_quotef(const char *name);
/* Whether out_quotef keeps coreutils 9.1's quirk for names holding ' after
 * an unprintable character (quote.c); the default is yes. */
void out_quote_gnu91(bool carry);
/* gnulib's quote() in the locale's style: 'ARG', or with the locale's
 * quotation marks.  The same buffer rule as out_quotef (its own buffer). */
const char *out_quote(const char *arg);

/* True if generation mode must escape this name (it holds \, LF or CR). */
bool out_name_needs_escape(const char *name);
/* Writes name with \ -> \\, LF -> \n, CR -> \r. */
void out_put_escaped(const char *name);
/* The same into dst, which has room for 2 * strlen(name) bytes; returns
 * the length (no NUL is added). */
size_t out_escape(const char *name, char *dst);

/* Lowercase hex of a digest. */
void out_put_hex(const unsigned char *digest, size_t len);

/* Pieces of a result line, as fputs() and putchar() would write them. */
void out_put_str(const char *s);
/* n bytes as they are (cksum --raw). */
void out_put_bytes(const void *p, size_t n);
void out_put_char(char c);

/* Ends a result line with delim ('\n', or '\0' under -z). */
void out_end_line(char delim);

/* Text that is not a result line (--help, --version, tables): lines end
 * at '\n' in it. */
void out_text(const char *s);
void out_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Writes every finished line now: when it returns, they are all in the
 * file (or the write failed), e.g. before stdout itself is read. */
void out_flush(void);

/* The program is about to wait (for a worker, for an input that may block)
 * or to do long work: writes the finished lines out now unless stdout is a
 * destination nobody watches line by line (a regular file). */
void out_pause(void);

/* From GNU 9.10 a result that cannot be written ends the run: on a failed
 * write of result lines, "write error: REASON" and exit status 1 at once
 * (or, for -z records that GNU's buffer still held, at the next record's
 * end, as GNU notices it only then).  Off by default (9.1: keep going and
 * report at exit). */
void out_stop_on_write_error(bool stop);

/* The close_stdout of gnulib: writes what is left and closes stdout; 0 if
 * all output reached its destination, else reports "write error" worded
 * as GNU 9.1 would and returns 1.  Also 1 if a diagnostic could not be
 * written to stderr. */
int out_close_stdout(void);

#endif
