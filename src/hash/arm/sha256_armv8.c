/* SPDX-License-Identifier: MIT */
/* ISA: ARMv8.0 Crypto Extension, SHA-256 (sha256h/sha256h2/sha256su0/sha256su1).
 * Flags: -march=armv8-a+crypto.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_ARM_SHA2

#include <arm_neon.h>

#include "hash/sha2_k.h"
#include "hash/arm/armv8.h"

/* The instructions take the state as {A,B,C,D} and {E,F,G,H} with A and E
 * in lane 0, and W[t] in lane 0 of a message quad: memory order for both,
 * so the only shuffle is a byte swap inside each message word.  All 64
 * round constants stay in registers (16 of the 32) for the whole call. */

/* Big-endian 32-bit words: reverse the bytes inside each lane. */
static inline uint32x4_t be32x4(uint8x16_t bytes)
{
	return vreinterpretq_u32_u8(vrev32q_u8(bytes));
}

/* Four rounds on the W+K quad wk.  sha256h advances {A..D} and sha256h2
 * {E..H}, and each needs the other half as it was before the rounds, so
 * one half is copied first. */
#define QROUNDS(wk)                                                                                \
	do {                                                                                       \
		const uint32x4_t abcd_in = abcd;                                                   \
		abcd = vsha256hq_u32(abcd, efgh, (wk));                                            \
		efgh = vsha256h2q_u32(efgh, abcd_in, (wk));                                        \
	} while (0)

/* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] (FIPS 180-4 §6.2.2) in
 * two steps: sha256su0 adds s0(W[t-15]) to W[t-16] as soon as W[t-12] is
 * known, sha256su1 adds W[t-7] and the s1 terms (two of them on words it
 * makes itself).  Each quad of rounds below starts the schedule quad needed
 * four quads later, finishes the one needed three later and adds K to the
 * one needed two later, so the schedule never holds up the rounds. */
#define PRE(x, w4)      ((x) = vsha256su0q_u32((x), (w4)))
#define FIN(x, w8, w12) ((x) = vsha256su1q_u32((x), (w8), (w12)))

void sumac_sha256_blocks_armv8(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	const uint32x4x4_t k0 = vld1q_u32_x4(sumac_sha256_k),
			   k1 = vld1q_u32_x4(sumac_sha256_k + 16);
	const uint32x4x4_t k2 = vld1q_u32_x4(sumac_sha256_k + 32),
			   k3 = vld1q_u32_x4(sumac_sha256_k + 48);
	uint32x4_t h_abcd = vld1q_u32(s), h_efgh = vld1q_u32(s + 4);

	for (; nblocks != 0; nblocks--, in += 64) {
		const uint8x16x4_t bytes = vld1q_u8_x4(in);
		uint32x4_t m0 = be32x4(bytes.val[0]), m1 = be32x4(bytes.val[1]);
		uint32x4_t m2 = be32x4(bytes.val[2]), m3 = be32x4(bytes.val[3]);
		uint32x4_t wk0 = vaddq_u32(m0, k0.val[0]), wk1 = vaddq_u32(m1, k0.val[1]);
		uint32x4_t abcd = h_abcd, efgh = h_efgh;

		/* 0-3 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m2, k0.val[2]);
		PRE(m0, m1);
		/* 4-7 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m3, k0.val[3]);
		FIN(m0, m2, m3);
		PRE(m1, m2);
		/* 8-11 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m0, k1.val[0]);
		FIN(m1, m3, m0);
		PRE(m2, m3);
		/* 12-15 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m1, k1.val[1]);
		FIN(m2, m0, m1);
		PRE(m3, m0);
		/* 16-19 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m2, k1.val[2]);
		FIN(m3, m1, m2);
		PRE(m0, m1);
		/* 20-23 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m3, k1.val[3]);
		FIN(m0, m2, m3);
		PRE(m1, m2);
		/* 24-27 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m0, k2.val[0]);
		FIN(m1, m3, m0);
		PRE(m2, m3);
		/* 28-31 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m1, k2.val[1]);
		FIN(m2, m0, m1);
		PRE(m3, m0);
		/* 32-35 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m2, k2.val[2]);
		FIN(m3, m1, m2);
		PRE(m0, m1);
		/* 36-39 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m3, k2.val[3]);
		FIN(m0, m2, m3);
		PRE(m1, m2);
		/* 40-43 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m0, k3.val[0]);
		FIN(m1, m3, m0);
		PRE(m2, m3);
		/* 44-47 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m1, k3.val[1]);
		FIN(m2, m0, m1);
		PRE(m3, m0);
		/* 48-51 */
		QROUNDS(wk0);
		wk0 = vaddq_u32(m2, k3.val[2]);
		FIN(m3, m1, m2);
		/* 52-55 */
		QROUNDS(wk1);
		wk1 = vaddq_u32(m3, k3.val[3]);
		/* 56-59 */
		QROUNDS(wk0);
		/* 60-63 */
		QROUNDS(wk1);

		h_abcd = vaddq_u32(h_abcd, abcd);
		h_efgh = vaddq_u32(h_efgh, efgh);
	}

	vst1q_u32(s, h_abcd);
	vst1q_u32(s + 4, h_efgh);
}

#endif /* HAVE_ARM_SHA2 */
