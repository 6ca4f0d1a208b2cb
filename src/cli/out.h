/* SPDX-License-Identifier: MIT */
/* Everything the program writes: result lines on stdout, diagnostics on
 * stderr, and the check of stdout at exit.  Only src/cli/ includes this. */
#ifndef SUMAC_CLI_OUT_H
#define SUMAC_CLI_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* argv[0] as invoked: GNU prefixes every message with it unchanged. */
extern const char *program_name;

/* "PROG: " + message (+ ": strerror(errnum)" when errnum != 0) + "\n" on
 * stderr.  stdout is flushed first so that the two streams keep their
 * order when they share a file, as gnulib's error() does. */
void out_error(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The shell-escape quoting of coreutils' quotef(): the name unchanged when
 * it is safe to paste into a shell, otherwise quoted.  Returns a buffer
 * that stays valid until the next call. */
const char *out_quotef(const char *name);

/* True if generation mode must escape this name (it holds \, LF or CR). */
bool out_name_needs_escape(const char *name);
/* Writes name with \ -> \\, LF -> \n, CR -> \r. */
void out_put_escaped(const char *name);

/* Lowercase hex of a digest. */
void out_put_hex(const unsigned char *digest, size_t len);

/* Ends a result line with delim ('\n', or '\0' under -z). */
void out_end_line(char delim);

/* Pushes buffered lines out before slow work, so a reader of a pipe sees
 * every finished result while the next large file is being hashed. */
void out_flush(void);

/* The program is about to wait (for a worker, for an input that may block)
 * or to do long work: writes the finished lines out now unless stdout is a
 * destination nobody watches line by line (a regular file). */
void out_pause(void);

/* The close_stdout of coreutils: 0 if all output reached its destination,
 * else reports "write error" and returns 1. */
int out_close_stdout(void);

#endif
