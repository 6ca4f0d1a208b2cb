/* SPDX-License-Identifier: MIT */
/* ISA: AArch64 PMULL (64 x 64-bit polynomial multiply, FEAT_PMULL).
 * Flags: -march=armv8-a+crypto.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if defined(__aarch64__) && HAVE_ARM_SHA2

#include <arm_neon.h>

#include "hash/arm/armv8.h"
#include "hash/crc.h"

/* The folding of src/hash/x86/crc_fold.h (its comment explains it), with
 * the same constants and the same register layouts: vmull_p64 is
 * pclmulqdq, and the byte shifts of a 128-bit register are vext against
 * zero.  Four chunks are folded 512 bits on per step. */

typedef uint64x2_t v128;

static inline v128 k128(const uint64_t k[2])
{
	return vld1q_u64(k);
}

/* Lane i of a times lane j of b, carry-less. */
static inline v128 clmul(v128 a, int i, v128 b, int j)
{
	const poly64_t x = (poly64_t)(i ? vgetq_lane_u64(a, 1) : vgetq_lane_u64(a, 0));
	const poly64_t y = (poly64_t)(j ? vgetq_lane_u64(b, 1) : vgetq_lane_u64(b, 0));
	return vreinterpretq_u64_p128(vmull_p64(x, y));
}

static inline v128 fold(v128 x, v128 k, v128 next)
{
	const v128 hi = vreinterpretq_u64_p128(
		vmull_high_p64(vreinterpretq_p64_u64(x), vreinterpretq_p64_u64(k)));
	return veorq_u64(veorq_u64(clmul(x, 0, k, 0), hi), next);
}

/* _mm_slli_si128 / _mm_srli_si128: whole bytes toward the top / bottom. */
static inline v128 shl_bytes4(v128 x)
{
	return vreinterpretq_u64_u8(vextq_u8(vdupq_n_u8(0), vreinterpretq_u8_u64(x), 12));
}

static inline v128 shr_bytes8(v128 x)
{
	return vreinterpretq_u64_u8(vextq_u8(vreinterpretq_u8_u64(x), vdupq_n_u8(0), 8));
}

static inline v128 msb_load(const uint8_t *p)
{
	const uint8x16_t v = vrev64q_u8(vld1q_u8(p));
	return vreinterpretq_u64_u8(vextq_u8(v, v, 8));
}

static inline v128 lsb_load(const uint8_t *p)
{
	return vreinterpretq_u64_u8(vld1q_u8(p));
}

static inline v128 msb_start(uint32_t reg)
{
	return vreinterpretq_u64_u32(vsetq_lane_u32(reg, vdupq_n_u32(0), 3));
}

static inline v128 lsb_start(uint32_t reg)
{
	return vreinterpretq_u64_u32(vsetq_lane_u32(reg, vdupq_n_u32(0), 0));
}

static inline uint32_t msb_reduce(v128 x)
{
	const v128 f = k128(crc_msb_final), g = k128(crc_msb_final + 2);
	const v128 lo = vcombine_u64(vget_low_u64(x), vdup_n_u64(0));
	const v128 t = veorq_u64(clmul(x, 1, f, 0), shl_bytes4(lo));
	const v128 u = veorq_u64(clmul(t, 1, f, 1), t);
	const v128 q = clmul(u, 0, g, 0);
	const v128 r = veorq_u64(clmul(q, 1, g, 1), u);
	return vgetq_lane_u32(vreinterpretq_u32_u64(r), 0);
}

static inline uint32_t lsb_reduce(v128 x)
{
	const v128 f = k128(crc_lsb_final), g = k128(crc_lsb_final + 2);
	const v128 t = veorq_u64(clmul(x, 0, f, 0), shl_bytes4(shr_bytes8(x)));
	const v128 u = veorq_u64(clmul(t, 0, f, 1), t);
	const v128 q =
		vandq_u64(clmul(u, 1, g, 0), vcombine_u64(vdup_n_u64(0xffffffff), vdup_n_u64(0)));
	const v128 r = veorq_u64(clmul(q, 0, g, 1), shr_bytes8(u));
	return vgetq_lane_u32(vreinterpretq_u32_u64(r), 1);
}

#define FOLD_BODY(order, reg, p, n)                                                                \
	do {                                                                                       \
		const v128 k512 = k128(crc_##order##_fold_512);                                    \
		const v128 k1 = k128(crc_##order##_fold_128);                                      \
		v128 x0 = veorq_u64(order##_load(p), order##_start(reg));                          \
		v128 x1 = order##_load((p) + 16);                                                  \
		v128 x2 = order##_load((p) + 32);                                                  \
		v128 x3 = order##_load((p) + 48);                                                  \
		for ((p) += 64, (n) -= 64; (n) >= 64; (p) += 64, (n) -= 64) {                      \
			x0 = fold(x0, k512, order##_load(p));                                      \
			x1 = fold(x1, k512, order##_load((p) + 16));                               \
			x2 = fold(x2, k512, order##_load((p) + 32));                               \
			x3 = fold(x3, k512, order##_load((p) + 48));                               \
		}                                                                                  \
		x0 = fold(fold(fold(x0, k1, x1), k1, x2), k1, x3);                                 \
		for (; (n) >= 16; (p) += 16, (n) -= 16)                                            \
			x0 = fold(x0, k1, order##_load(p));                                        \
		(reg) = order##_reduce(x0);                                                        \
	} while (0)

void sumac_crc_blocks_pmull(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 64)
		FOLD_BODY(msb, reg, p, n);
	s->reg = crc_msb_update(reg, p, n);
}

void sumac_crc32b_blocks_pmull(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 64)
		FOLD_BODY(lsb, reg, p, n);
	s->reg = crc_lsb_update(reg, p, n);
}

#endif
