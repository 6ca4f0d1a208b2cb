/* SPDX-License-Identifier: MIT */
/* The CommonCrypto backend's splitting of long updates.  CC_LONG is 32
 * bits, so every update longer than SUMAC_CC_CHUNK must reach CommonCrypto
 * as several calls.  Built against the Linux test shim (configure
 * --with-commoncrypto-shim=DIR CCSHIM_CHUNK=4096), the shim's counters show
 * the longest call and the bytes that reached each context, so a missed or
 * short chunk shows even where the digest alone would not; the digests
 * must also equal the portable backend's.  Against Apple's library only
 * the digests are compared.  Without the backend: TAP skip-all. */
#include "config.h"

#include <stdio.h>

#if !HAVE_COMMONCRYPTO

int main(void)
{
	puts("1..0 # SKIP no CommonCrypto backend");
	return 0;
}

#else

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <CommonCrypto/CommonDigest.h>

#include "hash/apple/commoncrypto.h"
#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"

#ifdef CCSHIM_COMMONDIGEST_H
#define HAVE_SHIM_COUNTERS 1
#else
#define HAVE_SHIM_COUNTERS 0
#endif

/* Beyond this the inputs would cost real memory and time: only a build
 * with a shrunken chunk (CCSHIM_CHUNK) runs the multi-chunk cases. */
#define CHUNK_TESTABLE (1u << 20)

static const enum sumac_algo cc_algos[] = {
	SUMAC_SHA1, SUMAC_SHA224, SUMAC_SHA256, SUMAC_SHA384, SUMAC_SHA512,
};

/* One update's length: chunks and half chunks of SUMAC_CC_CHUNK, plus or
 * minus some bytes.  A 0-length update is skipped by the framing and must
 * cost no library call. */
struct piece {
	unsigned chunks;
	unsigned halves;
	int bytes;
};

struct split_case {
	const char *name;
	struct piece pieces[6];
	size_t npieces;
};

static const struct split_case cases[] = {
	{"3.5 chunks plus a tail in one update", {{3, 1, 17}}, 1},
	{"exactly two chunks in one update", {{2, 0, 0}}, 1},
	{"one chunk", {{1, 0, 0}}, 1},
	{"one chunk and one byte", {{1, 0, 1}}, 1},
	{"one byte short of a chunk", {{1, 0, -1}}, 1},
	{"mixed updates", {{0, 0, 1}, {1, 0, 0}, {2, 0, 5}, {0, 0, 0}, {1, 1, -3}}, 5},
	{"empty message", {{0, 0, 0}}, 1},
};

static size_t piece_len(const struct piece *p)
{
	const size_t chunk = SUMAC_CC_CHUNK;
	return (size_t)((long long)(p->chunks * chunk + p->halves * (chunk / 2)) + p->bytes);
}

static size_t case_len(const struct split_case *c)
{
	size_t len = 0;
	for (size_t i = 0; i < c->npieces; i++)
		len += piece_len(&c->pieces[i]);
	return len;
}

/* Library calls one update of len bytes should cost: full chunks, then
 * one shorter call for the rest, and nothing at all for len 0. */
static uint64_t calls_for(size_t len)
{
	const size_t chunk = SUMAC_CC_CHUNK;
	return (len + chunk - 1) / chunk;
}

static void run_case(const struct sumac_impl *impl, enum sumac_algo algo,
		     const struct split_case *c, const uint8_t *msg)
{
	const char *name = sumac_algo_info(algo)->name;
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	const size_t len = case_len(c);
	uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
	struct sumac_ctx ctx;
	uint64_t calls = 0;
	size_t off = 0;

	sumac_digest_portable(algo, msg, len, want);
#if HAVE_SHIM_COUNTERS
	ccshim_reset_stats();
#endif
	if (!tap_ok(sumac_init(&ctx, algo, impl) == 0, "%s, %s: init", name, c->name))
		return;
	for (size_t i = 0; i < c->npieces; i++) {
		const size_t n = piece_len(&c->pieces[i]);
		sumac_update(&ctx, msg + off, n);
		off += n;
		calls += calls_for(n);
	}
	if (!tap_ok(sumac_final(&ctx, got) == 0, "%s, %s: final", name, c->name))
		return;

	tap_ok(memcmp(want, got, dlen) == 0, "%s, %s (%zu bytes): digest equals portable", name,
	       c->name, len);
#if HAVE_SHIM_COUNTERS
	tap_ok(ccshim_max_update_len <= SUMAC_CC_CHUNK, "%s, %s: longest update %llu <= chunk %llu",
	       name, c->name, (unsigned long long)ccshim_max_update_len,
	       (unsigned long long)SUMAC_CC_CHUNK);
	tap_ok(ccshim_last_total == len, "%s, %s: %llu bytes reached CommonCrypto, %zu given", name,
	       c->name, (unsigned long long)ccshim_last_total, len);
	tap_ok(ccshim_update_calls == calls,
	       "%s, %s: %llu update calls, %llu expected (full chunks)", name, c->name,
	       (unsigned long long)ccshim_update_calls, (unsigned long long)calls);
#else
	(void)calls;
#endif
}

int main(void)
{
	size_t maxlen = 0;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
		if (case_len(&cases[k]) > maxlen)
			maxlen = case_len(&cases[k]);
	const bool testable = SUMAC_CC_CHUNK <= CHUNK_TESTABLE;

	tap_diag("SUMAC_CC_CHUNK = %llu, shim counters: %s", (unsigned long long)SUMAC_CC_CHUNK,
		 HAVE_SHIM_COUNTERS ? "yes" : "no");

	uint8_t *msg = malloc(testable ? maxlen : 1);
	if (!msg) {
		puts("Bail out! out of memory");
		return 1;
	}
	for (size_t i = 0; testable && i < maxlen; i++)
		msg[i] = (uint8_t)(i * 251u + (i >> 13));

	for (size_t a = 0; a < sizeof cc_algos / sizeof cc_algos[0]; a++) {
		const enum sumac_algo algo = cc_algos[a];
		struct sumac_selection sel;

		if (!tap_ok(sumac_select(algo, "commoncrypto", &sel) == SUMAC_SELECT_OK &&
				    sel.impl->stream == &sumac_commoncrypto_stream,
			    "%s: --backend commoncrypto selects the CommonCrypto stream",
			    sumac_algo_info(algo)->name))
			continue;
		if (!testable) {
			tap_ok(true,
			       "%s: multi-chunk cases # SKIP chunk of %llu bytes is too large; "
			       "configure with CCSHIM_CHUNK=4096",
			       sumac_algo_info(algo)->name, (unsigned long long)SUMAC_CC_CHUNK);
			continue;
		}
		for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
			run_case(sel.impl, algo, &cases[k], msg);
	}

	/* What the registry does not claim, the backend refuses too. */
	struct sumac_selection sel;
	tap_ok(sumac_select(SUMAC_MD5, "commoncrypto", &sel) == SUMAC_SELECT_NO_ALGO,
	       "md5: commoncrypto does not implement it");
	struct sumac_ctx ctx;
	tap_ok(sumac_commoncrypto_stream.init(ctx.stream_ctx.bytes, SUMAC_SHA512_256) == EINVAL,
	       "sha512-256: the stream's init refuses it with EINVAL");

	free(msg);
	return tap_done();
}

#endif
