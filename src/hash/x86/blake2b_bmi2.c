/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 with BMI2 (scalar rounds, rotations by rorx).
 * Flags: -mavx2 -mbmi2 (the x86-avx2 library's).
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <string.h>

#include "hash/blake2b.h"
#include "hash/x86/avx2.h"

/* RFC 7693 §3.2 in 64-bit registers, the 12 rounds unrolled with SIGMA as
 * constants.  On a Zen 5 this beats the ymm kernel of blake2b_avx2.c: the
 * compression is one chain of dependent steps, 12 a G, and vector adds,
 * xors and shuffles take two cycles there against one for the scalar ones
 * (rorx is one too), while the four G of a step still run side by side in
 * the scalar units.  In each G, a + m comes first: a is ready before b, so
 * the chain through b has one add. */

#define ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

#define G(a, b, c, d, x, y)                                                                        \
	do {                                                                                       \
		(a) = ((a) + m[x]) + (b);                                                          \
		(d) = ROR((d) ^ (a), 32);                                                          \
		(c) += (d);                                                                        \
		(b) = ROR((b) ^ (c), 24);                                                          \
		(a) = ((a) + m[y]) + (b);                                                          \
		(d) = ROR((d) ^ (a), 16);                                                          \
		(c) += (d);                                                                        \
		(b) = ROR((b) ^ (c), 63);                                                          \
	} while (0)

#define ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)                \
	do {                                                                                       \
		G(v0, v4, v8, v12, s0, s1);                                                        \
		G(v1, v5, v9, v13, s2, s3);                                                        \
		G(v2, v6, v10, v14, s4, s5);                                                       \
		G(v3, v7, v11, v15, s6, s7);                                                       \
		G(v0, v5, v10, v15, s8, s9);                                                       \
		G(v1, v6, v11, v12, s10, s11);                                                     \
		G(v2, v7, v8, v13, s12, s13);                                                      \
		G(v3, v4, v9, v14, s14, s15);                                                      \
	} while (0)

#define ROUND_STATEMENT(...) ROUND(__VA_ARGS__);

void sumac_blake2b_blocks_bmi2(void *state, const uint8_t *in, size_t nblocks)
{
	const uint64_t *const iv = blake2b_iv;
	struct blake2b_state *st = state;
	uint64_t *s = st->h;
	uint64_t t0 = st->t[0], t1 = st->t[1];
	const uint64_t f0 = st->f0;

	for (; nblocks; nblocks--, in += 128) {
		uint64_t m[16];
		memcpy(m, in, sizeof m); /* little-endian words: x86 is */
		t0 += 128;
		t1 += t0 < 128;
		uint64_t v0 = s[0], v1 = s[1], v2 = s[2], v3 = s[3];
		uint64_t v4 = s[4], v5 = s[5], v6 = s[6], v7 = s[7];
		uint64_t v8 = iv[0], v9 = iv[1], v10 = iv[2], v11 = iv[3];
		uint64_t v12 = iv[4] ^ t0, v13 = iv[5] ^ t1, v14 = iv[6] ^ f0, v15 = iv[7];
		BLAKE2B_SCHEDULE(ROUND_STATEMENT)
		s[0] ^= v0 ^ v8;
		s[1] ^= v1 ^ v9;
		s[2] ^= v2 ^ v10;
		s[3] ^= v3 ^ v11;
		s[4] ^= v4 ^ v12;
		s[5] ^= v5 ^ v13;
		s[6] ^= v6 ^ v14;
		s[7] ^= v7 ^ v15;
	}
	st->t[0] = t0;
	st->t[1] = t1;
}

#endif
