/* SPDX-License-Identifier: MIT */
/* The random test data of the randomized tests (test_xcheck,
 * test_cpu_subsets): one generator and one seeding rule, so that
 * SUMAC_TEST_SEED=<n> replays any of them. */
#ifndef SUMAC_TEST_RNG_H
#define SUMAC_TEST_RNG_H

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "tap.h"

static uint64_t rng_state;

/* Seeds from SUMAC_TEST_SEED, else from the clock, and prints the seed as
 * a TAP diagnostic. */
static inline void rng_seed(void)
{
	const char *env = getenv("SUMAC_TEST_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL) * 2654435761u;

	if (!seed)
		seed = 1;
	tap_diag("seed %llu (replay with SUMAC_TEST_SEED=%llu)", (unsigned long long)seed,
		 (unsigned long long)seed);
	rng_state = seed;
}

static inline uint64_t rng(void)
{
	/* xorshift64*: plenty for test data. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static inline size_t rng_below(size_t n)
{
	return n ? (size_t)(rng() % n) : 0;
}

#endif
