/* SPDX-License-Identifier: MIT */
/* The SHA-3 lane kernels' one absorb loop, for the kernel files alone:
 * each defines SHA3_LANES_W (the messages a vector holds) and includes
 * this under its own ISA flags.
 *
 * The rounds are those of hash/keccak.h with each lane a vector of that
 * lane of W messages (GCC's vector extension, which clang shares), and
 * FIPS 202's own chi (KECCAK_PLAIN): one and-not, or with AVX-512 one
 * vpternlogq with the XOR.  Spare lanes (n < W) hash lane 0's input again
 * into vector lanes that are never stored, so they read nothing beyond
 * what lane 0 has. */
#ifndef SUMAC_X86_SHA3_LANES_H
#define SUMAC_X86_SHA3_LANES_H

#include <string.h>

#include "hash/keccak.h"

typedef uint64_t sha3_vec __attribute__((vector_size(8 * SHA3_LANES_W)));

static inline __attribute__((always_inline)) void sha3_absorb_lanes(void *const state[],
								    const uint8_t *const in[],
								    unsigned n, size_t nblocks,
								    unsigned rate_lanes)
{
	static const uint64_t rc[24] = {KECCAK_RC};
	struct keccak_state *s[SHA3_LANES_W], spare;
	const uint8_t *p[SHA3_LANES_W];

	memcpy(&spare, state[0], sizeof spare);
	for (unsigned l = 0; l < SHA3_LANES_W; l++) {
		s[l] = l < n ? state[l] : &spare;
		p[l] = l < n ? in[l] : in[0];
	}
#define LOAD_(i)                                                                                   \
	sha3_vec a##i = {0}, e##i;                                                                 \
	for (unsigned l = 0; l < SHA3_LANES_W; l++)                                                \
		a##i[l] = s[l]->a[i];
	KECCAK_LANES_(LOAD_)
#undef LOAD_

	for (size_t b = 0; b < nblocks; b++) {
#define XOR_(i)                                                                                    \
	if ((i) < rate_lanes) {                                                                    \
		sha3_vec m = {0};                                                                  \
		for (unsigned l = 0; l < SHA3_LANES_W; l++)                                        \
			m[l] = load_le64(p[l] + 8 * (i));                                          \
		a##i ^= m;                                                                         \
	}
		KECCAK_LANES_(XOR_)
#undef XOR_
		for (unsigned l = 0; l < SHA3_LANES_W; l++)
			p[l] += 8 * rate_lanes;
		for (int r = 0; r < 24; r += 2) {
			KECCAK_ROUND_(sha3_vec, KECCAK_PLAIN, a, e, rc[r]);
			KECCAK_ROUND_(sha3_vec, KECCAK_PLAIN, e, a, rc[r + 1]);
		}
	}

#define STORE_(i)                                                                                  \
	for (unsigned l = 0; l < SHA3_LANES_W; l++)                                                \
		s[l]->a[i] = a##i[l];
	KECCAK_LANES_(STORE_)
#undef STORE_
}

#endif
