/* SPDX-License-Identifier: MIT */
/* The SHA-512 block driver shared by the x86 one-stream kernels
 * (sha512_avx2.c, sha512_avx512.c): the message schedule of four blocks at
 * a time in ymm lanes, the one-block path with its schedule in xmm
 * registers, and the order in which both interleave with the rounds.  The
 * kernels differ in their rounds and schedule operations only, so the file
 * that includes this one first defines:
 *
 *   SHA512_BLOCKS_FN          the name of the sumac_blocks_fn to define
 *   STATE_VARS(s)             declares the working variables a..h from s
 *   BLOCK_BEGIN(), BLOCK_END()  start a block; end it, adding a..h into s
 *                             and leaving the new state in a..h
 *   ROUND_WK(wk)              one round with W[t] + K[t] = wk
 *   SSIG0V(x), SSIG1V(x)      sigma0, sigma1 of the four words of a ymm
 *   SSIG0X(x), SSIG1X(x)      the same of the two words of an xmm
 *   SCHED_CONSTS_V, SCHED_CONSTS_X  declarations those need (or nothing)
 *
 * and includes <immintrin.h>, hash/x86/kernel.h and hash/x86/sha512_k4.h. */

#define LD(p)    _mm256_load_si256((const __m256i *)(p))
#define ST(p, v) _mm256_store_si256((__m256i *)(p), (v))
#define LDU(p)   _mm_loadu_si128((const __m128i *)(p))

/* A schedule buffer holds 80 x 4 words of W+K followed by 80 x 4 raw W. */
#define RAW 320

/* Word t + k of the four blocks being scheduled, where nw points at the
 * W+K of word t and kp at K[t]. */
#define STEP(k)                                                                                    \
	do {                                                                                       \
		__m256i w_ = _mm256_add_epi64(                                                     \
			_mm256_add_epi64(LD(nw + RAW + 4 * ((k)-16)), LD(nw + RAW + 4 * ((k)-7))), \
			_mm256_add_epi64(SSIG0V(LD(nw + RAW + 4 * ((k)-15))),                      \
					 SSIG1V(LD(nw + RAW + 4 * ((k)-2)))));                     \
		ST(nw + RAW + 4 * (k), w_);                                                        \
		ST(nw + 4 * (k), _mm256_add_epi64(w_, LD(kp + 4 * (k))));                          \
	} while (0)

#define STEP4(q)                                                                                   \
	do {                                                                                       \
		STEP(4 * (q) + 0);                                                                 \
		STEP(4 * (q) + 1);                                                                 \
		STEP(4 * (q) + 2);                                                                 \
		STEP(4 * (q) + 3);                                                                 \
	} while (0)

#define STEP5(q)                                                                                   \
	do {                                                                                       \
		STEP(5 * (q) + 0);                                                                 \
		STEP(5 * (q) + 1);                                                                 \
		STEP(5 * (q) + 2);                                                                 \
		STEP(5 * (q) + 3);                                                                 \
		STEP(5 * (q) + 4);                                                                 \
	} while (0)

/* Round t of the block whose W+K column cw points at. */
#define ROUND(t) ROUND_WK(cw[4 * (t)])

#define ROUNDS5(t)                                                                                 \
	do {                                                                                       \
		ROUND((t) + 0);                                                                    \
		ROUND((t) + 1);                                                                    \
		ROUND((t) + 2);                                                                    \
		ROUND((t) + 3);                                                                    \
		ROUND((t) + 4);                                                                    \
	} while (0)

/* Twenty rounds, with S0..S3 after each five. */
#define ROUNDS20(S0, S1, S2, S3)                                                                   \
	do {                                                                                       \
		ROUNDS5(0);                                                                        \
		S0;                                                                                \
		ROUNDS5(5);                                                                        \
		S1;                                                                                \
		ROUNDS5(10);                                                                       \
		S2;                                                                                \
		ROUNDS5(15);                                                                       \
		S3;                                                                                \
	} while (0)

/* Words 0..15 of up to four blocks at p (lane j: block min(j, n - 1)),
 * byte-swapped and transposed, to the schedule buffer w. */
