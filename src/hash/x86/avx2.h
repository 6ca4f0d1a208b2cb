/* SPDX-License-Identifier: MIT */
/* Block functions of the x86 AVX2 backend.  Built with -mavx2 -mbmi2 and only
 * reached through the registry once its usable() has confirmed that the CPU
 * supports AVX2 (with the YMM state enabled by the OS) and BMI2. */
#ifndef SUMAC_X86_AVX2_H
#define SUMAC_X86_AVX2_H

#include <stddef.h>
#include <stdint.h>

void sumac_sha1_blocks_avx2(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha256_blocks_avx2(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha512_blocks_avx2(void *state, const uint8_t *in, size_t nblocks);

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

#endif
