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

/* FIPS 180-4 §4.1.1 and §4.2.1: the round functions and constants. */
#define F1(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F2(b, c, d) ((b) ^ (c) ^ (d))
#define F3(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))
#define K1          0x5a827999u
#define K2          0x6ed9eba1u
#define K3          0x8f1bbcdcu
#define K4          0xca62c1d6u

/* Steps [from, to) forwards over the state s[0..4] = a..e before step
 * from.  One loop per round, so that the round function is a constant of
 * each loop rather than a branch of every step. */
#define FWD_ROUND(lo, hi, F, K)                                                                    \
	for (; t < to && t < (hi); t++) {                                                          \
		const uint32_t tmp = rotl32(a, 5) + F(b, c, d) + e + (K) + w[t];                   \
		e = d;                                                                             \
		d = c;                                                                             \
		c = rotl32(b, 30);                                                                 \
		b = a;                                                                             \
		a = tmp;                                                                           \
	}

static void forwards(uint32_t s[5], const uint32_t *w, unsigned from, unsigned to)
{
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];
	unsigned t = from;

	FWD_ROUND(0, 20, F1, K1)
	FWD_ROUND(20, 40, F2, K2)
	FWD_ROUND(40, 60, F3, K3)
	FWD_ROUND(60, 80, F2, K4)
	s[0] = a;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	s[4] = e;
}

/* Steps [to, from) backwards: s is the state before step from, and
 * becomes the state before step to. */
#define BACK_ROUND(lo, hi, F, K)                                                                   \
	for (; t > to && t > (lo); t--) {                                                          \
		const uint32_t na = b, nb = rotr32(c, 30), nc = d, nd = e;                         \
		e = a - rotl32(na, 5) - F(nb, nc, nd) - (K)-w[t - 1];                              \
		a = na;                                                                            \
		b = nb;                                                                            \
		c = nc;                                                                            \
		d = nd;                                                                            \
	}

static void backwards(uint32_t s[5], const uint32_t *w, unsigned from, unsigned to)
{
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];
	unsigned t = from;

	BACK_ROUND(60, 80, F2, K4)
	BACK_ROUND(40, 60, F3, K3)
	BACK_ROUND(20, 40, F2, K2)
	BACK_ROUND(0, 20, F1, K1)
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
	uint32_t w[80], w2[80], s[5], in2[5];

	for (unsigned t = 0; t < 16; t++)
		w[t] = load_be32(c->block + 4 * t);
	for (unsigned t = 16; t < 80; t++)
		w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
	for (unsigned t = 0; t < 80; t++)
		w2[t] = w[t] ^ dv->dm[t];

	for (unsigned i = 0; i < 5; i++)
		s[i] = c->ihv_out[i] - c->ihv_in[i];
	backwards(s, w, 80, testt);
	/* s: the state before step testt, the same for the partner. */
	for (unsigned i = 0; i < 5; i++)
		in2[i] = s[i];
	backwards(in2, w2, testt, 0);
	forwards(s, w2, testt, 80);
	for (unsigned i = 0; i < 5; i++)
		out[i] = in2[i] + s[i];
}

void sumac_sha1dc_recompress_scalar(const struct sumac_sha1dc_cand *c, size_t n,
				    uint32_t (*partner)[5])
{
	for (size_t k = 0; k < n; k++)
		partner_of(&c[k], partner[k]);
}
