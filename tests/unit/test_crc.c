/* SPDX-License-Identifier: MIT */
/* The CRC records test_kat leaves out: those over 64 MiB in
 * vectors/crc/checksums.txt (the 4 GiB + 1 byte message, whose POSIX
 * length takes five bytes, past any 32-bit count), fed through every
 * usable crc and crc32b row in pieces of 1 MiB + 7 bytes, so that the
 * kernels see every alignment of their folds.  The message is rep:HEX*N
 * (vectors/README); a ramp or hex record that large would be a data
 * error.  Under an emulator ($RUNNER set, as .ci/run's qemu lanes do) the
 * 4 GiB take minutes a row: the records are skipped there, and test_kat
 * and test_xcheck still run every kernel. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"

enum { PIECE = (1 << 20) + 7, KAT_MAX = 64 << 20 };

struct record {
	unsigned long long len;
	unsigned char pat[32];
	size_t patlen;
	unsigned long crc, crc32b;
};

/* The next record over KAT_MAX from fp, or false at the end. */
static bool next_record(FILE *fp, struct record *r, unsigned *bad)
{
	char line[16384];

	while (fgets(line, sizeof line, fp)) {
		char hex[65];
		unsigned long long count;
		const char *c = strstr(line, " crc="), *b = strstr(line, " crc32b=");
		if (line[0] == '#' || sscanf(line, "len=%llu", &r->len) != 1 || r->len <= KAT_MAX)
			continue;
		if (sscanf(line, "len=%*u msg=rep:%64[0-9a-f]*%llu", hex, &count) != 2 || !c ||
		    !b || strlen(hex) % 2 || (r->patlen = strlen(hex) / 2) * count != r->len ||
		    !hex_decode(hex, r->pat, r->patlen)) {
			++*bad;
			continue;
		}
		r->crc = strtoul(c + 5, NULL, 10);
		r->crc32b = strtoul(b + 8, NULL, 10);
		return true;
	}
	return false;
}

static void run_record(const struct sumac_impl *impl, enum sumac_algo algo, const struct record *r,
		       unsigned char *piece)
{
	const unsigned long want = algo == SUMAC_CRC ? r->crc : r->crc32b;
	unsigned char got[4];
	struct sumac_ctx ctx;
	unsigned long long left = r->len;
	size_t phase = 0;

	int err = sumac_init(&ctx, algo, impl);
	while (!err && left) {
		/* piece holds the pattern from every phase: PIECE + patlen bytes. */
		const size_t n = left < PIECE ? (size_t)left : PIECE;
		sumac_update(&ctx, piece + phase, n);
		phase = (phase + n) % r->patlen;
		left -= n;
	}
	if (!err)
		err = sumac_final(&ctx, got);
	const unsigned long v = (unsigned long)got[0] << 24 | (unsigned long)got[1] << 16 |
				(unsigned long)got[2] << 8 | got[3];
	tap_ok(err == 0 && v == want, "%s: %llu-byte record as %s: %lu (want %lu)", impl->driver,
	       r->len, sumac_algo_info(algo)->name, v, want);
}

int main(void)
{
	const char *dir = getenv("SUMAC_VECTORS");
	const char *runner = getenv("RUNNER");
	char path[4096];
	struct record r;
	unsigned bad = 0, records = 0;

	snprintf(path, sizeof path, "%s/crc/checksums.txt", dir ? dir : "vectors");
	FILE *fp = fopen(path, "r");
	if (!tap_ok(fp != NULL, "read %s", path))
		return tap_done();
	unsigned char *piece = malloc(PIECE + sizeof r.pat);
	while (piece && next_record(fp, &r, &bad)) {
		records++;
		if (runner && *runner) {
			printf("ok %d - %llu-byte record # SKIP under an emulator (RUNNER=%s)\n",
			       ++tap_count, r.len, runner);
			continue;
		}
		for (size_t i = 0; i < PIECE + r.patlen; i++)
			piece[i] = r.pat[i % r.patlen];
		for (size_t i = 0; i < sumac_nimpls; i++) {
			const struct sumac_impl *impl = &sumac_impls[i];
			if (!sumac_impl_serves(impl, SUMAC_CRC) &&
			    !sumac_impl_serves(impl, SUMAC_CRC32B))
				continue;
			if (!sumac_impl_usable(impl)) {
				tap_diag("%s: %s, not tested", impl->driver,
					 sumac_impl_compiled(impl) ? "not usable on this CPU"
								   : "not compiled in");
				continue;
			}
			if (sumac_impl_serves(impl, SUMAC_CRC))
				run_record(impl, SUMAC_CRC, &r, piece);
			if (sumac_impl_serves(impl, SUMAC_CRC32B))
				run_record(impl, SUMAC_CRC32B, &r, piece);
		}
	}
	fclose(fp);
	free(piece);
	tap_ok(piece != NULL && bad == 0 && records > 0, "%s: %u records over 64 MiB, %u malformed",
	       path, records, bad);
	return tap_done();
}
