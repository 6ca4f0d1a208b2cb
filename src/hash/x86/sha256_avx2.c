/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 + BMI2 (message schedule in ymm lanes, rounds with rorx).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>

#include "hash/sha2_k.h"
#include "hash/x86/avx2.h"
#include "hash/x86/kernel.h"

/* Blocks are taken in pairs: block n in the low 128-bit half of each ymm
 * register, block n + 1 in the high half.  Every AVX2 shuffle used here
 * (alignr, pshufd, pshufb) works within a half, so the schedule of the two
 * blocks is the schedule of one, four words at a time.  W+K of both blocks
 * goes to a stack buffer; the rounds are scalar (rorx for the rotations).
 * The schedule is computed between the rounds of block n, which keeps the
 * vector units busy while the integer ones run rounds; block n + 1's rounds
 * then only read the buffer.  A last odd block is loaded into both halves
 * and only the low half's rounds are run.
 *
 * The rounds bound the speed: without any schedule work (a wrong hash)
 * they run only 1-5% faster.  Moving part of the next pair's schedule into
 * block n + 1's rounds was tried and measured no faster with clang and 12%
 * slower with gcc. */

/* sigma0 of four words: no 32-bit rotate in AVX2, so shift pairs. */
#define SSIG0V(x)                                                                                  \
	_mm256_xor_si256(                                                                          \
		_mm256_xor_si256(                                                                  \
			_mm256_xor_si256(_mm256_srli_epi32((x), 7), _mm256_slli_epi32((x), 25)),   \
			_mm256_xor_si256(_mm256_srli_epi32((x), 18), _mm256_slli_epi32((x), 14))), \
		_mm256_srli_epi32((x), 3))

/* sigma1 of the words in dwords 0 and 2 of each half, each also copied to
 * the dword above it (y = pshufd of w, w w x x): a 64-bit shift of the pair
 * is then a 32-bit rotate in the low dword.  The results are in dwords 0
 * and 2; the others hold garbage. */
#define SSIG1V2(y)                                                                                 \
	_mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64((y), 17), _mm256_srli_epi64((y), 19)), \
			 _mm256_srli_epi32((y), 10))

/* W[t..t+3] of both blocks from the four vectors before: x0 = W[t-16..],
 * x1 = W[t-12..], x2 = W[t-8..], x3 = W[t-4..].  sigma1 needs W[t-2], so
 * the upper two words wait for the lower two. */
static inline __m256i schedule4(__m256i x0, __m256i x1, __m256i x2, __m256i x3)
{
	const __m256i lo2 =
		_mm256_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2,
				 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
	const __m256i hi2 =
		_mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11, -1, -1,
				 -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
	__m256i w15 = _mm256_alignr_epi8(x1, x0, 4); /* W[t-15..t-12] */
	__m256i w7 = _mm256_alignr_epi8(x3, x2, 4);  /* W[t-7..t-4] */
	__m256i t = _mm256_add_epi32(_mm256_add_epi32(x0, w7), SSIG0V(w15));
	__m256i s1 = SSIG1V2(_mm256_shuffle_epi32(x3, 0xfa)); /* W[t-2], W[t-1] */
	t = _mm256_add_epi32(t, _mm256_shuffle_epi8(s1, lo2));
	s1 = SSIG1V2(_mm256_shuffle_epi32(t, 0x50)); /* W[t], W[t+1] */
	return _mm256_add_epi32(t, _mm256_shuffle_epi8(s1, hi2));
}

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* W+K of word t of block j (0: low half, 1: high half). */
#define WK(j, t) rk[8 * ((t) >> 2) + 4 * (j) + ((t)&3)]

/* One round.  Besides a, b, c and e, f, g only three words are carried:
 * hd = h + d, bcd = (b & c) - d and bxc = b ^ c.  With Maj(a, b, c) =
 * (a & (b ^ c)) + (b & c) (the two terms never share a bit), the new e is
 * (hd + W+K + Ch) + S1(e) and the new a is (e' + bcd + (a & bxc)) + S0(a),
 * which leaves one add after the rotations on each chain: four operations
 * in a row per round on both, where the textbook order has five. */
#define ROUND(x)                                                                                   \
	do {                                                                                       \
		uint32_t s1_ = ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25);                                \
		uint32_t p_ = hd + (x) + (((f ^ g) & e) ^ g);                                      \
		OPAQUE(p_);                                                                        \
		uint32_t e_ = p_ + s1_;                                                            \
		uint32_t q_ = e_ + bcd + (a & bxc);                                                \
		OPAQUE(q_);                                                                        \
		uint32_t a_ = q_ + (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22));                          \
		hd = g + c;                                                                        \
		bcd = (a & b) - c;                                                                 \
		bxc = a ^ b;                                                                       \
		c = b;                                                                             \
		b = a;                                                                             \
		a = a_;                                                                            \
		g = f;                                                                             \
		f = e;                                                                             \
		e = e_;                                                                            \
	} while (0)

