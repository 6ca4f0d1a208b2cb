/* SPDX-License-Identifier: MIT */
/* Block functions read exactly the blocks they are given: every usable
 * block implementation hashes 1 to 9 blocks that end right before an
 * inaccessible page, and again starting right after one, and must agree
 * with portable.  Kernels that load blocks in groups (two per ymm register,
 * four per group) are the ones that could read past the last block, or the
 * block before the first: such a read ends the test with SIGSEGV instead of
 * going unnoticed, as it would in any ordinary buffer. */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"

#define MAX_BLOCKS 9
#define MAX_STATE  64

/* The state after n blocks at p, from the family's first initial value. */
static void run(sumac_blocks_fn *fn, const struct sumac_family_info *fi, const uint8_t *p, size_t n,
		uint8_t *state)
{
	memset(state, 0, MAX_STATE);
	fi->ops->init(state, 0);
	fn(state, p, n);
}

int main(void)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* Guard page, data pages, guard page. */
	const size_t span = 2 * page + ((MAX_BLOCKS * 128 + page - 1) / page) * page;
	uint8_t *map = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (!tap_ok(map != MAP_FAILED, "map %zu bytes", span))
		return tap_done();
	uint8_t *lo = map + page, *hi = map + span - page;
	for (uint8_t *p = lo; p < hi; p++)
		*p = (uint8_t)((uintptr_t)p * 131u >> 3);
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
		unsigned bad = 0;
		for (size_t n = 1; n <= MAX_BLOCKS; n++) {
			const uint8_t *at[2] = {hi - n * fi->block_len, lo};
			for (int k = 0; k < 2; k++) {
				uint8_t got[MAX_STATE], want[MAX_STATE];
				run(impl->blocks, fi, at[k], n, got);
				run(ref, fi, at[k], n, want);
				bad += memcmp(got, want, fi->state_bytes) != 0;
			}
		}
		tap_ok(bad == 0, "%s: 1..%d blocks against a guard page before and after, %u wrong",
		       impl->driver, MAX_BLOCKS, bad);
	}
	munmap(map, span);
	return tap_done();
}
