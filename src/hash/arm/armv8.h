/* SPDX-License-Identifier: MIT */
/* Block functions of the ARMv8 Crypto Extension backend.  SHA-1 and SHA-256
 * are built with -march=armv8-a+crypto, SHA-512 with -march=armv8.2-a+sha3;
 * each is only reached through the registry once its usable() has seen the
 * matching HWCAP (or sysctl) bit.  Same contract as the portable functions:
 * native-word state, nblocks whole blocks at any alignment. */
#ifndef SUMAC_ARMV8_H
#define SUMAC_ARMV8_H

#include <stddef.h>
#include <stdint.h>

void sumac_sha1_blocks_armv8(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha256_blocks_armv8(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha512_blocks_armv8(void *state, const uint8_t *in, size_t nblocks);
/* BLAKE2b (state: h[8], t[2], f0) in plain Advanced SIMD, which every
 * AArch64 CPU has; it only shares this library's build. */
void sumac_blake2b_blocks_neon(void *state, const uint8_t *in, size_t nblocks);

/* The CRC-32s with PMULL folding (crc_pmull.c; hash/crc.h's register,
 * nblocks a byte count). */
void sumac_crc_blocks_pmull(void *state, const uint8_t *in, size_t nblocks);
void sumac_crc32b_blocks_pmull(void *state, const uint8_t *in, size_t nblocks);

/* Two messages interleaved on one core (hash.h's sumac_lanes_fn, n = 2),
 * in the same state layout as the block functions above. */
void sumac_sha1_lanes_armv8(void *const state[], const uint8_t *const in[], unsigned n,
			    size_t nblocks);
void sumac_sha256_lanes_armv8(void *const state[], const uint8_t *const in[], unsigned n,
			      size_t nblocks);

#endif
