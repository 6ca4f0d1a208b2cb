/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 (SHA-1 collision detection, 8 blocks or 8 recompression
 * candidates side by side, one per element of the ymm registers).
 * Flags: -mavx2 -mbmi2.
 * Only called through the sha1dc dispatch (hash/sha1dc.h) after its usable() said yes. */
#include "config.h"

#if HAVE_SHA1DC_AVX2

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hash/sha1dc.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha1dc_avx2.h"

#define UBC_DVS(n, i, a, j, b, c, dvs) [n] = (dvs),
#define UBC_NONE(t)

const uint32_t sumac_sha1dc_ubc_dvs_avx2[SUMAC_SHA1DC_NCONDS_LIST] = {
	SUMAC_SHA1DC_CONDS(UBC_NONE, UBC_DVS)};

/* The masks of 8 blocks at in (64 bytes each, no alignment). */
static void ubc8(const uint8_t *in, uint32_t *masks)
{
	vec w[65];
	vec dead[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
		       _mm256_setzero_si256()};
	const uint32_t *dvs_of = sumac_sha1dc_ubc_dvs_avx2;
	const uint8_t *p[LANES];

	OPAQUE(dvs_of);
	for (int k = 0; k < LANES; k++)
		p[k] = in + 64 * k;
	load_blocks(w, p);
	SUMAC_SHA1DC_CONDS(UBC_WORD, UBC_COND)
	_mm256_storeu_si256((void *)masks, ubc_alive(dead));
}

void sumac_sha1dc_ubc_avx2(const uint8_t *blocks, size_t n, uint32_t *masks)
{
	for (; n >= LANES; n -= LANES, blocks += 64 * LANES, masks += LANES)
		ubc8(blocks, masks);
	if (n) {
		/* The last blocks beside zeros, whose masks are not kept. */
		uint8_t buf[64 * LANES];
		uint32_t m[LANES];
		memset(buf, 0, sizeof buf);
		memcpy(buf, blocks, 64 * n);
		ubc8(buf, m);
		memcpy(masks, m, n * sizeof *m);
	}
}

/* ---- The recompression, as in sha1dc_avx512.c (which explains it), with
 * 8 candidates and blends under lane masks for the steps between 58 and
 * 65 that only some lanes take. */
struct st {
	vec a, b, c, d, e;
};

static const uint32_t sha1_k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};

/* The round function of round r (steps 20r..20r+19). */
INLINE vec f_round(int r, vec b, vec c, vec d)
{
	if (r == 0)
		return XOR(d, AND(b, XOR(c, d))); /* b ? c : d */
	if (r == 2)
		return OR(AND(b, c), AND(d, OR(b, c))); /* majority */
	return XOR(XOR(b, c), d);                       /* parity */
}

/* Step t (of round r) forwards, on the lanes of m (all of them if all). */
INLINE void step(struct st *s, vec w, int r, vec m, int all)
{
	/* The newest word, a, last: one rotation and one addition on the
	 * chain from step to step. */
	vec t = ADD(f_round(r, s->b, s->c, s->d), ADD(s->e, ADD(w, SET1(sha1_k[r]))));
	t = ADD(ROL(s->a, 5), t);
	if (all) {
		s->e = s->d;
		s->d = s->c;
		s->c = ROL(s->b, 30);
		s->b = s->a;
		s->a = t;
	} else {
		s->e = BLEND(s->e, s->d, m);
		s->d = BLEND(s->d, s->c, m);
		s->c = BLEND(s->c, ROL(s->b, 30), m);
		s->b = BLEND(s->b, s->a, m);
		s->a = BLEND(s->a, t, m);
	}
}

/* Step t (of round r) undone, on the lanes of m (all of them if all). */
INLINE void unstep(struct st *s, vec w, int r, vec m, int all)
{
	vec a = s->b, b = ROL(s->c, 2), c = s->d, d = s->e;
	/* The round function, which reads the newest word (d), last: its
	 * logic and one subtraction on the chain. */
	vec e = _mm256_sub_epi32(s->a, ADD(ROL(a, 5), ADD(w, SET1(sha1_k[r]))));
	e = _mm256_sub_epi32(e, f_round(r, b, c, d));
	if (all) {
		*s = (struct st){a, b, c, d, e};
	} else {
		s->a = BLEND(s->a, a, m);
		s->b = BLEND(s->b, b, m);
		s->c = BLEND(s->c, c, m);
		s->d = BLEND(s->d, d, m);
		s->e = BLEND(s->e, e, m);
	}
}

INLINE vec load_words(const uint32_t *p)
{
	return _mm256_loadu_si256((const void *)p);
}

