/* SPDX-License-Identifier: MIT */
/* The BSD sum (`sum -r`, GNU `sum`'s default, `cksum -a bsd`) as a family
 * with a 1-byte block: the state is the 16-bit checksum (kept in a 32-bit
 * word).  The framing passes every update straight to the block function,
 * and keeps the byte count the CLI prints as 1024-byte blocks in
 * ctx->total_lo/hi. */
#include "config.h"

#include <string.h>

#include "hash/family.h"

/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_BSD)
_Static_assert(1 == 0 SUMAC_ALGORITHMS(IN_FAMILY_), "one BSD sum in algorithms.h");

static void bsd_init(void *state, unsigned variant)
{
	(void)variant;
	memset(state, 0, sizeof(uint32_t));
}

/* The checksum, big-endian (what `cksum --raw -a bsd` prints). */
static int bsd_final(struct sumac_ctx *ctx, uint8_t *out)
{
	uint32_t s;

	memcpy(&s, ctx->state.bytes, sizeof s);
	out[0] = (uint8_t)(s >> 8);
	out[1] = (uint8_t)s;
	return 0;
}

const struct sumac_family_ops sumac_bsd_family = {
	.init = bsd_init,
	.final = bsd_final,
};
