/* SPDX-License-Identifier: MIT */
/* SM3 compression (GB/T 32905-2016 §5.3) in plain C.
 *
 * Fully unrolled, as the SHA-256 core is: instead of shifting the eight
 * working variables every round, each round rewrites only the four that
 * change (A's successor lands in D's register, E's in H's, and B and F are
 * rotated in place) and the next round names them in the new order, so
 * the names come back to where they started every four rounds.  The
 * message expansion is a rolling window of 16 words: W[j+4] overwrites
 * W[j-12], computed just before round j, which is the first to need it
 * (as W'[j] = W[j] ^ W[j+4]); the 68-word array of the standard never
 * exists.  The round constants rotl(T_j, j mod 32) are folded at compile
 * time. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/portable/portable.h"

#define ROTL_C(t, n) ((uint32_t)((t) << (n) | (t) >> ((32 - (n)) & 31)))
#define K(j)         ((j) < 16 ? ROTL_C(0x79cc4519u, (j) % 32) : ROTL_C(0x7a879d8au, (j) % 32))

#define P0(x) ((x) ^ rotl32((x), 9) ^ rotl32((x), 17))
#define P1(x) ((x) ^ rotl32((x), 15) ^ rotl32((x), 23))

/* Rounds 0-15 take the parity of their three inputs; later ones the
 * majority (FF) and the choice by x (GG). */
#define FF0(x, y, z) ((x) ^ (y) ^ (z))
#define GG0(x, y, z) ((x) ^ (y) ^ (z))
#define FF1(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define GG1(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))

/* W[t] for 16 <= t < 68, into the slot of W[t-16], its last reader. */
#define EXPAND(t)                                                                                  \
	(w[(t)&15] = P1(w[(t)&15] ^ w[((t)-9) & 15] ^ rotl32(w[((t)-3) & 15], 15)) ^               \
		     rotl32(w[((t)-13) & 15], 7) ^ w[((t)-6) & 15])
#define NO_EXPAND(t) ((void)0)

/* One round: d and h receive the new A and E (TT1 and P0(TT2)).  The
 * terms are added in the order they become ready (the message first, E
 * and SS1 last: E is the end of the longest chain of the round before),
 * which gcc and clang keep. */
#define ROUND(a, b, c, d, e, f, g, h, j, FF, GG)                                                   \
	do {                                                                                       \
		const uint32_t a12_ = rotl32((a), 12);                                             \
		const uint32_t ss1_ = rotl32(a12_ + K(j) + (e), 7);                                \
		const uint32_t wj_ = w[(j)&15];                                                    \
		(d) += wj_ ^ w[((j) + 4) & 15];                                                    \
		(d) += FF((a), (b), (c));                                                          \
		(d) += ss1_ ^ a12_;                                                                \
		(h) += wj_;                                                                        \
		(h) += GG((e), (f), (g));                                                          \
		(h) += ss1_;                                                                       \
		(h) = P0(h);                                                                       \
		(b) = rotl32((b), 9);                                                              \
		(f) = rotl32((f), 19);                                                             \
	} while (0)

#define ROUNDS4(j, FF, GG, X)                                                                      \
	do {                                                                                       \
		X((j) + 4);                                                                        \
		ROUND(a, b, c, d, e, f, g, h, (j) + 0, FF, GG);                                    \
		X((j) + 5);                                                                        \
		ROUND(d, a, b, c, h, e, f, g, (j) + 1, FF, GG);                                    \
		X((j) + 6);                                                                        \
		ROUND(c, d, a, b, g, h, e, f, (j) + 2, FF, GG);                                    \
		X((j) + 7);                                                                        \
		ROUND(b, c, d, a, f, g, h, e, (j) + 3, FF, GG);                                    \
	} while (0)

void sumac_sm3_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	uint32_t w[16];

	while (nblocks--) {
		uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
		uint32_t e = s[4], f = s[5], g = s[6], h = s[7];

		for (int i = 0; i < 16; i++)
			w[i] = load_be32(in + 4 * i);

		ROUNDS4(0, FF0, GG0, NO_EXPAND);
		ROUNDS4(4, FF0, GG0, NO_EXPAND);
		ROUNDS4(8, FF0, GG0, NO_EXPAND);
		ROUNDS4(12, FF0, GG0, EXPAND);
		ROUNDS4(16, FF1, GG1, EXPAND);
		ROUNDS4(20, FF1, GG1, EXPAND);
		ROUNDS4(24, FF1, GG1, EXPAND);
		ROUNDS4(28, FF1, GG1, EXPAND);
		ROUNDS4(32, FF1, GG1, EXPAND);
		ROUNDS4(36, FF1, GG1, EXPAND);
		ROUNDS4(40, FF1, GG1, EXPAND);
		ROUNDS4(44, FF1, GG1, EXPAND);
		ROUNDS4(48, FF1, GG1, EXPAND);
		ROUNDS4(52, FF1, GG1, EXPAND);
		ROUNDS4(56, FF1, GG1, EXPAND);
		ROUNDS4(60, FF1, GG1, EXPAND);

		s[0] ^= a;
		s[1] ^= b;
		s[2] ^= c;
		s[3] ^= d;
		s[4] ^= e;
		s[5] ^= f;
		s[6] ^= g;
		s[7] ^= h;
		in += 64;
	}
}
