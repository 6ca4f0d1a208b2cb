/* SPDX-License-Identifier: MIT */
/* A slow reference for SHA-1 collision detection, written from the
 * definitions of Stevens (CRYPTO 2013) and Stevens-Shumow (USENIX Security
 * 2017) for the tests (test_sha1dc.c, fuzz_sha1dc.c) to compare the fast
 * path with.  It shares nothing with src/hash/sha1dc_*.c but the tables:
 *  - the compression is written in the A-sequence form of the papers,
 *    Q[t+1] = rol5(Q[t]) + f_t(Q[t-1], rol30(Q[t-2]), rol30(Q[t-3]))
 *             + rol30(Q[t-4]) + K_t + W[t],
 *    all 80 steps kept;
 *  - the state at testt is taken from that forward run (the fast path
 *    reaches it backwards from the output);
 *  - the filter is the condition table evaluated one condition at a time;
 *  - the verdict recompresses every block for all 32 DVs, with no filter. */
#ifndef SUMAC_TEST_SHA1DC_REF_H
#define SUMAC_TEST_SHA1DC_REF_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hash/sha1dc.h"

static inline uint32_t ref_rol(uint32_t x, unsigned n)
{
	return n % 32 ? x << (n % 32) | x >> (32 - n % 32) : x;
}

static inline void ref_expand(const uint8_t *block, uint32_t w[80])
{
	for (unsigned t = 0; t < 16; t++)
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | block[4 * t + 3];
	for (unsigned t = 16; t < 80; t++)
		w[t] = ref_rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
}

static inline uint32_t ref_f(unsigned t, uint32_t x, uint32_t y, uint32_t z)
{
	if (t < 20)
		return (x & y) | (~x & z);
	if (t >= 40 && t < 60)
		return (x & y) | (x & z) | (y & z);
	return x ^ y ^ z;
}

static inline uint32_t ref_k(unsigned t)
{
	static const uint32_t k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};
	return k[t / 20];
}

/* q[t + 4] = Q[t], t = -4 .. 80. */
#define REF_Q(t) q[(t) + 4]

static inline void ref_q_from_ihv(const uint32_t ihv[5], uint32_t q[85])
{
	REF_Q(0) = ihv[0];
	REF_Q(-1) = ihv[1];
	REF_Q(-2) = ref_rol(ihv[2], 2);
	REF_Q(-3) = ref_rol(ihv[3], 2);
	REF_Q(-4) = ref_rol(ihv[4], 2);
}

static inline void ref_step_fwd(uint32_t q[85], const uint32_t w[80], unsigned t)
{
	const int s = (int)t;
	REF_Q(s + 1) =
		ref_rol(REF_Q(s), 5) +
		ref_f(t, REF_Q(s - 1), ref_rol(REF_Q(s - 2), 30), ref_rol(REF_Q(s - 3), 30)) +
		ref_rol(REF_Q(s - 4), 30) + ref_k(t) + w[t];
}

/* Q[t-4] from Q[t-3 .. t+1]. */
static inline void ref_step_back(uint32_t q[85], const uint32_t w[80], unsigned t)
{
	const int s = (int)t;
	const uint32_t r =
		REF_Q(s + 1) - ref_rol(REF_Q(s), 5) -
		ref_f(t, REF_Q(s - 1), ref_rol(REF_Q(s - 2), 30), ref_rol(REF_Q(s - 3), 30)) -
		ref_k(t) - w[t];
	REF_Q(s - 4) = ref_rol(r, 2);
}

/* The output chaining value (feed-forward added) of q's 80 steps. */
static inline void ref_ihv_out(const uint32_t q[85], uint32_t out[5])
{
	out[0] = REF_Q(0) + REF_Q(80);
	out[1] = REF_Q(-1) + REF_Q(79);
	out[2] = ref_rol(REF_Q(-2), 30) + ref_rol(REF_Q(78), 30);
	out[3] = ref_rol(REF_Q(-3), 30) + ref_rol(REF_Q(77), 30);
	out[4] = ref_rol(REF_Q(-4), 30) + ref_rol(REF_Q(76), 30);
}

