/* SPDX-License-Identifier: MIT */
/* Block functions read exactly the blocks they are given: every usable
 * block implementation hashes 0 to 9 blocks that end right before an
 * inaccessible page, and again starting right after one, from a random
 * state, and must agree with portable.  Kernels that load blocks in groups
 * (two per ymm register, four per group) are the ones that could read past
 * the last block, or the block before the first: such a read ends the test
 * with SIGSEGV instead of going unnoticed, as it would in any ordinary
 * buffer.  Nine blocks take a four-block kernel through two whole groups
 * and a lone block. */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "rng.h"
#include "tap.h"

#define MAX_BLOCKS 9

int main(void)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* Guard page, data pages, guard page. */
	const size_t data = ((MAX_BLOCKS * SUMAC_MAX_BLOCK + page - 1) / page) * page;
	const size_t span = 2 * page + data;
	uint8_t *map = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (!tap_ok(map != MAP_FAILED, "map %zu bytes", span))
		return tap_done();
	uint8_t *lo = map + page, *hi = map + span - page;
	rng_seed();
	for (uint8_t *p = lo; p < hi; p++)
		*p = (uint8_t)rng();
	tap_ok(mprotect(map, page, PROT_NONE) == 0 && mprotect(hi, page, PROT_NONE) == 0,
	       "guard pages on both sides");

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
				for (size_t j = 0; j < fi->state_bytes; j++)
					want[j] = (uint8_t)rng();
				memcpy(got, want, fi->state_bytes);
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
	return tap_done();
}
