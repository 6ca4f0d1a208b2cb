/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 (four SHA-512 messages side by side in ymm lanes).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>

#include "hash/x86/avx2.h"
#include "hash/x86/kernel.h"
#include "hash/x86/sha512_k4.h"

/* One message per 64-bit lane: every variable of the textbook round is a
 * vector holding that variable of the four messages, so a round costs the
 * same vector operations for four blocks as scalar code spends on one, and
 * no word ever moves between lanes after the load.  The one-stream kernel
 * (sha512_avx2.c) is bound by its 24 integer operations a round; here a
 * round is some 34 vector operations plus about 20 for the schedule, which
 * the four vector pipes of a Zen take in about as many cycles as three
 * scalar rounds.  AVX2 has no 64-bit rotate: each is two shifts and an or,
 * folded into the xors of the sigmas.
 *
 * Measured on a Zen 5 (2026-12, 4.2 GHz, 64 MiB a message, paired with
 * the one-stream kernel): four lanes give 1.33-1.39x its aggregate speed
 * (1.42-1.50x on 4 KiB messages; gcc 12 and clang 14 alike), at 14-15
 * cycles a round against its 5.2.  Every vector integer operation there
 * has a two-cycle latency and only two of the four vector pipes shift, so
 * a round is held by both its chains and its 21 shifts and shuffles; the
 * rounds without the schedule ran barely faster.  With fewer live lanes
 * the idle ones cost as much as live ones (three lanes measured
 * 0.88-0.94x, two 0.59-0.63x of the one-stream kernel), so those go
 * through it lane by lane.  Where the CPU has AVX-512VL, the x86-avx512
 * row's kernel (sha512_avx512_lanes.c) runs the same layout with
 * single-instruction rotates, about 1.8x as fast. */

#define LD(p)         _mm256_load_si256((const __m256i *)(p))
#define ST(p, v)      _mm256_store_si256((__m256i *)(p), (v))
#define LDU(p)        _mm_loadu_si128((const __m128i *)(p))
#define ADD(x, y)     _mm256_add_epi64((x), (y))
#define XOR(x, y)     _mm256_xor_si256((x), (y))
#define SHR(x, n)     _mm256_srli_epi64((x), (n))
#define SHL(x, n)     _mm256_slli_epi64((x), (n))
#define XOR3(x, y, z) XOR(XOR((x), (y)), (z))

/* The rotation pairs, each as (x >> n) ^ (x << 64 - n). */
#define BSIG0(x)                                                                                   \
	XOR3(XOR(SHR((x), 28), SHL((x), 36)), XOR(SHR((x), 34), SHL((x), 30)),                     \
	     XOR(SHR((x), 39), SHL((x), 25)))
#define BSIG1(x)                                                                                   \
	XOR3(XOR(SHR((x), 14), SHL((x), 50)), XOR(SHR((x), 18), SHL((x), 46)),                     \
	     XOR(SHR((x), 41), SHL((x), 23)))
/* The rotation by 8 is a byte shuffle, which runs beside the shifts. */
#define SSIG0(x)                                                                                   \
	XOR(XOR(SHR((x), 1), SHL((x), 63)), XOR(SHR((x), 7), _mm256_shuffle_epi8((x), rot8)))
#define SSIG1(x) XOR3(XOR(SHR((x), 19), SHL((x), 45)), XOR(SHL((x), 3), SHR((x), 61)), SHR((x), 6))

/* Word t + 16 into slot t of the sixteen-word ring w, after round t has
 * read word t from it. */
#define SCHED(t)                                                                                   \
	ST(w + 4 * ((t)&15),                                                                       \
	   ADD(ADD(LD(w + 4 * ((t)&15)), LD(w + 4 * (((t) + 9) & 15))),                            \
	       ADD(SSIG0(LD(w + 4 * (((t) + 1) & 15))), SSIG1(LD(w + 4 * (((t) + 14) & 15))))))

#define WKT(t) ADD(LD(kp + 4 * (t)), LD(w + 4 * ((t)&15)))

/* An empty asm that the compiler must assume changed the vector x: it
 * keeps the sums of a round in the order written, which gcc and clang
 * would otherwise regroup with the sigmas early in them. */
#define VOPAQUE(x) __asm__("" : "+x"(x))

/* Every vector operation here has a latency of two cycles on a Zen 5, so
 * the round is bound by its two chains, not by its operation count: the
 * new e is d + (h + W+K + Ch) + S1(e), five operations deep from e, and
 * the new a is (Maj + T1) + S0(a), five deep from a; T1 = h + W+K + Ch +
 * S1(e) is formed beside d + (...) for one more addition.  Maj(a, b, c) =
 * b ^ ((a ^ b) & (b ^ c)), where b ^ c is the a ^ b of the round before
 * (bc), and Ch(e, f, g) = (e & f) ^ (~e & g). */
