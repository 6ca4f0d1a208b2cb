/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX-512F + AVX-512VL (up to eight SHA-512 messages side by
 * side in ymm or zmm registers, EVEX rotates and three-input logic).
 * Flags: -mavx2 -mbmi2 -mavx512f -mavx512vl.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX512

#include <immintrin.h>

#include "hash/x86/avx512.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha512_k4.h"

/* The layout of sha512_avx2_lanes.c (one message per 64-bit lane, a
 * sixteen-word ring), with vprorq for each rotation and vpternlogq for
 * each three-way xor, Ch and Maj: a round is some 19 vector operations
 * instead of 36 and its chains three deep instead of five, which is what
 * bounds the AVX2 form on a Zen 5 (two cycles a vector operation).  Up to
 * four messages run in ymm registers, five to eight in zmm registers,
 * which on that CPU cost what ymm ones do.  Spare lanes hash lane 0's
 * input again into vector lanes that are never stored, so they read
 * nothing beyond what lane 0 has.
 *
 * Measured there (2026-12, 4.2 GHz, paired with the one-stream
 * sha512-x86-avx2 kernel, gcc 12 and clang 14): eight lanes 4.06-4.17x
 * its aggregate speed (5.2 GB/s), seven 3.55-3.70x; four lanes 2.36-2.51x
 * (2.5-2.7x on 4 KiB messages), three 1.76-1.85x and two 1.19-1.25x. */

/* The operations at either width: L lanes in a VEC, the macros below
 * defined for each kernel in turn. */
#define LDU(p) _mm_loadu_si128((const __m128i *)(p))

/* The sigmas: three rotations (or shifts) and one three-way xor each. */
#define BSIG0(x) TERN(ROR((x), 28), ROR((x), 34), ROR((x), 39), 0x96)
#define BSIG1(x) TERN(ROR((x), 14), ROR((x), 18), ROR((x), 41), 0x96)
#define SSIG0(x) TERN(ROR((x), 1), ROR((x), 8), SHR((x), 7), 0x96)
#define SSIG1(x) TERN(ROR((x), 19), ROR((x), 61), SHR((x), 6), 0x96)

/* Word t + 16 into slot t of the sixteen-word ring w, after round t has
 * read word t from it. */
#define SCHED(t)                                                                                   \
	ST(w + L * ((t)&15),                                                                       \
	   ADD(ADD(LD(w + L * ((t)&15)), LD(w + L * (((t) + 9) & 15))),                            \
	       ADD(SSIG0(LD(w + L * (((t) + 1) & 15))), SSIG1(LD(w + L * (((t) + 14) & 15))))))

#define WKT(t) ADD(KT(t), LD(w + L * ((t)&15)))

/* An empty asm that the compiler must assume changed the vector x: it
 * keeps the sums of a round in the order written, which gcc and clang
 * would otherwise regroup with the sigmas early in them. */
#define VOPAQUE(x) __asm__("" : "+x"(x))

/* As in the AVX2 form, the sums are ordered for the chains from e and a:
 * the new e is (d + h + W+K + Ch) + S1(e), three operations deep from e
 * (vpternlogq with 0xca is Ch, with 0xe8 Maj), and the new a is (T1 +
 * Maj) + S0(a), three deep from a. */
#define ROUND(a, b, c, d, e, f, g, h, t, S)                                                        \
	do {                                                                                       \
		VEC u_ = ADD((h), WKT(t));                                                         \
		VOPAQUE(u_);                                                                       \
		VEC ch_ = TERN((e), (f), (g), 0xca);                                               \
		VEC x_ = ADD((d), u_);                                                             \
		VEC s1_ = BSIG1(e);                                                                \
		x_ = ADD(x_, ch_);                                                                 \
		VOPAQUE(x_);                                                                       \
		VEC t1_ = ADD(u_, ch_);                                                            \
		VOPAQUE(t1_);                                                                      \
		t1_ = ADD(t1_, s1_);                                                               \
		VOPAQUE(t1_);                                                                      \
		VEC m_ = ADD(t1_, TERN((a), (b), (c), 0xe8));                                      \
		VOPAQUE(m_);                                                                       \
		(d) = ADD(x_, s1_);                                                                \
		(h) = ADD(m_, BSIG0(a));                                                           \
		S;                                                                                 \
	} while (0)

