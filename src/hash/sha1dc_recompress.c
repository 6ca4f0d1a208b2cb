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

/* Four candidates side by side in the lanes of GCC's and clang's generic
 * vectors (SSE2, NEON, z vectors, or pairs of scalar operations where the
 * target has none): the steps of one candidate are a dependent chain, so
 * four of them cost little more than one.  The AVX2 and AVX-512 kernels
 * (src/hash/x86/) go wider. */
typedef uint32_t quad32 __attribute__((vector_size(16)));

/* Macros, not functions: a function returning a vector has a different
 * ABI with and without SSE, which i386 GCC warns of (-Wpsabi). */
#define ROTL_Q(x, n) ((x) << (n) | (x) >> (32 - (n)))
#define ROTR_Q(x, n) ((x) >> (n) | (x) << (32 - (n)))

/* forwards_T(s, w, from, to): steps [from, to) forwards over the state
 * s[0..4] = a..e before step from.  backwards_T(s, w, from, to): steps
 * [to, from) backwards, s the state before step from, and then before
 * step to.  One loop per round, so that the round function is a constant
 * of each loop rather than a branch of every step; defined for one
 * candidate (uint32_t) and four (quad32). */
#define FWD_ROUND(hi, F, K, ROTL)                                                                  \
	for (; t < to && t < (hi); t++) {                                                          \
		const T tmp = ROTL(a, 5) + F(b, c, d) + e + (K) + w[t];                            \
		e = d;                                                                             \
		d = c;                                                                             \
		c = ROTL(b, 30);                                                                   \
		b = a;                                                                             \
		a = tmp;                                                                           \
	}
#define BACK_ROUND(lo, F, K, ROTL, ROTR)                                                           \
	for (; t > to && t > (lo); t--) {                                                          \
		const T na = b, nb = ROTR(c, 30), nc = d, nd = e;                                  \
		e = a - ROTL(na, 5) - F(nb, nc, nd) - (K)-w[t - 1];                                \
		a = na;                                                                            \
		b = nb;                                                                            \
		c = nc;                                                                            \
		d = nd;                                                                            \
	}
#define DEFINE_STEPS(suffix, ROTL, ROTR)                                                           \
	static void forwards_##suffix(T s[5], const T *w, unsigned from, unsigned to)              \
	{                                                                                          \
		T a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];                                \
		unsigned t = from;                                                                 \
		FWD_ROUND(20, F1, K1, ROTL)                                                        \
		FWD_ROUND(40, F2, K2, ROTL)                                                        \
		FWD_ROUND(60, F3, K3, ROTL)                                                        \
		FWD_ROUND(80, F2, K4, ROTL)                                                        \
		s[0] = a;                                                                          \
		s[1] = b;                                                                          \
		s[2] = c;                                                                          \
		s[3] = d;                                                                          \
		s[4] = e;                                                                          \
	}                                                                                          \
	static void backwards_##suffix(T s[5], const T *w, unsigned from, unsigned to)             \
	{                                                                                          \
		T a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];                                \
		unsigned t = from;                                                                 \
		BACK_ROUND(60, F2, K4, ROTL, ROTR)                                                 \
		BACK_ROUND(40, F3, K3, ROTL, ROTR)                                                 \
		BACK_ROUND(20, F2, K2, ROTL, ROTR)                                                 \
		BACK_ROUND(0, F1, K1, ROTL, ROTR)                                                  \
		s[0] = a;                                                                          \
		s[1] = b;                                                                          \
		s[2] = c;                                                                          \
		s[3] = d;                                                                          \
		s[4] = e;                                                                          \
	}

#define T uint32_t
DEFINE_STEPS(1, rotl32, rotr32)
#undef T
#define T quad32
DEFINE_STEPS(4, ROTL_Q, ROTR_Q)
#undef T

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
	backwards_1(s, w, 80, testt);
	/* s: the state before step testt, the same for the partner. */
	for (unsigned i = 0; i < 5; i++)
		in2[i] = s[i];
	backwards_1(in2, w2, testt, 0);
	forwards_1(s, w2, testt, 80);
	for (unsigned i = 0; i < 5; i++)
		out[i] = in2[i] + s[i];
}

/* partner_of for four candidates of one testt. */
static void partner_of4(const struct sumac_sha1dc_cand *const c[4], unsigned testt,
			uint32_t *const out[4])
{
	quad32 w[80], w2[80], s[5], in2[5];
	const uint32_t *dm[4];

	for (unsigned l = 0; l < 4; l++)
		dm[l] = sumac_sha1dc_dvs[c[l]->dv].dm;
	for (unsigned t = 0; t < 16; t++) {
		const quad32 v = {load_be32(c[0]->block + 4 * t), load_be32(c[1]->block + 4 * t),
				  load_be32(c[2]->block + 4 * t), load_be32(c[3]->block + 4 * t)};
		w[t] = v;
	}
	for (unsigned t = 16; t < 80; t++)
		w[t] = ROTL_Q(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
	for (unsigned t = 0; t < 80; t++) {
		const quad32 d = {dm[0][t], dm[1][t], dm[2][t], dm[3][t]};
		w2[t] = w[t] ^ d;
	}
	for (unsigned i = 0; i < 5; i++) {
		const quad32 io = {c[0]->ihv_out[i], c[1]->ihv_out[i], c[2]->ihv_out[i],
				   c[3]->ihv_out[i]};
		const quad32 ii = {c[0]->ihv_in[i], c[1]->ihv_in[i], c[2]->ihv_in[i],
				   c[3]->ihv_in[i]};
		s[i] = io - ii;
	}
	backwards_4(s, w, 80, testt);
	for (unsigned i = 0; i < 5; i++)
		in2[i] = s[i];
	backwards_4(in2, w2, testt, 0);
	forwards_4(s, w2, testt, 80);
	for (unsigned i = 0; i < 5; i++) {
		const quad32 o = in2[i] + s[i];
		for (unsigned l = 0; l < 4; l++)
			out[l][i] = o[l];
	}
}

/* The candidates of each testt four at a time (a short group filled up
 * with copies of its last one); one left over goes alone. */
void sumac_sha1dc_recompress_scalar(const struct sumac_sha1dc_cand *c, size_t n,
				    uint32_t (*partner)[5])
{
	static const unsigned testts[2] = {58, 65};

	for (unsigned g = 0; g < 2; g++) {
		const struct sumac_sha1dc_cand *four[4];
		uint32_t *out[4], spare[5];
		unsigned m = 0;
		for (size_t k = 0; k <= n; k++) {
			if (k < n && sumac_sha1dc_dvs[c[k].dv].testt != testts[g])
				continue;
			if (k < n) {
				four[m] = &c[k];
				out[m++] = partner[k];
			}
			if (m == 4 || (k == n && m > 1)) {
				for (unsigned l = m; l < 4; l++) {
					four[l] = four[m - 1];
					out[l] = spare;
				}
				partner_of4(four, testts[g], out);
				m = 0;
			} else if (k == n && m == 1) {
				partner_of(four[0], out[0]);
			}
		}
	}
}
