/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX-512F + AVX-512VL (eight SHA-3 messages side by side in
 * zmm registers: EVEX rotates and three-input logic).
 * Flags: -mavx2 -mbmi2 -mavx512f -mavx512vl.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX512

#include "hash/x86/avx512.h"

/* The compilers turn the rotations into vprolq and each chi step, theta's
 * five-way XORs and the XOR before rho into vpternlogq, so a round is
 * about 100 vector operations for eight messages against some 150 scalar
 * ones for one; the 32 zmm registers hold most of the two lane sets. */
#define SHA3_LANES_W 8
#include "hash/x86/sha3_lanes.h"

#define SHA3_LANES_(ID, ident, state, block)                                                       \
	void sumac_##ident##_lanes_avx512(void *const st[], const uint8_t *const in[], unsigned n, \
					  size_t nblocks)                                          \
	{                                                                                          \
		sha3_absorb_lanes(st, in, n, nblocks, (block) / 8);                                \
	}
SUMAC_SHA3_FAMILIES(SHA3_LANES_)

#endif
