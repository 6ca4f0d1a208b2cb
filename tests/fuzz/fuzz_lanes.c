/* SPDX-License-Identifier: MIT */
/* Fuzz target: the many-message entry points (sumac_update_lanes and every
 * backend's lane kernel), with lanes of unequal length.
 *
 * Input: a header, then the body, after an optional line "=NAME\n"
 * naming the algorithm (named.h; bits 0-3 and 7 are then unused).
 *   byte 0    bits 0-3 and 7 the algorithm (a 5-bit number, mod SUMAC_NALGO);
 *             bits 4-6 misalignment of every lane's message (0-7 bytes,
 *             plus the lane's number)
 *   byte 1    bits 0-3 the number of lanes n - 1 (then at most the row's
 *             lanes); bits 4-7 the number k of step sizes
 *   2n bytes  each lane's length, little-endian 16-bit
 *   k bytes   step sizes in blocks, used in turn (0 stands for 1)
 * Lane l's message is the body read cyclically from offset 7 * l, so that
 * lanes differ.  The whole blocks every live lane has go through
 * sumac_update_lanes in those steps, the live lanes dropping out as they
 * run short (the kernel runs narrower, and one lane alone goes through the
 * blocks function), the tails through sumac_update.
 * Invariant: for every usable implementation with a lane entry that serves
 * the algorithm, each lane's digest is the portable one-shot digest of its
 * message. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "hash/hash.h"
#include "named.h"
#include "hash/registry.h"

const char fuzz_target_name[] = "lanes";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum sumac_algo algo;
	const int named = fuzz_named_algo(&data, &size, &algo);
	if (named < 0 || size < 2)
		return 0;
	const unsigned pick = (data[0] & 0x0fu) | (unsigned)(data[0] >> 7) << 4;
	if (!named)
		algo = (enum sumac_algo)(pick % SUMAC_NALGO);
	const size_t misalign = (data[0] >> 4) & 7;
	const unsigned want_lanes = 1 + (data[1] & 15u);
	size_t k = data[1] >> 4;
	if (size < 2 + 2 * (size_t)want_lanes + k)
		return 0;
	size_t len[SUMAC_MAX_LANES], total = 0;
	for (unsigned l = 0; l < want_lanes; l++) {
		len[l] = (size_t)data[2 + 2 * l] | (size_t)data[3 + 2 * l] << 8;
		total += len[l] + misalign + SUMAC_MAX_LANES;
	}
	const uint8_t *steps = data + 2 + 2 * want_lanes;
	const uint8_t *body = steps + k;
	const size_t bodylen = size - (size_t)(body - data);
	if (bodylen == 0)
		return 0;

	/* Each lane's message in its own piece of one buffer. */
	uint8_t *buf = malloc(total + 1);
	FUZZ_CHECK(buf != NULL);
	const uint8_t *msg[SUMAC_MAX_LANES];
	size_t at = 0;
	for (unsigned l = 0; l < want_lanes; l++) {
		uint8_t *m = buf + at + misalign + l;
		for (size_t i = 0; i < len[l]; i++)
			m[i] = body[(7 * l + i) % bodylen];
		msg[l] = m;
		at += len[l] + misalign + SUMAC_MAX_LANES;
	}

	const struct sumac_algo_info *ai = sumac_algo_info(algo);
	const struct sumac_family_info *fi = sumac_family_info(ai->family);
	const size_t block = fi->block_len, keep = fi->ops->hold_last_block;
	uint8_t want[SUMAC_MAX_LANES][SUMAC_MAX_DIGEST];
	for (unsigned l = 0; l < want_lanes; l++)
		sumac_digest_portable(algo, msg[l], len[l], want[l]);

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!impl->lanes || !impl->lanes_blocks || !sumac_impl_serves(impl, algo) ||
		    !sumac_impl_usable(impl))
			continue;
		const unsigned n = want_lanes < impl->lanes ? want_lanes : impl->lanes;
		struct sumac_ctx ctx[SUMAC_MAX_LANES];
		size_t left[SUMAC_MAX_LANES], done[SUMAC_MAX_LANES];
		for (unsigned l = 0; l < n; l++) {
			FUZZ_CHECK(sumac_init(&ctx[l], algo, impl) == 0);
			left[l] = len[l] > keep ? (len[l] - keep) / block : 0;
			done[l] = 0;
		}
		for (size_t turn = 0;; turn++) {
			struct sumac_ctx *live[SUMAC_MAX_LANES];
			const uint8_t *in[SUMAC_MAX_LANES];
			unsigned m = 0, idx[SUMAC_MAX_LANES];
			size_t step = k ? (steps[turn % k] ? steps[turn % k] : 1) : SIZE_MAX;
			for (unsigned l = 0; l < n; l++) {
				if (!left[l])
					continue;
				if (left[l] < step)
					step = left[l];
				live[m] = &ctx[l];
				in[m] = msg[l] + done[l];
				idx[m++] = l;
			}
			if (!m)
				break;
			sumac_update_lanes(impl, live, m, in, step);
			for (unsigned j = 0; j < m; j++) {
				left[idx[j]] -= step;
				done[idx[j]] += step * block;
			}
		}
		for (unsigned l = 0; l < n; l++) {
			uint8_t got[SUMAC_MAX_DIGEST];
			sumac_update(&ctx[l], msg[l] + done[l], len[l] - done[l]);
			memset(got, 0xa5, sizeof got);
			if (sumac_final(&ctx[l], got) != 0 ||
			    memcmp(want[l], got, ai->digest_len) != 0) {
				fprintf(stderr, "%s as %s: lane %u of %u (%zu bytes) differs\n",
					impl->driver, ai->name, l, n, len[l]);
				FUZZ_CHECK(!"each lane's digest equals the portable one");
			}
		}
	}
	free(buf);
	return 0;
}
