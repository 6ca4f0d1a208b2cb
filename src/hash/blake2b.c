/* SPDX-License-Identifier: MIT */
/* The BLAKE2b family (RFC 7693), unkeyed, with a digest of 1 to 64 bytes:
 * 64-bit words, 128-byte blocks, and a last block compressed with a final
 * flag, which is why the framing holds a full block back (hold_last_block)
 * until more input shows it is not the last. */
#include "config.h"

#include <string.h>

#include "hash/blake2b.h"
#include "hash/bytes.h"
#include "hash/family.h"

/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_BLAKE2B)
_Static_assert(1 == 0 SUMAC_ALGORITHMS(IN_FAMILY_), "one BLAKE2b algorithm in algorithms.h");

static void blake2b_init(void *state, unsigned variant)
{
	struct blake2b_state *s = state;
	(void)variant;
	memcpy(s->h, blake2b_iv, sizeof s->h);
	s->t[0] = s->t[1] = 0;
	s->f0 = 0;
}

/* The parameter block's first word (RFC 7693 §2.5): depth 1, fanout 1,
 * no key, digest_len bytes; the other words are zero for sumac. */
static void blake2b_set_length(void *state, unsigned digest_len)
{
	struct blake2b_state *s = state;
	s->h[0] = blake2b_iv[0] ^ 0x01010000 ^ (uint64_t)digest_len;
}

static int blake2b_final(struct sumac_ctx *ctx, uint8_t *out)
{
	struct blake2b_state *s = (struct blake2b_state *)ctx->state.bytes;
	uint8_t full[64];

	/* The block function adds 128 before it compresses: the message
	 * length minus 128 here leaves t at the length (mod 2^128). */
	s->t[0] = ctx->total_lo - 128;
	s->t[1] = ctx->total_hi - (ctx->total_lo < 128);
	s->f0 = ~(uint64_t)0;
	memset(ctx->buf.bytes + ctx->buffered, 0, 128 - ctx->buffered);
	ctx->blocks(s, ctx->buf.bytes, 1);
	for (unsigned i = 0; i < 8; i++)
		store_le64(full + 8 * i, s->h[i]);
	memcpy(out, full, ctx->digest_len);
	return 0;
}

const struct sumac_family_ops sumac_blake2b_family = {
	.hold_last_block = true,
	.init = blake2b_init,
	.set_length = blake2b_set_length,
	.final = blake2b_final,
};
