/* SPDX-License-Identifier: MIT */
/* The AVX-512 UBC filter's pieces, shared by the filter kernel
 * (sha1dc_avx512.c) and the one that runs it between SHA-NI blocks
 * (sha1dc_shani_avx512.c).  Needs -mavx512f -mavx512vl; to be included by
 * those kernel files alone. */
#ifndef SUMAC_X86_SHA1DC_AVX512_H
#define SUMAC_X86_SHA1DC_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "hash/x86/sha1dc_conds.h"

typedef __m512i vec;

#define LANES 16

/* One 32-bit word of every lane. */
#define SET1(x) _mm512_set1_epi32((int)(uint32_t)(x))

/* Big-endian words: AVX-512F has no byte shuffle on zmm (that is BW), so
 * each word is put together from its two rotations by 8 and 24, bytes 0
 * and 2 from the first. */
static inline __attribute__((always_inline)) vec bswap32(vec x)
{
	return _mm512_ternarylogic_epi32(_mm512_rol_epi32(x, 8), _mm512_rol_epi32(x, 24),
					 SET1(0x00ff00ff), 0xe4);
}

/* r[k] holds the 16 words of block k; afterwards r[w] holds word w of the
 * 16 blocks, block k's in element k.  Within 128-bit lanes first (4 x 4
 * words), then the 128-bit lanes themselves. */
static inline __attribute__((always_inline)) void transpose16(vec r[16])
{
	vec a[16], b[16];

#pragma GCC unroll 16
	for (int i = 0; i < 16; i += 2) {
		a[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
		a[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
	}
	/* b[4g + m], 128-bit lane L: word 4L + m of blocks 4g..4g+3. */
#pragma GCC unroll 16
	for (int g = 0; g < 16; g += 4) {
		b[g] = _mm512_unpacklo_epi64(a[g], a[g + 2]);
		b[g + 1] = _mm512_unpackhi_epi64(a[g], a[g + 2]);
		b[g + 2] = _mm512_unpacklo_epi64(a[g + 1], a[g + 3]);
		b[g + 3] = _mm512_unpackhi_epi64(a[g + 1], a[g + 3]);
	}
#pragma GCC unroll 16
	for (int m = 0; m < 4; m++) {
		vec c0 = _mm512_shuffle_i32x4(b[m], b[4 + m], 0x44);
		vec c1 = _mm512_shuffle_i32x4(b[m], b[4 + m], 0xee);
		vec c2 = _mm512_shuffle_i32x4(b[8 + m], b[12 + m], 0x44);
		vec c3 = _mm512_shuffle_i32x4(b[8 + m], b[12 + m], 0xee);
		r[m] = _mm512_shuffle_i32x4(c0, c2, 0x88);
		r[4 + m] = _mm512_shuffle_i32x4(c0, c2, 0xdd);
		r[8 + m] = _mm512_shuffle_i32x4(c1, c3, 0x88);
		r[12 + m] = _mm512_shuffle_i32x4(c1, c3, 0xdd);
	}
}

/* ---- The UBC filter.
 *
 * A condition "bit a of W[i] ^ bit b of W[j] == c" is bit a of
 * X = W[i] ^ rol(W[j], a - b); vptestmd (c == 0) or vptestnmd (c == 1)
 * against 1 << a gives the lanes where it fails, and a masked OR adds its
 * DVs to those lanes' dead set.  Conditions of the same i, j and a - b
 * share X, and the compiler merges the repeated rotations and XORs.  Four
 * dead sets keep four chains of masked ORs instead of one. */
#define UBC_J(j)      ((j) == 0xff ? 0 : (j)) /* j == 0xff: not read */
#define UBC_ROT(x, r) ((r) ? _mm512_rol_epi32((x), (r)) : (x))
#define UBC_X(i, a, j, b)                                                                          \
	((j) == 0xff ? w[i] : _mm512_xor_si512(w[i], UBC_ROT(w[UBC_J(j)], ((a) - (b)) & 31)))
#define UBC_FAILS(i, a, j, b, c)                                                                   \
	((c) ? _mm512_testn_epi32_mask(UBC_X(i, a, j, b), SET1(1u << (a)))                         \
	     : _mm512_test_epi32_mask(UBC_X(i, a, j, b), SET1(1u << (a))))
/* The DVs come from a table in memory, as broadcast operands of the ORs:
 * as immediates, each would take a move and a broadcast of its own. */
#define UBC_COND(n, i, a, j, b, c, dvs)                                                            \
	dead[(n)&3] = _mm512_mask_or_epi32(dead[(n)&3], UBC_FAILS(i, a, j, b, c), dead[(n)&3],     \
					   SET1(dvs_of[n]));
#define UBC_WORD(t)                                                                                \
	w[t] = _mm512_rol_epi32(                                                                   \
		_mm512_xor_si512(_mm512_ternarylogic_epi32(w[(t)-3], w[(t)-8], w[(t)-14], 0x96),   \
				 w[(t)-16]),                                                       \
		1);

/* w[0..15]: the words of the 16 blocks at in (64 bytes each, no
 * alignment), word t of block k in element k of w[t]. */
static inline __attribute__((always_inline)) void load_blocks16(vec w[16], const uint8_t *in)
{
#pragma GCC unroll 16
	for (int k = 0; k < 16; k++)
		w[k] = bswap32(_mm512_loadu_si512(in + 64 * k));
	transpose16(w);
}

/* The DVs still possible: those in none of the dead sets (0xfe: the OR of
 * three; 0x11: neither of its first two inputs). */
static inline __attribute__((always_inline)) vec ubc_alive(const vec dead[4])
{
	vec d = _mm512_ternarylogic_epi32(dead[0], dead[1], dead[2], 0xfe);
	return _mm512_ternarylogic_epi32(d, dead[3], d, 0x11);
}

/* dvs_of[n]: the DVs of entry n of sumac_sha1dc_conds (sha1dc_avx512.c),
 * a dense copy for the broadcasts. */
extern const uint32_t sumac_sha1dc_ubc_dvs_avx512[SUMAC_SHA1DC_NCONDS_LIST];

#endif
