/* SPDX-License-Identifier: MIT */
/* ISA: ARMv8.0 Crypto Extension, SHA-1 (sha1c/sha1p/sha1m/sha1h/sha1su0/sha1su1),
 * two messages at once.  Flags: -march=armv8-a+crypto.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_ARM_SHA2

#include <arm_neon.h>

#include "hash/arm/armv8.h"

/* The one-stream kernel (sha1_armv8.c) is a chain of dependent
 * sha1c/sha1p/sha1m: each group of four rounds waits for the previous one.
 * Here two independent messages, lanes a and b, go through the same code
 * step by step, so that the hash unit works on one lane while the other's
 * results are still in flight.  State layout, E handling and the schedule
 * are the one-stream kernel's; see its comments.  Both lanes together take
 * 20 vector registers besides the four K vectors, so everything stays in
 * registers. */

static inline uint32x4_t be32x4(uint8x16_t bytes)
{
	return vreinterpretq_u32_u8(vrev32q_u8(bytes));
}

/* Every step below is written once and expanded for lane a, then lane b:
 * x##_a and x##_b are that lane's copies of variable x. */
#define GROUP_(op, abcd, e, wk)                                                                    \
	do {                                                                                       \
		const uint32_t e_next = vsha1h_u32(vgetq_lane_u32(abcd, 0));                       \
		(abcd) = op(abcd, e, (wk));                                                        \
		(e) = e_next;                                                                      \
	} while (0)
#define GROUP(op, wk)                                                                              \
	do {                                                                                       \
		GROUP_(op, abcd_a, e_a, wk##_a);                                                   \
		GROUP_(op, abcd_b, e_b, wk##_b);                                                   \
	} while (0)

#define WK(wk, m, k)                                                                               \
	do {                                                                                       \
		wk##_a = vaddq_u32(m##_a, (k));                                                    \
		wk##_b = vaddq_u32(m##_b, (k));                                                    \
	} while (0)

#define PRE(x, w4, w8)                                                                             \
	do {                                                                                       \
		x##_a = vsha1su0q_u32(x##_a, w4##_a, w8##_a);                                      \
		x##_b = vsha1su0q_u32(x##_b, w4##_b, w8##_b);                                      \
	} while (0)
#define FIN(x, w12)                                                                                \
	do {                                                                                       \
		x##_a = vsha1su1q_u32(x##_a, w12##_a);                                             \
		x##_b = vsha1su1q_u32(x##_b, w12##_b);                                             \
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
void sumac_sha1_lanes_armv8(void *const state[], const uint8_t *const in[], unsigned n,
			    size_t nblocks)
{
	uint32_t *const s_a = state[0], *const s_b = state[1];
	const uint8_t *in_a = in[0], *in_b = in[1];
	const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
	const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
	uint32x4_t h_abcd_a = vld1q_u32(s_a), h_abcd_b = vld1q_u32(s_b);
	uint32_t h_e_a = s_a[4], h_e_b = s_b[4];

	(void)n;
	for (; nblocks != 0; nblocks--, in_a += 64, in_b += 64) {
		uint32x4_t m0_a, m1_a, m2_a, m3_a, m0_b, m1_b, m2_b, m3_b;
		uint32x4_t wk0_a, wk1_a, wk0_b, wk1_b;
		uint32x4_t abcd_a = h_abcd_a, abcd_b = h_abcd_b;
		uint32_t e_a = h_e_a, e_b = h_e_b;

		LOAD(in_a, a);
		LOAD(in_b, b);
		WK(wk0, m0, k0);
		WK(wk1, m1, k0);

		/* 0-3 */
		GROUP(vsha1cq_u32, wk0);
		WK(wk0, m2, k0);
		PRE(m0, m1, m2);
		/* 4-7 */
		GROUP(vsha1cq_u32, wk1);
		WK(wk1, m3, k0);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 8-11 */
		GROUP(vsha1cq_u32, wk0);
		WK(wk0, m0, k0);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 12-15 */
		GROUP(vsha1cq_u32, wk1);
		WK(wk1, m1, k1);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 16-19 */
		GROUP(vsha1cq_u32, wk0);
		WK(wk0, m2, k1);
		FIN(m3, m2);
		PRE(m0, m1, m2);
		/* 20-23 */
		GROUP(vsha1pq_u32, wk1);
		WK(wk1, m3, k1);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 24-27 */
		GROUP(vsha1pq_u32, wk0);
		WK(wk0, m0, k1);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 28-31 */
		GROUP(vsha1pq_u32, wk1);
		WK(wk1, m1, k1);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 32-35 */
		GROUP(vsha1pq_u32, wk0);
		WK(wk0, m2, k2);
		FIN(m3, m2);
		PRE(m0, m1, m2);
		/* 36-39 */
		GROUP(vsha1pq_u32, wk1);
		WK(wk1, m3, k2);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 40-43 */
		GROUP(vsha1mq_u32, wk0);
		WK(wk0, m0, k2);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 44-47 */
		GROUP(vsha1mq_u32, wk1);
		WK(wk1, m1, k2);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 48-51 */
		GROUP(vsha1mq_u32, wk0);
		WK(wk0, m2, k2);
		FIN(m3, m2);
		PRE(m0, m1, m2);
		/* 52-55 */
		GROUP(vsha1mq_u32, wk1);
		WK(wk1, m3, k3);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 56-59 */
		GROUP(vsha1mq_u32, wk0);
		WK(wk0, m0, k3);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 60-63 */
		GROUP(vsha1pq_u32, wk1);
		WK(wk1, m1, k3);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 64-67 */
		GROUP(vsha1pq_u32, wk0);
		WK(wk0, m2, k3);
		FIN(m3, m2);
		/* 68-71 */
		GROUP(vsha1pq_u32, wk1);
		WK(wk1, m3, k3);
		/* 72-75 */
		GROUP(vsha1pq_u32, wk0);
		/* 76-79 */
		GROUP(vsha1pq_u32, wk1);

		h_abcd_a = vaddq_u32(h_abcd_a, abcd_a);
		h_abcd_b = vaddq_u32(h_abcd_b, abcd_b);
		h_e_a += e_a;
		h_e_b += e_b;
	}

	vst1q_u32(s_a, h_abcd_a);
	s_a[4] = h_e_a;
	vst1q_u32(s_b, h_abcd_b);
	s_b[4] = h_e_b;
}

#endif /* HAVE_ARM_SHA2 */
