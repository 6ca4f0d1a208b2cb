/* SPDX-License-Identifier: MIT */
/* Block functions of the x86 SHA-NI backend.  Built with -msha -mssse3
 * -msse4.1 and only reached through the registry once shani_usable() has
 * confirmed the CPU supports SHA, SSSE3 and SSE4.1. */
#ifndef SUMAC_SHANI_H
#define SUMAC_SHANI_H

#include <stddef.h>
#include <stdint.h>

void sumac_sha1_blocks_shani(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha256_blocks_shani(void *state, const uint8_t *in, size_t nblocks);
/* 2 <= n <= the lanes of the registry row (sha256_shani_lanes.c). */
void sumac_sha256_lanes_shani(void *const state[], const uint8_t *const in[], unsigned n,
			      size_t nblocks);

/* sumac_lanes_fn (hash.h): SHA-1, 2 to 4 messages at once. */
void sumac_sha1_lanes_shani(void *const state[], const uint8_t *const in[], unsigned n,
			    size_t nblocks);
/* sumac_lanes_chain_fn (hash.h): the same, every block's states written
 * out (what SHA-1 collision detection in lanes reads). */
void sumac_sha1_lanes_chain_shani(void *const state[], const uint8_t *const in[], unsigned n,
				  size_t nblocks, void *chain);
/* The chain form that also writes, for SHA-1 collision detection's
 * schedule filter, the expanded words of every block (hash/sha1dc.h:
 * SUMAC_SHA1DC_SCHED_*); 2 <= n <= 4, n * nblocks <= SUMAC_SHA1DC_SCHED_SLOTS. */
void sumac_sha1_lanes_sched_shani(void *const state[], const uint8_t *const in[], unsigned n,
				  size_t nblocks, uint32_t (*chain)[5], uint32_t *sched);

#endif
