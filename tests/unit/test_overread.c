/* SPDX-License-Identifier: MIT */
/* Block functions read exactly the blocks they are given: every usable
 * block implementation hashes 0 to 9 blocks that end right before an
 * inaccessible page, and again starting right after one, from a random
 * state, and must agree with portable.  Kernels that load blocks in groups
 * (two per ymm register, four per group) are the ones that could read past
 * the last block, or the block before the first: such a read ends the test
 * with SIGSEGV instead of going unnoticed, as it would in any ordinary
 * buffer.  Nine blocks take a four-block kernel through two whole groups
 * and a lone block.  Lane kernels the same way, for every live lane count
 * from 2 to the row's lanes, each lane in a guarded area of its own: a
 * kernel that loads a lane's next block ahead of time is the one that
 * could step over its end.  A lane kernel's chain form (which also writes
 * every block's state) likewise, each of those states checked. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "rng.h"
#include "tap.h"

#define MAX_BLOCKS 9

/* A data area of MAX_BLOCKS of the largest blocks, filled with random
 * bytes, between two inaccessible pages: [*lo, *hi).  NULL on failure. */
static uint8_t *guarded(size_t page, size_t *span, uint8_t **lo, uint8_t **hi)
{
	const size_t data = ((MAX_BLOCKS * SUMAC_MAX_BLOCK + page - 1) / page) * page;
	*span = 2 * page + data;
	uint8_t *map =
		mmap(NULL, *span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return NULL;
	*lo = map + page;
	*hi = map + *span - page;
	for (uint8_t *p = *lo; p < *hi; p++)
		*p = (uint8_t)rng();
	if (mprotect(map, page, PROT_NONE) != 0 || mprotect(*hi, page, PROT_NONE) != 0) {
		munmap(map, *span);
		return NULL;
	}
	return map;
}

static void random_state(uint8_t *got, uint8_t *want, size_t bytes)
{
	for (size_t j = 0; j < bytes; j++)
		want[j] = (uint8_t)rng();
	memcpy(got, want, bytes);
}

/* impl's lane kernel, 2..lanes live lanes of 1..MAX_BLOCKS blocks (the
 * framing never passes 0), every lane ending at its guard page, then every
 * lane starting after one; and its chain form (lanes_chain) the same way,
 * every block's state checked. */
static void check_lanes(const struct sumac_impl *impl, const uint8_t *const lo[],
			const uint8_t *const hi[])
{
	const struct sumac_family_info *fi = sumac_family_info(impl->family);
	const size_t sb = fi->state_bytes;
	sumac_blocks_fn *ref = sumac_portable_impl(impl->family)->blocks;
	unsigned runs = 0, bad = 0;
	static uint8_t chain[MAX_BLOCKS * SUMAC_MAX_LANES * SUMAC_MAX_STATE];

	for (int chained = 0; chained <= (impl->lanes_chain != NULL); chained++)
		for (unsigned n = 2; n <= impl->lanes; n++)
			for (size_t nb = 1; nb <= MAX_BLOCKS; nb++)
				for (int k = 0; k < 2; k++) {
					_Alignas(64) uint8_t got[SUMAC_MAX_LANES][SUMAC_MAX_STATE];
					_Alignas(64) uint8_t want[SUMAC_MAX_LANES][SUMAC_MAX_STATE];
					void *states[SUMAC_MAX_LANES];
					const uint8_t *in[SUMAC_MAX_LANES];
					for (unsigned l = 0; l < n; l++) {
						random_state(got[l], want[l], sb);
						states[l] = got[l];
						in[l] = k ? lo[l] : hi[l] - nb * fi->block_len;
					}
					if (chained)
						impl->lanes_chain(states, in, n, nb, chain);
					else
						impl->lanes_blocks(states, in, n, nb);
					for (unsigned l = 0; l < n; l++) {
						for (size_t b = 0; b < nb; b++) {
							ref(want[l], in[l] + b * fi->block_len, 1);
							bad += chained &&
							       memcmp(chain + (b * n + l) * sb,
								      want[l], sb) != 0;
						}
						bad += memcmp(got[l], want[l], sb) != 0;
					}
					runs++;
				}
	tap_ok(bad == 0,
	       "%s: %u lane runs of 2..%u lanes of 1..%d blocks against guard pages%s, %u "
	       "lanes or states wrong",
	       impl->driver, runs, impl->lanes, MAX_BLOCKS,
	       impl->lanes_chain ? ", plain and chained" : "", bad);
}

int main(void)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t span;
	uint8_t *lo, *hi;

	rng_seed();
	uint8_t *map = guarded(page, &span, &lo, &hi);
	if (!tap_ok(map != NULL, "%zu bytes between guard pages", span))
		return tap_done();

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!impl->blocks)
			continue;
		if (!sumac_impl_usable(impl)) {
			tap_diag("%s: not usable on this CPU, not tested", impl->driver);
			continue;
		}
		const struct sumac_family_info *fi = sumac_family_info(impl->family);
		sumac_blocks_fn *ref = sumac_portable_impl(impl->family)->blocks;
		unsigned runs = 0, bad = 0;
		for (size_t n = 0; n <= MAX_BLOCKS; n++) {
			const uint8_t *at[2] = {hi - n * fi->block_len, lo};
			for (int k = 0; k < 2; k++) {
				_Alignas(64) uint8_t got[SUMAC_MAX_STATE], want[SUMAC_MAX_STATE];
				random_state(got, want, fi->state_bytes);
				impl->blocks(got, at[k], n);
				ref(want, at[k], n);
				runs++;
				bad += memcmp(got, want, fi->state_bytes) != 0;
			}
		}
		tap_ok(bad == 0, "%s: %u runs of 0..%d blocks against a guard page, %u wrong",
		       impl->driver, runs, MAX_BLOCKS, bad);
	}
	munmap(map, span);

	/* One guarded area per lane, for the widest lane kernel. */
	unsigned lanes = 0;
	for (size_t i = 0; i < sumac_nimpls; i++)
		if (sumac_impls[i].lanes_blocks && sumac_impls[i].lanes > lanes)
			lanes = sumac_impls[i].lanes;
	uint8_t *maps[SUMAC_MAX_LANES] = {NULL};
	size_t spans[SUMAC_MAX_LANES];
	const uint8_t *los[SUMAC_MAX_LANES], *his[SUMAC_MAX_LANES];
	bool mapped = true;
	for (unsigned l = 0; l < lanes && mapped; l++) {
		uint8_t *a, *b;
		maps[l] = guarded(page, &spans[l], &a, &b);
		mapped = maps[l] != NULL;
		los[l] = a;
		his[l] = b;
	}
	if (tap_ok(mapped, "%u guarded areas, one per lane", lanes))
		for (size_t i = 0; i < sumac_nimpls; i++) {
			const struct sumac_impl *impl = &sumac_impls[i];
			if (!impl->lanes_blocks)
				continue;
			if (!sumac_impl_usable(impl)) {
				tap_diag("%s: not usable on this CPU, lanes not tested",
					 impl->driver);
				continue;
			}
			check_lanes(impl, los, his);
		}
	for (unsigned l = 0; l < lanes; l++)
		if (maps[l])
			munmap(maps[l], spans[l]);
	return tap_done();
}
