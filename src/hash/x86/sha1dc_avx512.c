/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX-512F + AVX-512VL (SHA-1 collision detection, 16 blocks or
 * 16 recompression candidates side by side, one per element of the zmm registers).
 * Flags: -mavx2 -mbmi2 -mavx512f -mavx512vl.
 * Only called through the sha1dc dispatch (hash/sha1dc.h) after its usable() said yes. */
#include "config.h"

#if HAVE_SHA1DC_AVX512

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hash/sha1dc.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha1dc_avx512.h"

/* w[16..to-1] from w[0..15]: W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]). */
static inline __attribute__((always_inline)) void expand(vec *w, int to)
{
#pragma GCC unroll 64
	for (int t = 16; t < to; t++)
		w[t] = _mm512_rol_epi32(
			_mm512_xor_si512(
				_mm512_ternarylogic_epi32(w[t - 3], w[t - 8], w[t - 14], 0x96),
				w[t - 16]),
			1);
}

#define UBC_DVS(n, i, a, j, b, c, dvs) [n] = (dvs),
#define UBC_NONE(t)

const uint32_t sumac_sha1dc_ubc_dvs_avx512[SUMAC_SHA1DC_NCONDS_LIST] = {
	SUMAC_SHA1DC_CONDS(UBC_NONE, UBC_DVS)};

/* The masks of 16 blocks at in (64 bytes each, no alignment). */
static void ubc16(const uint8_t *in, uint32_t *masks)
{
	vec w[65];
	vec dead[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
		       _mm512_setzero_si512()};
	const uint32_t *dvs_of = sumac_sha1dc_ubc_dvs_avx512;

	OPAQUE(dvs_of);
	load_blocks16(w, in);
	SUMAC_SHA1DC_CONDS(UBC_WORD, UBC_COND)
	_mm512_storeu_si512(masks, ubc_alive(dead));
}

void sumac_sha1dc_ubc_avx512(const uint8_t *blocks, size_t n, uint32_t *masks)
{
	for (; n >= LANES; n -= LANES, blocks += 64 * LANES, masks += LANES)
		ubc16(blocks, masks);
	if (n) {
		/* The last blocks beside zeros, whose masks are not kept. */
		uint8_t buf[64 * LANES];
		uint32_t m[LANES];
		memset(buf, 0, sizeof buf);
		memcpy(buf, blocks, 64 * n);
		ubc16(buf, m);
		memcpy(masks, m, n * sizeof *m);
	}
}

/* ---- The recompression.
 *
 * Lane k works on candidate k with its own DV: the words W of its block and
 * W' = W ^ dm of the partner (dm satisfies the expansion's recurrence, so
 * W' is expanded from its first 16 words like W).  From the state after
 * step 80 (ihv_out - ihv_in) it steps back with W to the state at testt
 * (the state before step testt), then from there back to step 0 with W'
 * (the partner's ihv_in') and forwards to step 80 with W' (plus ihv_in':
 * the partner's ihv_out').  testt is 58 or 65 lane by lane: the steps
 * between 58 and 65 are done on the lanes whose testt calls for them only
 * (masked), so a batch may mix both. */
struct st {
	vec a, b, c, d, e;
};

static const uint32_t sha1_k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};

/* The round function of round r (steps 20r..20r+19). */
static inline __attribute__((always_inline)) vec f_round(int r, vec b, vec c, vec d)
{
	if (r == 0)
		return _mm512_ternarylogic_epi32(b, c, d, 0xca); /* b ? c : d */
	if (r == 2)
		return _mm512_ternarylogic_epi32(b, c, d, 0xe8); /* majority */
	return _mm512_ternarylogic_epi32(b, c, d, 0x96);         /* parity */
}

/* Step t (of round r) forwards, on the lanes of m. */
static inline __attribute__((always_inline)) void step(struct st *s, vec w, int r, __mmask16 m)
{
	/* The newest word, a, last: one rotation and one addition on the
	 * chain from step to step. */
	vec t = _mm512_add_epi32(f_round(r, s->b, s->c, s->d),
				 _mm512_add_epi32(s->e, _mm512_add_epi32(w, SET1(sha1_k[r]))));
	t = _mm512_add_epi32(_mm512_rol_epi32(s->a, 5), t);
	if (m == 0xffff) {
		s->e = s->d;
		s->d = s->c;
		s->c = _mm512_rol_epi32(s->b, 30);
		s->b = s->a;
		s->a = t;
	} else {
		s->e = _mm512_mask_mov_epi32(s->e, m, s->d);
		s->d = _mm512_mask_mov_epi32(s->d, m, s->c);
		s->c = _mm512_mask_mov_epi32(s->c, m, _mm512_rol_epi32(s->b, 30));
		s->b = _mm512_mask_mov_epi32(s->b, m, s->a);
		s->a = _mm512_mask_mov_epi32(s->a, m, t);
	}
}

/* Step t (of round r) undone, on the lanes of m: from the state after it
 * to the state before it. */
static inline __attribute__((always_inline)) void unstep(struct st *s, vec w, int r, __mmask16 m)
{
	vec a = s->b, b = _mm512_rol_epi32(s->c, 2), c = s->d, d = s->e;
	/* The round function, which reads the newest word (d), last: one
	 * logic operation and one subtraction on the chain. */
	vec e = _mm512_sub_epi32(s->a, _mm512_add_epi32(_mm512_rol_epi32(a, 5),
							_mm512_add_epi32(w, SET1(sha1_k[r]))));
	e = _mm512_sub_epi32(e, f_round(r, b, c, d));
	if (m == 0xffff) {
		*s = (struct st){a, b, c, d, e};
	} else {
		s->a = _mm512_mask_mov_epi32(s->a, m, a);
		s->b = _mm512_mask_mov_epi32(s->b, m, b);
		s->c = _mm512_mask_mov_epi32(s->c, m, c);
		s->d = _mm512_mask_mov_epi32(s->d, m, d);
		s->e = _mm512_mask_mov_epi32(s->e, m, e);
	}
}

