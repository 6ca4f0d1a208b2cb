/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: what a context holds for SHA-1 collision
 * detection (sha1dc.h), here rather than in sha1dc.h because hash.h embeds
 * it in struct sumac_ctx. */
#ifndef SUMAC_SHA1DC_STATE_H
#define SUMAC_SHA1DC_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One recompression candidate: the block, the chaining value before it and
 * after it (the SHA-1 state words a..e as the family's state holds them),
 * and one DV (0..31). */
struct sumac_sha1dc_cand {
	uint32_t ihv_in[5], ihv_out[5];
	uint8_t block[64];
	uint32_t dv;
};

/* Candidates wait here until this many are queued or the message ends, so
 * that a SIMD recompression gets them in batches. */
#define SUMAC_SHA1DC_QUEUE 16

struct sumac_sha1dc_kernel;

struct sumac_sha1dc_state {
	bool on;    /* sumac_sha1dc_enable was called since sumac_init */
	bool hit;   /* a candidate recompressed to a collision */
	bool fused; /* whole groups go through kernel->fused (sha1dc.h) */
	unsigned nq;
	unsigned hit_dv;
	uint64_t hit_block;
	/* The backend's block function, which ctx->blocks wraps while on. */
	void (*blocks)(void *state, const uint8_t *in, size_t nblocks);
	const struct sumac_sha1dc_kernel *kernel;
	uint64_t nblocks; /* blocks compressed so far */
	uint64_t q_block[SUMAC_SHA1DC_QUEUE];
	struct sumac_sha1dc_cand q[SUMAC_SHA1DC_QUEUE];
};

#endif
