/* SPDX-License-Identifier: MIT */
/* ISA: AArch64 Advanced SIMD (NEON, baseline of every AArch64 CPU).
 * Flags: none beyond the AArch64 default.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if defined(__aarch64__)

#include <arm_neon.h>
#include <string.h>

#include "hash/arm/armv8.h"
#include "hash/blake2b.h"

/* RFC 7693 §3.2 with each row of the 4x4 matrix in two uint64x2_t: the four
 * G of a step run two per vector.  Rotations: 32 is vrev64 of 32-bit
 * halves, 24 and 16 a table lookup of bytes, 63 a shift and an insert. */

#define ROR32(x) vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x)))
#define ROR24(x) vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), r24))
#define ROR16(x) vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), r16))
#define ROR63(x) vsriq_n_u64(vshlq_n_u64((x), 1), (x), 63)

#define HALF(a, b, c, d, m, R1, R2)                                                                \
	do {                                                                                       \
		(a) = vaddq_u64(vaddq_u64((a), (m)), (b));                                         \
		(d) = R1(veorq_u64((d), (a)));                                                     \
		(c) = vaddq_u64((c), (d));                                                         \
		(b) = R2(veorq_u64((b), (c)));                                                     \
	} while (0)

#define M2(i, j) vcombine_u64(vld1_u64(&m[i]), vld1_u64(&m[j]))

/* A step: the G of lanes (a0, b0, c0, d0) and (a1, b1, c1, d1). */
#define STEP(x0, y0, x1, y1, mx0, mx1, my0, my1)                                                   \
	do {                                                                                       \
		HALF(a0, x0, c0, y0, mx0, ROR32, ROR24);                                           \
		HALF(a1, x1, c1, y1, mx1, ROR32, ROR24);                                           \
		HALF(a0, x0, c0, y0, my0, ROR16, ROR63);                                           \
		HALF(a1, x1, c1, y1, my1, ROR16, ROR63);                                           \
	} while (0)

/* The diagonal step uses rows b, c, d moved by one, two and three lanes:
 * b as (b1 b2 | b3 b0), c as (c2 c3 | c0 c1), d as (d3 d0 | d1 d2). */
#define ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)                \
	do {                                                                                       \
		STEP(b0, d0, b1, d1, M2(s0, s2), M2(s4, s6), M2(s1, s3), M2(s5, s7));              \
		uint64x2_t tb = vextq_u64(b0, b1, 1);                                              \
		b1 = vextq_u64(b1, b0, 1);                                                         \
		b0 = tb;                                                                           \
		uint64x2_t tc = c0;                                                                \
		c0 = c1;                                                                           \
		c1 = tc;                                                                           \
		uint64x2_t td = vextq_u64(d1, d0, 1);                                              \
		d1 = vextq_u64(d0, d1, 1);                                                         \
		d0 = td;                                                                           \
		STEP(b0, d0, b1, d1, M2(s8, s10), M2(s12, s14), M2(s9, s11), M2(s13, s15));        \
		tb = vextq_u64(b1, b0, 1);                                                         \
		b1 = vextq_u64(b0, b1, 1);                                                         \
		b0 = tb;                                                                           \
		tc = c0;                                                                           \
		c0 = c1;                                                                           \
		c1 = tc;                                                                           \
		td = vextq_u64(d0, d1, 1);                                                         \
		d1 = vextq_u64(d1, d0, 1);                                                         \
		d0 = td;                                                                           \
	} while (0)

#define ROUND_STATEMENT(...) ROUND(__VA_ARGS__);

void sumac_blake2b_blocks_neon(void *state, const uint8_t *in, size_t nblocks)
{
	const uint64_t *const iv = blake2b_iv;
	static const uint8_t r24b[16] = {3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10};
	static const uint8_t r16b[16] = {2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9};
	const uint8x16_t r24 = vld1q_u8(r24b), r16 = vld1q_u8(r16b);
	struct blake2b_state *st = state;
	uint64_t *s = st->h;
	uint64x2_t h0 = vld1q_u64(s), h1 = vld1q_u64(s + 2);
	uint64x2_t h2 = vld1q_u64(s + 4), h3 = vld1q_u64(s + 6);
	uint64_t t0 = st->t[0], t1 = st->t[1];
	const uint64_t f0 = st->f0;

	for (; nblocks; nblocks--, in += 128) {
		uint64_t m[16];
		memcpy(m, in, sizeof m);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		for (unsigned i = 0; i < 16; i++)
			m[i] = __builtin_bswap64(m[i]);
#endif
		t0 += 128;
		t1 += t0 < 128;
		const uint64_t tf[4] = {t0, t1, f0, 0};
		uint64x2_t a0 = h0, a1 = h1, b0 = h2, b1 = h3;
		uint64x2_t c0 = vld1q_u64(iv), c1 = vld1q_u64(iv + 2);
		uint64x2_t d0 = veorq_u64(vld1q_u64(iv + 4), vld1q_u64(tf));
		uint64x2_t d1 = veorq_u64(vld1q_u64(iv + 6), vld1q_u64(tf + 2));
		BLAKE2B_SCHEDULE(ROUND_STATEMENT)
		h0 = veorq_u64(h0, veorq_u64(a0, c0));
		h1 = veorq_u64(h1, veorq_u64(a1, c1));
		h2 = veorq_u64(h2, veorq_u64(b0, d0));
		h3 = veorq_u64(h3, veorq_u64(b1, d1));
	}
	vst1q_u64(s, h0);
	vst1q_u64(s + 2, h1);
	vst1q_u64(s + 4, h2);
	vst1q_u64(s + 6, h3);
	st->t[0] = t0;
	st->t[1] = t1;
}

#endif
