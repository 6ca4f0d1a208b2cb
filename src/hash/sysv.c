/* SPDX-License-Identifier: MIT */
/* The System V sum (`sum -s`, `cksum -a sysv`) as a family with a 1-byte
 * block: the state is the 32-bit sum of every byte (mod 2^32, as the
 * traditional `sum -s` keeps it), folded to 16 bits only at the end.  The
 * framing passes every update straight to the block function, and keeps
 * the byte count the CLI prints as 512-byte blocks in ctx->total_lo/hi. */
#include "config.h"

#include <string.h>

#include "hash/family.h"

/* NOLINTNEXTLINE(bugprone-macro-parentheses) */
#define IN_FAMILY_(i, n, t, p, fam, v, d, k) +(SUMAC_FAMILY_##fam == SUMAC_FAMILY_SYSV)
_Static_assert(1 == 0 SUMAC_ALGORITHMS(IN_FAMILY_), "one System V sum in algorithms.h");

static void sysv_init(void *state, unsigned variant)
{
	(void)variant;
	memset(state, 0, sizeof(uint32_t));
}

/* r = (s & 0xffff) + (s >> 16), then the same once more on r: the 16-bit
 * result, written big-endian (what `cksum --raw -a sysv` prints). */
static int sysv_final(struct sumac_ctx *ctx, uint8_t *out)
{
	uint32_t s;

	memcpy(&s, ctx->state.bytes, sizeof s);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	out[0] = (uint8_t)(s >> 8);
	out[1] = (uint8_t)s;
	return 0;
}

const struct sumac_family_ops sumac_sysv_family = {
	.init = sysv_init,
	.final = sysv_final,
};
