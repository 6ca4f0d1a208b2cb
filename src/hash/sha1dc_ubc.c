/* SPDX-License-Identifier: MIT */
/* The scalar UBC filter of SHA-1 collision detection (hash/sha1dc.h), the
 * filter wherever no SIMD one runs.
 *
 * A run of up to 64 blocks is filtered bit-sliced: word k of a block is
 * turned into 32 planes of 64 bits (bit j of plane p = bit p of word k of
 * block j), two 32 x 32 bit transposes in one 64-bit pass.  The message
 * expansion is then a plain XOR of planes (the rotation only renames
 * them), a condition is one XOR of two planes, and a DV survives in the
 * blocks where all its conditions' planes are 1: about 4 operations per
 * block and expanded word where a block at a time takes 4 per condition
 * and word, with none of the branches that mispredict on real data.  A
 * few blocks alone (the last block of a message) go the direct way. */
#include "config.h"

#include <string.h>

#include "hash/bytes.h"
#include "hash/sha1dc.h"

/* The filter reads W[35..64] only. */
#define LAST_W 64

static uint32_t block_mask(const uint8_t *block)
{
	uint32_t w[LAST_W + 1];

	for (unsigned t = 0; t < 16; t++)
		w[t] = load_be32(block + 4 * t);
	for (unsigned t = 16; t <= LAST_W; t++)
		w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

	/* Branch-free per condition: whether a condition holds is a coin
	 * toss on real data, which a branch would mispredict half the time.
	 * The loop ends when no DV is left, after about 86 of the 157
	 * conditions on random blocks. */
	uint32_t mask = ~UINT32_C(0);
	for (size_t k = 0; k < sumac_sha1dc_nconds && mask; k++) {
		const struct sumac_sha1dc_cond *c = &sumac_sha1dc_conds[k];
		uint32_t bit = w[c->i] >> c->a;
		if (c->j != 0xff)
			bit ^= w[c->j] >> c->b;
		mask &= ~(c->dvs & (0u - ((bit ^ c->c) & 1u)));
	}
	return mask;
}

/* Two 64-bit lanes: the transposes of two words of the blocks run side by
 * side.  GCC's and clang's generic vectors: SSE2, NEON or the z vector
 * facility where the target has them, pairs of scalar operations where it
 * has none (i386, armhf), with the same result. */
typedef uint64_t pair64 __attribute__((vector_size(16)));

/* Transposes the 64 x 32 bit matrices of words x[0][0..63] and
 * x[1][0..63] into planes: bit j of p[h][b] = bit b of x[h][j].  Row j
 * and row j + 32 share a 64-bit word, so each step of the 32 x 32
 * transpose moves both halves, and the two matrices are the two lanes. */
static void transpose(const uint32_t x[2][64], uint64_t p0[32], uint64_t p1[32])
{
	pair64 a[32];

	for (unsigned r = 0; r < 32; r++) {
		const pair64 v = {x[0][r] | (uint64_t)x[0][r + 32] << 32,
				  x[1][r] | (uint64_t)x[1][r + 32] << 32};
		a[r] = v;
	}
	/* Level j swaps the j-wide blocks that are off the diagonal: bit c of
	 * row k (k & j == 0, c & j != 0) with bit c - j of row k + j.  Each
	 * level is written out so that its shifts and masks are constants. */
#define SWAP_LEVEL(j, m)                                                                           \
	for (unsigned k = 0; k < 32; k++) {                                                        \
		if (k & (j))                                                                       \
			continue;                                                                  \
		const pair64 t = ((a[k] >> (j)) ^ a[k + (j)]) & (m);                               \
		a[k + (j)] ^= t;                                                                   \
		a[k] ^= t << (j);                                                                  \
	}
	SWAP_LEVEL(16, 0x0000ffff0000ffffu)
	SWAP_LEVEL(8, 0x00ff00ff00ff00ffu)
	SWAP_LEVEL(4, 0x0f0f0f0f0f0f0f0fu)
	SWAP_LEVEL(2, 0x3333333333333333u)
	SWAP_LEVEL(1, 0x5555555555555555u)
#undef SWAP_LEVEL
	/* a[b]: bits 0..31 = bit b of x[h][0..31], bits 32..63 = of
	 * x[h][32..63], in lane h. */
	for (unsigned b = 0; b < 32; b++) {
		p0[b] = a[b][0];
		p1[b] = a[b][1];
	}
}

/* Masks of n <= 64 blocks, bit-sliced. */
static void sliced_masks(const uint8_t *blocks, size_t n, uint32_t *masks)
{
	uint64_t pl[LAST_W + 1][32];
	uint32_t x[2][64];
	uint64_t alive[SUMAC_SHA1DC_NDVS];

	for (unsigned t = 0; t < 16; t += 2) {
		for (size_t j = 0; j < 64; j++) {
			x[0][j] = j < n ? load_be32(blocks + 64 * j + 4 * t) : 0;
			x[1][j] = j < n ? load_be32(blocks + 64 * j + 4 * t + 4) : 0;
		}
		transpose(x, pl[t], pl[t + 1]);
	}
	/* W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]): plane b of W[t]
	 * is plane b - 1 of the XOR, so the XOR of whole rows (which the
	 * compiler vectorises) lands one plane up. */
	for (unsigned t = 16; t <= LAST_W; t++) {
		uint64_t x4[32];
		for (unsigned b = 0; b < 32; b++)
			x4[b] = pl[t - 3][b] ^ pl[t - 8][b] ^ pl[t - 14][b] ^ pl[t - 16][b];
		pl[t][0] = x4[31];
		memcpy(&pl[t][1], x4, 31 * sizeof x4[0]);
	}
	for (unsigned d = 0; d < SUMAC_SHA1DC_NDVS; d++)
		alive[d] = ~UINT64_C(0);
	for (size_t k = 0; k < sumac_sha1dc_nconds; k++) {
		const struct sumac_sha1dc_cond *c = &sumac_sha1dc_conds[k];
		uint64_t holds = pl[c->i][c->a] ^ (c->c ? 0 : ~UINT64_C(0));
		if (c->j != 0xff)
			holds ^= pl[c->j][c->b];
		for (uint32_t dvs = c->dvs; dvs; dvs &= dvs - 1)
			alive[__builtin_ctz(dvs)] &= holds;
	}
	for (size_t j = 0; j < n; j++)
		masks[j] = 0;
	const uint64_t valid = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
	for (unsigned d = 0; d < SUMAC_SHA1DC_NDVS; d++)
		for (uint64_t live = alive[d] & valid; live; live &= live - 1)
			masks[__builtin_ctzll(live)] |= UINT32_C(1) << d;
}

/* Below this many blocks the fixed cost of a 64-block slice is more than
 * the blocks one at a time. */
#define SLICE_MIN 12

void sumac_sha1dc_ubc_scalar(const uint8_t *blocks, size_t n, uint32_t *masks)
{
	while (n >= SLICE_MIN) {
		const size_t m = n < 64 ? n : 64;
		sliced_masks(blocks, m, masks);
		blocks += 64 * m;
		masks += m;
		n -= m;
	}
	for (size_t k = 0; k < n; k++)
		masks[k] = block_mask(blocks + 64 * k);
}
