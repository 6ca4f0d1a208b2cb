/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: the Keccak-f[1600] state of the SHA-3 families and
 * the one absorb loop every SHA-3 block function is made of (FIPS 202 §3).
 *
 * The state is the 25 lanes A[x + 5y] as native 64-bit words; a lane's
 * bytes are its little-endian form, so block i of a message is XORed into
 * lanes 0 .. rate/8 - 1 and a digest is the first lanes stored
 * little-endian.  A backend includes this header and compiles the loop with
 * its own flags (the rounds are plain C); each SHA-3 family calls it with
 * its rate as a constant, so the XOR of a block is straight-line code.
 * The lane kernels (x86/sha3_lanes.h) run the same round macros with a
 * vector of several messages' lanes as the lane type. */
#ifndef SUMAC_KECCAK_H
#define SUMAC_KECCAK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/bytes.h"

struct keccak_state {
	uint64_t a[25];
};

_Static_assert(sizeof(struct keccak_state) == 200, "the state size of algorithms.h");

/* n is a constant 0..63; the mask makes n == 0 the identity, not a shift
 * by 64. */
#define KECCAK_ROL(x, n) (((x) << (n)) | ((x) >> ((64 - (n)) & 63)))

/* Chi on one row of the lane-complemented state (the NOT of ~b & c moved
 * into the representation, see keccak_absorb): in each row the five lanes
 * come out in their own representation with a single NOT, the rest plain
 * AND and OR.  Row y's forms follow from which of its inputs and outputs
 * are stored complemented; tests/unit/test_kat checks all of them. */
#define KECCAK_CHI0(e0, e1, e2, e3, e4)                                                            \
	do {                                                                                       \
		const uint64_t nb = ~b2;                                                           \
		(e0) = b0 ^ (b1 | b2);                                                             \
		(e1) = b1 ^ (nb | b3);                                                             \
		(e2) = b2 ^ (b3 & b4);                                                             \
		(e3) = b3 ^ (b4 | b0);                                                             \
		(e4) = b4 ^ (b0 & b1);                                                             \
	} while (0)

#define KECCAK_CHI1(e0, e1, e2, e3, e4)                                                            \
	do {                                                                                       \
		const uint64_t nb = ~b4;                                                           \
		(e0) = b0 ^ (b1 | b2);                                                             \
		(e1) = b1 ^ (b2 & b3);                                                             \
		(e2) = b2 ^ (b3 | nb);                                                             \
		(e3) = b3 ^ (b4 | b0);                                                             \
		(e4) = b4 ^ (b0 & b1);                                                             \
	} while (0)

#define KECCAK_CHI2(e0, e1, e2, e3, e4)                                                            \
	do {                                                                                       \
		const uint64_t nb = ~b3;                                                           \
		(e0) = b0 ^ (b1 | b2);                                                             \
		(e1) = b1 ^ (b2 & b3);                                                             \
		(e2) = b2 ^ (nb & b4);                                                             \
		(e3) = nb ^ (b4 | b0);                                                             \
		(e4) = b4 ^ (b0 & b1);                                                             \
	} while (0)

#define KECCAK_CHI3(e0, e1, e2, e3, e4)                                                            \
	do {                                                                                       \
		const uint64_t nb = ~b3;                                                           \
		(e0) = b0 ^ (b1 & b2);                                                             \
		(e1) = b1 ^ (b2 | b3);                                                             \
		(e2) = b2 ^ (nb | b4);                                                             \
		(e3) = nb ^ (b4 & b0);                                                             \
		(e4) = b4 ^ (b0 | b1);                                                             \
	} while (0)

#define KECCAK_CHI4(e0, e1, e2, e3, e4)                                                            \
	do {                                                                                       \
		const uint64_t nb = ~b1;                                                           \
		(e0) = b0 ^ (nb & b2);                                                             \
		(e1) = nb ^ (b2 | b3);                                                             \
		(e2) = b2 ^ (b3 & b4);                                                             \
		(e3) = b3 ^ (b4 | b0);                                                             \
		(e4) = b4 ^ (b0 & b1);                                                             \
	} while (0)

/* Chi as FIPS 202 writes it, for every row: the form for lanes that are
 * vectors, where ~b & c and the XOR are one three-input instruction. */
