/* SPDX-License-Identifier: MIT */
/* ISA: ARMv8.2 SHA-512 extension (sha512h/sha512h2/sha512su0/sha512su1).
 * Flags: -march=armv8.2-a+sha3.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_ARM_SHA512

#include <arm_neon.h>

#include "hash/sha2_k.h"
#include "hash/arm/armv8.h"

/* The state is kept as four pairs in memory order, {A,B} {C,D} {E,F}
 * {G,H}, first word in lane 0, and so is the message ({W[t],W[t+1]}).
 *
 * sha512h takes h + K + W of the first of two rounds in its high lane and
 * g + K + W of the second in the low one, plus {F,G} and {D,E}, and
 * returns both rounds' T1 (FIPS 180-4 §6.4.2), the second's in lane 0, so
 * {C,D} + T1 is the new {E,F}.  sha512h2 adds Sigma0 and Maj to those T1
 * from {C,D} and {A,B} as they were, which gives the new {A,B}.  The new
 * {C,D} and {G,H} are the old {A,B} and {E,F}: rather than move them, the
 * callers below swap the names, so the pairs are back in place every four
 * rounds. */
#define ROUNDS2(ab, cd, ef, gh, kw)                                                                \
	do {                                                                                       \
		uint64x2_t t = vaddq_u64((gh), vextq_u64((kw), (kw), 1));                          \
		t = vsha512hq_u64(t, vextq_u64((ef), (gh), 1), vextq_u64((cd), (ef), 1));          \
		(gh) = vaddq_u64((cd), t);                                                         \
		(cd) = vsha512h2q_u64(t, (cd), (ab));                                              \
	} while (0)

/* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], two words at a time:
 * sha512su0 adds the s0 terms to W[t-16], W[t-15]; sha512su1 adds the s1
 * terms and W[t-7], W[t-6], which straddle two pairs.  Each pair of rounds
 * below starts the schedule pair needed eight pairs later (once its
 * W[t-16] pair has been read for the last time), finishes the one needed
 * four later and adds K to the next one. */
#define PRE(x, w2)           ((x) = vsha512su0q_u64((x), (w2)))
#define FIN(x, w14, w8, w10) ((x) = vsha512su1q_u64((x), (w14), vextq_u64((w8), (w10), 1)))

/* The next four pairs of round constants. */
#define NEXT_K4() (k = vld1q_u64_x4(kp), kp += 8)

/* Rounds 8 to 63 repeat every sixteen: four pairs of rounds that finish
 * the schedule pairs w0..w3, start w4..w7 and load the next four K, with
 * the message registers named in rotation (m0..m7, then m4..m3).  Works
 * on the caller's ab, cd, ef, gh, kw, k and kp. */
#define ROUNDS8_SCHED(w0, w1, w2, w3, w4, w5, w6, w7)                                              \
	do {                                                                                       \
		ROUNDS2(ab, cd, ef, gh, kw);                                                       \
		FIN(w0, w7, w4, w5);                                                               \
		PRE(w4, w5);                                                                       \
		kw = vaddq_u64(w5, k.val[1]);                                                      \
		ROUNDS2(cd, ab, gh, ef, kw);                                                       \
		FIN(w1, w0, w5, w6);                                                               \
		PRE(w5, w6);                                                                       \
		kw = vaddq_u64(w6, k.val[2]);                                                      \
		ROUNDS2(ab, cd, ef, gh, kw);                                                       \
		FIN(w2, w1, w6, w7);                                                               \
		PRE(w6, w7);                                                                       \
		kw = vaddq_u64(w7, k.val[3]);                                                      \
		ROUNDS2(cd, ab, gh, ef, kw);                                                       \
		FIN(w3, w2, w7, w0);                                                               \
		PRE(w7, w0);                                                                       \
		NEXT_K4();                                                                         \
		kw = vaddq_u64(w0, k.val[0]);                                                      \
	} while (0)

/* Big-endian 64-bit words: reverse the bytes inside each lane. */
static inline uint64x2_t be64x2(uint8x16_t bytes)
{
	return vreinterpretq_u64_u8(vrev64q_u8(bytes));
}

/* gcc's scheduler, which runs before register allocation, moves sha512su0
 * and sha512h2 above the other readers of the register they overwrite, and
 * so has to copy that register first: gcc 12 spends 40 moves and a dozen
 * spills per block on it.  Without it, gcc's code matches clang's. */
#if defined(__GNUC__) && !defined(__clang__)
#define KEEP_ORDER __attribute__((optimize("no-schedule-insns")))
#else
#define KEEP_ORDER
#endif

