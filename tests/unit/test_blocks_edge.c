/* SPDX-License-Identifier: MIT */
/* Every usable block function on input that ends at the last byte before
 * an inaccessible page and starts at the first byte after one, for block
 * counts 0 to 6: a kernel that reads ahead (the next block of a pair, a
 * wider load) or behind faults here instead of passing unseen inside a
 * larger buffer.  Each result is compared with the portable row's. */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"
#include "rng.h"

enum { MAX_BLOCKS = 6, STATE_MAX = 256 };

int main(void)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* guard | data | guard */
	uint8_t *map =
		mmap(NULL, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0 ||
	    mprotect(map + 2 * page, page, PROT_NONE) != 0) {
		tap_ok(false, "guarded buffer set up");
		return tap_done();
	}
	uint8_t *data = map + page;

	rng_seed();
	for (size_t i = 0; i < page; i++)
		data[i] = (uint8_t)rng();

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!impl->blocks || !sumac_impl_usable(impl))
			continue;
		const struct sumac_family_info *fi = sumac_family_info(impl->family);
		const struct sumac_impl *ref = sumac_portable_impl(impl->family);
		const size_t block = fi->block_len;
		unsigned cases = 0, bad = 0;

		if (fi->state_bytes > STATE_MAX || MAX_BLOCKS * block > page)
			continue;
		for (size_t n = 0; n <= MAX_BLOCKS; n++) {
			const uint8_t *at[2] = {data, data + page - n * block};
			for (int k = 0; k < 2; k++) {
				_Alignas(64) uint8_t want[STATE_MAX], got[STATE_MAX];
				for (size_t j = 0; j < fi->state_bytes; j++)
					want[j] = (uint8_t)rng();
				memcpy(got, want, fi->state_bytes);
				ref->blocks(want, at[k], n);
				impl->blocks(got, at[k], n);
				cases++;
				bad += memcmp(want, got, fi->state_bytes) != 0;
			}
		}
		tap_ok(bad == 0, "%s: %u block runs against guard pages agree with portable",
		       impl->driver, cases);
	}
	munmap(map, 3 * page);
	return tap_done();
}
