/* SPDX-License-Identifier: MIT */
/* bench/speed: in-process hashing speed of every usable implementation in
 * the registry, and of OpenSSL's one-shot SHA*() when built with
 * -DWITH_OPENSSL, on the same buffers in the same run.  Prints Markdown.
 *
 * Each cell is whole hashes (init, update, final) of one buffer, as a
 * program hashing files of that size does, timed for a fixed CPU time (as
 * `openssl speed` does; -w for the wall clock); the cell is the median of
 * several such repetitions.  The repetitions of the
 * rows of one size are interleaved, so that a burst of load on a shared
 * machine lands on every row alike rather than on one.
 *
 * SUMAC_CPU masks CPU features as it does for the sumac program (the
 * CLI's own parser and messages, src/cli/cpumask.c), so that a table of
 * what a CPU without SHA-NI or AVX2 gets can be taken on one that has them.
 *
 * Usage: speed [-t SECONDS] [-r REPS] [-a ALGO]... [-L] [-w]
 * bench/README.md explains the table. */
#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if WITH_OPENSSL
/* MD5() is deprecated in OpenSSL 3 but still its fastest way in, and the
 * reference that sumac's MD5 is measured against. */
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/opensslv.h>
#include <openssl/sha.h>
#endif

#include "cli/cpumask.h"
#include "cli/out.h"
#include "cli/timing.h"
#include "hash/registry.h"
#include "hash/sha1dc.h"

#define MAX_ROWS       16
#define MAX_REPS       15
#define OPENSSL_TARGET 0.97 /* auto must reach this fraction of OpenSSL's speed */

static const size_t sizes[] = {16, 1024, 1024 * 1024, 64 * 1024 * 1024};
static const char *const size_names[] = {"16 B", "1 KiB", "1 MiB", "64 MiB (large)"};
#define NSIZES (sizeof sizes / sizeof sizes[0])

struct settings {
	double seconds;
	int reps;
	bool large;
	enum timing_clock clock;
	bool algos[SUMAC_NALGO];
};

/* One row of a table: a registry implementation, or OpenSSL's one-shot. */
struct row {
	char label[64];
	enum sumac_algo algo;
	const struct sumac_impl *impl; /* NULL: OpenSSL */
	bool is_auto;
	bool detect; /* SHA-1 with collision detection on, as sha1sum runs */
	const uint8_t *data;
	size_t len;
	double rate[NSIZES]; /* median hashes per second */
};

static void hash_sumac(void *arg)
{
	const struct row *r = arg;
	struct sumac_ctx ctx;
	uint8_t digest[SUMAC_MAX_DIGEST];

	if (sumac_init(&ctx, r->algo, r->impl) != 0 ||
	    (r->detect && sumac_sha1dc_enable(&ctx) != 0))
		abort(); /* digest_of() checked this row before it was timed */
	sumac_update(&ctx, r->data, r->len);
	if (sumac_final(&ctx, digest) != 0)
		abort();
}

#if WITH_OPENSSL
/* OpenSSL's one-shots, the fastest way into its code for a known
 * algorithm: no EVP fetch, no context allocation. */
static bool openssl_oneshot(enum sumac_algo algo, const uint8_t *data, size_t len, uint8_t *out)
{
	switch (algo) {
	case SUMAC_MD5:
		MD5(data, len, out);
		return true;
	case SUMAC_SHA1:
		SHA1(data, len, out);
		return true;
	case SUMAC_SHA224:
		SHA224(data, len, out);
		return true;
	case SUMAC_SHA256:
		SHA256(data, len, out);
		return true;
	case SUMAC_SHA384:
		SHA384(data, len, out);
		return true;
	case SUMAC_SHA512:
		SHA512(data, len, out);
		return true;
	case SUMAC_BLAKE2B:
		/* No one-shot in libcrypto: EVP's, with the method fetched
		 * once, is the shortest way in. */
		{
			static EVP_MD *md;
			if (!md)
				md = EVP_MD_fetch(NULL, "BLAKE2B-512", NULL);
			return md && EVP_Digest(data, len, out, NULL, md, NULL) == 1;
		}
	case SUMAC_SHA3_224:
	case SUMAC_SHA3_256:
	case SUMAC_SHA3_384:
	case SUMAC_SHA3_512:
		/* No one-shot either: EVP's, each method fetched once. */
		{
			static EVP_MD *md[4];
			const unsigned i = (unsigned)(algo - SUMAC_SHA3_224);
			if (!md[i])
				md[i] = EVP_MD_fetch(NULL, sumac_algo_info(algo)->tag, NULL);
			return md[i] && EVP_Digest(data, len, out, NULL, md[i], NULL) == 1;
		}
	case SUMAC_SM3:
		/* The same way: SM3 has no one-shot either. */
		{
			static EVP_MD *md;
			if (!md)
				md = EVP_MD_fetch(NULL, "SM3", NULL);
			return md && EVP_Digest(data, len, out, NULL, md, NULL) == 1;
		}
	default:
		return false;
	}
}

