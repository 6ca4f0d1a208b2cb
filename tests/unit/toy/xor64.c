/* SPDX-License-Identifier: MIT */
/* A test-only family, compiled only into the unit tests' own build of the
 * hash layer (SUMAC_TEST_FAMILIES, tests/local.mk): it shows that a family
 * is one file plus its rows in src/hash/algorithms.h, and that the
 * known-answer, cross-check and fuzz tests take it up unchanged.
 *
 * Not a hash anyone should use.  It is shaped like BLAKE2 where the
 * framing differs from Merkle-Damgard: the last block is held back
 * (hold_last_block) and finished with the byte count, so the shared
 * framing's held-block path is tested on every run.  Per 16-byte block:
 * s = rotl64(s ^ le64(b[0..7]), 17) * 0x9e3779b97f4a7c15 + le64(b[8..15]).
 * The final block is zero-padded after s ^= byte count; the digest is
 * le64(s).  tests/unit/toy/xor64.py is an independent implementation that
 * wrote vectors/XOR64*.rsp. */
#include "config.h"

#include <string.h>

#include "hash/bytes.h"
#include "hash/family.h"

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

void sumac_xor64_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	uint64_t s;
	memcpy(&s, state, sizeof s);
	for (; nblocks; nblocks--, in += 16) {
		s ^= le64(in);
		s = (s << 17 | s >> 47) * 0x9e3779b97f4a7c15ULL + le64(in + 8);
	}
	memcpy(state, &s, sizeof s);
}

static void xor64_init(void *state, unsigned variant)
{
	const uint64_t iv = 0x0123456789abcdefULL ^ variant;
	memcpy(state, &iv, sizeof iv);
}

static int xor64_final(struct sumac_ctx *ctx, uint8_t *out)
{
	uint64_t s;
	memcpy(&s, ctx->state.bytes, sizeof s);
	s ^= ctx->total_lo;
	memcpy(ctx->state.bytes, &s, sizeof s);
	memset(ctx->buf.bytes + ctx->buffered, 0, 16 - ctx->buffered);
	ctx->blocks(ctx->state.bytes, ctx->buf.bytes, 1);
	memcpy(&s, ctx->state.bytes, sizeof s);
	store_le64(out, s);
	return 0;
}

const struct sumac_family_ops sumac_xor64_family = {
	.hold_last_block = true,
	.init = xor64_init,
	.final = xor64_final,
};