#define KECCAK_PLAIN(e0, e1, e2, e3, e4)                                                           \
	do {                                                                                       \
		(e0) = b0 ^ (~b1 & b2);                                                            \
		(e1) = b1 ^ (~b2 & b3);                                                            \
		(e2) = b2 ^ (~b3 & b4);                                                            \
		(e3) = b3 ^ (~b4 & b0);                                                            \
		(e4) = b4 ^ (~b0 & b1);                                                            \
	} while (0)
#define KECCAK_PLAIN0 KECCAK_PLAIN
#define KECCAK_PLAIN1 KECCAK_PLAIN
#define KECCAK_PLAIN2 KECCAK_PLAIN
#define KECCAK_PLAIN3 KECCAK_PLAIN
#define KECCAK_PLAIN4 KECCAK_PLAIN

/* One row of the output of rho, pi and chi: the five lanes that pi brings
 * to row y, each with its column's theta term and its rho rotation, then
 * chi along the row. */
#define KECCAK_ROW(T, CHI, y, e0, e1, e2, e3, e4, a0, d0, r0, a1, d1, r1, a2, d2, r2, a3, d3, r3,  \
		   a4, d4, r4)                                                                     \
	do {                                                                                       \
		const T b0 = KECCAK_ROL((a0) ^ (d0), r0);                                          \
		const T b1 = KECCAK_ROL((a1) ^ (d1), r1);                                          \
		const T b2 = KECCAK_ROL((a2) ^ (d2), r2);                                          \
		const T b3 = KECCAK_ROL((a3) ^ (d3), r3);                                          \
		const T b4 = KECCAK_ROL((a4) ^ (d4), r4);                                          \
		CHI##y(e0, e1, e2, e3, e4);                                                        \
	} while (0)

/* One round from the lanes A0..A24 into E0..E24 (A and E are name
 * prefixes): theta's column parities, then the five rows, then iota.
 * Output lane (X, Y) is input lane ((X + 3Y) mod 5, X) rotated by that
 * lane's rho offset.  T is the type of a lane (uint64_t, or a vector of
 * the same lane of several messages) and CHI the prefix of the five row
 * forms: KECCAK_CHI for the complemented lanes, KECCAK_PLAIN. */
