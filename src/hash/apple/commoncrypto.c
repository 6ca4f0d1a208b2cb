/* SPDX-License-Identifier: MIT */
/* Apple CommonCrypto stream backend (CommonDigest.h).
 *
 * CommonDigest's lengths are CC_LONG, 32 bits wide, while sumac hands a
 * stream any size_t.  A plain cast would silently hash len mod 2^32 bytes
 * of a 4 GiB or larger update, so every update is fed in pieces of at most
 * SUMAC_CC_CHUNK bytes (commoncrypto.h).  The default, 1 GiB, is a
 * multiple of every block size and well below the 4 GiB limit;
 * configure's CCSHIM_CHUNK shrinks it so that tests against the Linux
 * shim exercise the loop with small data.
 *
 * CommonCrypto MD5 is deprecated and there is no SHA-512/t: the registry
 * claims neither here, and init() refuses them with EINVAL. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <CommonCrypto/CommonDigest.h>

#include "hash/apple/commoncrypto.h"

_Static_assert(SUMAC_CC_CHUNK > 0, "SUMAC_CC_CHUNK must be positive");
_Static_assert(SUMAC_CC_CHUNK <= (CC_LONG)-1, "SUMAC_CC_CHUNK must fit in a CC_LONG");

/* What one stream keeps in sumac_ctx.stream_ctx.  The CC_*_CTX types are
 * treated as opaque: only their size and alignment matter here. */
struct cc_stream {
	union {
		CC_SHA1_CTX sha1;
		CC_SHA256_CTX sha256; /* also SHA-224 */
		CC_SHA512_CTX sha512; /* also SHA-384 */
	} u;
	enum sumac_algo algo;
};

_Static_assert(sizeof(struct cc_stream) <= SUMAC_STREAM_CTX_MAX,
	       "the CommonCrypto contexts must fit sumac_ctx.stream_ctx");
_Static_assert(_Alignof(struct cc_stream) <= _Alignof(long double),
	       "sumac_ctx.stream_ctx is aligned as long double");

static int cc_init(void *ctx, enum sumac_algo algo)
{
	struct cc_stream *s = ctx;

	s->algo = algo;
	/* CC_*_Init are documented to return 1 always. */
	switch (algo) {
	case SUMAC_SHA1:
		(void)CC_SHA1_Init(&s->u.sha1);
		return 0;
	case SUMAC_SHA224:
		(void)CC_SHA224_Init(&s->u.sha256);
		return 0;
	case SUMAC_SHA256:
		(void)CC_SHA256_Init(&s->u.sha256);
		return 0;
	case SUMAC_SHA384:
		(void)CC_SHA384_Init(&s->u.sha512);
		return 0;
	case SUMAC_SHA512:
		(void)CC_SHA512_Init(&s->u.sha512);
		return 0;
	default:
		return EINVAL;
	}
}

/* One library call: len is at most SUMAC_CC_CHUNK, so the cast is exact.
 * The calls are documented to return 1; anything else is the library
 * failing, and the stream is then no digest. */
static int cc_feed(struct cc_stream *s, const uint8_t *data, size_t len)
{
	const CC_LONG n = (CC_LONG)len;
	int ok = 0;

	switch (s->algo) {
	case SUMAC_SHA1:
		ok = CC_SHA1_Update(&s->u.sha1, data, n);
		break;
	case SUMAC_SHA224:
		ok = CC_SHA224_Update(&s->u.sha256, data, n);
		break;
	case SUMAC_SHA256:
		ok = CC_SHA256_Update(&s->u.sha256, data, n);
		break;
	case SUMAC_SHA384:
		ok = CC_SHA384_Update(&s->u.sha512, data, n);
		break;
	case SUMAC_SHA512:
		ok = CC_SHA512_Update(&s->u.sha512, data, n);
		break;
	default:
		break;
	}
	return ok == 1 ? 0 : SUMAC_E_LIBRARY;
}

static int cc_update(void *ctx, const uint8_t *data, size_t len)
{
	const size_t chunk = SUMAC_CC_CHUNK;
	int err = 0;

	while (len > chunk && !err) {
		err = cc_feed(ctx, data, chunk);
		data += chunk;
		len -= chunk;
	}
	if (len && !err)
		err = cc_feed(ctx, data, len);
	return err;
}

static int cc_final(void *ctx, uint8_t *out)
{
	struct cc_stream *s = ctx;
	int ok = 0;

	switch (s->algo) {
	case SUMAC_SHA1:
		ok = CC_SHA1_Final(out, &s->u.sha1);
		break;
	case SUMAC_SHA224:
		ok = CC_SHA224_Final(out, &s->u.sha256);
		break;
	case SUMAC_SHA256:
		ok = CC_SHA256_Final(out, &s->u.sha256);
		break;
	case SUMAC_SHA384:
		ok = CC_SHA384_Final(out, &s->u.sha512);
		break;
	case SUMAC_SHA512:
		ok = CC_SHA512_Final(out, &s->u.sha512);
		break;
	default:
		break;
	}
	return ok == 1 ? 0 : SUMAC_E_LIBRARY;
}

/* CommonCrypto holds nothing outside the context; clearing it means a
 * later update on the abandoned stream trips the test shim's check. */
static void cc_discard(void *ctx)
{
	memset(ctx, 0, sizeof(struct cc_stream));
}

const struct sumac_stream_ops sumac_commoncrypto_stream = {
	.supports = NULL, /* the library has no policy to consult */
	.init = cc_init,
	.update = cc_update,
	.final = cc_final,
	.discard = cc_discard,
};