static void hash_openssl(void *arg)
{
	const struct row *r = arg;
	uint8_t digest[SUMAC_MAX_DIGEST];

	openssl_oneshot(r->algo, r->data, r->len, digest);
}
#endif

static void digest_of(const struct row *r, const uint8_t *data, size_t len, uint8_t *out)
{
	struct sumac_ctx ctx;

#if WITH_OPENSSL
	if (!r->impl) {
		openssl_oneshot(r->algo, data, len, out);
		return;
	}
#endif
	int err = sumac_init(&ctx, r->algo, r->impl);
	if (!err && r->detect)
		err = sumac_sha1dc_enable(&ctx);
	if (!err) {
		sumac_update(&ctx, data, len);
		err = sumac_final(&ctx, out);
	}
	if (err) {
		fprintf(stderr, "speed: %s failed (%d)\n", r->impl->driver, err);
		exit(1);
	}
}

/* The registry's own verdict: usable on this CPU, accepted by its library
 * and through its self-test.  Anything else would be timed in vain. */
static bool impl_runs(const struct sumac_impl *impl, enum sumac_algo algo)
{
	struct sumac_selection sel;

	return sumac_impl_serves(impl, algo) && sumac_impl_usable(impl) &&
	       sumac_select(algo, impl->backend, &sel) == SUMAC_SELECT_OK && sel.impl == impl;
}

static size_t collect_rows(enum sumac_algo algo, const uint8_t *data, struct row *rows)
{
	struct sumac_selection chosen;
	size_t n = 0;

	if (sumac_select(algo, NULL, &chosen) != SUMAC_SELECT_OK)
		chosen.impl = NULL;
	for (size_t i = 0; i < sumac_nimpls && n < MAX_ROWS; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		/* auto's row too where auto takes a later row of a backend
		 * than --backend does (x86-avx512's second SHA-512 row). */
		if (!impl_runs(impl, algo) && impl != chosen.impl)
			continue;
		memset(&rows[n], 0, sizeof rows[n]);
		rows[n].algo = algo;
		rows[n].impl = impl;
		rows[n].is_auto = impl == chosen.impl;
		rows[n].data = data;
		snprintf(rows[n].label, sizeof rows[n].label, "sumac %s%s", impl->driver,
			 rows[n].is_auto ? " (auto)" : "");
		n++;
		/* The same backend with SHA-1 collision detection, beside it. */
		if (algo == SUMAC_SHA1 && sumac_impl_detects_sha1_collisions(impl) &&
		    n < MAX_ROWS) {
			rows[n] = rows[n - 1];
			rows[n].detect = true;
			rows[n].is_auto = false;
			snprintf(rows[n].label, sizeof rows[n].label, "sumac %s +dc (filter %s)",
				 impl->driver, sumac_sha1dc_filter_name());
			n++;
		}
	}
#if WITH_OPENSSL
	uint8_t scratch[SUMAC_MAX_DIGEST];
	if (n < MAX_ROWS && openssl_oneshot(algo, data, 0, scratch)) {
		memset(&rows[n], 0, sizeof rows[n]);
		rows[n].algo = algo;
		rows[n].data = data;
		snprintf(rows[n].label, sizeof rows[n].label, "OpenSSL %s()",
			 sumac_algo_info(algo)->tag);
		n++;
	}
#endif
	return n;
}

/* Every row must agree with the portable implementation before its speed
 * means anything. */
static bool rows_agree(const struct row *rows, size_t n, const uint8_t *data)
{
	const enum sumac_algo algo = rows[0].algo;
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	const size_t lens[] = {0, 16, 1000, 4099}; /* 4099: many blocks and a tail */
	struct row ref = rows[0];
	uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];

	ref.impl = sumac_portable_impl(sumac_algo_info(algo)->family);
	for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
		digest_of(&ref, data, lens[l], want);
		for (size_t i = 0; i < n; i++) {
			digest_of(&rows[i], data, lens[l], got);
			if (memcmp(want, got, dlen) != 0) {
				fprintf(stderr, "speed: %s disagrees with %s on %zu bytes\n",
					rows[i].label, ref.impl->driver, lens[l]);
				return false;
			}
		}
	}
	return true;
}