static inline vec load_words(const uint32_t *p)
{
	return _mm512_loadu_si512(p);
}

/* Candidates c[0..n-1], 1 <= n <= 16. */
static void recompress16(const struct sumac_sha1dc_cand *c, unsigned n, uint32_t (*partner)[5])
{
	/* The chaining values and DVs, one lane per candidate (lanes >= n
	 * compute on zeros and are not kept). */
	uint32_t in[5][LANES] = {{0}}, out[5][LANES] = {{0}};
	__mmask16 m65 = 0;
	vec w[80], wp[80];

	for (unsigned k = 0; k < n; k++) {
		for (int i = 0; i < 5; i++) {
			in[i][k] = c[k].ihv_in[i];
			out[i][k] = c[k].ihv_out[i];
		}
		if (sumac_sha1dc_dvs[c[k].dv].testt == 65)
			m65 |= (__mmask16)(1u << k);
	}
	/* The partner's first words, W ^ dm, candidate by candidate before
	 * the transposition: a gather of dm[dv][t] across lanes, word by word,
	 * was the slowest part. */
#pragma GCC unroll 16
	for (unsigned k = 0; k < LANES; k++) {
		if (k < n) {
			w[k] = bswap32(_mm512_loadu_si512(c[k].block));
			wp[k] = _mm512_xor_si512(w[k],
						 _mm512_loadu_si512(sumac_sha1dc_dvs[c[k].dv].dm));
		} else {
			w[k] = wp[k] = _mm512_setzero_si512();
		}
	}
	transpose16(w);
	transpose16(wp);
	expand(w, 80);
	expand(wp, 80);

	vec ain[5];
	struct st s;
	for (int i = 0; i < 5; i++)
		ain[i] = load_words(in[i]);
	s.a = _mm512_sub_epi32(load_words(out[0]), ain[0]);
	s.b = _mm512_sub_epi32(load_words(out[1]), ain[1]);
	s.c = _mm512_sub_epi32(load_words(out[2]), ain[2]);
	s.d = _mm512_sub_epi32(load_words(out[3]), ain[3]);
	s.e = _mm512_sub_epi32(load_words(out[4]), ain[4]);

	/* Back with W to the state before step 65, then before step 58. */
	for (int t = 79; t >= 65; t--)
		unstep(&s, w[t], 3, 0xffff);
	struct st s65 = s;
	for (int t = 64; t >= 60; t--)
		unstep(&s, w[t], 3, 0xffff);
	for (int t = 59; t >= 58; t--)
		unstep(&s, w[t], 2, 0xffff);
	/* The state at testt, lane by lane. */
	s.a = _mm512_mask_mov_epi32(s.a, m65, s65.a);
	s.b = _mm512_mask_mov_epi32(s.b, m65, s65.b);
	s.c = _mm512_mask_mov_epi32(s.c, m65, s65.c);
	s.d = _mm512_mask_mov_epi32(s.d, m65, s65.d);
	s.e = _mm512_mask_mov_epi32(s.e, m65, s65.e);

	/* The partner from there: p back to ihv_in', q forwards to step 80,
	 * side by side (two independent chains).  Steps 58..64: back on the
	 * testt-65 lanes, forwards on the testt-58 ones. */
	struct st p = s, q = s;
	const __mmask16 m58 = (__mmask16)~m65;
	for (int i = 0; i < 7; i++) {
		unstep(&p, wp[64 - i], 64 - i >= 60 ? 3 : 2, m65);
		step(&q, wp[58 + i], 58 + i >= 60 ? 3 : 2, m58);
	}
	for (int t = 57; t >= 43; t--) {
		unstep(&p, wp[t], 2, 0xffff);
		step(&q, wp[122 - t], 3, 0xffff);
	}
	for (int t = 42; t >= 40; t--)
		unstep(&p, wp[t], 2, 0xffff);
	for (int t = 39; t >= 20; t--)
		unstep(&p, wp[t], 1, 0xffff);
	for (int t = 19; t >= 0; t--)
		unstep(&p, wp[t], 0, 0xffff);

	uint32_t res[5][LANES];
	_mm512_storeu_si512(res[0], _mm512_add_epi32(q.a, p.a));
	_mm512_storeu_si512(res[1], _mm512_add_epi32(q.b, p.b));
	_mm512_storeu_si512(res[2], _mm512_add_epi32(q.c, p.c));
	_mm512_storeu_si512(res[3], _mm512_add_epi32(q.d, p.d));
	_mm512_storeu_si512(res[4], _mm512_add_epi32(q.e, p.e));
	for (unsigned k = 0; k < n; k++)
		for (int i = 0; i < 5; i++)
			partner[k][i] = res[i][k];
}

void sumac_sha1dc_recompress_avx512(const struct sumac_sha1dc_cand *c, size_t n,
				    uint32_t (*partner)[5])
{
	while (n) {
		unsigned m = n < LANES ? (unsigned)n : LANES;
		recompress16(c, m, partner);
		c += m;
		partner += m;
		n -= m;
	}
}

#endif
