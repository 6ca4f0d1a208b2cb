/* SPDX-License-Identifier: MIT */
/* The 8-lane AVX2 kernels' common parts: message l of 8 in 32-bit element
 * l of a ymm register, so that one vector holds word t of every lane.
 * Include from files built with -mavx2 only. */
#ifndef SUMAC_X86_LANES8_H
#define SUMAC_X86_LANES8_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* Empty asm on a vector: the compiler must keep the sum it ends where it
 * was written, rather than reassociate it onto the chain between rounds. */
#define OPAQUE_V(x) __asm__("" : "+x"(x))

/* The widest state of the families with 8-lane kernels (SHA-256's). */
#define LANES8_STATE_WORDS 8

/* Where each of the 8 lanes reads and keeps its state: the n live lanes'
 * own, and for the spare ones the input of lane 0 (read over the same
 * range, nothing beyond what a live lane is given) and a scratch state
 * that the caller never sees. */
struct lanes8 {
	const uint8_t *in[8];
	uint8_t *st[8];
	uint32_t scratch[LANES8_STATE_WORDS];
};

static inline void lanes8_setup(struct lanes8 *lp, void *const state[], const uint8_t *const in[],
				unsigned n)
{
	for (unsigned l = 0; l < 8; l++) {
		lp->in[l] = l < n ? in[l] : in[0];
		lp->st[l] = l < n ? (uint8_t *)state[l] : (uint8_t *)lp->scratch;
	}
	for (unsigned w = 0; w < LANES8_STATE_WORDS; w++)
		lp->scratch[w] = 0;
}

/* A 4x4 dword transpose in each 128-bit half: row i (lane i, lane i+4 in
 * the high half) in, column j (word j of lanes 0-3, 4-7) out.  Its own
 * inverse. */
static inline void lanes8_transpose4(__m256i v[4])
{
	const __m256i t0 = _mm256_unpacklo_epi32(v[0], v[1]);
	const __m256i t1 = _mm256_unpackhi_epi32(v[0], v[1]);
	const __m256i t2 = _mm256_unpacklo_epi32(v[2], v[3]);
	const __m256i t3 = _mm256_unpackhi_epi32(v[2], v[3]);
	v[0] = _mm256_unpacklo_epi64(t0, t2);
	v[1] = _mm256_unpackhi_epi64(t0, t2);
	v[2] = _mm256_unpacklo_epi64(t1, t3);
	v[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* Words w..w+3 of the 8 arrays p[l] + off as four vectors, word w + j of
 * lane l in element l of v[j].  Loading lane l and lane l+4 into the two
 * halves of one register leaves only in-lane shuffles to do. */
static inline void lanes8_load4(__m256i v[4], const uint8_t *const *p, size_t off)
{
	for (int i = 0; i < 4; i++) {
		const __m128i lo = _mm_loadu_si128((const __m128i *)(p[i] + off));
		const __m128i hi = _mm_loadu_si128((const __m128i *)(p[i + 4] + off));
		v[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
	}
	lanes8_transpose4(v);
}

/* The 16 big-endian words of each lane's block at in[l] + off, word t of
 * every lane in w[t] (SHA-1 and SHA-256). */
static inline void lanes8_load_block_be(__m256i w[16], const uint8_t *const *in, size_t off)
{
	const __m256i bswap =
		_mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0,
				 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	for (int q = 0; q < 4; q++) {
		lanes8_load4(&w[4 * q], in, off + 16 * (size_t)q);
		for (int j = 0; j < 4; j++)
			w[4 * q + j] = _mm256_shuffle_epi8(w[4 * q + j], bswap);
	}
}

/* The inverse: element l of v[j] to word w + j of p[l] + off. */
static inline void lanes8_store4(uint8_t *const *p, size_t off, __m256i v[4])
{
	lanes8_transpose4(v);
	for (int i = 0; i < 4; i++) {
		_mm_storeu_si128((__m128i *)(p[i] + off), _mm256_castsi256_si128(v[i]));
		_mm_storeu_si128((__m128i *)(p[i + 4] + off), _mm256_extracti128_si256(v[i], 1));
	}
}

#endif
