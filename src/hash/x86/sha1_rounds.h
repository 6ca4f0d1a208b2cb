/* SPDX-License-Identifier: MIT */
/* The SHA-1 rounds of the x86 kernels that compute the message schedule
 * with vectors (sha1_avx2.c, sha1_ssse3.c): plain C over 32-bit words, to be
 * included by those files alone.  The rounds read W+K from a buffer the
 * including file fills, WK_STRIDE words from one group of four words to the
 * next; the including file's vectors named k0..k3 hold the four K. */
#ifndef SUMAC_X86_SHA1_ROUNDS_H
#define SUMAC_X86_SHA1_ROUNDS_H

#include "hash/bytes.h"
#include "hash/x86/kernel.h"

/* The K vector of schedule group h (words 4h..4h+3). */
#define K_(h) ((h) < 5 ? k0 : (h) < 10 ? k1 : (h) < 15 ? k2 : k3)

#define F_CH(b, c, d)  ((d) ^ ((b) & ((c) ^ (d))))
#define F_PAR(b, c, d) ((b) ^ (c) ^ (d))
#define F_MAJ(b, c, d) (((b) & (c)) + ((d) & ((b) ^ (c))))

/* rol(a, 5) is added last: every other term is ready before a is. */
#define ROUND(a, b, c, d, e, F, i)                                                                 \
	do {                                                                                       \
		(e) += w[(i)] + F((b), (c), (d));                                                  \
		(e) += rotl32((a), 5);                                                             \
		(b) = rotl32((b), 30);                                                             \
	} while (0)

/* Four rounds of group g for the block whose W+K starts at w; the names
 * rotate by one a round, so by four a group: callers pass them rotated. */
#define R4(a, b, c, d, e, F, g, w0)                                                                \
	do {                                                                                       \
		const uint32_t *w = (w0) + WK_STRIDE * (g);                                        \
		OPAQUE(w);                                                                         \
		ROUND(a, b, c, d, e, F, 0);                                                        \
		ROUND(e, a, b, c, d, F, 1);                                                        \
		ROUND(d, e, a, b, c, F, 2);                                                        \
		ROUND(c, d, e, a, b, F, 3);                                                        \
	} while (0)

/* Group g starts with the names of G(g mod 5): four rounds move them on by
 * four places, one back modulo five. */
#define G0(F, g, w0) R4(a, b, c, d, e, F, g, w0)
#define G1(F, g, w0) R4(b, c, d, e, a, F, g, w0)
#define G2(F, g, w0) R4(c, d, e, a, b, F, g, w0)
#define G3(F, g, w0) R4(d, e, a, b, c, F, g, w0)
#define G4(F, g, w0) R4(e, a, b, c, d, F, g, w0)

/* The 80 rounds of one block, W+K at w0; S4..S19 is vector code to run
 * before groups 0..15 of rounds (the schedule: its own block's group g+4,
 * or the next pair's words, as the including file chooses). */
#define BLOCK(w0, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15, S16, S17, S18, S19)        \
	do {                                                                                       \
		const uint32_t a0_ = a, b0_ = b, c0_ = c, d0_ = d, e0_ = e;                        \
		S4;                                                                                \
		G0(F_CH, 0, w0);                                                                   \
		S5;                                                                                \
		G1(F_CH, 1, w0);                                                                   \
		S6;                                                                                \
		G2(F_CH, 2, w0);                                                                   \
		S7;                                                                                \
		G3(F_CH, 3, w0);                                                                   \
		S8;                                                                                \
		G4(F_CH, 4, w0);                                                                   \
		S9;                                                                                \
		G0(F_PAR, 5, w0);                                                                  \
		S10;                                                                               \
		G1(F_PAR, 6, w0);                                                                  \
		S11;                                                                               \
		G2(F_PAR, 7, w0);                                                                  \
		S12;                                                                               \
		G3(F_PAR, 8, w0);                                                                  \
		S13;                                                                               \
		G4(F_PAR, 9, w0);                                                                  \
		S14;                                                                               \
		G0(F_MAJ, 10, w0);                                                                 \
		S15;                                                                               \
		G1(F_MAJ, 11, w0);                                                                 \
		S16;                                                                               \
		G2(F_MAJ, 12, w0);                                                                 \
		S17;                                                                               \
		G3(F_MAJ, 13, w0);                                                                 \
		S18;                                                                               \
		G4(F_MAJ, 14, w0);                                                                 \
		S19;                                                                               \
		G0(F_PAR, 15, w0);                                                                 \
		G1(F_PAR, 16, w0);                                                                 \
		G2(F_PAR, 17, w0);                                                                 \
		G3(F_PAR, 18, w0);                                                                 \
		G4(F_PAR, 19, w0);                                                                 \
		a += a0_;                                                                          \
		b += b0_;                                                                          \
		c += c0_;                                                                          \
		d += d0_;                                                                          \
		e += e0_;                                                                          \
	} while (0)

#endif
