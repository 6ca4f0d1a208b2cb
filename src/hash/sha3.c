/* SPDX-License-Identifier: MIT */
/* The SHA-3 families (FIPS 202): SHA3-224, -256, -384 and -512, the
 * Keccak[c = 2 * digest] sponge over Keccak-f[1600] with the SHA-3 domain
 * bits.  Each is a family of algorithms.h (SUMAC_SHA3_FAMILIES) whose block
 * is its rate; they differ in nothing else, so one init and one final
 * serve all four. */
#include "config.h"

#include <string.h>

#include "hash/bytes.h"
#include "hash/family.h"
#include "hash/keccak.h"

/* Each family's rate is 200 bytes less twice its algorithm's digest (the
 * capacity); the Keccak families are the ones with a 200-byte state. */
#define FAMILY_SIZES_(ID, ident, state, block)                                                     \
	FAMILY_STATE_##ID = (state), FAMILY_BLOCK_##ID = (block),
enum { SUMAC_FAMILIES(FAMILY_SIZES_) };
#undef FAMILY_SIZES_
#define RATE_CHECK_(ID, name, tag, prog, fam, variant, dlen, kat)                                  \
	_Static_assert(FAMILY_STATE_##fam != 200 || FAMILY_BLOCK_##fam == 200 - 2 * (dlen),        \
		       "the rate of " name);
SUMAC_ALGORITHMS(RATE_CHECK_)
#undef RATE_CHECK_

static void sha3_init(void *state, unsigned variant)
{
	(void)variant;
	memset(state, 0, sizeof(struct keccak_state));
}

/* The message ends with the domain bits 01 of SHA-3 and the first 1 of the
 * pad10*1 rule, the byte 0x06 after the last whole byte, and the last 1 of
 * the rule in the top bit of the block's last byte (FIPS 202 §6.1, B.2);
 * with one byte left they are the same byte, 0x86.  The framing leaves
 * fewer than a rate of bytes buffered, so this is always one block. */
static int sha3_final(struct sumac_ctx *ctx, uint8_t *out)
{
	struct keccak_state *s = (struct keccak_state *)ctx->state.bytes;
	const size_t rate = ctx->family->block_len;
	uint8_t full[64]; /* the first 8 lanes: every digest fits */

	memset(ctx->buf.bytes + ctx->buffered, 0, rate - ctx->buffered);
	ctx->buf.bytes[ctx->buffered] ^= 0x06;
	ctx->buf.bytes[rate - 1] ^= 0x80;
	ctx->blocks(s, ctx->buf.bytes, 1);
	for (unsigned i = 0; i < 8; i++)
		store_le64(full + 8 * i, s->a[i]);
	memcpy(out, full, ctx->digest_len);
	return 0;
}

#define SHA3_FAMILY_(ID, ident, state, block)                                                      \
	_Static_assert((state) == sizeof(struct keccak_state), "a Keccak-f[1600] state");          \
	_Static_assert((block) % 8 == 0 && (block) < (state), "a rate of whole lanes");            \
	const struct sumac_family_ops sumac_##ident##_family = {                                   \
		.init = sha3_init,                                                                 \
		.final = sha3_final,                                                               \
	};
SUMAC_SHA3_FAMILIES(SHA3_FAMILY_)
#undef SHA3_FAMILY_
