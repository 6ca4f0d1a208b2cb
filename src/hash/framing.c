/* SPDX-License-Identifier: MIT */
/* Buffering into whole blocks, written once for every family.  A family
 * file says how a state starts and how a message ends (the padding of
 * md.c for the Merkle-Damgard ones); backends only ever see whole blocks.
 * Library backends bypass this file through their stream ops. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "hash/hash.h"
#include "hash/md.h"
#include "hash/registry.h"
#include "hash/sha1dc.h"

bool sumac_algo_takes_length(enum sumac_algo algo)
{
	return sumac_family_info(sumac_algo_info(algo)->family)->ops->set_length != NULL;
}

int sumac_init(struct sumac_ctx *ctx, enum sumac_algo algo, const struct sumac_impl *impl)
{
	return sumac_init_len(ctx, algo, impl, 0);
}

int sumac_init_len(struct sumac_ctx *ctx, enum sumac_algo algo, const struct sumac_impl *impl,
		   unsigned digest_len)
{
	const struct sumac_algo_info *ai = sumac_algo_info(algo);
	const bool own_length = digest_len == 0 || digest_len == ai->digest_len;

	if (!own_length &&
	    (!sumac_algo_takes_length(algo) || digest_len > ai->digest_len || impl->stream))
		return EINVAL;
	ctx->algo = algo;
	ctx->digest_len = own_length ? ai->digest_len : digest_len;
	ctx->family = sumac_family_info(ai->family);
	ctx->blocks = impl->blocks;
	ctx->stream = impl->stream;
	ctx->err = 0;
	ctx->total_lo = 0;
	ctx->total_hi = 0;
	ctx->buffered = 0;
	ctx->dc.on = false;
	if (ctx->stream)
		return ctx->stream->init(ctx->stream_ctx.bytes, algo);
	ctx->family->ops->init(ctx->state.bytes, ai->variant);
	if (ctx->family->ops->set_length)
		ctx->family->ops->set_length(ctx->state.bytes, ctx->digest_len);
	return 0;
}

void sumac_update(struct sumac_ctx *ctx, const void *data, size_t len)
{
	const uint8_t *p = data;

	if (len == 0)
		return;
	/* Library streams count too: cksum's legacy lines print the count. */
	uint64_t before = ctx->total_lo;
	ctx->total_lo += (uint64_t)len;
	if (ctx->total_lo < before)
		ctx->total_hi++;
	if (ctx->stream) {
		if (!ctx->err)
			ctx->err = ctx->stream->update(ctx->stream_ctx.bytes, p, len);
		return;
	}

	const size_t block = ctx->family->block_len;
	/* A held-back last block stays buffered until input past it arrives:
	 * then only whole blocks that are surely not the last are compressed. */
	const size_t keep = ctx->family->ops->hold_last_block;

	if (ctx->buffered) {
		size_t take = block - ctx->buffered;
		if (take > len)
			take = len;
		memcpy(ctx->buf.bytes + ctx->buffered, p, take);
		ctx->buffered += take;
		p += take;
		len -= take;
		if (ctx->buffered < block || (keep && len == 0))
			return;
		ctx->blocks(ctx->state.bytes, ctx->buf.bytes, 1);
		ctx->buffered = 0;
	}
	if (len >= block + keep) {
		/* block_len comes from the constant family table, never 0. */
		size_t n = (len - keep) / block; /* NOLINT(clang-analyzer-core.DivideZero) */
		ctx->blocks(ctx->state.bytes, p, n);
		p += n * block;
		len -= n * block;
	}
	if (len) {
		memcpy(ctx->buf.bytes, p, len);
		ctx->buffered = len;
	}
}

int sumac_final(struct sumac_ctx *ctx, uint8_t *out)
{
	int err;

	if (ctx->stream) {
		if (ctx->err) {
			sumac_discard(ctx);
			return ctx->err;
		}
		return ctx->stream->final(ctx->stream_ctx.bytes, out);
	}
	const struct sumac_family_ops *ops = ctx->family->ops;
	err = ops->md ? sumac_md_final(ctx, out, ops->md) : ops->final(ctx, out);
	ctx->buffered = 0;
	if (ctx->dc.on && err == 0)
		err = sumac_sha1dc_finish(ctx);
	return err;
}

int sumac_digest(enum sumac_algo algo, const struct sumac_impl *impl, const void *data, size_t len,
		 uint8_t *out)
{
	return sumac_digest_len(algo, impl, 0, data, len, out);
}

int sumac_digest_len(enum sumac_algo algo, const struct sumac_impl *impl, unsigned digest_len,
		     const void *data, size_t len, uint8_t *out)
{
	struct sumac_ctx ctx;
	const int err = sumac_init_len(&ctx, algo, impl, digest_len);
	if (err)
		return err;
	sumac_update(&ctx, data, len);
	return sumac_final(&ctx, out);
}

void sumac_discard(struct sumac_ctx *ctx)
{
	if (ctx->stream && ctx->stream->discard)
		ctx->stream->discard(ctx->stream_ctx.bytes);
	ctx->buffered = 0;
}

void sumac_update_lanes(const struct sumac_impl *impl, struct sumac_ctx *const ctx[], unsigned n,
			const uint8_t *const in[], size_t nblocks)
{
	void *states[SUMAC_MAX_LANES];

	if (nblocks == 0)
		return;
	const uint64_t bytes = (uint64_t)nblocks * ctx[0]->family->block_len;
	for (unsigned l = 0; l < n; l++) {
		states[l] = ctx[l]->state.bytes;
		const uint64_t before = ctx[l]->total_lo;
		ctx[l]->total_lo += bytes;
		if (ctx[l]->total_lo < before)
			ctx[l]->total_hi++;
	}
	bool detecting = false;
	for (unsigned l = 0; l < n; l++)
		detecting |= ctx[l]->dc.on;
	if (n == 1)
		ctx[0]->blocks(states[0], in[0], nblocks); /* sha1dc.c's when detecting */
	else if (detecting)
		sumac_sha1dc_lanes(impl, ctx, n, in, nblocks);
	else
		impl->lanes_blocks(states, in, n, nblocks);
}
