/* SPDX-License-Identifier: MIT */
/* ISA: ARMv8.0 Crypto Extension, SHA-1 (sha1c/sha1p/sha1m/sha1h/sha1su0/sha1su1).
 * Flags: -march=armv8-a+crypto.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_ARM_SHA2

#include <arm_neon.h>

#include "hash/arm/armv8.h"

/* The instructions want A in lane 0 of one register and W[t] in lane 0 of
 * each message quad, which is memory order: the state needs no shuffle and
 * a message quad only a byte swap inside each word.  E is a plain scalar
 * (the instructions take it from the low lane of a SIMD register); after
 * four rounds it is rol30 of the A that went in, which sha1h computes before
 * the rounds overwrite that A.  Unlike SHA-NI, the round instructions do not
 * imply K: it is added to W here. */

/* Big-endian 32-bit words: reverse the bytes inside each lane. */
static inline uint32x4_t be32x4(uint8x16_t bytes)
{
	return vreinterpretq_u32_u8(vrev32q_u8(bytes));
}

/* Four rounds of op (vsha1cq_u32: Ch, vsha1pq_u32: Parity, vsha1mq_u32:
 * Maj) on the W+K quad wk; leaves in e the E of the next four. */
#define GROUP(op, wk)                                                                              \
	do {                                                                                       \
		const uint32_t e_next = vsha1h_u32(vgetq_lane_u32(abcd, 0));                       \
		abcd = op(abcd, e, (wk));                                                          \
		e = e_next;                                                                        \
	} while (0)

/* W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) (FIPS 180-4 §6.1.2) in
 * two steps: sha1su0 xors W[t-16], W[t-14] and W[t-8] as soon as those are
 * known, sha1su1 adds W[t-3] (three of which it makes itself) and rotates.
 * Each group of rounds below starts the quad needed four groups later,
 * finishes the one needed three groups later and adds K to the one needed
 * two groups later, so the schedule runs ahead of the rounds. */
#define PRE(x, w4, w8) ((x) = vsha1su0q_u32((x), (w4), (w8)))
#define FIN(x, w12)    ((x) = vsha1su1q_u32((x), (w12)))

void sumac_sha1_blocks_armv8(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
	const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
	uint32x4_t h_abcd = vld1q_u32(s);
	uint32_t h_e = s[4];

	for (; nblocks != 0; nblocks--, in += 64) {
		const uint8x16x4_t bytes = vld1q_u8_x4(in);
		uint32x4_t m0 = be32x4(bytes.val[0]), m1 = be32x4(bytes.val[1]);
		uint32x4_t m2 = be32x4(bytes.val[2]), m3 = be32x4(bytes.val[3]);
		uint32x4_t wk0 = vaddq_u32(m0, k0), wk1 = vaddq_u32(m1, k0);
		uint32x4_t abcd = h_abcd;
		uint32_t e = h_e;

		/* 0-3 */
		GROUP(vsha1cq_u32, wk0);
		wk0 = vaddq_u32(m2, k0);
		PRE(m0, m1, m2);
		/* 4-7 */
		GROUP(vsha1cq_u32, wk1);
		wk1 = vaddq_u32(m3, k0);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 8-11 */
		GROUP(vsha1cq_u32, wk0);
		wk0 = vaddq_u32(m0, k0);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 12-15 */
		GROUP(vsha1cq_u32, wk1);
		wk1 = vaddq_u32(m1, k1);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 16-19 */
		GROUP(vsha1cq_u32, wk0);
		wk0 = vaddq_u32(m2, k1);
		FIN(m3, m2);
		PRE(m0, m1, m2);
		/* 20-23 */
		GROUP(vsha1pq_u32, wk1);
		wk1 = vaddq_u32(m3, k1);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 24-27 */
		GROUP(vsha1pq_u32, wk0);
		wk0 = vaddq_u32(m0, k1);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 28-31 */
		GROUP(vsha1pq_u32, wk1);
		wk1 = vaddq_u32(m1, k1);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 32-35 */
		GROUP(vsha1pq_u32, wk0);
		wk0 = vaddq_u32(m2, k2);
		FIN(m3, m2);
		PRE(m0, m1, m2);
		/* 36-39 */
		GROUP(vsha1pq_u32, wk1);
		wk1 = vaddq_u32(m3, k2);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 40-43 */
		GROUP(vsha1mq_u32, wk0);
		wk0 = vaddq_u32(m0, k2);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 44-47 */
		GROUP(vsha1mq_u32, wk1);
		wk1 = vaddq_u32(m1, k2);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 48-51 */
		GROUP(vsha1mq_u32, wk0);
		wk0 = vaddq_u32(m2, k2);
		FIN(m3, m2);
		PRE(m0, m1, m2);
		/* 52-55 */
		GROUP(vsha1mq_u32, wk1);
		wk1 = vaddq_u32(m3, k3);
		FIN(m0, m3);
		PRE(m1, m2, m3);
		/* 56-59 */
		GROUP(vsha1mq_u32, wk0);
		wk0 = vaddq_u32(m0, k3);
		FIN(m1, m0);
		PRE(m2, m3, m0);
		/* 60-63 */
		GROUP(vsha1pq_u32, wk1);
		wk1 = vaddq_u32(m1, k3);
		FIN(m2, m1);
		PRE(m3, m0, m1);
		/* 64-67 */
		GROUP(vsha1pq_u32, wk0);
		wk0 = vaddq_u32(m2, k3);
		FIN(m3, m2);
		/* 68-71 */
		GROUP(vsha1pq_u32, wk1);
		wk1 = vaddq_u32(m3, k3);
		/* 72-75 */
		GROUP(vsha1pq_u32, wk0);
		/* 76-79 */
		GROUP(vsha1pq_u32, wk1);

		h_abcd = vaddq_u32(h_abcd, abcd);
		h_e += e;
	}

	vst1q_u32(s, h_abcd);
	s[4] = h_e;
}

#endif /* HAVE_ARM_SHA2 */