static void time_size(struct row *rows, size_t n, size_t s, const struct settings *set)
{
	double runs[MAX_ROWS][MAX_REPS];

	for (int rep = 0; rep < set->reps; rep++) {
		for (size_t i = 0; i < n; i++) {
			timing_op_fn *op = hash_sumac;
#if WITH_OPENSSL
			if (!rows[i].impl)
				op = hash_openssl;
#endif
			rows[i].len = sizes[s];
			runs[i][rep] = timing_rate(op, &rows[i], set->seconds, set->clock);
		}
	}
	for (size_t i = 0; i < n; i++)
		rows[i].rate[s] = timing_median(runs[i], (size_t)set->reps);
}

/* 12345678 -> "12.35 M": hashes per second at a glance. */
static const char *human(double v, char *buf, size_t size)
{
	if (v >= 1e6)
		snprintf(buf, size, "%.2f M", v / 1e6);
	else if (v >= 1e3)
		snprintf(buf, size, "%.2f k", v / 1e3);
	else
		snprintf(buf, size, "%.2f", v);
	return buf;
}

static void print_table(const struct row *rows, size_t n, size_t nsizes)
{
	printf("### %s\n\n", sumac_algo_info(rows[0].algo)->name);
	printf("| size | implementation | hashes/s | MB/s | vs fastest |\n");
	printf("|---|---|--:|--:|---|\n");
	for (size_t s = 0; s < nsizes; s++) {
		double best = 0;
		for (size_t i = 0; i < n; i++)
			if (rows[i].rate[s] > best)
				best = rows[i].rate[s];
		for (size_t i = 0; i < n; i++) {
			char hps[32], rel[32];
			const double rate = rows[i].rate[s];
			if (rate >= best)
				snprintf(rel, sizeof rel, "fastest");
			else
				snprintf(rel, sizeof rel, "%.2f× slower", best / rate);
			printf("| %s | %s | %s | %.1f | %s |\n", size_names[s], rows[i].label,
			       human(rate, hps, sizeof hps), rate * (double)sizes[s] / 1e6, rel);
		}
	}
	putchar('\n');
}

/* SHA-1 with collision detection over the same backend without, for each
 * backend that detects (issue 19's target: >= 0.8 on 1 MiB and 64 MiB). */
static void print_detection(const struct row *rows, size_t n, size_t nsizes)
{
	if (rows[0].algo != SUMAC_SHA1)
		return;
	printf("### sha1: with collision detection ÷ without\n\n| backend |");
	for (size_t s = 0; s < nsizes; s++)
		printf(" %s |", size_names[s]);
	printf("\n|---|");
	for (size_t s = 0; s < nsizes; s++)
		printf("--:|");
	putchar('\n');
	for (size_t i = 1; i < n; i++) {
		if (!rows[i].detect)
			continue;
		printf("| %s |", rows[i - 1].impl->driver);
		for (size_t s = 0; s < nsizes; s++)
			printf(" %.2f× |", rows[i].rate[s] / rows[i - 1].rate[s]);
		putchar('\n');
	}
	putchar('\n');
}

#if WITH_OPENSSL
struct versus {
	enum sumac_algo algo;
	double ratio[NSIZES]; /* auto's speed / OpenSSL's */
};

static bool compare_openssl(const struct row *rows, size_t n, size_t nsizes, struct versus *v)
{
	const struct row *mine = NULL, *theirs = NULL;

	for (size_t i = 0; i < n; i++) {
		if (rows[i].is_auto)
			mine = &rows[i];
		if (!rows[i].impl)
			theirs = &rows[i];
	}
	if (!mine || !theirs)
		return false;
	v->algo = rows[0].algo;
	for (size_t s = 0; s < nsizes; s++)
		v->ratio[s] = mine->rate[s] / theirs->rate[s];
	return true;
}

static void print_versus(const struct versus *v, size_t nv, size_t nsizes)
{
	printf("### sumac (auto) vs OpenSSL\n\n"
	       "Speed of sumac's auto choice ÷ speed of OpenSSL's one-shot (> 1: sumac "
	       "faster); the target is ≥ %.2f× on large buffers.\n\n| algorithm |",
	       OPENSSL_TARGET);
	for (size_t s = 0; s < nsizes; s++)
		printf(" %s |", size_names[s]);
	printf(" target met |\n|---|");
	for (size_t s = 0; s < nsizes; s++)
		printf("--:|");
	printf("---|\n");
	for (size_t i = 0; i < nv; i++) {
		printf("| %s |", sumac_algo_info(v[i].algo)->name);
		for (size_t s = 0; s < nsizes; s++)
			printf(" %.2f× |", v[i].ratio[s]);
		const double key = v[i].ratio[nsizes - 1];
		printf(" %s |\n", key >= OPENSSL_TARGET ? "yes" : "**no**");
	}
	putchar('\n');
}
#endif

