/* SPDX-License-Identifier: MIT */
/* A minimal TAP producer for the C tests, read by automake's tap-driver:
 * every assertion is one counted result, and the plan comes last. */
#ifndef SUMAC_TAP_H
#define SUMAC_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failures;

__attribute__((format(printf, 2, 3), unused)) static bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;
	printf("%sok %d - ", cond ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!cond)
		tap_failures++;
	return cond;
}

__attribute__((format(printf, 1, 2), unused)) static void tap_diag(const char *fmt, ...)
{
	va_list ap;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failures ? 1 : 0;
}

/* Decodes len*2 hex digits; returns false on a bad digit. */
static inline bool hex_decode(const char *hex, unsigned char *out, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned v = 0;
		for (int k = 0; k < 2; k++) {
			char c = hex[2 * i + k];
			v <<= 4;
			if (c >= '0' && c <= '9')
				v |= (unsigned)(c - '0');
			else if (c >= 'a' && c <= 'f')
				v |= (unsigned)(c - 'a' + 10);
			else if (c >= 'A' && c <= 'F')
				v |= (unsigned)(c - 'A' + 10);
			else
				return false;
		}
		out[i] = (unsigned char)v;
	}
	return true;
}

#endif