/* Candidates c[0..n-1], 1 <= n <= 8. */
static void recompress8(const struct sumac_sha1dc_cand *c, unsigned n, uint32_t (*partner)[5])
{
	static const uint8_t zero[64];
	/* The chaining values and DVs, one lane per candidate (lanes >= n
	 * compute on zeros and are not kept). */
	static const uint32_t nodm[16];
	uint32_t in[5][LANES] = {{0}}, out[5][LANES] = {{0}}, is65[LANES] = {0};
	const uint8_t *p[LANES];
	const uint32_t *dm[LANES];
	vec w[80], wp[80];

	for (unsigned k = 0; k < LANES; k++) {
		p[k] = k < n ? c[k].block : zero;
		dm[k] = k < n ? sumac_sha1dc_dvs[c[k].dv].dm : nodm;
		if (k >= n)
			continue;
		for (int i = 0; i < 5; i++) {
			in[i][k] = c[k].ihv_in[i];
			out[i][k] = c[k].ihv_out[i];
		}
		is65[k] = sumac_sha1dc_dvs[c[k].dv].testt == 65 ? 0xffffffff : 0;
	}
	/* The partner's first words, W ^ dm, candidate by candidate before
	 * the transposition (gathers of dm across lanes are slow). */
	load_rows(w, p);
#pragma GCC unroll 8
	for (unsigned k = 0; k < LANES; k++) {
		wp[k] = XOR(w[k], load_words(dm[k]));
		wp[8 + k] = XOR(w[8 + k], load_words(dm[k] + 8));
	}
	transpose8(w);
	transpose8(w + 8);
	transpose8(wp);
	transpose8(wp + 8);
	for (int t = 16; t < 80; t++) {
		w[t] = WORD(w, t);
		wp[t] = WORD(wp, t);
	}

	const vec m65 = load_words(is65), m58 = XOR(m65, SET1(0xffffffff));
	vec ain[5];
	struct st s;
	for (int i = 0; i < 5; i++)
		ain[i] = load_words(in[i]);
	s.a = _mm256_sub_epi32(load_words(out[0]), ain[0]);
	s.b = _mm256_sub_epi32(load_words(out[1]), ain[1]);
	s.c = _mm256_sub_epi32(load_words(out[2]), ain[2]);
	s.d = _mm256_sub_epi32(load_words(out[3]), ain[3]);
	s.e = _mm256_sub_epi32(load_words(out[4]), ain[4]);

	/* Back with W to the state before step 65, then before step 58. */
	for (int t = 79; t >= 65; t--)
		unstep(&s, w[t], 3, m65, 1);
	struct st s65 = s;
	for (int t = 64; t >= 60; t--)
		unstep(&s, w[t], 3, m65, 1);
	for (int t = 59; t >= 58; t--)
		unstep(&s, w[t], 2, m65, 1);
	/* The state at testt, lane by lane. */
	s.a = BLEND(s.a, s65.a, m65);
	s.b = BLEND(s.b, s65.b, m65);
	s.c = BLEND(s.c, s65.c, m65);
	s.d = BLEND(s.d, s65.d, m65);
	s.e = BLEND(s.e, s65.e, m65);

	/* The partner from there: p back to ihv_in', q forwards to step 80,
	 * side by side (two independent chains). */
	struct st sp = s, sq = s;
	for (int i = 0; i < 7; i++) {
		unstep(&sp, wp[64 - i], 64 - i >= 60 ? 3 : 2, m65, 0);
		step(&sq, wp[58 + i], 58 + i >= 60 ? 3 : 2, m58, 0);
	}
	for (int t = 57; t >= 43; t--) {
		unstep(&sp, wp[t], 2, m65, 1);
		step(&sq, wp[122 - t], 3, m65, 1);
	}
	for (int t = 42; t >= 40; t--)
		unstep(&sp, wp[t], 2, m65, 1);
	for (int t = 39; t >= 20; t--)
		unstep(&sp, wp[t], 1, m65, 1);
	for (int t = 19; t >= 0; t--)
		unstep(&sp, wp[t], 0, m65, 1);

	uint32_t res[5][LANES];
	_mm256_storeu_si256((void *)res[0], ADD(sq.a, sp.a));
	_mm256_storeu_si256((void *)res[1], ADD(sq.b, sp.b));
	_mm256_storeu_si256((void *)res[2], ADD(sq.c, sp.c));
	_mm256_storeu_si256((void *)res[3], ADD(sq.d, sp.d));
	_mm256_storeu_si256((void *)res[4], ADD(sq.e, sp.e));
	for (unsigned k = 0; k < n; k++)
		for (int i = 0; i < 5; i++)
			partner[k][i] = res[i][k];
}

void sumac_sha1dc_recompress_avx2(const struct sumac_sha1dc_cand *c, size_t n,
				  uint32_t (*partner)[5])
{
	while (n) {
		unsigned m = n < LANES ? (unsigned)n : LANES;
		recompress8(c, m, partner);
		c += m;
		partner += m;
		n -= m;
	}
}

#endif