/* NOLINTBEGIN(bugprone-macro-parentheses) */
#define KECCAK_ROUND_(T, CHI, A, E, rc)                                                            \
	do {                                                                                       \
		const T c0 = A##0 ^ A##5 ^ A##10 ^ A##15 ^ A##20;                                  \
		const T c1 = A##1 ^ A##6 ^ A##11 ^ A##16 ^ A##21;                                  \
		const T c2 = A##2 ^ A##7 ^ A##12 ^ A##17 ^ A##22;                                  \
		const T c3 = A##3 ^ A##8 ^ A##13 ^ A##18 ^ A##23;                                  \
		const T c4 = A##4 ^ A##9 ^ A##14 ^ A##19 ^ A##24;                                  \
		const T d0 = c4 ^ KECCAK_ROL(c1, 1);                                               \
		const T d1 = c0 ^ KECCAK_ROL(c2, 1);                                               \
		const T d2 = c1 ^ KECCAK_ROL(c3, 1);                                               \
		const T d3 = c2 ^ KECCAK_ROL(c4, 1);                                               \
		const T d4 = c3 ^ KECCAK_ROL(c0, 1);                                               \
		KECCAK_ROW(T, CHI, 0, E##0, E##1, E##2, E##3, E##4, A##0, d0, 0, A##6, d1, 44,     \
			   A##12, d2, 43, A##18, d3, 21, A##24, d4, 14);                           \
		KECCAK_ROW(T, CHI, 1, E##5, E##6, E##7, E##8, E##9, A##3, d3, 28, A##9, d4, 20,    \
			   A##10, d0, 3, A##16, d1, 45, A##22, d2, 61);                            \
		KECCAK_ROW(T, CHI, 2, E##10, E##11, E##12, E##13, E##14, A##1, d1, 1, A##7, d2, 6, \
			   A##13, d3, 25, A##19, d4, 8, A##20, d0, 18);                            \
		KECCAK_ROW(T, CHI, 3, E##15, E##16, E##17, E##18, E##19, A##4, d4, 27, A##5, d0,   \
			   36, A##11, d1, 10, A##17, d2, 15, A##23, d3, 56);                       \
		KECCAK_ROW(T, CHI, 4, E##20, E##21, E##22, E##23, E##24, A##2, d2, 62, A##8, d3,   \
			   55, A##14, d4, 39, A##15, d0, 41, A##21, d1, 2);                        \
		E##0 ^= (rc);                                                                      \
	} while (0)
/* NOLINTEND(bugprone-macro-parentheses) */

/* Iota's round constants, rounds 0 to 23. */
#define KECCAK_RC                                                                                  \
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,            \
		0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,    \
		0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,    \
		0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,    \
		0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,    \
		0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008

/* The lanes stored complemented inside the absorb loop: 1, 2, 8, 12, 17
 * and 20 (x + 5y), the set that leaves one NOT per row of chi. */
#define KECCAK_FLIP_(i)                                                                            \
	((i) == 1 || (i) == 2 || (i) == 8 || (i) == 12 || (i) == 17 || (i) == 20 ? ~(uint64_t)0 : 0)

/* clang-format off */
#define KECCAK_LANES_(X)                                                                           \
	X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12)                        \
	X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24)
/* clang-format on */

/* nblocks blocks of rate_lanes * 8 bytes XORed into s, each followed by
 * the 24 rounds.  The lanes live in locals across blocks: two sets, one
 * round writing the other, so there is no copy between rounds.
 *
 * Chi in one of two forms, as the constant complemented says:
 *   - true: six lanes are held complemented inside the loop (the "lane
 *     complementing" form of the Keccak team's implementation notes), so
 *     chi's ~b & c costs one NOT per row instead of five, on CPUs without
 *     an and-not instruction; the rest of a round is XOR and rotation,
 *     which commute with it.  s itself is never complemented.  The
 *     portable backend's form: on a Zen 5 (gcc 12 and clang 14, x86-64
 *     baseline) 1.10-1.12x the plain form built without and-not.
 *   - false: chi as FIPS 202 writes it, for a build where ~b & c is one
 *     instruction (x86 BMI1's andn, with BMI2's rorx: x86/sha3_bmi.c).  On
 *     a Zen 4 (AMD EPYC family 25 model 17, gcc 12) about 1.05x the
 *     complemented form, which is what takes SHA-3 past OpenSSL's there
 *     (bench/results/2026-12-04-amd-epyc-sha3-bmi.md); on a Zen 5 the
 *     plain form with andn measured 1.03x (gcc) and 1.06x (clang). */
static inline __attribute__((always_inline)) void
keccak_absorb_form(struct keccak_state *s, const uint8_t *in, size_t nblocks, unsigned rate_lanes,
		   bool complemented)
{
	static const uint64_t rc[24] = {KECCAK_RC};
#define KECCAK_DECL_(i) uint64_t a##i = s->a[i] ^ (complemented ? KECCAK_FLIP_(i) : 0), e##i;
	KECCAK_LANES_(KECCAK_DECL_)
#undef KECCAK_DECL_

	for (size_t b = 0; b < nblocks; b++, in += 8 * rate_lanes) {
#define KECCAK_XOR_(i)                                                                             \
	if ((i) < rate_lanes)                                                                      \
		a##i ^= load_le64(in + 8 * (i));
		KECCAK_LANES_(KECCAK_XOR_)
#undef KECCAK_XOR_
		if (complemented) {
			for (int r = 0; r < 24; r += 2) {
				KECCAK_ROUND_(uint64_t, KECCAK_CHI, a, e, rc[r]);
				KECCAK_ROUND_(uint64_t, KECCAK_CHI, e, a, rc[r + 1]);
			}
		} else {
			for (int r = 0; r < 24; r += 2) {
				KECCAK_ROUND_(uint64_t, KECCAK_PLAIN, a, e, rc[r]);
				KECCAK_ROUND_(uint64_t, KECCAK_PLAIN, e, a, rc[r + 1]);
			}
		}
	}

#define KECCAK_STORE_(i) s->a[i] = a##i ^ (complemented ? KECCAK_FLIP_(i) : 0);
	KECCAK_LANES_(KECCAK_STORE_)
#undef KECCAK_STORE_
}

/* The portable form (complemented lanes). */
static inline __attribute__((always_inline)) void
keccak_absorb(struct keccak_state *s, const uint8_t *in, size_t nblocks, unsigned rate_lanes)
{
	keccak_absorb_form(s, in, nblocks, rate_lanes, true);
}

#endif