static int usage(void)
{
	fputs("Usage: speed [-t SECONDS] [-r REPS] [-a ALGO]... [-L] [-w]\n"
	      "  -t SECONDS  time per measurement (default 0.2)\n"
	      "  -r REPS     repetitions per cell, the median is shown (default 5)\n"
	      "  -a ALGO     an algorithm to time, or 'all' (default sha1, sha256, sha512)\n"
	      "  -L          leave out the 64 MiB (large) buffer\n"
	      "  -w          time by the wall clock, not by CPU time\n",
	      stderr);
	return 2;
}

static int parse_args(int argc, char **argv, struct settings *set)
{
	bool any = false;
	int c;

	set->seconds = 0.2;
	set->reps = 5;
	set->large = true;
	set->clock = TIMING_CPU;
	memset(set->algos, 0, sizeof set->algos);
	while ((c = getopt(argc, argv, "t:r:a:Lwh")) != -1) {
		enum sumac_algo algo;
		switch (c) {
		case 't':
			set->seconds = atof(optarg);
			if (!(set->seconds > 0))
				return usage();
			break;
		case 'r':
			set->reps = atoi(optarg);
			if (set->reps < 1 || set->reps > MAX_REPS)
				return usage();
			break;
		case 'a':
			if (strcmp(optarg, "all") == 0) {
				for (int a = 0; a < SUMAC_NALGO; a++)
					set->algos[a] = true;
			} else if (sumac_algo_from_name(optarg, &algo) == 0) {
				set->algos[algo] = true;
			} else {
				fprintf(stderr, "speed: unknown algorithm '%s'\n", optarg);
				return usage();
			}
			any = true;
			break;
		case 'L':
			set->large = false;
			break;
		case 'w':
			set->clock = TIMING_WALL;
			break;
		default:
			return usage();
		}
	}
	if (optind != argc)
		return usage();
	if (!any)
		set->algos[SUMAC_SHA1] = set->algos[SUMAC_SHA256] = set->algos[SUMAC_SHA512] = true;
	return 0;
}

int main(int argc, char **argv)
{
	struct settings set;
	struct row rows[MAX_ROWS];
	int status = parse_args(argc, argv, &set);

	if (status != 0)
		return status;
	program_name = "speed";
	if (!cpumask_apply_env())
		return 1;
	const size_t used_sizes = set.large ? NSIZES : NSIZES - 1;
	const size_t len = sizes[used_sizes - 1];
	uint8_t *data = malloc(len);
	if (!data) {
		fputs("speed: out of memory\n", stderr);
		return 1;
	}
	uint64_t x = 0x9e3779b97f4a7c15u; /* xorshift64: incompressible, reproducible */
	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		data[i] = (uint8_t)x;
	}

	printf("Whole hashes (init, update, final) of one in-memory buffer; the median of %d "
	       "runs of %.2f s of %s time each.  MB/s is 10^6 bytes/s.",
	       set.reps, set.seconds, set.clock == TIMING_CPU ? "CPU" : "wall-clock");
	const char *mask = getenv("SUMAC_CPU");
	if (mask && *mask)
		printf("  CPU features cleared for sumac's rows: SUMAC_CPU=%s.", mask);
#if WITH_OPENSSL
	const char *cap = getenv("OPENSSL_ia32cap");
	printf("  OpenSSL: %s%s%s.", OpenSSL_version(OPENSSL_VERSION),
	       cap && *cap ? ", OPENSSL_ia32cap=" : "", cap && *cap ? cap : "");
#endif
	printf("\n\n");
	fflush(stdout);

#if WITH_OPENSSL
	struct versus versus[SUMAC_NALGO];
	size_t nversus = 0;
#endif
	for (int a = 0; a < SUMAC_NALGO; a++) {
		if (!set.algos[a])
			continue;
		const size_t n = collect_rows((enum sumac_algo)a, data, rows);
		if (n == 0)
			continue;
		if (!rows_agree(rows, n, data)) {
			free(data);
			return 1;
		}
		for (size_t s = 0; s < used_sizes; s++)
			time_size(rows, n, s, &set);
		print_table(rows, n, used_sizes);
		print_detection(rows, n, used_sizes);
#if WITH_OPENSSL
		if (compare_openssl(rows, n, used_sizes, &versus[nversus]))
			nversus++;
#endif
		fflush(stdout);
	}
#if WITH_OPENSSL
	if (nversus)
		print_versus(versus, nversus, used_sizes);
#endif
	free(data);
	return 0;
}
