/* SPDX-License-Identifier: MIT */
/* SHA-1 compression (FIPS 180-4 §6.1.2) in plain C: unrolled, working
 * variables renamed instead of shifted, 16-word rolling schedule. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/portable/portable.h"

static const uint32_t sha1_k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};

#define F0(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))         /* Ch, rounds 0-19 */
#define F1(b, c, d) ((b) ^ (c) ^ (d))                   /* Parity, 20-39 and 60-79 */
#define F2(b, c, d) (((b) & (c)) | ((d) & ((b) | (c)))) /* Maj, 40-59 */

#define W_LOAD(t) (w[(t)&15])
#define W_NEXT(t)                                                                                  \
	(w[(t)&15] = rotl32(w[((t)-3) & 15] ^ w[((t)-8) & 15] ^ w[((t)-14) & 15] ^ w[(t)&15], 1))

#define ROUND(a, b, c, d, e, t, F, k, WF)                                                          \
	do {                                                                                       \
		(e) += rotl32((a), 5) + F((b), (c), (d)) + (k) + WF(t);                            \
		(b) = rotl32((b), 30);                                                             \
	} while (0)

#define ROUNDS5(t, F, k, WF)                                                                       \
	do {                                                                                       \
		ROUND(a, b, c, d, e, (t) + 0, F, k, WF);                                           \
		ROUND(e, a, b, c, d, (t) + 1, F, k, WF);                                           \
		ROUND(d, e, a, b, c, (t) + 2, F, k, WF);                                           \
		ROUND(c, d, e, a, b, (t) + 3, F, k, WF);                                           \
		ROUND(b, c, d, e, a, (t) + 4, F, k, WF);                                           \
	} while (0)

void sumac_sha1_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	uint32_t w[16];
	PORTABLE_CONSTANTS(k_, sha1_k);

	while (nblocks--) {
		uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];

		for (int i = 0; i < 16; i++)
			w[i] = load_be32(in + 4 * i);

		ROUNDS5(0, F0, k_[0], W_LOAD);
		ROUNDS5(5, F0, k_[0], W_LOAD);
		ROUNDS5(10, F0, k_[0], W_LOAD);
		ROUND(a, b, c, d, e, 15, F0, k_[0], W_LOAD);
		ROUND(e, a, b, c, d, 16, F0, k_[0], W_NEXT);
		ROUND(d, e, a, b, c, 17, F0, k_[0], W_NEXT);
		ROUND(c, d, e, a, b, 18, F0, k_[0], W_NEXT);
		ROUND(b, c, d, e, a, 19, F0, k_[0], W_NEXT);
		ROUNDS5(20, F1, k_[1], W_NEXT);
		ROUNDS5(25, F1, k_[1], W_NEXT);
		ROUNDS5(30, F1, k_[1], W_NEXT);
		ROUNDS5(35, F1, k_[1], W_NEXT);
		ROUNDS5(40, F2, k_[2], W_NEXT);
		ROUNDS5(45, F2, k_[2], W_NEXT);
		ROUNDS5(50, F2, k_[2], W_NEXT);
		ROUNDS5(55, F2, k_[2], W_NEXT);
		ROUNDS5(60, F1, k_[3], W_NEXT);
		ROUNDS5(65, F1, k_[3], W_NEXT);
		ROUNDS5(70, F1, k_[3], W_NEXT);
		ROUNDS5(75, F1, k_[3], W_NEXT);

		s[0] += a;
		s[1] += b;
		s[2] += c;
		s[3] += d;
		s[4] += e;
		in += 64;
	}
}