#define ROUND(a, b, c, d, e, f, g, h, t, S)                                                        \
	do {                                                                                       \
		__m256i u_ = ADD((h), WKT(t));                                                     \
		u_ = ADD(u_, XOR(_mm256_and_si256((e), (f)), _mm256_andnot_si256((e), (g))));      \
		VOPAQUE(u_);                                                                       \
		__m256i s1_ = BSIG1(e);                                                            \
		__m256i du_ = ADD((d), u_);                                                        \
		VOPAQUE(du_);                                                                      \
		__m256i t1_ = ADD(u_, s1_);                                                        \
		VOPAQUE(t1_);                                                                      \
		__m256i ab_ = XOR((a), (b));                                                       \
		__m256i m_ = ADD(XOR((b), _mm256_and_si256(ab_, bc)), t1_);                        \
		VOPAQUE(m_);                                                                       \
		(d) = ADD(du_, s1_);                                                               \
		(h) = ADD(m_, BSIG0(a));                                                           \
		bc = ab_;                                                                          \
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

/* Words 0..15 of the blocks at p[0..3], byte-swapped and transposed into
 * the ring w: two words of lanes 0 and 2 in x, of lanes 1 and 3 in y. */
#define LOAD_WORDS(w, p)                                                                           \
	do {                                                                                       \
		for (int i_ = 0; i_ < 128; i_ += 16) {                                             \
			__m256i x_ = _mm256_inserti128_si256(                                      \
				_mm256_castsi128_si256(LDU((p)[0] + i_)), LDU((p)[2] + i_), 1);    \
			__m256i y_ = _mm256_inserti128_si256(                                      \
				_mm256_castsi128_si256(LDU((p)[1] + i_)), LDU((p)[3] + i_), 1);    \
			x_ = _mm256_shuffle_epi8(x_, bswap);                                       \
			y_ = _mm256_shuffle_epi8(y_, bswap);                                       \
			ST((w) + i_ / 2, _mm256_unpacklo_epi64(x_, y_));                           \
			ST((w) + i_ / 2 + 4, _mm256_unpackhi_epi64(x_, y_));                       \
		}                                                                                  \
	} while (0)

KEEP_ORDER void sumac_sha512_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
					size_t nblocks)
{
	const __m256i bswap =
		_mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4,
				 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	const __m256i rot8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
					      1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
	_Alignas(32) uint64_t ring[16 * 4];
	_Alignas(32) uint64_t v[8 * 4];
	const uint8_t *p[4];
	const uint64_t *s[4];

	if (n < 4) {
		for (unsigned l = 0; l < n; l++)
			sumac_sha512_blocks_avx2(state[l], in[l], nblocks);
		_mm256_zeroupper(); /* the compiler may hoist the masks above this */
		return;
	}
	for (unsigned l = 0; l < 4; l++) {
		p[l] = in[l];
		s[l] = state[l];
	}
	for (int i = 0; i < 8; i++)
		ST(v + 4 * i, _mm256_setr_epi64x((long long)s[0][i], (long long)s[1][i],
						 (long long)s[2][i], (long long)s[3][i]));
	__m256i a = LD(v), b = LD(v + 4), c = LD(v + 8), d = LD(v + 12);
	__m256i e = LD(v + 16), f = LD(v + 20), g = LD(v + 24), h = LD(v + 28);

	for (; nblocks; nblocks--) {
		uint64_t *w = ring;
		OPAQUE(w);
		LOAD_WORDS(w, p);
		for (unsigned l = 0; l < 4; l++)
			p[l] += 128;

		__m256i bc = XOR(b, c);
		const uint64_t *kp = K512x4;
		for (int r = 0; r < 4; r++, kp += 4 * 16) {
			OPAQUE(kp);
			ROUNDS16_SCHED();
		}
		OPAQUE(kp);
		ROUNDS16();

		a = ADD(a, LD(v));
		b = ADD(b, LD(v + 4));
		c = ADD(c, LD(v + 8));
		d = ADD(d, LD(v + 12));
		e = ADD(e, LD(v + 16));
		f = ADD(f, LD(v + 20));
		g = ADD(g, LD(v + 24));
		h = ADD(h, LD(v + 28));
		ST(v, a);
		ST(v + 4, b);
		ST(v + 8, c);
		ST(v + 12, d);
		ST(v + 16, e);
		ST(v + 20, f);
		ST(v + 24, g);
		ST(v + 28, h);
	}
	for (unsigned l = 0; l < 4; l++) {
		uint64_t *o = state[l];
		for (int i = 0; i < 8; i++)
			o[i] = v[4 * i + l];
	}
	_mm256_zeroupper();
}

#endif /* HAVE_X86_AVX2 */