#define ROUNDS8(t, S0, S1, S2, S3, S4, S5, S6, S7)                                                 \
	do {                                                                                       \
		ROUND(a, b, c, d, e, f, g, h, (t) + 0, S0);                                        \
		ROUND(h, a, b, c, d, e, f, g, (t) + 1, S1);                                        \
		ROUND(g, h, a, b, c, d, e, f, (t) + 2, S2);                                        \
		ROUND(f, g, h, a, b, c, d, e, (t) + 3, S3);                                        \
		ROUND(e, f, g, h, a, b, c, d, (t) + 4, S4);                                        \
		ROUND(d, e, f, g, h, a, b, c, (t) + 5, S5);                                        \
		ROUND(c, d, e, f, g, h, a, b, (t) + 6, S6);                                        \
		ROUND(b, c, d, e, f, g, h, a, (t) + 7, S7);                                        \
	} while (0)

#define ROUNDS16_SCHED()                                                                           \
	do {                                                                                       \
		ROUNDS8(0, SCHED(0), SCHED(1), SCHED(2), SCHED(3), SCHED(4), SCHED(5), SCHED(6),   \
			SCHED(7));                                                                 \
		ROUNDS8(8, SCHED(8), SCHED(9), SCHED(10), SCHED(11), SCHED(12), SCHED(13),         \
			SCHED(14), SCHED(15));                                                     \
	} while (0)

#define ROUNDS16()                                                                                 \
	do {                                                                                       \
		ROUNDS8(0, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP);                                \
		ROUNDS8(8, NOP, NOP, NOP, NOP, NOP, NOP, NOP, NOP);                                \
	} while (0)

/* The 80 rounds of one block of every lane, w holding its words 0..15,
 * and the state (a..h, saved in v) updated. */
#define BLOCK()                                                                                    \
	do {                                                                                       \
		const uint64_t *kp = K512x4;                                                       \
		for (int r = 0; r < 4; r++, kp += 4 * 16) {                                        \
			OPAQUE(kp);                                                                \
			ROUNDS16_SCHED();                                                          \
		}                                                                                  \
		OPAQUE(kp);                                                                        \
		ROUNDS16();                                                                        \
		ST(v, a = ADD(a, LD(v)));                                                          \
		ST(v + L, b = ADD(b, LD(v + L)));                                                  \
		ST(v + 2 * L, c = ADD(c, LD(v + 2 * L)));                                          \
		ST(v + 3 * L, d = ADD(d, LD(v + 3 * L)));                                          \
		ST(v + 4 * L, e = ADD(e, LD(v + 4 * L)));                                          \
		ST(v + 5 * L, f = ADD(f, LD(v + 5 * L)));                                          \
		ST(v + 6 * L, g = ADD(g, LD(v + 6 * L)));                                          \
		ST(v + 7 * L, h = ADD(h, LD(v + 7 * L)));                                          \
	} while (0)

/* Every lane's state into v and its input into p; the spare lanes (from n
 * to L) take lane 0's, so that they read only what lane 0 reads. */
#define LOAD_STATE()                                                                               \
	do {                                                                                       \
		for (unsigned l_ = 0; l_ < L; l_++) {                                              \
			const uint64_t *s_ = state[l_ < n ? l_ : 0];                               \
			p[l_] = in[l_ < n ? l_ : 0];                                               \
			for (int i_ = 0; i_ < 8; i_++)                                             \
				v[L * i_ + l_] = s_[i_];                                           \
		}                                                                                  \
	} while (0)

/* The live lanes' state out of v. */
#define STORE_STATE()                                                                              \
	do {                                                                                       \
		for (unsigned l_ = 0; l_ < n; l_++) {                                              \
			uint64_t *o_ = state[l_];                                                  \
			for (int i_ = 0; i_ < 8; i_++)                                             \
				o_[i_] = v[L * i_ + l_];                                           \
		}                                                                                  \
	} while (0)

/* vpshufb's control that swaps the bytes of each 64-bit word. */
static inline __m256i bswap64_mask(void)
{
	return _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
				2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
}

/* Words 0..15 of the blocks at p[0..L-1], byte-swapped and transposed
 * into the ring w: two words of the even lanes in x, of the odd lanes in
 * y, and unpacking the 128-bit lanes of x and y pairs them up. */
static inline __m256i pair_lanes(const uint8_t *p0, const uint8_t *p1, int i, __m256i bswap)
{
	return _mm256_shuffle_epi8(
		_mm256_inserti128_si256(_mm256_castsi128_si256(LDU(p0 + i)), LDU(p1 + i), 1),
		bswap);
}

