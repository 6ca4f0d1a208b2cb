/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 (four SHA-3 messages side by side in ymm registers).
 * Flags: -mavx2 -mbmi2 (the x86-avx2 library's).
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include "hash/x86/avx2.h"

/* Rotations are two shifts and an OR here, chi a vpandn and a XOR, and the
 * 16 ymm registers cannot hold a lane set: the state lives partly on the
 * stack.  Still far fewer operations than four scalar streams. */
#define SHA3_LANES_W 4
#include "hash/x86/sha3_lanes.h"

#define SHA3_LANES_(ID, ident, state, block)                                                       \
	void sumac_##ident##_lanes_avx2(void *const st[], const uint8_t *const in[], unsigned n,   \
					size_t nblocks)                                            \
	{                                                                                          \
		sha3_absorb_lanes(st, in, n, nblocks, (block) / 8);                                \
	}
SUMAC_SHA3_FAMILIES(SHA3_LANES_)

#endif