KEEP_ORDER void sumac_sha512_blocks_armv8(void *state, const uint8_t *in, size_t nblocks)
{
	uint64_t *s = state;
	/* The table's address is read back for each block so that it is loaded
	 * from one base register: left to themselves, gcc rebuilds the address
	 * (adrp) for every pair and clang copies the whole table to the stack
	 * on entry.  That costs one load per block. */
	const uint64_t *volatile k_base = sumac_sha512_k;
	uint64x2_t h_ab = vld1q_u64(s), h_cd = vld1q_u64(s + 2);
	uint64x2_t h_ef = vld1q_u64(s + 4), h_gh = vld1q_u64(s + 6);

	for (; nblocks != 0; nblocks--, in += 128) {
		const uint8x16x4_t lo = vld1q_u8_x4(in), hi = vld1q_u8_x4(in + 64);
		uint64x2_t m0 = be64x2(lo.val[0]), m1 = be64x2(lo.val[1]);
		uint64x2_t m2 = be64x2(lo.val[2]), m3 = be64x2(lo.val[3]);
		uint64x2_t m4 = be64x2(hi.val[0]), m5 = be64x2(hi.val[1]);
		uint64x2_t m6 = be64x2(hi.val[2]), m7 = be64x2(hi.val[3]);
		const uint64_t *kp = k_base;
		uint64x2x4_t k;
		NEXT_K4();
		uint64x2_t kw = vaddq_u64(m0, k.val[0]);
		uint64x2_t ab = h_ab, cd = h_cd, ef = h_ef, gh = h_gh;

		/* 0-1 */
		ROUNDS2(ab, cd, ef, gh, kw);
		PRE(m0, m1);
		kw = vaddq_u64(m1, k.val[1]);
		/* 2-3 */
		ROUNDS2(cd, ab, gh, ef, kw);
		PRE(m1, m2);
		kw = vaddq_u64(m2, k.val[2]);
		/* 4-5 */
		ROUNDS2(ab, cd, ef, gh, kw);
		PRE(m2, m3);
		kw = vaddq_u64(m3, k.val[3]);
		/* 6-7 */
		ROUNDS2(cd, ab, gh, ef, kw);
		PRE(m3, m4);
		NEXT_K4();
		kw = vaddq_u64(m4, k.val[0]);
		ROUNDS8_SCHED(m0, m1, m2, m3, m4, m5, m6, m7); /* 8-15 */
		ROUNDS8_SCHED(m4, m5, m6, m7, m0, m1, m2, m3); /* 16-23 */
		ROUNDS8_SCHED(m0, m1, m2, m3, m4, m5, m6, m7); /* 24-31 */
		ROUNDS8_SCHED(m4, m5, m6, m7, m0, m1, m2, m3); /* 32-39 */
		ROUNDS8_SCHED(m0, m1, m2, m3, m4, m5, m6, m7); /* 40-47 */
		ROUNDS8_SCHED(m4, m5, m6, m7, m0, m1, m2, m3); /* 48-55 */
		ROUNDS8_SCHED(m0, m1, m2, m3, m4, m5, m6, m7); /* 56-63 */
		/* 64-65 */
		ROUNDS2(ab, cd, ef, gh, kw);
		FIN(m4, m3, m0, m1);
		kw = vaddq_u64(m1, k.val[1]);
		/* 66-67 */
		ROUNDS2(cd, ab, gh, ef, kw);
		FIN(m5, m4, m1, m2);
		kw = vaddq_u64(m2, k.val[2]);
		/* 68-69 */
		ROUNDS2(ab, cd, ef, gh, kw);
		FIN(m6, m5, m2, m3);
		kw = vaddq_u64(m3, k.val[3]);
		/* 70-71 */
		ROUNDS2(cd, ab, gh, ef, kw);
		FIN(m7, m6, m3, m4);
		NEXT_K4();
		kw = vaddq_u64(m4, k.val[0]);
		/* 72-73 */
		ROUNDS2(ab, cd, ef, gh, kw);
		kw = vaddq_u64(m5, k.val[1]);
		/* 74-75 */
		ROUNDS2(cd, ab, gh, ef, kw);
		kw = vaddq_u64(m6, k.val[2]);
		/* 76-77 */
		ROUNDS2(ab, cd, ef, gh, kw);
		kw = vaddq_u64(m7, k.val[3]);
		/* 78-79 */
		ROUNDS2(cd, ab, gh, ef, kw);

		h_ab = vaddq_u64(h_ab, ab);
		h_cd = vaddq_u64(h_cd, cd);
		h_ef = vaddq_u64(h_ef, ef);
		h_gh = vaddq_u64(h_gh, gh);
	}

	vst1q_u64(s, h_ab);
	vst1q_u64(s + 2, h_cd);
	vst1q_u64(s + 4, h_ef);
	vst1q_u64(s + 6, h_gh);
}

#endif /* HAVE_ARM_SHA512 */
