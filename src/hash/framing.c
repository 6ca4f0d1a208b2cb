/* SPDX-License-Identifier: MIT */
/* Buffering, padding and length encoding, written once for every family
 * (FIPS 180-4 §5.1, RFC 1321 §3.1-3.2).  Backends only ever see whole
 * blocks; library backends bypass this file through their stream ops. */
#include "config.h"

#include <string.h>

#include "hash/algo_iv.h"
#include "hash/bytes.h"
#include "hash/hash.h"
#include "hash/registry.h"

int sumac_init(struct sumac_ctx *ctx, enum sumac_algo algo, const struct sumac_impl *impl)
{
	ctx->impl = impl;
	ctx->algo = algo;
	ctx->blocks = impl->blocks;
	ctx->stream = impl->stream;
	ctx->total_lo = 0;
	ctx->total_hi = 0;
	ctx->buffered = 0;
	if (ctx->stream)
		return ctx->stream->init(ctx->stream_ctx.bytes, algo);
	sumac_algo_iv(algo, &ctx->state);
	return 0;
}

void sumac_update(struct sumac_ctx *ctx, const void *data, size_t len)
{
	const uint8_t *p = data;

	if (len == 0)
		return;
	if (ctx->stream) {
		ctx->stream->update(ctx->stream_ctx.bytes, p, len);
		return;
	}

	const size_t block = sumac_family_info(sumac_algo_info(ctx->algo)->family)->block_len;
	uint64_t before = ctx->total_lo;
	ctx->total_lo += (uint64_t)len;
	if (ctx->total_lo < before)
		ctx->total_hi++;

	if (ctx->buffered) {
		size_t take = block - ctx->buffered;
		if (take > len)
			take = len;
		memcpy(ctx->buf.bytes + ctx->buffered, p, take);
		ctx->buffered += take;
		p += take;
		len -= take;
		if (ctx->buffered < block)
			return;
		ctx->blocks(&ctx->state, ctx->buf.bytes, 1);
		ctx->buffered = 0;
	}
	if (len >= block) {
		/* block_len comes from the constant family table, never 0. */
		size_t n = len / block; /* NOLINT(clang-analyzer-core.DivideZero) */
		ctx->blocks(&ctx->state, p, n);
		p += n * block;
		len -= n * block;
	}
	if (len) {
		memcpy(ctx->buf.bytes, p, len);
		ctx->buffered = len;
	}
}

void sumac_final(struct sumac_ctx *ctx, uint8_t *out)
{
	const struct sumac_algo_info *ai = sumac_algo_info(ctx->algo);

	if (ctx->stream) {
		ctx->stream->final(ctx->stream_ctx.bytes, out);
		return;
	}

	const struct sumac_family_info *fi = sumac_family_info(ai->family);
	const size_t block = fi->block_len;
	/* The length field counts bits: multiply the 128-bit byte count by 8. */
	const uint64_t bits_hi = ctx->total_hi << 3 | ctx->total_lo >> 61;
	const uint64_t bits_lo = ctx->total_lo << 3;
	uint8_t *buf = ctx->buf.bytes;
	size_t n = ctx->buffered;

	buf[n++] = 0x80;
	if (n > block - fi->len_bytes) {
		memset(buf + n, 0, block - n);
		ctx->blocks(&ctx->state, buf, 1);
		n = 0;
	}
	memset(buf + n, 0, block - n);
	if (fi->big_endian) {
		store_be64(buf + block - 8, bits_lo);
		if (fi->len_bytes == 16)
			store_be64(buf + block - 16, bits_hi);
	} else {
		store_le64(buf + block - 8, bits_lo);
	}
	ctx->blocks(&ctx->state, buf, 1);

	uint8_t full[SUMAC_MAX_DIGEST];
	const unsigned nwords = (ai->digest_len + fi->word_bytes - 1) / fi->word_bytes;
	for (unsigned i = 0; i < nwords; i++) {
		if (fi->word_bytes == 8)
			store_be64(full + 8 * i, ctx->state.w64[i]);
		else if (fi->big_endian)
			store_be32(full + 4 * i, ctx->state.w32[i]);
		else
			store_le32(full + 4 * i, ctx->state.w32[i]);
	}
	/* nwords words cover digest_len bytes (cppcheck cannot see it). */
	/* cppcheck-suppress uninitvar */
	memcpy(out, full, ai->digest_len);
	ctx->buffered = 0;
}

int sumac_digest(enum sumac_algo algo, const struct sumac_impl *impl, const void *data, size_t len,
		 uint8_t *out)
{
	struct sumac_ctx ctx;
	const int err = sumac_init(&ctx, algo, impl);
	if (err)
		return err;
	sumac_update(&ctx, data, len);
	sumac_final(&ctx, out);
	return 0;
}

void sumac_discard(struct sumac_ctx *ctx)
{
	if (ctx->stream && ctx->stream->discard)
		ctx->stream->discard(ctx->stream_ctx.bytes);
	ctx->buffered = 0;
}
