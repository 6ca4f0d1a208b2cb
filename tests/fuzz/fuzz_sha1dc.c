/* SPDX-License-Identifier: MIT */
/* Fuzz target: SHA-1 collision detection (src/hash/sha1dc*.c) against the
 * slow reference of tests/unit/sha1dc_ref.h.
 *
 * Input: byte 0 the update split (0: one update, else pieces of that many
 * bytes), then the message.
 * Invariant: on every usable SHA-1 block backend with every usable filter
 * row, the verdict (flagged or not, the block offset and the DV) and the
 * digest equal the reference's, which recompresses every block for all 32
 * DVs with no filter. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "../unit/sha1dc_ref.h"
#include "fuzz.h"
#include "hash/hash.h"
#include "hash/registry.h"
#include "hash/sha1dc.h"

const char fuzz_target_name[] = "sha1dc";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const size_t split = data[0];
	const uint8_t *msg = data + 1;
	const size_t len = size - 1;
	struct ref_verdict want;

	ref_detect(msg, len, false, &want);
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (impl->family != SUMAC_FAMILY_SHA1 || !sumac_impl_usable(impl) ||
		    !sumac_impl_detects_sha1_collisions(impl))
			continue;
		for (size_t r = 0; r < sumac_sha1dc_nkernels; r++) {
			const struct sumac_sha1dc_kernel *kr = &sumac_sha1dc_kernels[r];
			if (kr->usable && !kr->usable(sumac_cpu_features()))
				continue;
			struct sumac_ctx ctx;
			uint8_t got[20];
			FUZZ_CHECK(sumac_init(&ctx, SUMAC_SHA1, impl) == 0);
			FUZZ_CHECK(sumac_sha1dc_enable_kernel(&ctx, kr) == 0);
			for (size_t done = 0; done < len;) {
				const size_t n = split && split < len - done ? split : len - done;
				sumac_update(&ctx, msg + done, n);
				done += n;
			}
			const int status = sumac_final(&ctx, got);
			FUZZ_CHECK(memcmp(got, want.digest, 20) == 0);
			FUZZ_CHECK(status == (want.hit ? SUMAC_COLLISION : 0));
			if (want.hit) {
				struct sumac_sha1dc_hit hit;
				sumac_sha1dc_result(&ctx, &hit);
				FUZZ_CHECK(hit.offset == want.offset && hit.dv == want.dv);
			}
		}
	}
	return 0;
}
