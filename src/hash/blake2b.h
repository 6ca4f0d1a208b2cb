/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: the BLAKE2b state every BLAKE2b block function
 * works on, and the constants of RFC 7693.
 *
 * A block function compresses nblocks 128-byte blocks: for each, the
 * counter t grows by 128 (a 128-bit sum), then the block is compressed with
 * t and the final flag f0 (RFC 7693 §3.2; f1 is always 0, no tree mode).
 * blake2b.c finishes a message by setting t to its length minus 128 and f0
 * to all ones, and compressing the zero-padded last block through the same
 * function, so every backend serves the last block too. */
#ifndef SUMAC_BLAKE2B_H
#define SUMAC_BLAKE2B_H

#include <stdint.h>

struct blake2b_state {
	uint64_t h[8];
	uint64_t t[2]; /* bytes compressed, low word first */
	uint64_t f0;   /* 0, or ~0 for the last block */
};

_Static_assert(sizeof(struct blake2b_state) == 88, "the state size of algorithms.h");

/* RFC 7693 §2.6: the SHA-512 initial value. */
static const uint64_t blake2b_iv[8] = {
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};

/* RFC 7693 §2.7: the message schedule, round by round (rounds 10 and 11
 * repeat 0 and 1), as an X-macro: the kernels expand X(...) into a round
 * whose message indices are constants, the portable code into a table. */
#define BLAKE2B_SCHEDULE(X)                                                                        \
	X(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)                                    \
	X(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3)                                    \
	X(11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4)                                    \
	X(7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8)                                    \
	X(9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13)                                    \
	X(2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9)                                    \
	X(12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11)                                    \
	X(13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10)                                    \
	X(6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5)                                    \
	X(10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0)                                    \
	X(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)                                    \
	X(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3)

/* The counter step before each block's compression. */
static inline void blake2b_count(struct blake2b_state *s)
{
	s->t[0] += 128;
	s->t[1] += s->t[0] < 128;
}

#endif
