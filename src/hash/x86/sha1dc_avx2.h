/* SPDX-License-Identifier: MIT */
/* The AVX2 UBC filter's pieces and vector helpers, shared by the AVX2
 * kernels (sha1dc_avx2.c) and the one that runs the filter between SHA-NI
 * blocks (sha1dc_shani_avx2.c).  Needs -mavx2; to be included by those
 * kernel files alone. */
#ifndef SUMAC_X86_SHA1DC_AVX2_H
#define SUMAC_X86_SHA1DC_AVX2_H

#include <immintrin.h>
#include <stdint.h>

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
#define UBC_WORD(t) w[t] = WORD(w, t);
/* The DVs still possible: those in none of the dead sets. */
INLINE vec ubc_alive(const vec dead[4])
{
	vec d = OR(OR(dead[0], dead[1]), OR(dead[2], dead[3]));
	return XOR(d, SET1(0xffffffff));
}

/* dvs_of[n]: the DVs of entry n of sumac_sha1dc_conds (sha1dc_avx2.c), a
 * dense copy for the broadcasts. */
extern const uint32_t sumac_sha1dc_ubc_dvs_avx2[SUMAC_SHA1DC_NCONDS_LIST];

#endif
