/* SPDX-License-Identifier: MIT */
/* Block functions of the x86 AVX2 backend.  Built with -mavx2 -mbmi2 and only
 * reached through the registry once its usable() has confirmed that the CPU
 * supports AVX2 (with the YMM state enabled by the OS) and BMI2. */
#ifndef SUMAC_X86_AVX2_H
#define SUMAC_X86_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "hash/algorithms.h"

void sumac_sha1_blocks_avx2(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha256_blocks_avx2(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha512_blocks_avx2(void *state, const uint8_t *in, size_t nblocks);
/* BLAKE2b (state: h[8], t[2], f0): scalar, with rorx. */
void sumac_blake2b_blocks_bmi2(void *state, const uint8_t *in, size_t nblocks);

/* Lane kernels (hash.h's sumac_lanes_fn).  Four SHA-512 messages at once,
 * one per 64-bit element of the ymm registers (2 <= n <= 4): */
void sumac_sha512_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
			     size_t nblocks);
/* 8 messages, one per 32-bit element of the ymm registers: */
void sumac_md5_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
			  size_t nblocks);
void sumac_sha1_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
			   size_t nblocks);
void sumac_sha256_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
			     size_t nblocks);
/* Up to four SHA-3 messages of one family, one per 64-bit element of the
 * ymm registers (2 <= n <= 4): */
#define SUMAC_SHA3_LANES_AVX2_DECL_(ID, ident, state, block)                                       \
	void sumac_##ident##_lanes_avx2(void *const st[], const uint8_t *const in[], unsigned n,   \
					size_t nblocks);
SUMAC_SHA3_FAMILIES(SUMAC_SHA3_LANES_AVX2_DECL_)
#undef SUMAC_SHA3_LANES_AVX2_DECL_

#endif
