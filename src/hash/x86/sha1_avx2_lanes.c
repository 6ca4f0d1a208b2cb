/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 (8 SHA-1 messages at once, one per 32-bit element).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>
#include <string.h>

#include "hash/x86/avx2.h"
#include "hash/x86/kernel.h"
#include "hash/x86/lanes8.h"

/* For CPUs without SHA-NI.  One SHA-1 stream is bound by its round chain
 * (rol(a, 5) + the sum, two cycles a round in scalar code); here each
 * vector holds one word of eight messages, so that chain and the schedule
 * run once for all eight.  Rotations are two shifts and an or (no vector
 * rotate before AVX-512). */

#define ADD(x, y) _mm256_add_epi32((x), (y))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define AND(x, y) _mm256_and_si256((x), (y))
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n)))

#define F_CH(b, c, d)  XOR((d), AND((b), XOR((c), (d))))
#define F_PAR(b, c, d) XOR(XOR((b), (c)), (d))

/* W[t] in place of W[t - 16] in the ring of the last 16, for t >= 16. */
#define SCHED(t)                                                                                   \
	(w[(t)&15] = ROL(                                                                          \
		 XOR(XOR(w[((t)-3) & 15], w[((t)-8) & 15]), XOR(w[((t)-14) & 15], w[(t)&15])), 1))
#define NO_SCHED(t) ((void)0)

/* e += rol(a, 5) + f(b, c, d) + K + W[t]; b = rol(b, 30).  The sum that
 * does not depend on a (the newest word) is formed first. */
#define ROUND(S, F, k, a, b, c, d, e, t)                                                           \
	do {                                                                                       \
		S(t);                                                                              \
		(e) = ADD(ADD((e), (k)), w[(t)&15]);                                               \
		(e) = ADD((e), F((b), (c), (d)));                                                  \
		OPAQUE_V(e);                                                                       \
		(e) = ADD((e), ROL((a), 5));                                                       \
		(b) = ROL((b), 30);                                                                \
	} while (0)

/* Maj(b, c, d) = (b & c) | (d & (b ^ c)), two terms with no bit in
 * common: a sum, added to e in two parts by the round itself (its F
 * argument, MAJ_IN_ROUND, is not expanded). */
#define ROUND_MAJ(S, F, k, a, b, c, d, e, t)                                                       \
	do {                                                                                       \
		S(t);                                                                              \
		(e) = ADD(ADD((e), (k)), w[(t)&15]);                                               \
		(e) = ADD((e), AND((d), XOR((b), (c))));                                           \
		(e) = ADD((e), AND((b), (c)));                                                     \
		OPAQUE_V(e);                                                                       \
		(e) = ADD((e), ROL((a), 5));                                                       \
		(b) = ROL((b), 30);                                                                \
	} while (0)

#define ROUNDS5(R, S, F, k, t)                                                                     \
	do {                                                                                       \
		R(S, F, k, a, b, c, d, e, (t) + 0);                                                \
		R(S, F, k, e, a, b, c, d, (t) + 1);                                                \
		R(S, F, k, d, e, a, b, c, (t) + 2);                                                \
		R(S, F, k, c, d, e, a, b, (t) + 3);                                                \
		R(S, F, k, b, c, d, e, a, (t) + 4);                                                \
	} while (0)

#define ROUNDS20(R, F, k, t)                                                                       \
	do {                                                                                       \
		ROUNDS5(R, SCHED, F, k, (t) + 0);                                                  \
		ROUNDS5(R, SCHED, F, k, (t) + 5);                                                  \
		ROUNDS5(R, SCHED, F, k, (t) + 10);                                                 \
		ROUNDS5(R, SCHED, F, k, (t) + 15);                                                 \
	} while (0)

/* The kernel costs the same with any number of live lanes, so below
 * LANES_MIN of them one stream each is faster: in process on a 2-vCPU Zen
 * 5, 3 live lanes together hash 0.87x (gcc 12) / 0.99x (clang 14) the
 * bytes per second of one sumac_sha1_blocks_avx2 stream, 4 lanes 1.17x /
 * 1.32x. */
#define LANES_MIN 4

/* KEEP_ORDER (kernel.h): 1.03-1.04x with gcc 12 on the Zen 5 here. */
KEEP_ORDER void sumac_sha1_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
				      size_t nblocks)
{
	if (n < LANES_MIN) {
		for (unsigned l = 0; l < n; l++)
			sumac_sha1_blocks_avx2(state[l], in[l], nblocks);
		return;
	}
	struct lanes8 lp;
	lanes8_setup(&lp, state, in, n);
	const __m256i k0 = _mm256_set1_epi32(0x5a827999), k1 = _mm256_set1_epi32(0x6ed9eba1);
	const __m256i k2 = _mm256_set1_epi32((int)0x8f1bbcdc),
		      k3 = _mm256_set1_epi32((int)0xca62c1d6);
	__m256i s[4];
	_Alignas(32) uint32_t ev[8];
	lanes8_load4(s, (const uint8_t *const *)lp.st, 0);
	for (int l = 0; l < 8; l++)
		memcpy(&ev[l], lp.st[l] + 16, 4);
	__m256i se = _mm256_load_si256((const __m256i *)ev);

	for (size_t off = 0; nblocks--; off += 64) {
		/* The ring of the last 16 schedule words, in memory: they
		 * and the five state words do not fit the 16 ymm registers. */
		_Alignas(32) __m256i w[16];
		lanes8_load_block_be(w, lp.in, off);
		__m256i a = s[0], b = s[1], c = s[2], d = s[3], e = se;
		ROUNDS5(ROUND, NO_SCHED, F_CH, k0, 0);
		ROUNDS5(ROUND, NO_SCHED, F_CH, k0, 5);
		ROUNDS5(ROUND, NO_SCHED, F_CH, k0, 10);
		ROUND(NO_SCHED, F_CH, k0, a, b, c, d, e, 15);
		ROUND(SCHED, F_CH, k0, e, a, b, c, d, 16);
		ROUND(SCHED, F_CH, k0, d, e, a, b, c, 17);
		ROUND(SCHED, F_CH, k0, c, d, e, a, b, 18);
		ROUND(SCHED, F_CH, k0, b, c, d, e, a, 19);
		ROUNDS20(ROUND, F_PAR, k1, 20);
		ROUNDS20(ROUND_MAJ, MAJ_IN_ROUND, k2, 40);
		ROUNDS20(ROUND, F_PAR, k3, 60);
		s[0] = ADD(s[0], a);
		s[1] = ADD(s[1], b);
		s[2] = ADD(s[2], c);
		s[3] = ADD(s[3], d);
		se = ADD(se, e);
	}
	lanes8_store4(lp.st, 0, s);
	_mm256_store_si256((__m256i *)ev, se);
	for (int l = 0; l < 8; l++)
		memcpy(lp.st[l] + 16, &ev[l], 4);
	/* gcc inserts this itself only from -O2 up; the sanitizer builds
	 * (-O1) would hand dirty upper state to the SSE code that follows. */
	_mm256_zeroupper();
}

#endif /* HAVE_X86_AVX2 */
