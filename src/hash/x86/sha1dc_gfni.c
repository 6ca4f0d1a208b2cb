/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX-512F/VL/BW + AVX-512VBMI + GFNI (SHA-1 collision
 * detection's UBC filter over the words a SHA-NI lane kernel expanded,
 * 64 blocks a pass, bit-sliced).
 * Flags: -mavx2 -mbmi2 -mavx512f -mavx512vl -mavx512bw -mavx512vbmi -mgfni.
 * Only called through the sha1dc dispatch (hash/sha1dc.h) after the row's
 * usable() said yes.
 *
 * Why: in lanes the SHA-NI rounds keep the vector units busy, so a filter
 * beside them costs its whole run time, and the AVX-512 filter spends most
 * of it loading, byte-swapping, transposing and expanding the blocks
 * (about a third) and testing 157 conditions one bit at a time for 16
 * blocks (the rest): 8.9 ns a block here (Zen 4), against 13 ns for the
 * block in four SHA-NI lanes.  But the lane kernel expands every block
 * anyway, and the conditions read only bits 0-7 and 28-30 of W[35..64]:
 *
 *  - the lane kernel writes W[32..67] of each block (hash/sha1dc.h,
 *    SUMAC_SHA1DC_SCHED_*), which costs it a few stores;
 *  - per row of four words, eight blocks at a time: one vpermt2b gathers
 *    byte 0 and byte 3 of each word of the eight blocks into a 64-bit word
 *    per (word, byte), and one gf2p8affineqb transposes each of those 8 x 8
 *    bit matrices, so that byte i holds bit i of the eight blocks;
 *  - an 8 x 8 transpose of 64-bit words across the eight groups and one
 *    vpermb then give each bit (plane) of the 64 blocks as one 64-bit word;
 *  - a condition is then one XOR of two planes (and a NOT) for 64 blocks at
 *    once, and a DV survives in the blocks where all its conditions' planes
 *    are 1: 157 XORs and 373 ANDs in integer registers.
 *
 * 3.0 to 3.5 ns a block here beside the lane kernel, gcc 12 and clang 14
 * alike. */
#include "config.h"

#if HAVE_SHA1DC_GFNI

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "hash/sha1dc.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha1dc_conds.h"

typedef __m512i vec;

#define SLOTS SUMAC_SHA1DC_SCHED_SLOTS
_Static_assert(SLOTS == 64, "a plane is one 64-bit word");

/* The conditions read W[FIRST_W..LAST_W], bits 0-7 and 28-30 of each; a
 * word's planes kept are those of its byte 0 (bits 0-7) and byte 3 (bits
 * 24-31), plane p at PLANE(p). */
#define FIRST_W  35
#define LAST_W   64
#define PLANE(p) ((p) < 8 ? (p) : (p)-16)

/* Row r holds W[4(8 + r)] .. W[4(8 + r) + 3]. */
#define ROW_FIRST_W(r) (4 * (8 + (r)))
_Static_assert(ROW_FIRST_W(0) <= FIRST_W && ROW_FIRST_W(SUMAC_SHA1DC_SCHED_ROWS - 1) + 3 >= LAST_W,
	       "the rows hold the words the conditions read");

/* The gather of one row of eight slots (two zmm loads, slots 8m..8m+3 and
 * 8m+4..8m+7, 16 bytes each): 64-bit word q = 2w + y of the result, byte
 * k, is byte y ? 3 : 0 of word W[first + w] of slot 8m + 7 - k (reversed,
 * as gf2p8affineqb numbers its rows from the top); word w of a slot is its
 * 32-bit lane 3 - w. */
#define GATHER_SLOT(k) (7 - (k) % 8)
#define GATHER_Q(k)    ((k) / 8)
#define GATHER_BYTE(k)                                                                             \
	((GATHER_SLOT(k) < 4 ? 0 : 64) + 16 * (GATHER_SLOT(k) % 4) + 4 * (3 - GATHER_Q(k) / 2) +   \
	 (GATHER_Q(k) % 2 ? 3 : 0))
/* The 8 x 8 byte transpose: byte k of the result is byte 8(k % 8) + k / 8. */
#define TRANSPOSE_BYTE(k) (8 * ((k) % 8) + (k) / 8)

#define B8(f, k)                                                                                   \
	f((k) + 0), f((k) + 1), f((k) + 2), f((k) + 3), f((k) + 4), f((k) + 5), f((k) + 6),        \
		f((k) + 7)
#define B64(f) B8(f, 0), B8(f, 8), B8(f, 16), B8(f, 24), B8(f, 32), B8(f, 40), B8(f, 48), B8(f, 56)
static const uint8_t gather_index[64] __attribute__((aligned(64))) = {B64(GATHER_BYTE)};
static const uint8_t transpose_index[64] __attribute__((aligned(64))) = {B64(TRANSPOSE_BYTE)};

/* Rows r[0..7] of an 8 x 8 matrix of 64-bit words, transposed. */
static inline __attribute__((always_inline)) void transpose8(vec r[8])
{
	const vec lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
	const vec hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
	vec a[8], b[8];

#pragma GCC unroll 8
	for (int i = 0; i < 8; i += 2) {
		a[i] = _mm512_unpacklo_epi64(r[i], r[i + 1]);
		a[i + 1] = _mm512_unpackhi_epi64(r[i], r[i + 1]);
	}
#pragma GCC unroll 8
	for (int i = 0; i < 8; i++)
		if (i % 4 < 2) {
			b[i] = _mm512_permutex2var_epi64(a[i], lo, a[i + 2]);
			b[i + 2] = _mm512_permutex2var_epi64(a[i], hi, a[i + 2]);
		}
#pragma GCC unroll 4
	for (int i = 0; i < 4; i++) {
		r[i] = _mm512_shuffle_i64x2(b[i], b[i + 4], 0x44);
		r[i + 4] = _mm512_shuffle_i64x2(b[i], b[i + 4], 0xee);
	}
}

