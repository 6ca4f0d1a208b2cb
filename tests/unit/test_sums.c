/* SPDX-License-Identifier: MIT */
/* The 16-bit checksums (System V `sum -s`, BSD `sum -r`) against a
 * byte-at-a-time reference written here from their definitions
 * (vectors/crc/checksums.txt's header), for every usable implementation
 * in the registry: test_xcheck compares a backend with the portable one,
 * and the portable System V core works 32 bytes at a time, so this is
 * what checks the portable cores themselves on random lengths,
 * alignments and contents.  Also: the System V sum wraps mod 2^32 as the
 * traditional one does, and the framing keeps the byte count (the CLI
 * prints it as 512- or 1024-byte blocks) in ctx->total_lo/hi. */
#include "config.h"

#include <stdint.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "rng.h"
#include "tap.h"

static unsigned ref_sysv(const uint8_t *p, size_t n)
{
	uint32_t s = 0;
	for (size_t i = 0; i < n; i++)
		s += p[i];
	uint32_t r = (s & 0xffff) + (s >> 16);
	return (r & 0xffff) + (r >> 16);
}

static unsigned ref_bsd(const uint8_t *p, size_t n)
{
	unsigned s = 0;
	for (size_t i = 0; i < n; i++) {
		s = (s >> 1) + ((s & 1) << 15);
		s = (s + p[i]) & 0xffff;
	}
	return s;
}

static unsigned reference(enum sumac_algo algo, const uint8_t *p, size_t n)
{
	return algo == SUMAC_SYSV ? ref_sysv(p, n) : ref_bsd(p, n);
}

/* The digest as the number it stands for (2 bytes, big-endian). */
static unsigned digest_value(const uint8_t *d)
{
	return (unsigned)d[0] << 8 | d[1];
}

static void check_random(const struct sumac_impl *impl, enum sumac_algo algo, const uint8_t *buf,
			 size_t size)
{
	unsigned cases = 0, bad = 0;

	for (int r = 0; r < 600; r++) {
		const size_t off = rng_below(64);
		size_t len = r < 200 ? (size_t)r : rng_below(r < 500 ? 40000 : size - 64);
		uint8_t got[SUMAC_MAX_DIGEST];
		cases++;
		if (sumac_digest(algo, impl, buf + off, len, got) != 0 ||
		    digest_value(got) != reference(algo, buf + off, len)) {
			if (bad++ == 0)
				tap_diag("%s: first mismatch at length %zu, offset %zu",
					 impl->driver, len, off);
		}
	}
	tap_ok(bad == 0, "%s: %u random messages agree with the byte-at-a-time %s", impl->driver,
	       cases, sumac_algo_info(algo)->name);
}

/* 0xff bytes until the 32-bit byte sum has wrapped: 2^32 / 255 bytes and
 * some, in 1 MiB updates, and the byte count the framing kept. */
static void check_wrap(const struct sumac_impl *impl)
{
	enum { CHUNK = 1 << 20 };
	const uint64_t total = (UINT64_C(1) << 32) / 255 + 4097;
	uint8_t *chunk = malloc(CHUNK);
	struct sumac_ctx ctx;
	uint8_t got[SUMAC_MAX_DIGEST];

	if (!tap_ok(chunk != NULL && sumac_init(&ctx, SUMAC_SYSV, impl) == 0, "%s: set up",
		    impl->driver)) {
		free(chunk);
		return;
	}
	memset(chunk, 0xff, CHUNK);
	for (uint64_t left = total; left;) {
		const size_t n = left < CHUNK ? (size_t)left : CHUNK;
		sumac_update(&ctx, chunk, n);
		left -= n;
	}
	tap_ok(ctx.total_lo == total && ctx.total_hi == 0, "%s: the byte count is kept (%llu)",
	       impl->driver, (unsigned long long)ctx.total_lo);
	const uint32_t s = (uint32_t)(255 * total); /* mod 2^32 */
	const uint32_t r = (s & 0xffff) + (s >> 16);
	const unsigned want = (r & 0xffff) + (r >> 16);
	const bool done = sumac_final(&ctx, got) == 0;
	tap_ok(done && digest_value(got) == want,
	       "%s: %llu bytes of 0xff: the byte sum wraps mod 2^32 (%u, want %u)", impl->driver,
	       (unsigned long long)total, digest_value(got), want);
	free(chunk);
}

/* Odd pieces, empty ones among them: the count is the bytes given. */
static void check_count(const struct sumac_impl *impl, enum sumac_algo algo, const uint8_t *buf)
{
	struct sumac_ctx ctx;
	uint64_t given = 0;

	if (sumac_init(&ctx, algo, impl) != 0) {
		tap_ok(false, "%s: init", impl->driver);
		return;
	}
	for (int i = 0; i < 100; i++) {
		const size_t n = rng() % 4 == 0 ? 0 : rng_below(3000);
		sumac_update(&ctx, buf, n);
		given += n;
	}
	uint8_t got[SUMAC_MAX_DIGEST];
	tap_ok(sumac_final(&ctx, got) == 0 && ctx.total_lo == given && ctx.total_hi == 0,
	       "%s as %s: the byte count survives updates and final (%llu)", impl->driver,
	       sumac_algo_info(algo)->name, (unsigned long long)given);
}

int main(void)
{
	enum { SIZE = 3 << 20 };
	uint8_t *buf = malloc(SIZE);
	static const enum sumac_algo algos[] = {SUMAC_SYSV, SUMAC_BSD};

	rng_seed();
	for (size_t i = 0; i < SIZE; i++)
		buf[i] = (uint8_t)rng();
	/* Runs of 0xff and of 0x00 too: the largest and smallest lanes. */
	memset(buf + SIZE / 2, 0xff, SIZE / 8);
	memset(buf + SIZE / 4, 0, 4096);

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
			if (!sumac_impl_serves(impl, algos[a]))
				continue;
			if (!sumac_impl_usable(impl)) {
				tap_diag("%s: not usable here, not tested", impl->driver);
				continue;
			}
			check_random(impl, algos[a], buf, SIZE);
			check_count(impl, algos[a], buf);
			if (algos[a] == SUMAC_SYSV)
				check_wrap(impl);
		}
	}
	free(buf);
	return tap_done();
}
