/* SPDX-License-Identifier: MIT */
/* The scalar recompression of SHA-1 collision detection (hash/sha1dc.h).
 *
 * A candidate's block and its partner (W ^ dm) share the state before step
 * testt, since dm is zero on the steps around it.  That state is reached
 * backwards from the state after step 80 (ihv_out - ihv_in): 22 or 15
 * steps, against 58 or 65 forwards.  From it the partner's words run back
 * to the partner's input chaining value and forwards to step 80, and the
 * feed-forward of that input gives the partner's output chaining value.
 *
 * A state here is the working variables a..e before step t. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/sha1dc.h"

/* FIPS 180-4 §4.2.1. */
static uint32_t k_of(unsigned t)
{
	return t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
}

/* FIPS 180-4 §4.1.1: Ch, Parity, Maj, Parity. */
static uint32_t f_of(unsigned t, uint32_t b, uint32_t c, uint32_t d)
{
	if (t < 20)
		return d ^ (b & (c ^ d));
	if (t < 40 || t >= 60)
		return b ^ c ^ d;
	return (b & c) | (d & (b | c));
}

/* s: the state before step t; afterwards the state before step t + 1. */
static void step_fwd(uint32_t s[5], unsigned t, uint32_t w)
{
	const uint32_t tmp = rotl32(s[0], 5) + f_of(t, s[1], s[2], s[3]) + s[4] + k_of(t) + w;
	s[4] = s[3];
	s[3] = s[2];
	s[2] = rotl32(s[1], 30);
	s[1] = s[0];
	s[0] = tmp;
}

/* s: the state before step t + 1; afterwards the state before step t. */
static void step_back(uint32_t s[5], unsigned t, uint32_t w)
{
	const uint32_t a = s[1], b = rotr32(s[2], 30), c = s[3], d = s[4];
	const uint32_t e = s[0] - rotl32(a, 5) - f_of(t, b, c, d) - k_of(t) - w;
	s[0] = a;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	s[4] = e;
}

static void partner_of(const struct sumac_sha1dc_cand *c, uint32_t out[5])
{
	const struct sumac_sha1dc_dv *dv = &sumac_sha1dc_dvs[c->dv];
	const unsigned testt = dv->testt;
	uint32_t w[80], s[5], in2[5];

	for (unsigned t = 0; t < 16; t++)
		w[t] = load_be32(c->block + 4 * t);
	for (unsigned t = 16; t < 80; t++)
		w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

	for (unsigned i = 0; i < 5; i++)
		s[i] = c->ihv_out[i] - c->ihv_in[i];
	for (unsigned t = 80; t-- > testt;)
		step_back(s, t, w[t]);
	/* s: the state before step testt, the same for the partner. */
	for (unsigned t = 0; t < 80; t++)
		w[t] ^= dv->dm[t];
	for (unsigned i = 0; i < 5; i++)
		in2[i] = s[i];
	for (unsigned t = testt; t-- > 0;)
		step_back(in2, t, w[t]);
	for (unsigned t = testt; t < 80; t++)
		step_fwd(s, t, w[t]);
	for (unsigned i = 0; i < 5; i++)
		out[i] = in2[i] + s[i];
}

void sumac_sha1dc_recompress_scalar(const struct sumac_sha1dc_cand *c, size_t n,
				    uint32_t (*partner)[5])
{
	for (size_t k = 0; k < n; k++)
		partner_of(&c[k], partner[k]);
}