/* plane[t - FIRST_W][PLANE(p)]: bit s is bit p of W[t] of slot s.
 * planes and conditions stay two functions: inlined into one, gcc 12 took
 * the conditions' planes out of the zmm registers one by one instead of
 * loading them from memory: four SHA-1 lanes with detection ran at
 * 3.05 GB/s instead of 3.34 (Zen 4, in process). */
static __attribute__((noinline)) void planes(const uint32_t *sched,
					     uint64_t plane[LAST_W - FIRST_W + 1][16])
{
	const vec gather = _mm512_load_si512(gather_index);
	const vec transpose = _mm512_load_si512(transpose_index);
	/* Byte k of each 64-bit word selects row k of the data: with the
	 * data as the matrix, byte k of the result is bit k of its 8 bytes. */
	const vec bits = _mm512_set1_epi64((long long)0x8040201008040201ull);

#pragma GCC unroll 9
	for (int r = 0; r < SUMAC_SHA1DC_SCHED_ROWS; r++) {
		const uint32_t *row = sched + 4 * SUMAC_SHA1DC_SCHED_ROW * r;
		vec g[8];
#pragma GCC unroll 8
		for (int m = 0; m < 8; m++) {
			const vec x =
				_mm512_permutex2var_epi8(_mm512_loadu_si512(row + 32 * m), gather,
							 _mm512_loadu_si512(row + 32 * m + 16));
			g[m] = _mm512_gf2p8affine_epi64_epi8(bits, x, 0);
		}
		/* g[m], word 2w + y, byte i: bit i of byte y of W[first + w],
		 * slots 8m..8m+7; after the transpose g[2w + y], word m. */
		transpose8(g);
#pragma GCC unroll 8
		for (int q = 0; q < 8; q++) {
			const int t = ROW_FIRST_W(r) + q / 2;
			if (t < FIRST_W || t > LAST_W)
				continue;
			_mm512_storeu_si512(&plane[t - FIRST_W][q % 2 ? 8 : 0],
					    _mm512_permutexvar_epi8(transpose, g[q]));
		}
	}
}

/* Condition n holds in the slots of hold[n]; the planes go through
 * integer registers (OPAQUE), not vector lanes, where the compiler would
 * otherwise gather them. */
#define P(t, p) plane[(t)-FIRST_W][PLANE(p)]
#define HOLD(n, i, a, j, b, c, dvs)                                                                \
	{                                                                                          \
		uint64_t x_ = P(i, a), y_ = (j) == 0xff ? 0 : P((j) == 0xff ? FIRST_W : (j), b);   \
		OPAQUE(x_);                                                                        \
		OPAQUE(y_);                                                                        \
		hold[n] = x_ ^ y_ ^ ((c) ? 0 : ~UINT64_C(0));                                      \
	}
#define NO_WORD(t)
#define AND_IF_DV(n, i, a, j, b, c, dvs)                                                           \
	if (((dvs) >> DV) & 1)                                                                     \
		alive &= hold[n];
/* DV d: the slots where all its conditions hold. */
#define ALIVE(d)                                                                                   \
	{                                                                                          \
		enum { DV = (d) };                                                                 \
		uint64_t alive = ~UINT64_C(0);                                                     \
		SUMAC_SHA1DC_CONDS(NO_WORD, AND_IF_DV)                                             \
		alive_of[d] = alive;                                                               \
		any |= alive;                                                                      \
	}
#define ALIVE8(d)                                                                                  \
	ALIVE((d) + 0)                                                                             \
	ALIVE((d) + 1)                                                                             \
	ALIVE((d) + 2)                                                                             \
	ALIVE((d) + 3)                                                                             \
	ALIVE((d) + 4)                                                                             \
	ALIVE((d) + 5)                                                                             \
	ALIVE((d) + 6)                                                                             \
	ALIVE((d) + 7)
_Static_assert(SUMAC_SHA1DC_NDVS == 32, "ALIVE8 four times");

static __attribute__((noinline)) void conditions(const uint64_t plane[LAST_W - FIRST_W + 1][16],
						 uint32_t *masks)
{
	uint64_t hold[SUMAC_SHA1DC_NCONDS_LIST + 1];
	uint64_t alive_of[SUMAC_SHA1DC_NDVS];
	uint64_t any = 0;

	SUMAC_SHA1DC_CONDS(NO_WORD, HOLD)
	ALIVE8(0)
	ALIVE8(8)
	ALIVE8(16)
	ALIVE8(24)
	/* Back to a mask per slot, for the few slots with any DV left. */
	memset(masks, 0, SLOTS * sizeof *masks);
	while (any) {
		const unsigned s = (unsigned)__builtin_ctzll(any);
		uint32_t mask = 0;
		any &= any - 1;
		for (unsigned d = 0; d < SUMAC_SHA1DC_NDVS; d++)
			mask |= (uint32_t)((alive_of[d] >> s) & 1) << d;
		masks[s] = mask;
	}
}

void sumac_sha1dc_sched_ubc_gfni(const uint32_t *sched, uint32_t *masks)
{
	uint64_t plane[LAST_W - FIRST_W + 1][16] __attribute__((aligned(64)));

	planes(sched, plane);
	conditions(plane, masks);
}

#endif
