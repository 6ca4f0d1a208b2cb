/* Output: result lines through stdio's buffer, diagnostics unbuffered. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "cli/out.h"

const char *program_name = "sumac";

void out_error(int errnum, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
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
	fwrite(hex, 1, 2 * len, stdout);
}

void out_flush(void)
{
	fflush(stdout);
}

int out_close_stdout(void)
{
	/* As coreutils: a failure seen while flushing is "write error" with no
	 * errno text; closing a stdout that was closed from the start and was
	 * never written to is not an error. */
	if (ferror(stdout) || fflush(stdout) != 0) {
		out_error(0, "write error");
		return 1;
	}
	if (fclose(stdout) != 0 && errno != EBADF) {
		/* stdout is gone: out_error() would flush it. */
		fprintf(stderr, "%s: write error: %s\n", program_name, strerror(errno));
		return 1;
	}
	return 0;
}