static void load_group(uint64_t *w, const uint8_t *p, size_t n)
{
	const __m256i bswap =
		_mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4,
				 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	const uint8_t *p1 = p + (n > 1 ? 128 : 0);
	const uint8_t *p2 = p + (n > 2 ? 256 : 128 * (n - 1));
	const uint8_t *p3 = p + 128 * (n - 1);

	/* Two words of blocks 0 and 2 in x, of blocks 1 and 3 in y. */
	for (int i = 0; i < 128; i += 16) {
		__m256i x =
			_mm256_inserti128_si256(_mm256_castsi128_si256(LDU(p + i)), LDU(p2 + i), 1);
		__m256i y = _mm256_inserti128_si256(_mm256_castsi128_si256(LDU(p1 + i)),
						    LDU(p3 + i), 1);
		x = _mm256_shuffle_epi8(x, bswap);
		y = _mm256_shuffle_epi8(y, bswap);
		__m256i lo = _mm256_unpacklo_epi64(x, y), hi = _mm256_unpackhi_epi64(x, y);
		ST(w + RAW + i / 2, lo);
		ST(w + RAW + i / 2 + 4, hi);
		ST(w + i / 2, _mm256_add_epi64(lo, LD(&K512x4[i / 2])));
		ST(w + i / 2 + 4, _mm256_add_epi64(hi, LD(&K512x4[i / 2 + 4])));
	}
	/* gcc keeps this function out of line and adds a vzeroupper itself
	 * only from -O2 up; the -O1 sanitizer builds need it written. */
	_mm256_zeroupper();
}

/* One block alone (a short message, or the padding block that ends every
 * message).  Its schedule runs two words at a time in xmm registers, the
 * sixteen-word window held in eight of them, so that it costs the integer
 * units nothing: the earlier scalar schedule added some fourteen integer
 * operations to each of rounds 16..79 (7.7 cycles a round against 5.2 in
 * the four-block path here), and a four-lane schedule for one block goes
 * through memory for W[t-2] and makes the rounds wait.  Words t and t+1
 * need only words up to t-1, so each step is one vector op per term;
 * W[t-15] and W[t-7] straddle two registers and come from palignr.  Kept
 * out of line: inlined, it made gcc lay out the group path worse (two- to
 * eight-block calls 3-18% slower here).  It uses no ymm register (only
 * VEX.128 code, which leaves the upper halves as clean as it found them),
 * so it has no vzeroupper: an explicit one made 16-byte messages 20%
 * slower in bench/speed on this Zen 5. */

/* Words t, t+1 into x0 (which held t-16, t-15), and their W+K to nw[0..1];
 * x1 holds t-14, t-13, x4 and x5 t-8..t-5 and x7 t-2, t-1.  K512x4 holds
 * each K four times, so K[t], K[t+1] lie side by side at kp[3]. */
#define XSTEP(x0, x1, x4, x5, x7, q)                                                               \
	do {                                                                                       \
		__m128i s0_ = SSIG0X(_mm_alignr_epi8((x1), (x0), 8));                              \
		__m128i w_ = _mm_add_epi64(_mm_add_epi64((x0), _mm_alignr_epi8((x5), (x4), 8)),    \
					   _mm_add_epi64(s0_, SSIG1X(x7)));                        \
		(x0) = w_;                                                                         \
		_mm_store_si128((__m128i *)(nw + 2 * (q)),                                         \
				_mm_add_epi64(w_, LDU(kp + 8 * (q) + 3)));                         \
	} while (0)

#define OB_R2(t)                                                                                   \
	do {                                                                                       \
		ROUND_WK(cw[(t)]);                                                                 \
		ROUND_WK(cw[(t) + 1]);                                                             \
	} while (0)

__attribute__((noinline)) static void one_block(uint64_t *s, const uint8_t *p)
{
	const __m128i bswap = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	SCHED_CONSTS_X;
	_Alignas(16) uint64_t wk[80];
	STATE_VARS(s);
	__m128i x0, x1, x2, x3, x4, x5, x6, x7;
	BLOCK_BEGIN();

#define OB_LOAD(x, i)                                                                              \
	do {                                                                                       \
		(x) = _mm_shuffle_epi8(LDU(p + 16 * (i)), bswap);                                  \
		_mm_store_si128((__m128i *)(wk + 2 * (i)),                                         \
				_mm_add_epi64((x), LDU(K512x4 + 8 * (i) + 3)));                    \
	} while (0)
	OB_LOAD(x0, 0);
	OB_LOAD(x1, 1);
	OB_LOAD(x2, 2);
	OB_LOAD(x3, 3);
	OB_LOAD(x4, 4);
	OB_LOAD(x5, 5);
	OB_LOAD(x6, 6);
	OB_LOAD(x7, 7);
#undef OB_LOAD
	const uint64_t *cw = wk;
	uint64_t *nw = wk + 16;
	const uint64_t *kp = K512x4 + 4 * 16;
	/* Sixteen rounds and the next sixteen words a turn, the window back
	 * in the same registers after eight steps; a loop, not 80 unrolled
	 * rounds, as this code shares the instruction caches with the group
	 * path of the same message. */
	for (int r = 0; r < 5; r++, cw += 16, nw += 16, kp += 4 * 16) {
		OPAQUE(cw);
		if (r < 4) {
			OB_R2(0);
			XSTEP(x0, x1, x4, x5, x7, 0);
			OB_R2(2);
			XSTEP(x1, x2, x5, x6, x0, 1);
			OB_R2(4);
			XSTEP(x2, x3, x6, x7, x1, 2);
			OB_R2(6);
			XSTEP(x3, x4, x7, x0, x2, 3);
			OB_R2(8);
			XSTEP(x4, x5, x0, x1, x3, 4);
			OB_R2(10);
			XSTEP(x5, x6, x1, x2, x4, 5);
			OB_R2(12);
			XSTEP(x6, x7, x2, x3, x5, 6);
			OB_R2(14);
			XSTEP(x7, x0, x3, x4, x6, 7);
		} else {
			for (int t = 0; t < 16; t += 2)
				OB_R2(t);
		}
	}
	BLOCK_END();
}

