/* SPDX-License-Identifier: MIT */
/* Fuzz target: the streaming framing (src/hash/framing.c and every
 * backend's block function, or a library backend's stream).
 *
 * Input: a header, then the message, after an optional line "=NAME\n"
 * naming the algorithm (named.h; bits 0-3 and 7 are then unused).
 *   byte 0    bits 0-3 and 7 the algorithm (a 5-bit number, mod SUMAC_NALGO:
 *             every row of src/hash/algorithms.h); bits 4-6 misalignment of
 *             the message in memory (0-7 bytes)
 *   byte 1    bits 0-4 number k of split lengths; bits 5-7 repeat count-1
 *             (the message is the rest of the input repeated, so that
 *             lengths beyond libFuzzer's max_len are reached)
 *   2k bytes  the split lengths, little-endian 16-bit, used in turn (a 0 is
 *             an empty update)
 * Invariant: for every usable implementation in the registry that serves
 * the algorithm, the message fed in those pieces gives the digest of the
 * message hashed in one call by the portable implementation. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "hash/hash.h"
#include "named.h"
#include "hash/registry.h"

const char fuzz_target_name[] = "stream";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum sumac_algo algo;
	const int named = fuzz_named_algo(&data, &size, &algo);
	if (named < 0 || size < 2)
		return 0;
	_Static_assert(SUMAC_NALGO <= 32, "the header's 5 bits reach every algorithm");
	const unsigned pick = (data[0] & 0x0fu) | (unsigned)(data[0] >> 7) << 4;
	if (!named)
		algo = (enum sumac_algo)(pick % SUMAC_NALGO);
	const size_t misalign = (data[0] >> 4) & 7;
	size_t k = data[1] & 31;
	const size_t repeat = 1 + (data[1] >> 5);
	if (size < 2 + 2 * k)
		k = (size - 2) / 2;
	size_t splits[31];
	bool any_nonzero = false;
	for (size_t i = 0; i < k; i++) {
		splits[i] = (size_t)data[2 + 2 * i] | (size_t)data[3 + 2 * i] << 8;
		any_nonzero |= splits[i] != 0;
	}
	const uint8_t *body = data + 2 + 2 * k;
	const size_t bodylen = size - 2 - 2 * k;
	const size_t total = bodylen * repeat;

	uint8_t *buf = malloc(total + misalign + 1);
	FUZZ_CHECK(buf != NULL);
	uint8_t *msg = buf + misalign;
	for (size_t r = 0; r < repeat; r++)
		if (bodylen)
			memcpy(msg + r * bodylen, body, bodylen);

	const struct sumac_algo_info *ai = sumac_algo_info(algo);
	uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
	struct sumac_ctx ctx;
	FUZZ_CHECK(sumac_digest(algo, sumac_portable_impl(ai->family), msg, total, want) == 0);

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!sumac_impl_serves(impl, algo) || !sumac_impl_usable(impl))
			continue;
		if (sumac_init(&ctx, algo, impl) != 0)
			continue; /* a library refusing the algorithm (FIPS) */
		size_t done = 0, turn = 0;
		while (done < total) {
			size_t n = any_nonzero ? splits[turn++ % k] : total - done;
			if (n > total - done)
				n = total - done;
			sumac_update(&ctx, msg + done, n);
			done += n;
		}
		if (turn < k) /* trailing empty updates */
			sumac_update(&ctx, msg + total, 0);
		memset(got, 0xa5, sizeof got);
		if (sumac_final(&ctx, got) != 0 || memcmp(want, got, ai->digest_len) != 0) {
			fprintf(stderr, "%s as %s: %zu bytes in %zu pieces differ from portable\n",
				impl->driver, ai->name, total, turn);
			FUZZ_CHECK(!"split digest equals the one-shot portable digest");
		}
	}
	free(buf);
	return 0;
}