/* The compression of block from ihv, every step kept in q. */
static inline void ref_compress(const uint32_t ihv[5], const uint32_t w[80], uint32_t q[85],
				uint32_t out[5])
{
	ref_q_from_ihv(ihv, q);
	for (unsigned t = 0; t < 80; t++)
		ref_step_fwd(q, w, t);
	ref_ihv_out(q, out);
}

/* The filter by definition: every condition of the table, one at a time. */
static inline uint32_t ref_ubc(const uint32_t w[80])
{
	uint32_t mask = ~UINT32_C(0);
	for (size_t k = 0; k < sumac_sha1dc_nconds; k++) {
		const struct sumac_sha1dc_cond *c = &sumac_sha1dc_conds[k];
		unsigned bit = (w[c->i] >> c->a) & 1;
		if (c->j != 0xff)
			bit ^= (w[c->j] >> c->b) & 1;
		if (bit != c->c)
			mask &= ~c->dvs;
	}
	return mask;
}

/* The partner's output chaining value for DV dv of block (words w) with
 * the steps q of its compression: the partner's words w ^ dm share the
 * state Q[testt-4 .. testt]; back from it to the partner's input, forwards
 * to step 80, and the feed-forward of that input. */
static inline void ref_partner(const uint32_t q[85], const uint32_t w[80], unsigned dv,
			       uint32_t out[5])
{
	const struct sumac_sha1dc_dv *d = &sumac_sha1dc_dvs[dv];
	const int testt = d->testt;
	uint32_t w2[80], q2[85];

	for (unsigned t = 0; t < 80; t++)
		w2[t] = w[t] ^ d->dm[t];
	memcpy(q2, q, sizeof q2);
	for (int t = testt - 1; t >= 0; t--)
		ref_step_back(q2, w2, (unsigned)t);
	for (unsigned t = (unsigned)testt; t < 80; t++)
		ref_step_fwd(q2, w2, t);
	ref_ihv_out(q2, out);
}

struct ref_verdict {
	bool hit;
	uint64_t offset;
	unsigned dv;
	uint8_t digest[20];
};

/* SHA-1 of msg with every block checked against all 32 DVs, no filter
 * (use_filter: only the DVs ref_ubc keeps, still without any shortcut of
 * the fast path's). */
static inline void ref_detect(const uint8_t *msg, size_t len, bool use_filter,
			      struct ref_verdict *v)
{
	uint32_t ihv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
	const size_t nfull = len / 64, tail = len % 64;
	const size_t nblocks = nfull + (tail + 9 > 64 ? 2 : 1);
	uint8_t last[128] = {0};

	memcpy(last, msg + 64 * nfull, tail);
	last[tail] = 0x80;
	const uint64_t bits = (uint64_t)len * 8;
	for (unsigned i = 0; i < 8; i++)
		last[64 * (nblocks - nfull) - 1 - i] = (uint8_t)(bits >> (8 * i));
	v->hit = false;
	for (size_t b = 0; b < nblocks; b++) {
		const uint8_t *block = b < nfull ? msg + 64 * b : last + 64 * (b - nfull);
		uint32_t w[80], q[85], out[5], partner[5];
		ref_expand(block, w);
		ref_compress(ihv, w, q, out);
		const uint32_t keep = use_filter ? ref_ubc(w) : ~UINT32_C(0);
		for (unsigned dv = 0; dv < SUMAC_SHA1DC_NDVS && !v->hit; dv++) {
			if (!(keep >> dv & 1))
				continue;
			ref_partner(q, w, dv, partner);
			if (memcmp(partner, out, sizeof out) == 0) {
				v->hit = true;
				v->offset = 64 * (uint64_t)b;
				v->dv = dv;
			}
		}
		memcpy(ihv, out, sizeof ihv);
	}
	for (unsigned i = 0; i < 5; i++)
		for (unsigned k = 0; k < 4; k++)
			v->digest[4 * i + k] = (uint8_t)(ihv[i] >> (24 - 8 * k));
}

#endif