void SHA512_BLOCKS_FN(void *state, const uint8_t *in, size_t nblocks)
{
	uint64_t *s = state;
	SCHED_CONSTS_V;
	_Alignas(32) uint64_t buf[2][2 * RAW];
	uint64_t *cur = buf[0], *nxt = buf[1];
	STATE_VARS(s);
	size_t n = nblocks < 4 ? nblocks : 4; /* blocks in the current group */
	size_t j0 = 1;                        /* its first block still to do */

	if (nblocks <= 1) {
		if (nblocks)
			one_block(s, in);
		else
			_mm256_zeroupper(); /* the compiler may hoist SCHED_CONSTS_V above this */
		return;
	}

	/* First block: only words 0..19 of the first group are computed up
	 * front, the rest during its first 60 rounds, always well ahead of
	 * the round that needs them, so that a short input does not wait for
	 * a whole schedule before its first round. */
	load_group(cur, in, n);
	{
		uint64_t *nw = cur + 4 * 16;
		const uint64_t *kp = K512x4 + 4 * 16;
		STEP4(0);
	}
	{
		BLOCK_BEGIN();
		const uint64_t *cw = cur;
		uint64_t *nw = cur + 4 * 20;
		const uint64_t *kp = K512x4 + 4 * 20;
		for (int r = 0; r < 3; r++, cw += 4 * 20, nw += 4 * 20, kp += 4 * 20) {
			OPAQUE(cw);
			OPAQUE(nw);
			OPAQUE(kp);
			ROUNDS20(STEP5(0), STEP5(1), STEP5(2), STEP5(3));
		}
		OPAQUE(cw);
		ROUNDS20(NOP, NOP, NOP, NOP);
		BLOCK_END();
	}

	for (;;) {
		nblocks -= n;
		in += 128 * n;
		if (nblocks) {
			/* The rest of this group, and four steps of the next
			 * one's schedule every twenty rounds. */
			uint64_t *nw = nxt + 4 * 16;
			const uint64_t *kp = K512x4 + 4 * 16;

			load_group(nxt, in, nblocks < 4 ? nblocks : 4);
			PREFETCH_INPUT(in, 128 * nblocks, 512); /* a group's worth */
			for (size_t j = j0; j < 4; j++) {
				BLOCK_BEGIN();
				const uint64_t *cw = cur + j;
				for (int r = 0; r < 4;
				     r++, cw += 4 * 20, nw += 4 * 4, kp += 4 * 4) {
					OPAQUE(cw);
					OPAQUE(nw);
					OPAQUE(kp);
					ROUNDS20(STEP(0), STEP(1), STEP(2), STEP(3));
				}
				BLOCK_END();
			}
			/* After the first group (three blocks), words 64..79
			 * of the next one are still missing. */
			for (; nw < nxt + 4 * 80; nw += 4 * 4, kp += 4 * 4)
				STEP4(0);
			uint64_t *t = cur;
			cur = nxt;
			nxt = t;
		} else {
			for (size_t j = j0; j < n; j++) {
				BLOCK_BEGIN();
				const uint64_t *cw = cur + j;
				for (int r = 0; r < 4; r++, cw += 4 * 20) {
					OPAQUE(cw);
					ROUNDS20(NOP, NOP, NOP, NOP);
				}
				BLOCK_END();
			}
			_mm256_zeroupper(); /* gcc adds it itself only from -O2 up */
			return;
		}
		j0 = 0;
		n = nblocks < 4 ? nblocks : 4;
	}
}
