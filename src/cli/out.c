/* SPDX-License-Identifier: MIT */
/* Output: result lines through stdio's buffer, diagnostics unbuffered. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "cli/errtext.h"
#include "cli/nls.h"
#include "cli/out.h"

const char *program_name = "sumac";

/* How the last result line ended: decides how a write error is worded. */
static char last_delim = '\n';

void out_error(int errnum, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (errnum)
		fprintf(stderr, ": %s", errtext(errnum));
	fputc('\n', stderr);
}

bool out_name_needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

void out_put_escaped(const char *name)
{
	for (const char *p = name; *p; p++) {
		switch (*p) {
		case '\\':
			fputs("\\\\", stdout);
			break;
		case '\n':
			fputs("\\n", stdout);
			break;
		case '\r':
			fputs("\\r", stdout);
			break;
		default:
			putchar(*p);
		}
	}
}

void out_put_hex(const unsigned char *digest, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	char hex[2 * 64];

	for (size_t i = 0; i < len; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	/* With len 0 nothing is read from hex (cppcheck assumes otherwise). */
	/* cppcheck-suppress uninitvar */
	fwrite(hex, 1, 2 * len, stdout);
}

void out_flush(void)
{
	fflush(stdout);
}

void out_pause(void)
{
	fflush(stdout);
}

void out_end_line(char delim)
{
	putchar(delim);
	last_delim = delim;
}

int out_close_stdout(void)
{
	/* GNU's stdout is line-buffered: a failing write is seen at the end
	 * of a line and the line is dropped, so at exit only close(2) can
	 * still fail, and the message carries close's errno, if any.  With -z
	 * nothing ends a line, the data is still pending when stdout is
	 * closed, and the message carries the write's errno.  sumac buffers
	 * more, and words its failures as GNU would have. */
	if (ferror(stdout) || fflush(stdout) != 0) {
		int write_errno = errno;
		if (last_delim != '\n') {
			fprintf(stderr, "%s: %s: %s\n", program_name, _("write error"),
				errtext(write_errno));
			return 1;
		}
		if (close(STDOUT_FILENO) != 0)
			fprintf(stderr, "%s: %s: %s\n", program_name, _("write error"),
				errtext(errno));
		else
			fprintf(stderr, "%s: %s\n", program_name, _("write error"));
		return 1;
	}
	/* A stdout that was closed from the start and never written to is
	 * not an error. */
	if (fclose(stdout) != 0 && errno != EBADF) {
		fprintf(stderr, "%s: %s: %s\n", program_name, _("write error"), errtext(errno));
		return 1;
	}
	return 0;
}
