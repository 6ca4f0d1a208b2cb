/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 VPCLMULQDQ on zmm registers, AVX-512F (vpternlogq, lane
 * extracts), AVX-512BW (vpshufb on zmm).
 * Flags: -mavx2 -mpclmul -mvpclmulqdq -mavx512f -mavx512vl -mavx512bw.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX512_VPCLMUL

#include "hash/x86/crc_fold.h"
#include "hash/x86/pclmul.h"

/* The folding of crc_fold.h four chunks to a register: four zmm registers
 * hold sixteen chunks, each folded 2048 bits on per step (256 bytes, eight
 * multiplies, one three-way xor each).  Then the sixteen are folded into
 * the four chunks of one register (512 bits on), the last whole 64-byte
 * pieces folded in, and the register's chunks one onto the next: from
 * there it is the 128-bit kernel's tail.  On a Zen 5 it measured 1.9x the
 * ymm kernel at 1 MiB and 1.25x at 64 MiB (a loaded 2-vCPU VM). */

static inline __m512i k512x4(const uint64_t k[2])
{
	return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)k));
}

static inline __m512i fold512(__m512i x, __m512i k, __m512i next)
{
	return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x00),
					 _mm512_clmulepi64_epi128(x, k, 0x11), next, 0x96);
}

static inline __m512i msb_load512(const uint8_t *p)
{
	const __m512i rev = _mm512_broadcast_i32x4(
		_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	return _mm512_shuffle_epi8(_mm512_loadu_si512(p), rev);
}

static inline __m512i lsb_load512(const uint8_t *p)
{
	return _mm512_loadu_si512(p);
}

/* For n >= 256; leaves fewer than 16 bytes for the tables. */
#define FOLD512_BODY(order, reg, p, n)                                                             \
	do {                                                                                       \
		const __m512i k2048 = k512x4(crc_##order##_fold_2048);                             \
		const __m512i k512 = k512x4(crc_##order##_fold_512);                               \
		const __m128i k128 = crc_k128(crc_##order##_fold_128);                             \
		__m512i z0 = _mm512_xor_si512(order##_load512(p),                                  \
					      _mm512_zextsi128_si512(crc_##order##_start(reg)));   \
		__m512i z1 = order##_load512((p) + 64);                                            \
		__m512i z2 = order##_load512((p) + 128);                                           \
		__m512i z3 = order##_load512((p) + 192);                                           \
		for ((p) += 256, (n) -= 256; (n) >= 256; (p) += 256, (n) -= 256) {                 \
			z0 = fold512(z0, k2048, order##_load512(p));                               \
			z1 = fold512(z1, k2048, order##_load512((p) + 64));                        \
			z2 = fold512(z2, k2048, order##_load512((p) + 128));                       \
			z3 = fold512(z3, k2048, order##_load512((p) + 192));                       \
		}                                                                                  \
		z0 = fold512(fold512(fold512(z0, k512, z1), k512, z2), k512, z3);                  \
		for (; (n) >= 64; (p) += 64, (n) -= 64)                                            \
			z0 = fold512(z0, k512, order##_load512(p));                                \
		__m128i x = crc_fold128(_mm512_extracti32x4_epi32(z0, 0), k128,                    \
					_mm512_extracti32x4_epi32(z0, 1));                         \
		x = crc_fold128(x, k128, _mm512_extracti32x4_epi32(z0, 2));                        \
		x = crc_fold128(x, k128, _mm512_extracti32x4_epi32(z0, 3));                        \
		for (; (n) >= 16; (p) += 16, (n) -= 16)                                            \
			x = crc_fold128(x, k128, crc_##order##_load(p));                           \
		(reg) = crc_##order##_reduce(x);                                                   \
	} while (0)

void sumac_crc_blocks_avx512(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 256)
		FOLD512_BODY(msb, reg, p, n);
	else if (n >= 64)
		CRC_FOLD128_BODY(msb, reg, p, n);
	s->reg = crc_msb_update(reg, p, n);
}

void sumac_crc32b_blocks_avx512(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 256)
		FOLD512_BODY(lsb, reg, p, n);
	else if (n >= 64)
		CRC_FOLD128_BODY(lsb, reg, p, n);
	s->reg = crc_lsb_update(reg, p, n);
}

#endif
