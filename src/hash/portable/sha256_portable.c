/* SPDX-License-Identifier: MIT */
/* SHA-256 compression (FIPS 180-4 §6.2.2) in plain C.
 *
 * Fully unrolled: the eight working variables are renamed from round to
 * round instead of being shifted, and the message schedule is a rolling
 * window of 16 words (W[t] overwrites W[t-16]), which keeps everything in
 * registers or one cache line. */
#include "config.h"

#include "hash/sha2_k.h"
#include "hash/bytes.h"
#include "hash/portable/portable.h"

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
/* BSIG0 and the small sigmas are nested, rotr(x ^ rotr(x ^ rotr(x, p), q), r):
 * the same three rotations with one copy of x instead of three, fewer
 * instructions where rotates overwrite their operand (x86 without BMI2).
 * BSIG1 stays flat: it is on the chain from e to the next e, where the
 * nested form's longer latency costs more than it saves. */
#define BSIG0(x) rotr32((x) ^ rotr32((x) ^ rotr32((x), 9), 11), 2)
#define BSIG1(x) (rotr32((x), 6) ^ rotr32((x), 11) ^ rotr32((x), 25))
#define SSIG0(x) (rotr32((x) ^ rotr32((x), 11), 7) ^ ((x) >> 3))
#define SSIG1(x) (rotr32((x) ^ rotr32((x), 2), 17) ^ ((x) >> 10))

/* Rounds 0-15 take the message word as loaded; later rounds extend it. */
#define W_LOAD(t) (w[(t)&15])
#define W_NEXT(t) (w[(t)&15] += SSIG1(w[((t)-2) & 15]) + w[((t)-7) & 15] + SSIG0(w[((t)-15) & 15]))

/* Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and a round's b ^ c is the a ^ b
 * of the round before (the variables shift by one): carrying it in bc_
 * saves an operation a round.  BSIG1(e) is the longest path from e to the
 * next e (= d + T1), so it is added to d last, after the rest of T1. */
#define ROUND(a, b, c, d, e, f, g, h, t, WF)                                                       \
	do {                                                                                       \
		uint32_t t1 = (h) + k_[t] + WF(t) + CH((e), (f), (g));                             \
		uint32_t s1_ = BSIG1(e);                                                           \
		uint32_t ab_ = (a) ^ (b);                                                          \
		(d) += t1;                                                                         \
		(d) += s1_;                                                                        \
		(h) = t1 + s1_ + BSIG0(a) + ((b) ^ (ab_ & bc_));                                   \
		bc_ = ab_;                                                                         \
	} while (0)

#define ROUNDS8(t, WF)                                                                             \
	do {                                                                                       \
		ROUND(a, b, c, d, e, f, g, h, (t) + 0, WF);                                        \
		ROUND(h, a, b, c, d, e, f, g, (t) + 1, WF);                                        \
		ROUND(g, h, a, b, c, d, e, f, (t) + 2, WF);                                        \
		ROUND(f, g, h, a, b, c, d, e, (t) + 3, WF);                                        \
		ROUND(e, f, g, h, a, b, c, d, (t) + 4, WF);                                        \
		ROUND(d, e, f, g, h, a, b, c, (t) + 5, WF);                                        \
		ROUND(c, d, e, f, g, h, a, b, (t) + 6, WF);                                        \
		ROUND(b, c, d, e, f, g, h, a, (t) + 7, WF);                                        \
	} while (0)

void sumac_sha256_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	uint32_t w[16];
	PORTABLE_CONSTANTS(k_, sumac_sha256_k);

	while (nblocks--) {
		uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
		uint32_t e = s[4], f = s[5], g = s[6], h = s[7];
		uint32_t bc_ = b ^ c;

		for (int i = 0; i < 16; i++)
			w[i] = load_be32(in + 4 * i);

		ROUNDS8(0, W_LOAD);
		ROUNDS8(8, W_LOAD);
		ROUNDS8(16, W_NEXT);
		ROUNDS8(24, W_NEXT);
		ROUNDS8(32, W_NEXT);
		ROUNDS8(40, W_NEXT);
		ROUNDS8(48, W_NEXT);
		ROUNDS8(56, W_NEXT);

		s[0] += a;
		s[1] += b;
		s[2] += c;
		s[3] += d;
		s[4] += e;
		s[5] += f;
		s[6] += g;
		s[7] += h;
		in += 64;
	}
}