/* Eight rounds of block j from word t on, with S0 after the first four and
 * S1 after the others (schedule steps, or nothing). */
#define ROUNDS8(j, t, S0, S1)                                                                      \
	do {                                                                                       \
		ROUND(WK(j, (t) + 0));                                                             \
		ROUND(WK(j, (t) + 1));                                                             \
		ROUND(WK(j, (t) + 2));                                                             \
		ROUND(WK(j, (t) + 3));                                                             \
		S0;                                                                                \
		ROUND(WK(j, (t) + 4));                                                             \
		ROUND(WK(j, (t) + 5));                                                             \
		ROUND(WK(j, (t) + 6));                                                             \
		ROUND(WK(j, (t) + 7));                                                             \
		S1;                                                                                \
	} while (0)

#define ST(p, v) _mm256_store_si256((__m256i *)(p), (v))
/* K[4q..4q+3] (from kp) in both halves. */
#define KV(q) _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)&kp[4 * (q)]))

/* Words 4q..4q+3 of both blocks, from the four groups before, into xq
 * (which held words 4q-16..4q-13), and their W+K into the buffer. */
#define SCHED(q, x0, x1, x2, x3)                                                                   \
	do {                                                                                       \
		(x0) = schedule4((x0), (x1), (x2), (x3));                                          \
		ST(&nw[8 * (q)], _mm256_add_epi32((x0), KV(q)));                                   \
	} while (0)

/* a, b, c (and e, f, g) come back to their registers only every third
 * round, so a loop of 16 rounds ends in register moves; gcc's code is
 * 1.01-1.02x with the loops unrolled (no faster while its post-reload
 * scheduler was on).  clang's unrolled code was 0.7-0.9x at 4-16 blocks. */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLLED(n) _Pragma(#n)
#else
#define UNROLLED(n)
#endif

KEEP_ORDER void sumac_sha256_blocks_avx2(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	const __m256i bswap =
		_mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0,
				 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	_Alignas(32) uint32_t wk[8 * 16];
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
	uint32_t e = s[4], f = s[5], g = s[6], h = s[7];

	while (nblocks) {
		/* The second block, or the first again when it is the last. */
		const uint8_t *p1 = in + (nblocks > 1 ? 64 : 0);
		PREFETCH_INPUT(in, 64 * nblocks, 128); /* a pair's worth */
		__m256i x[4];
		for (int i = 0; i < 4; i++) {
			__m128i lo = _mm_loadu_si128((const __m128i *)(in + 16 * i));
			__m128i hi = _mm_loadu_si128((const __m128i *)(p1 + 16 * i));
			x[i] = _mm256_shuffle_epi8(
				_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), bswap);
			const uint32_t *kp = sumac_sha256_k;
			ST(&wk[8 * i], _mm256_add_epi32(x[i], KV(i)));
		}
		__m256i x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
		/* The rounds read W+K through a pointer the compiler cannot
		 * see through: it would otherwise take the words out of the
		 * vector registers with vpextrd, two more operations each
		 * than an add from memory. */
		const uint32_t *rk = wk;
		OPAQUE(rk);
		{
			/* Block n: 48 rounds with the schedule of words
			 * 16..63 in between, then 16 without. */
			uint32_t *nw = wk + 8 * 4;
			const uint32_t *kp = sumac_sha256_k + 16;
			SHA2_BLOCK_BEGIN(uint32_t);
			UNROLLED(GCC unroll 3)
			for (int r = 0; r < 3; r++) {
				ROUNDS8(0, 0, SCHED(0, x0, x1, x2, x3), SCHED(1, x1, x2, x3, x0));
				ROUNDS8(0, 8, SCHED(2, x2, x3, x0, x1), SCHED(3, x3, x0, x1, x2));
				rk += 32;
				nw += 32;
				kp += 16;
				OPAQUE(rk);
				OPAQUE(nw);
				OPAQUE(kp);
			}
			ROUNDS8(0, 0, NOP, NOP);
			ROUNDS8(0, 8, NOP, NOP);
			SHA2_BLOCK_END();
		}
		if (nblocks == 1)
			break;
		rk = wk;
		OPAQUE(rk);
		{
			/* Block n + 1 reads the W+K block n left. */
			SHA2_BLOCK_BEGIN(uint32_t);
			UNROLLED(GCC unroll 4)
			for (int r = 0; r < 4; r++) {
				ROUNDS8(1, 0, NOP, NOP);
				ROUNDS8(1, 8, NOP, NOP);
				rk += 32;
				OPAQUE(rk);
			}
			SHA2_BLOCK_END();
		}
		in += 128;
		nblocks -= 2;
	}
	/* gcc inserts this itself only from -O2 up; the sanitizer builds
	 * (-O1) would hand dirty upper state to the SSE code that follows. */
	_mm256_zeroupper();
}

#endif /* HAVE_X86_AVX2 */
