/* SPDX-License-Identifier: MIT */
/* The crc (POSIX cksum) and crc32b (ITU-T V.42) families: how a register
 * starts and how a message ends (hash/crc.h).  The digest is the final
 * 32-bit value, most significant byte first, as GNU cksum --raw writes it. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/crc.h"
#include "hash/family.h"

/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_CRC_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_CRC)
/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_CRC32B_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_CRC32B)
_Static_assert(1 == 0 SUMAC_ALGORITHMS(IN_CRC_), "one crc algorithm in algorithms.h");
_Static_assert(1 == 0 SUMAC_ALGORITHMS(IN_CRC32B_), "one crc32b algorithm in algorithms.h");

static void crc_init(void *state, unsigned variant)
{
	struct crc_state *s = state;
	(void)variant;
	s->reg = 0;
}

static void crc32b_init(void *state, unsigned variant)
{
	struct crc_state *s = state;
	(void)variant;
	s->reg = 0xffffffff;
}

/* POSIX: the length in bytes follows the data, in as few bytes as it
 * takes, least significant first (none for an empty message).  The whole
 * 128-bit count is used: files over 4 GiB are common. */
static int crc_final(struct sumac_ctx *ctx, uint8_t *out)
{
	struct crc_state *s = (struct crc_state *)ctx->state.bytes;
	uint8_t len[16];
	size_t n = 0;

	for (uint64_t lo = ctx->total_lo, hi = ctx->total_hi; lo || hi; n++) {
		len[n] = (uint8_t)lo;
		lo = lo >> 8 | hi << 56;
		hi >>= 8;
	}
	if (n)
		ctx->blocks(s, len, n);
	store_be32(out, ~s->reg);
	return 0;
}

static int crc32b_final(struct sumac_ctx *ctx, uint8_t *out)
{
	const struct crc_state *s = (const struct crc_state *)ctx->state.bytes;
	store_be32(out, ~s->reg);
	return 0;
}

const struct sumac_family_ops sumac_crc_family = {
	.init = crc_init,
	.final = crc_final,
};

const struct sumac_family_ops sumac_crc32b_family = {
	.init = crc32b_init,
	.final = crc32b_final,
};