/* Four lanes in ymm registers. */
#define L                  4
#define VEC                __m256i
#define LD(p)              _mm256_load_si256((const __m256i *)(p))
#define ST(p, v)           _mm256_store_si256((__m256i *)(p), (v))
#define ADD(x, y)          _mm256_add_epi64((x), (y))
#define SHR(x, n)          _mm256_srli_epi64((x), (n))
#define ROR(x, n)          _mm256_ror_epi64((x), (n))
#define TERN(x, y, z, imm) _mm256_ternarylogic_epi64((x), (y), (z), (imm))
#define KT(t)              LD(kp + 4 * (t))

KEEP_ORDER static void lanes4(void *const state[], const uint8_t *const in[], unsigned n,
			      size_t nblocks)
{
	const __m256i bswap = bswap64_mask();
	_Alignas(64) uint64_t ring[16 * L];
	_Alignas(64) uint64_t v[8 * L];
	const uint8_t *p[L];

	LOAD_STATE();
	VEC a = LD(v), b = LD(v + L), c = LD(v + 2 * L), d = LD(v + 3 * L);
	VEC e = LD(v + 4 * L), f = LD(v + 5 * L), g = LD(v + 6 * L), h = LD(v + 7 * L);

	for (; nblocks; nblocks--) {
		uint64_t *w = ring;
		OPAQUE(w);
		for (int i = 0; i < 128; i += 16) {
			__m256i x = pair_lanes(p[0], p[2], i, bswap);
			__m256i y = pair_lanes(p[1], p[3], i, bswap);
			ST(w + i / 2, _mm256_unpacklo_epi64(x, y));
			ST(w + i / 2 + L, _mm256_unpackhi_epi64(x, y));
		}
		for (unsigned l = 0; l < L; l++)
			p[l] += 128;
		BLOCK();
	}
	STORE_STATE();
	_mm256_zeroupper();
}

/* Eight lanes in zmm registers: on a Zen 5 a zmm operation costs what a
 * ymm one does, so this is twice the work in the same time.  The byte
 * swap stays at ymm width (vpshufb on zmm would need AVX-512BW). */
#undef L
#undef VEC
#undef LD
#undef ST
#undef ADD
#undef SHR
#undef ROR
#undef TERN
#undef KT
#define L                  8
#define VEC                __m512i
#define LD(p)              _mm512_load_si512((const void *)(p))
#define ST(p, v)           _mm512_store_si512((void *)(p), (v))
#define ADD(x, y)          _mm512_add_epi64((x), (y))
#define SHR(x, n)          _mm512_srli_epi64((x), (n))
#define ROR(x, n)          _mm512_ror_epi64((x), (n))
#define TERN(x, y, z, imm) _mm512_ternarylogic_epi64((x), (y), (z), (imm))
#define KT(t)              _mm512_set1_epi64((long long)kp[4 * (t)])

KEEP_ORDER static void lanes8(void *const state[], const uint8_t *const in[], unsigned n,
			      size_t nblocks)
{
	const __m256i bswap = bswap64_mask();
	_Alignas(64) uint64_t ring[16 * L];
	_Alignas(64) uint64_t v[8 * L];
	const uint8_t *p[L];

	LOAD_STATE();
	VEC a = LD(v), b = LD(v + L), c = LD(v + 2 * L), d = LD(v + 3 * L);
	VEC e = LD(v + 4 * L), f = LD(v + 5 * L), g = LD(v + 6 * L), h = LD(v + 7 * L);

	for (; nblocks; nblocks--) {
		uint64_t *w = ring;
		OPAQUE(w);
		for (int i = 0; i < 128; i += 16) {
			__m512i x = _mm512_inserti64x4(
				_mm512_castsi256_si512(pair_lanes(p[0], p[2], i, bswap)),
				pair_lanes(p[4], p[6], i, bswap), 1);
			__m512i y = _mm512_inserti64x4(
				_mm512_castsi256_si512(pair_lanes(p[1], p[3], i, bswap)),
				pair_lanes(p[5], p[7], i, bswap), 1);
			ST(w + i, _mm512_unpacklo_epi64(x, y));
			ST(w + i + L, _mm512_unpackhi_epi64(x, y));
		}
		for (unsigned l = 0; l < L; l++)
			p[l] += 128;
		BLOCK();
	}
	STORE_STATE();
	_mm256_zeroupper();
}

void sumac_sha512_lanes_avx512(void *const state[], const uint8_t *const in[], unsigned n,
			       size_t nblocks)
{
	if (n <= 4)
		lanes4(state, in, n, nblocks);
	else
		lanes8(state, in, n, nblocks);
}

#endif /* HAVE_X86_AVX512 */
