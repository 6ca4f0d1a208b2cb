/* SPDX-License-Identifier: MIT */
/* Kernels of the x86 AVX-512 backend, lane kernels but two.  Built with -mavx2 -mbmi2
 * -mavx512f -mavx512vl and only reached through the registry once its
 * usable() has confirmed AVX-512F and AVX-512VL (with the opmask and ZMM
 * state enabled by the OS) besides what x86-avx2 needs. */
#ifndef SUMAC_X86_AVX512_H
#define SUMAC_X86_AVX512_H

#include <stddef.h>
#include <stdint.h>

#include "hash/algorithms.h"

/* One BLAKE2b message (sumac_blocks_fn; blake2b.h's state). */
void sumac_blake2b_blocks_avx512(void *state, const uint8_t *in, size_t nblocks);

/* One SHA-512 message (sumac_blocks_fn; sha512.c's state), its rounds split
 * between scalar and xmm registers. */
void sumac_sha512_blocks_avx512(void *state, const uint8_t *in, size_t nblocks);

/* Up to eight SHA-512 messages at once (sumac_lanes_fn, 2 <= n <= 8). */
void sumac_sha512_lanes_avx512(void *const state[], const uint8_t *const in[], unsigned n,
			       size_t nblocks);

/* Up to eight SHA-3 messages of one family at once (2 <= n <= 8). */
#define SUMAC_SHA3_LANES_DECL_(ID, ident, state, block)                                            \
	void sumac_##ident##_lanes_avx512(void *const st[], const uint8_t *const in[], unsigned n, \
					  size_t nblocks);
SUMAC_SHA3_FAMILIES(SUMAC_SHA3_LANES_DECL_)
#undef SUMAC_SHA3_LANES_DECL_

#endif
