/* SPDX-License-Identifier: MIT */
/* LD_PRELOAD shim for the OpenSSL backend's error path
 * (.ci/library-backends.sh): libcrypto's digest calls fail on demand, as
 * a provider in an error state would.
 *
 *   SUMAC_EVP_FAIL=update:N   EVP_DigestUpdate returns 0 from its Nth call on
 *   SUMAC_EVP_FAIL=final:N    EVP_DigestFinal_ex returns 0 from its Nth call on
 *
 * Earlier calls, and everything else, pass through: N = 2 lets the
 * registry's self-test of the backend (one update, one final) succeed and
 * the file's own hash fail.  sumac must then report an error
 * and exit 1, never print a digest. */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_NEXT */
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The shapes of libcrypto's functions, without its headers. */
typedef int update_fn(void *ctx, const void *data, size_t len);
typedef int final_fn(void *ctx, unsigned char *md, unsigned int *len);

int EVP_DigestUpdate(void *ctx, const void *data, size_t len);
int EVP_DigestFinal_ex(void *ctx, unsigned char *md, unsigned int *len);

/* Counts the calls of one function; true once the failing one is reached. */
static int failing(const char *what, unsigned *calls)
{
	const char *v = getenv("SUMAC_EVP_FAIL");
	const size_t n = strlen(what);
	++*calls;
	if (!v || strncmp(v, what, n) != 0 || v[n] != ':')
		return 0;
	return *calls >= strtoul(v + n + 1, NULL, 10);
}

int EVP_DigestUpdate(void *ctx, const void *data, size_t len)
{
	static unsigned calls;
	if (failing("update", &calls))
		return 0;
	update_fn *real = (update_fn *)dlsym(RTLD_NEXT, "EVP_DigestUpdate");
	return real ? real(ctx, data, len) : 0;
}

int EVP_DigestFinal_ex(void *ctx, unsigned char *md, unsigned int *len)
{
	static unsigned calls;
	if (failing("final", &calls))
		return 0;
	final_fn *real = (final_fn *)dlsym(RTLD_NEXT, "EVP_DigestFinal_ex");
	return real ? real(ctx, md, len) : 0;
}
