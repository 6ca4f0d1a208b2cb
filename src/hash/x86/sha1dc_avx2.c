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
#include "hash/x86/sha1dc_conds.h"

typedef __m256i vec;

#define LANES  8
#define INLINE static inline __attribute__((always_inline))

#define SET1(x)   _mm256_set1_epi32((int)(uint32_t)(x))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define AND(x, y) _mm256_and_si256((x), (y))
#define OR(x, y)  _mm256_or_si256((x), (y))
#define ADD(x, y) _mm256_add_epi32((x), (y))
#define ROL(x, r) OR(_mm256_slli_epi32((x), (r)), _mm256_srli_epi32((x), 32 - (r)))
/* m ? y : x, lane by lane, for m all ones or all zeros in each lane. */
#define BLEND(x, y, m) _mm256_blendv_epi8((x), (y), (m))

/* Big-endian words. */
INLINE vec bswap32(vec x)
{
	const vec order = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3,
					   2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	return _mm256_shuffle_epi8(x, order);
}

/* r[k] holds 8 words of block k; afterwards r[w] holds word w of the 8
 * blocks, block k's in element k. */
INLINE void transpose8(vec r[8])
{
	vec a[8], b[8];

#pragma GCC unroll 8
	for (int i = 0; i < 8; i += 2) {
		a[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
		a[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
	}
	/* b[4g + m], 128-bit lane L: word 4L + m of blocks 4g..4g+3. */
#pragma GCC unroll 8
	for (int g = 0; g < 8; g += 4) {
		b[g] = _mm256_unpacklo_epi64(a[g], a[g + 2]);
		b[g + 1] = _mm256_unpackhi_epi64(a[g], a[g + 2]);
		b[g + 2] = _mm256_unpacklo_epi64(a[g + 1], a[g + 3]);
		b[g + 3] = _mm256_unpackhi_epi64(a[g + 1], a[g + 3]);
	}
#pragma GCC unroll 4
	for (int m = 0; m < 4; m++) {
		r[m] = _mm256_permute2x128_si256(b[m], b[4 + m], 0x20);
		r[4 + m] = _mm256_permute2x128_si256(b[m], b[4 + m], 0x31);
	}
}

/* The words of the blocks at p[0..7] (64 bytes each, no alignment), block
 * by block: r[k] words 0..7 of block k, r[8 + k] words 8..15. */
INLINE void load_rows(vec r[16], const uint8_t *const p[LANES])
{
#pragma GCC unroll 8
	for (int k = 0; k < LANES; k++) {
		r[k] = bswap32(_mm256_loadu_si256((const void *)p[k]));
		r[8 + k] = bswap32(_mm256_loadu_si256((const void *)(p[k] + 32)));
	}
}

/* w[0..15] from the blocks at p[0..7]. */
INLINE void load_blocks(vec w[16], const uint8_t *const p[LANES])
{
	load_rows(w, p);
	transpose8(w);
	transpose8(w + 8);
}

#define WORD(w, t) ROL(XOR(XOR((w)[(t)-3], (w)[(t)-8]), XOR((w)[(t)-14], (w)[(t)-16])), 1)

/* ---- The UBC filter.
 *
 * A condition "bit a of W[i] ^ bit b of W[j] == c" is the sign of
 * (W[i] << (31 - a)) ^ (W[j] << (31 - b)) against c; vblendvps, which
 * reads the sign of each element, takes either the lane's dead set or that
 * set with the condition's DVs added.  The shifted words are shared between
 * conditions by the compiler.  Four dead sets keep four chains. */
#define UBC_J(j)          ((j) == 0xff ? 0 : (j)) /* j == 0xff: not read */
#define UBC_SH(i, a)      ((a) == 31 ? w[i] : _mm256_slli_epi32(w[i], 31 - (a)))
#define UBC_S(i, a, j, b) ((j) == 0xff ? UBC_SH(i, a) : XOR(UBC_SH(i, a), UBC_SH(UBC_J(j), b)))
#define UBC_SEL(x, y, s)                                                                           \
	_mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y),       \
					     _mm256_castsi256_ps(s)))
/* The DVs come from a table in memory, as broadcast loads: as immediates,
 * each would take a move and a broadcast of its own. */
#define UBC_COND(n, i, a, j, b, c, dvs)                                                            \
	{                                                                                          \
		const vec k_ = dead[(n)&3], kd_ = OR(k_, SET1(dvs_of[n]));                         \
		dead[(n)&3] = (c) ? UBC_SEL(kd_, k_, UBC_S(i, a, j, b))                            \
				  : UBC_SEL(k_, kd_, UBC_S(i, a, j, b));                           \
	}
#define UBC_WORD(t)                    w[t] = WORD(w, t);
#define UBC_DVS(n, i, a, j, b, c, dvs) [n] = (dvs),
#define UBC_NONE(t)

static const uint32_t ubc_dvs[SUMAC_SHA1DC_NCONDS_LIST] = {SUMAC_SHA1DC_CONDS(UBC_NONE, UBC_DVS)};

/* The masks of 8 blocks at in (64 bytes each, no alignment). */
static void ubc8(const uint8_t *in, uint32_t *masks)
{
	vec w[65];
	vec dead[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
		       _mm256_setzero_si256()};
	const uint32_t *dvs_of = ubc_dvs;
	const uint8_t *p[LANES];

	OPAQUE(dvs_of);
	for (int k = 0; k < LANES; k++)
		p[k] = in + 64 * k;
	load_blocks(w, p);
	SUMAC_SHA1DC_CONDS(UBC_WORD, UBC_COND)
	vec d = OR(OR(dead[0], dead[1]), OR(dead[2], dead[3]));
	_mm256_storeu_si256((void *)masks, XOR(d, SET1(0xffffffff)));
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
