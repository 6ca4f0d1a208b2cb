/* SPDX-License-Identifier: MIT */
/* ISA: ARMv8.0 Crypto Extension, SHA-256 (sha256h/sha256h2/sha256su0/sha256su1),
 * two messages at once.  Flags: -march=armv8-a+crypto.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_ARM_SHA2

#include <arm_neon.h>

#include "hash/sha2_k.h"
#include "hash/arm/armv8.h"

/* The one-stream kernel (sha256_armv8.c) is a chain of dependent
 * sha256h/sha256h2 pairs: each quad of rounds waits for the previous one.
 * Here two independent messages, lanes a and b, go through the same code
 * step by step, so that the hash unit works on one lane while the other's
 * results are still in flight.  State layout, shuffles and the schedule are
 * the one-stream kernel's; see its comments.
 *
 * Two lanes' state, schedule and W+K quads take 22 of the 32 vector
 * registers, too many to also keep all 64 round constants there as the
 * one-stream kernel does; each K quad is loaded when it is needed instead,
 * once for both lanes. */

static inline uint32x4_t be32x4(uint8x16_t bytes)
{
	return vreinterpretq_u32_u8(vrev32q_u8(bytes));
}

/* Every step below is written once and expanded for lane a, then lane b:
 * x##_a and x##_b are that lane's copies of variable x. */
#define QROUNDS_(abcd, efgh, wk)                                                                   \
	do {                                                                                       \
		const uint32x4_t abcd_in = abcd;                                                   \
		(abcd) = vsha256hq_u32(abcd, efgh, (wk));                                          \
		(efgh) = vsha256h2q_u32(efgh, abcd_in, (wk));                                      \
	} while (0)
#define QROUNDS(wk)                                                                                \
	do {                                                                                       \
		QROUNDS_(abcd_a, efgh_a, wk##_a);                                                  \
		QROUNDS_(abcd_b, efgh_b, wk##_b);                                                  \
	} while (0)

/* wk = m + K[4q .. 4q+3]. */
#define WK(wk, m, q)                                                                               \
	do {                                                                                       \
		const uint32x4_t kq = vld1q_u32(sumac_sha256_k + 4 * (q));                         \
		wk##_a = vaddq_u32(m##_a, kq);                                                     \
		wk##_b = vaddq_u32(m##_b, kq);                                                     \
	} while (0)

#define PRE(x, w4)                                                                                 \
	do {                                                                                       \
		x##_a = vsha256su0q_u32(x##_a, w4##_a);                                            \
		x##_b = vsha256su0q_u32(x##_b, w4##_b);                                            \
	} while (0)
#define FIN(x, w8, w12)                                                                            \
	do {                                                                                       \
		x##_a = vsha256su1q_u32(x##_a, w8##_a, w12##_a);                                   \
		x##_b = vsha256su1q_u32(x##_b, w8##_b, w12##_b);                                   \
	} while (0)

#define LOAD(p, l)                                                                                 \
	do {                                                                                       \
		const uint8x16x4_t bytes = vld1q_u8_x4(p);                                         \
		m0_##l = be32x4(bytes.val[0]);                                                     \
		m1_##l = be32x4(bytes.val[1]);                                                     \
		m2_##l = be32x4(bytes.val[2]);                                                     \
		m3_##l = be32x4(bytes.val[3]);                                                     \
	} while (0)

/* n is always 2: the registry row has .lanes = 2. */
void sumac_sha256_lanes_armv8(void *const state[], const uint8_t *const in[], unsigned n,
			      size_t nblocks)
{
	uint32_t *const s_a = state[0], *const s_b = state[1];
	const uint8_t *in_a = in[0], *in_b = in[1];
	uint32x4_t h_abcd_a = vld1q_u32(s_a), h_efgh_a = vld1q_u32(s_a + 4);
	uint32x4_t h_abcd_b = vld1q_u32(s_b), h_efgh_b = vld1q_u32(s_b + 4);

	(void)n;
	for (; nblocks != 0; nblocks--, in_a += 64, in_b += 64) {
		uint32x4_t m0_a, m1_a, m2_a, m3_a, m0_b, m1_b, m2_b, m3_b;
		uint32x4_t wk0_a, wk1_a, wk0_b, wk1_b;
		uint32x4_t abcd_a = h_abcd_a, efgh_a = h_efgh_a;
		uint32x4_t abcd_b = h_abcd_b, efgh_b = h_efgh_b;

		LOAD(in_a, a);
		LOAD(in_b, b);
		WK(wk0, m0, 0);
		WK(wk1, m1, 1);

		/* 0-3 */
		QROUNDS(wk0);
		WK(wk0, m2, 2);
		PRE(m0, m1);
		/* 4-7 */
		QROUNDS(wk1);
		WK(wk1, m3, 3);
		FIN(m0, m2, m3);
		PRE(m1, m2);
		/* 8-11 */
		QROUNDS(wk0);
		WK(wk0, m0, 4);
		FIN(m1, m3, m0);
		PRE(m2, m3);
		/* 12-15 */
		QROUNDS(wk1);
		WK(wk1, m1, 5);
		FIN(m2, m0, m1);
		PRE(m3, m0);
		/* 16-19 */
		QROUNDS(wk0);
		WK(wk0, m2, 6);
		FIN(m3, m1, m2);
		PRE(m0, m1);
		/* 20-23 */
		QROUNDS(wk1);
		WK(wk1, m3, 7);
		FIN(m0, m2, m3);
		PRE(m1, m2);
		/* 24-27 */
		QROUNDS(wk0);
		WK(wk0, m0, 8);
		FIN(m1, m3, m0);
		PRE(m2, m3);
		/* 28-31 */
		QROUNDS(wk1);
		WK(wk1, m1, 9);
		FIN(m2, m0, m1);
		PRE(m3, m0);
		/* 32-35 */
		QROUNDS(wk0);
		WK(wk0, m2, 10);
		FIN(m3, m1, m2);
		PRE(m0, m1);
		/* 36-39 */
		QROUNDS(wk1);
		WK(wk1, m3, 11);
		FIN(m0, m2, m3);
		PRE(m1, m2);
		/* 40-43 */
		QROUNDS(wk0);
		WK(wk0, m0, 12);
		FIN(m1, m3, m0);
		PRE(m2, m3);
		/* 44-47 */
		QROUNDS(wk1);
		WK(wk1, m1, 13);
		FIN(m2, m0, m1);
		PRE(m3, m0);
		/* 48-51 */
		QROUNDS(wk0);
		WK(wk0, m2, 14);
		FIN(m3, m1, m2);
		/* 52-55 */
		QROUNDS(wk1);
		WK(wk1, m3, 15);
		/* 56-59 */
		QROUNDS(wk0);
		/* 60-63 */
		QROUNDS(wk1);

		h_abcd_a = vaddq_u32(h_abcd_a, abcd_a);
		h_efgh_a = vaddq_u32(h_efgh_a, efgh_a);
		h_abcd_b = vaddq_u32(h_abcd_b, abcd_b);
		h_efgh_b = vaddq_u32(h_efgh_b, efgh_b);
	}

	vst1q_u32(s_a, h_abcd_a);
	vst1q_u32(s_a + 4, h_efgh_a);
	vst1q_u32(s_b, h_abcd_b);
	vst1q_u32(s_b + 4, h_efgh_b);
}

#endif /* HAVE_ARM_SHA2 */
