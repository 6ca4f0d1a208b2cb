/* SPDX-License-Identifier: MIT */
/* ISA: x86 VPCLMULQDQ on ymm registers, AVX2 (vpshufb, vpxor on ymm).
 * Flags: -mavx2 -mpclmul -mvpclmulqdq.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_VPCLMUL

#include "hash/x86/crc_fold.h"
#include "hash/x86/pclmul.h"

/* The folding of crc_fold.h two chunks to a register: four ymm registers
 * hold eight chunks, each folded 1024 bits on per step, so that a step is
 * eight carry-less multiplies on 128 bytes, twice the work of a PCLMULQDQ
 * step for the same instructions.  The eight are then folded into the
 * two chunks of one register (256 bits on), the last whole 32-byte pieces
 * are folded in, and the register's first chunk onto its second: from
 * there it is the 128-bit kernel's tail. */

static inline __m256i k256(const uint64_t k[2])
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k));
}

static inline __m256i fold256(__m256i x, __m256i k, __m256i next)
{
	return _mm256_xor_si256(_mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x00),
						 _mm256_clmulepi64_epi128(x, k, 0x11)),
				next);
}

static inline __m256i msb_load256(const uint8_t *p)
{
	const __m256i rev = _mm256_broadcastsi128_si256(
		_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	return _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)p), rev);
}

static inline __m256i lsb_load256(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)p);
}

/* For n >= 256; leaves fewer than 16 bytes for the tables. */
#define FOLD256_BODY(order, reg, p, n)                                                             \
	do {                                                                                       \
		const __m256i k1024 = k256(crc_##order##_fold_1024);                               \
		const __m256i k256_ = k256(crc_##order##_fold_256);                                \
		const __m128i k128 = crc_k128(crc_##order##_fold_128);                             \
		__m256i y0 = _mm256_xor_si256(order##_load256(p),                                  \
					      _mm256_zextsi128_si256(crc_##order##_start(reg)));   \
		__m256i y1 = order##_load256((p) + 32);                                            \
		__m256i y2 = order##_load256((p) + 64);                                            \
		__m256i y3 = order##_load256((p) + 96);                                            \
		for ((p) += 128, (n) -= 128; (n) >= 128; (p) += 128, (n) -= 128) {                 \
			y0 = fold256(y0, k1024, order##_load256(p));                               \
			y1 = fold256(y1, k1024, order##_load256((p) + 32));                        \
			y2 = fold256(y2, k1024, order##_load256((p) + 64));                        \
			y3 = fold256(y3, k1024, order##_load256((p) + 96));                        \
		}                                                                                  \
		y0 = fold256(fold256(fold256(y0, k256_, y1), k256_, y2), k256_, y3);               \
		for (; (n) >= 32; (p) += 32, (n) -= 32)                                            \
			y0 = fold256(y0, k256_, order##_load256(p));                               \
		__m128i x = crc_fold128(_mm256_castsi256_si128(y0), k128,                          \
					_mm256_extracti128_si256(y0, 1));                          \
		if ((n) >= 16) {                                                                   \
			x = crc_fold128(x, k128, crc_##order##_load(p));                           \
			(p) += 16;                                                                 \
			(n) -= 16;                                                                 \
		}                                                                                  \
		(reg) = crc_##order##_reduce(x);                                                   \
	} while (0)

void sumac_crc_blocks_vpclmul(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 256)
		FOLD256_BODY(msb, reg, p, n);
	else if (n >= 64)
		CRC_FOLD128_BODY(msb, reg, p, n);
	s->reg = crc_msb_update(reg, p, n);
}

void sumac_crc32b_blocks_vpclmul(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 256)
		FOLD256_BODY(lsb, reg, p, n);
	else if (n >= 64)
		CRC_FOLD128_BODY(lsb, reg, p, n);
	s->reg = crc_lsb_update(reg, p, n);
}

#endif
