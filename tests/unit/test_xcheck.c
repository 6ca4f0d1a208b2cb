/* SPDX-License-Identifier: MIT */
/* Cross-check: every usable implementation against a one-shot hash on the
 * portable backend, over random lengths and random update split points
 * (0-byte updates and block-boundary splits included), as Linux's testmgr
 * fuzzes each driver against the generic one.  The seed is printed;
 * SUMAC_TEST_SEED=<n> replays a run. */
#include "config.h"

#include <stdint.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"
#include "rng.h"

/* The scale of the lengths tried: a family's block, or 64 bytes for the
 * 1-byte-block checksums (crc, crc32b, sysv, bsd), whose cores still work in runs of
 * 32 bytes and more and must see every length around those too. */
static size_t length_unit(size_t block)
{
	return block < 64 ? 64 : block;
}

/* Feeds msg in random pieces: mostly small, sometimes zero, sometimes
 * exactly what completes the current unit, sometimes large. */
static bool hash_split(const struct sumac_impl *impl, enum sumac_algo algo, const uint8_t *msg,
		       size_t len, uint8_t *out)
{
	const size_t block = sumac_family_info(sumac_algo_info(algo)->family)->block_len;
	const size_t unit = length_unit(block);
	struct sumac_ctx ctx;
	size_t done = 0;

	if (sumac_init(&ctx, algo, impl) != 0) {
		memset(out, 0, SUMAC_MAX_DIGEST);
		return false;
	}
	while (done < len) {
		size_t left = len - done, n;
		switch (rng() % 5) {
		case 0:
			n = 0;
			break;
		case 1:
			n = block - done % block; /* to the block boundary */
			break;
		case 2:
			n = rng_below(unit) + 1;
			break;
		case 3:
			n = rng_below(4 * unit) + 1;
			break;
		default:
			n = rng_below(left) + 1;
			break;
		}
		if (n > left)
			n = left;
		sumac_update(&ctx, msg + done, n);
		done += n;
	}
	return sumac_final(&ctx, out) == 0;
}

/* The many-message entry of impl for algo: lanes of unequal random
 * lengths (some empty, some fewer lanes than the kernel has), whole blocks
 * through sumac_update_lanes in random steps while a lane has any, the
 * tails through sumac_update, each lane checked against portable. */
static void check_lanes(const struct sumac_impl *impl, enum sumac_algo algo, const uint8_t *msg,
			size_t big)
{
	const struct sumac_family_info *fi = sumac_family_info(impl->family);
	const size_t block = fi->block_len, keep = fi->ops->hold_last_block;
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	unsigned cases = 0, bad = 0;

	for (int round = 0; round < 40; round++) {
		const unsigned n = 1 + (unsigned)rng_below(impl->lanes);
		struct sumac_ctx ctxs[SUMAC_MAX_LANES], *live[SUMAC_MAX_LANES];
		const uint8_t *at[SUMAC_MAX_LANES];
		size_t len[SUMAC_MAX_LANES], left[SUMAC_MAX_LANES];
		bool ok = true;

		for (unsigned l = 0; l < n; l++) {
			len[l] = rng() % 4 == 0 ? rng_below(2 * block)
						: rng_below(round < 35 ? 40 * block : big / 2);
			at[l] = msg + rng_below(big - len[l]);
			left[l] = len[l] >= keep ? (len[l] - keep) / block : 0;
			ok &= sumac_init(&ctxs[l], algo, impl) == 0;
		}
		for (;;) {
			unsigned m = 0;
			size_t step = SIZE_MAX;
			const uint8_t *in[SUMAC_MAX_LANES];
			for (unsigned l = 0; l < n; l++) {
				if (!left[l])
					continue;
				live[m] = &ctxs[l];
				in[m] = at[l] + (len[l] - keep) / block * block - left[l] * block;
				step = left[l] < step ? left[l] : step;
				m++;
			}
			if (m == 0)
				break;
			step = 1 + rng_below(step);
			sumac_update_lanes(impl, live, m, in, step);
			for (unsigned l = 0; l < n; l++)
				left[l] -= left[l] ? step : 0;
		}
		for (unsigned l = 0; l < n; l++) {
			uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
			const size_t done = len[l] >= keep ? (len[l] - keep) / block * block : 0;
			sumac_update(&ctxs[l], at[l] + done, len[l] - done);
			ok &= sumac_final(&ctxs[l], got) == 0;
			sumac_digest_portable(algo, at[l], len[l], want);
			ok &= memcmp(want, got, dlen) == 0;
		}
		cases++;
		bad += !ok;
	}
	tap_ok(bad == 0, "%s as %s: %u rounds of %u lanes of unequal length agree with portable",
	       impl->driver, sumac_algo_info(algo)->name, cases, impl->lanes);
}

int main(void)
{
	enum { BIG = 5 * 1024 * 1024 + 77 };
	uint8_t *msg = malloc(BIG);

	rng_seed();
	for (size_t i = 0; i < BIG; i++)
		msg[i] = (uint8_t)rng();

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!sumac_impl_usable(impl)) {
			tap_diag("%s: %s, not tested", impl->driver,
				 sumac_impl_compiled(impl) ? "not usable on this CPU"
							   : "not compiled in");
			continue;
		}
		for (int a = SUMAC_FIRST_TESTED_ALGO; a < SUMAC_NALGO; a++) {
			const enum sumac_algo algo = (enum sumac_algo)a;
			if (!sumac_impl_serves(impl, algo))
				continue;
			const size_t block =
				length_unit(sumac_family_info(impl->family)->block_len);
			const unsigned dlen = sumac_algo_info(algo)->digest_len;
			unsigned cases = 0, bad = 0;
			size_t first_bad = 0;

			/* Every length up to four units and one more, then the
			 * boundaries +-1 of larger unit counts, then random
			 * lengths, then a few multi-MiB messages. */
			size_t lens[1200];
			size_t nlens = 0;
			for (size_t l = 0; l <= 4 * block + 1; l++)
				lens[nlens++] = l;
			for (size_t b = 5; b <= 64; b += 3)
				for (int d = -1; d <= 1; d++)
					lens[nlens++] = b * block + (size_t)d;
			for (int r = 0; r < 200; r++)
				lens[nlens++] = rng_below(64 * block);
			for (int r = 0; r < 3; r++)
				lens[nlens++] = BIG - rng_below(1024 * 1024);

			for (size_t k = 0; k < nlens; k++) {
				uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
				const size_t off = rng_below(64); /* any alignment */
				const size_t len = lens[k] + off > BIG ? BIG - off : lens[k];
				sumac_digest_portable(algo, msg + off, len, want);
				const bool ok = hash_split(impl, algo, msg + off, len, got);
				cases++;
				if ((!ok || memcmp(want, got, dlen) != 0) && bad++ == 0)
					first_bad = len;
			}
			if (!tap_ok(bad == 0, "%s as %s: %u random split cases agree with portable",
				    impl->driver, sumac_algo_info(algo)->name, cases))
				tap_diag("first mismatch at length %zu", first_bad);
			if (impl->lanes)
				check_lanes(impl, algo, msg, BIG);
		}
	}
	free(msg);
	return tap_done();
}
