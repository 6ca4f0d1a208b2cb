/* SPDX-License-Identifier: MIT */
/* The 128-bit carry-less folding of both CRC-32s, as static inline code
 * for the kernel files alone (each compiles it with its own ISA flags:
 * crc_pclmul.c with -mpclmul -mssse3 -msse4.1, crc_vpclmul.c VEX-encoded
 * with AVX2).
 *
 * A CRC is the message as a polynomial over GF(2), times x^32, mod P.  A
 * 128-bit chunk A followed by D more bits weighs A x^D; A = Ah x^64 + Al is
 * congruent there to Ah (x^(D+64) mod P) + Al (x^D mod P), two 64 x 32-bit
 * carry-less products of at most 96 bits: "folding" A onto the chunk D bits
 * on replaces two 128-bit chunks by one of the same weight, and the CRC is
 * unchanged.  Four chunks are folded side by side, 512 bits on, so that
 * the products of one do not wait for another's; at the end the four are
 * folded into one, the last whole chunks are folded in one by one, and the
 * 128 bits left are taken to the 32-bit register: times x^32, two folds to
 * 64 bits, then Barrett's reduction (q = floor(U mu / x^64) with
 * mu = floor(x^64 / P), U mod P = U - q P).  The constants come from
 * tools/gen-crc-tables.py (crc_tables.c).
 *
 * msb (cksum): each 16-byte chunk is byte-reversed so that bit 127 of the
 * register is the first bit of the message, the highest power of x, and
 * carry-less products are the plain polynomial products.
 *
 * lsb (crc32b): the chunk is loaded as it is; bit i of the register is the
 * coefficient of x^(127-i), lane 0 is the high half, and a product of two
 * reflected 64-bit lanes comes out reflected and one place short, i.e.
 * multiplied by x: each constant is x^(n-1) mod P so that the product is
 * the one wanted. */
#ifndef SUMAC_X86_CRC_FOLD_H
#define SUMAC_X86_CRC_FOLD_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/crc.h"

static inline __m128i crc_k128(const uint64_t k[2])
{
	return _mm_loadu_si128((const __m128i *)k);
}

/* x folded onto next by the distance k was made for: both lanes times
 * their constant (lane 0 by k[0], lane 1 by k[1]). */
static inline __m128i crc_fold128(__m128i x, __m128i k, __m128i next)
{
	return _mm_xor_si128(
		_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11)),
		next);
}

static inline __m128i crc_msb_load(const uint8_t *p)
{
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
	return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), rev);
}

static inline __m128i crc_lsb_load(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

/* The register continues into the message: reg x^(n-32) is reg in the
 * top 32 bits of the first chunk (msb), in its first 32 bits (lsb). */
static inline __m128i crc_msb_start(uint32_t reg)
{
	return _mm_slli_si128(_mm_cvtsi32_si128((int)reg), 12);
}

static inline __m128i crc_lsb_start(uint32_t reg)
{
	return _mm_cvtsi32_si128((int)reg);
}

/* X x^32 mod P for the last 128 bits X, msb order. */
static inline uint32_t crc_msb_reduce(__m128i x)
{
	const __m128i f = crc_k128(crc_msb_final), g = crc_k128(crc_msb_final + 2);
	/* T = Xh (x^96 mod P) + Xl x^32: below x^96. */
	const __m128i t = _mm_xor_si128(_mm_clmulepi64_si128(x, f, 0x01),
					_mm_slli_si128(_mm_move_epi64(x), 4));
	/* U = Th (x^64 mod P) + Tl, in lane 0: below x^64. */
	const __m128i u = _mm_xor_si128(_mm_clmulepi64_si128(t, f, 0x11), t);
	/* q = U mu / x^64 lands in lane 1; U + q P's low 32 bits are the CRC. */
	const __m128i q = _mm_clmulepi64_si128(u, g, 0x00);
	const __m128i r = _mm_xor_si128(_mm_clmulepi64_si128(q, g, 0x11), u);
	return (uint32_t)_mm_cvtsi128_si32(r);
}

/* The same in lsb order: the CRC comes out reflected, which is the
 * register of crc32b. */
static inline uint32_t crc_lsb_reduce(__m128i x)
{
	const __m128i f = crc_k128(crc_lsb_final), g = crc_k128(crc_lsb_final + 2);
	/* T = Xh (x^96 mod P) + Xl x^32: Xl moves from bits 64..127 to 32..95. */
	const __m128i t = _mm_xor_si128(_mm_clmulepi64_si128(x, f, 0x00),
					_mm_slli_si128(_mm_srli_si128(x, 8), 4));
	/* U = Th (x^64 mod P) + Tl, in lane 1 (lane 0 is left unused). */
	const __m128i u = _mm_xor_si128(_mm_clmulepi64_si128(t, f, 0x10), t);
	/* q = U mu / x^64, in bits 0..31 (mu is stored times x^31). */
	const __m128i q =
		_mm_and_si128(_mm_clmulepi64_si128(u, g, 0x01), _mm_cvtsi32_si128((int)0xffffffff));
	/* q P (P times x^31) lands with U's low half moved to lane 0: the
	 * register is bits 32..63. */
	const __m128i r = _mm_xor_si128(_mm_clmulepi64_si128(q, g, 0x10), _mm_srli_si128(u, 8));
	return (uint32_t)_mm_extract_epi32(r, 1);
}

/* The 128-bit kernel of one order, for n >= 64: four chunks at a time, 512
 * bits apart, then one at a time; the last n % 16 bytes through the
 * tables. */
#define CRC_FOLD128_BODY(order, reg, p, n)                                                         \
	do {                                                                                       \
		const __m128i k512 = crc_k128(crc_##order##_fold_512);                             \
		const __m128i k128 = crc_k128(crc_##order##_fold_128);                             \
		__m128i x0 = _mm_xor_si128(crc_##order##_load(p), crc_##order##_start(reg));       \
		__m128i x1 = crc_##order##_load((p) + 16);                                         \
		__m128i x2 = crc_##order##_load((p) + 32);                                         \
		__m128i x3 = crc_##order##_load((p) + 48);                                         \
		for ((p) += 64, (n) -= 64; (n) >= 64; (p) += 64, (n) -= 64) {                      \
			x0 = crc_fold128(x0, k512, crc_##order##_load(p));                         \
			x1 = crc_fold128(x1, k512, crc_##order##_load((p) + 16));                  \
			x2 = crc_fold128(x2, k512, crc_##order##_load((p) + 32));                  \
			x3 = crc_fold128(x3, k512, crc_##order##_load((p) + 48));                  \
		}                                                                                  \
		x0 = crc_fold128(crc_fold128(crc_fold128(x0, k128, x1), k128, x2), k128, x3);      \
		for (; (n) >= 16; (p) += 16, (n) -= 16)                                            \
			x0 = crc_fold128(x0, k128, crc_##order##_load(p));                         \
		(reg) = crc_##order##_reduce(x0);                                                  \
	} while (0)

#endif
