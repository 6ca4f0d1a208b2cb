/* SPDX-License-Identifier: MIT */
/* The System V sum's step in plain C: the sum of the bytes, mod 2^32.
 *
 * SIMD within a register, so that the speed does not hang on a compiler's
 * vectoriser (gcc before 12 does not vectorise at -O2 at all): each 64-bit
 * word read is split into its even and its odd bytes, zero-extended in
 * place to four 16-bit lanes each, and both are added to four independent
 * 64-bit accumulators (each lane gains at most 2 x 255 a word).  Every
 * RUNS_PER_FOLD runs of 32 bytes, before a lane could overflow
 * (64 x 510 = 32640), the lanes are folded into the 32-bit sum.  Measured
 * on a Zen 5 (1 MiB, cached): 33-44 GB/s with gcc 12 and clang 14,
 * against 11-37 GB/s for a loop of 16-bit column counters that each
 * compiler vectorises its own way.  The byte order of the loads does not matter to
 * a sum. */
#include "config.h"

#include <string.h>

#include "hash/portable/portable.h"

enum { RUN = 32, RUNS_PER_FOLD = 64 };

static inline uint64_t load64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* The bytes of x as four 16-bit lanes: the even ones plus the odd ones. */
static inline uint64_t byte_pairs(uint64_t x)
{
	const uint64_t even = UINT64_C(0x00ff00ff00ff00ff);
	return (x & even) + (x >> 8 & even);
}

/* The four 16-bit lanes of a, summed. */
static inline uint32_t fold_lanes(uint64_t a)
{
	const uint64_t low = UINT64_C(0x0000ffff0000ffff);
	const uint64_t pairs = (a & low) + (a >> 16 & low);
	return (uint32_t)pairs + (uint32_t)(pairs >> 32);
}

void sumac_sysv_blocks_portable(void *state, const uint8_t *in, size_t nbytes)
{
	uint32_t *s = state;
	uint32_t sum = *s;

	while (nbytes >= RUN) {
		size_t runs = nbytes / RUN;
		uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;

		if (runs > RUNS_PER_FOLD)
			runs = RUNS_PER_FOLD;
		nbytes -= runs * RUN;
		while (runs--) {
			a0 += byte_pairs(load64(in));
			a1 += byte_pairs(load64(in + 8));
			a2 += byte_pairs(load64(in + 16));
			a3 += byte_pairs(load64(in + 24));
			in += RUN;
		}
		sum += fold_lanes(a0) + fold_lanes(a1) + fold_lanes(a2) + fold_lanes(a3);
	}
	while (nbytes--)
		sum += *in++;
	*s = sum;
}
