/* SPDX-License-Identifier: MIT */
/* Lanes through the pipeline (src/run/lanes.c behind src/run/pipeline.c),
 * with real files and real hashing: files of every boundary length and of
 * random lengths, several algorithms, the portable looped reference forced
 * into lanes and whatever auto picks, no workers and 1 and 3 workers.  Each
 * job must come back in queue order with the portable digest of its file,
 * serially also with the lanes' files read ahead by a second thread;
 * the lanes must really have held several files at once; a read error in
 * one lane (/proc/self/mem reads EIO) fails that job only; a sparse file is
 * hashed alone, its holes skipped; and with only one descriptor to spare,
 * every file still hashes (the lanes hand back what they cannot open). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hash/registry.h"
#include "run/hash.h"
#include "run/lanes.h"
#include "run/pipeline.h"
#include "tap.h"
#include "rng.h"

#define NFILES 90
#define MAXLEN (700 * 1024)
#define BIGLEN (3 * 1024 * 1024 + 333)

static char dir[] = "/tmp/sumac-test-lanes-XXXXXX";
static char paths[NFILES][80];
static size_t lens[NFILES];
static uint8_t *contents[NFILES];
static const char *special; /* a job name that replaces one file, or NULL */
static size_t special_at;

/* The hash lanes, counted: how many files were started in lanes, and the
 * most held at once by one batch. */
struct counted {
	struct run_lanes_cfg cfg;
	atomic_uint started;
	atomic_uint most;
};

struct counted_batch {
	void *inner;
	unsigned live;
	struct counted *c;
};

static unsigned c_width(void *ctx, const struct run_job *j)
{
	return run_hash_lanes.width(&((struct counted *)ctx)->cfg, j);
}

static void *c_create(void *ctx, const struct run_job *j, unsigned width)
{
	struct counted_batch *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->c = ctx;
	b->inner = run_hash_lanes.create(&b->c->cfg, j, width);
	if (!b->inner) {
		free(b);
		return NULL;
	}
	return b;
}

static void c_destroy(void *batch)
{
	struct counted_batch *b = batch;
	run_hash_lanes.destroy(b->inner);
	free(b);
}

static bool c_start(void *batch, struct run_job *j, int fd, const struct stat *st)
{
	struct counted_batch *b = batch;
	if (!run_hash_lanes.start(b->inner, j, fd, st))
		return false;
	atomic_fetch_add(&b->c->started, 1);
	if (++b->live > atomic_load(&b->c->most))
		atomic_store(&b->c->most, b->live);
	return true;
}

static unsigned c_step(void *batch, struct run_job **done, int *fds)
{
	struct counted_batch *b = batch;
	const unsigned n = run_hash_lanes.step(b->inner, done, fds);
	b->live -= n;
	return n;
}

static const struct run_lane_ops counted_ops = {
	.width = c_width,
	.create = c_create,
	.destroy = c_destroy,
	.start = c_start,
	.step = c_step,
};

static size_t pick_len(size_t i)
{
	static const size_t edges[] = {0,   1,   55,  56,  63,  64,  65,  111,  112,
				       119, 120, 127, 128, 129, 255, 256, 4096, 131072};
	if (i < sizeof edges / sizeof edges[0])
		return edges[i];
	if (i % 29 == 0)
		return BIGLEN - i;
	return rng() % 3 ? rng_below(MAXLEN) : rng_below(3000);
}

static bool make_files(void)
{
	if (!mkdtemp(dir))
		return false;
	for (size_t i = 0; i < NFILES; i++) {
		snprintf(paths[i], sizeof paths[i], "%s/f%03zu", dir, i);
		lens[i] = pick_len(i);
		contents[i] = malloc(lens[i] + 1);
		if (!contents[i])
			return false;
		for (size_t k = 0; k < lens[i]; k++)
			contents[i][k] = (uint8_t)rng();
		FILE *f = fopen(paths[i], "wb");
		if (!f || fwrite(contents[i], 1, lens[i], f) != lens[i] || fclose(f) != 0)
			return false;
	}
	return true;
}

static void remove_files(void)
{
	for (size_t i = 0; i < NFILES; i++) {
		unlink(paths[i]);
		free(contents[i]);
	}
	rmdir(dir);
}

/* What job i must have come back with. */
static bool job_right(const struct run_job *j, size_t i, enum sumac_algo algo)
{
	if (special && i == special_at)
		return j->err == EIO;
	uint8_t want[SUMAC_MAX_DIGEST];
	sumac_digest_portable(algo, contents[i], lens[i], want);
	return j->err == 0 && j->name == paths[i] &&
	       memcmp(j->digest, want, sumac_algo_info(algo)->digest_len) == 0;
}

/* Every file through a queue with these lanes; the number of wrong jobs. */
static unsigned run_files(unsigned workers, const struct sumac_impl *impl, enum sumac_algo algo,
			  struct counted *c)
{
	struct io_buffer buf;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		return NFILES;
	const struct run_config cfg = {
		.workers = workers,
		.depth = 16 * (workers + 1),
		.main_buf = &buf,
		.compute = run_hash_job,
		.lanes = &counted_ops,
		.lanes_ctx = c,
	};
	struct run_queue *q = run_create(&cfg);
	if (!q) {
		io_buffer_free(&buf);
		return NFILES;
	}
	unsigned wrong = 0;
	size_t reported = 0;
	for (size_t i = 0; i < NFILES; i++) {
		struct run_job *j;
		while (!(j = run_slot(q))) {
			wrong += !job_right(run_oldest(q), reported++, algo);
			run_done(q);
		}
		j->name = special && i == special_at ? special : paths[i];
		j->compute = true;
		j->algo = algo;
		j->impl = impl;
		run_submit(q);
	}
	while (run_pending(q)) {
		wrong += !job_right(run_oldest(q), reported++, algo);
		run_done(q);
	}
	run_destroy(q);
	io_buffer_free(&buf);
	return wrong + (reported != NFILES);
}

static void test_lanes(unsigned workers, const struct sumac_impl *impl, enum sumac_algo algo,
		       enum run_lanes_mode mode, bool read_ahead)
{
	struct counted c = {.cfg = {.mode = mode, .read_ahead = read_ahead}};
	const unsigned width = run_lanes_width(impl, mode);
	const unsigned wrong = run_files(workers, impl, algo, &c);
	tap_ok(wrong == 0, "%s as %s, %u workers%s: %u of %d files right, in order", impl->driver,
	       sumac_algo_info(algo)->name, workers, read_ahead ? ", read ahead" : "",
	       NFILES - wrong, NFILES);
	/* Serially the main thread fills each batch itself.  A worker takes
	 * a second lane only while another job is queued, which depends on
	 * how fast the main thread submits: under an emulator on a loaded
	 * machine, 45 of 90 has been seen. */
	const unsigned least = workers ? 8 : NFILES / 2 + 1;
	if (width)
		tap_ok(atomic_load(&c.started) >= least && atomic_load(&c.most) >= 2,
		       "%s: %u files went through lanes, up to %u at once (width %u)", impl->driver,
		       atomic_load(&c.started), atomic_load(&c.most), width);
}

/* A read error in one lane fails that job alone.  The job's name is
 * /proc/self/mem: a regular file by stat(2) that reads EIO at offset 0. */
static void test_read_error(unsigned workers)
{
	struct stat st;
	if (stat("/proc/self/mem", &st) != 0 || !S_ISREG(st.st_mode)) {
		tap_ok(true, "# SKIP no /proc/self/mem");
		return;
	}
	const struct sumac_impl *impl = sumac_portable_impl(SUMAC_FAMILY_SHA256);
	struct counted c = {.cfg = {.mode = RUN_LANES_ALWAYS, .read_ahead = !workers}};
	special = "/proc/self/mem";
	special_at = 20;
	const unsigned wrong = run_files(workers, impl, SUMAC_SHA256, &c);
	special = NULL;
	tap_ok(wrong == 0, "a read error in one lane (%u workers): that job EIO, the others right",
	       workers);
}

/* With a single descriptor above those in use, lanes cannot open a second
 * file: the job goes back to the main thread, which finishes its batch and
 * opens it, so nothing fails for want of descriptors. */
static void test_one_descriptor(unsigned workers)
{
	struct rlimit old;
	if (getrlimit(RLIMIT_NOFILE, &old) != 0) {
		tap_ok(false, "getrlimit");
		return;
	}
	const int probe = open("/dev/null", O_RDONLY);
	if (probe < 0) {
		tap_ok(false, "open /dev/null");
		return;
	}
	close(probe);
	struct rlimit low = old;
	low.rlim_cur = (rlim_t)probe + 1;
	const struct sumac_impl *impl = sumac_portable_impl(SUMAC_FAMILY_SHA1);
	struct counted c = {.cfg = {.mode = RUN_LANES_ALWAYS}};
	unsigned wrong = NFILES;
	if (setrlimit(RLIMIT_NOFILE, &low) == 0) {
		wrong = run_files(workers, impl, SUMAC_SHA1, &c);
		setrlimit(RLIMIT_NOFILE, &old);
	}
	tap_ok(wrong == 0, "one descriptor to spare, %u workers: %u of %d files right", workers,
	       NFILES - wrong, NFILES);
}

/* A file with a hole larger than a lane's buffer is hashed alone, by the
 * reader that skips holes; its digest is the zeros'. */
static void test_sparse(void)
{
	const size_t i = NFILES - 1;
	const size_t len = 8u << 20;
	uint8_t *zeros = calloc(1, len);
	const int fd = open(paths[i], O_WRONLY | O_TRUNC);
	bool made = zeros && fd >= 0 && ftruncate(fd, (off_t)len) == 0;
	if (fd >= 0)
		made &= close(fd) == 0;
	struct stat st;
	if (!made || stat(paths[i], &st) != 0 || (uint64_t)st.st_blocks * 512 >= len) {
		free(zeros);
		tap_ok(made, "# SKIP no sparse file here");
		return;
	}
	free(contents[i]);
	contents[i] = zeros;
	lens[i] = len;
	const struct sumac_impl *impl = sumac_portable_impl(SUMAC_FAMILY_SHA256);
	struct counted c = {.cfg = {.mode = RUN_LANES_ALWAYS, .read_ahead = true}};
	const unsigned wrong = run_files(0, impl, SUMAC_SHA256, &c);
	const unsigned in_lanes = atomic_load(&c.started);
	tap_ok(wrong == 0 && in_lanes == NFILES - 1,
	       "a sparse file among lanes is hashed alone, right (%u of %d in lanes)", in_lanes,
	       NFILES);
}

int main(void)
{
	static const enum sumac_algo algos[] = {SUMAC_MD5,    SUMAC_SHA1,   SUMAC_SHA224,
						SUMAC_SHA256, SUMAC_SHA384, SUMAC_SHA512};
	static const unsigned workers[] = {0, 1, 3};

	rng_seed();
	if (!tap_ok(make_files(), "test files made in %s", dir))
		return tap_done();
	for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
		const enum sumac_algo algo = algos[a];
		const struct sumac_impl *portable =
			sumac_portable_impl(sumac_algo_info(algo)->family);
		struct sumac_selection sel;
		for (size_t w = 0; w < sizeof workers / sizeof workers[0]; w++) {
			/* As sumac runs: read ahead when serial. */
			const bool ahead = workers[w] == 0;
			test_lanes(workers[w], portable, algo, RUN_LANES_ALWAYS, ahead);
			if (sumac_select(algo, NULL, &sel) == SUMAC_SELECT_OK &&
			    sel.impl != portable)
				test_lanes(workers[w], sel.impl, algo, RUN_LANES_AUTO, ahead);
		}
		test_lanes(0, portable, algo, RUN_LANES_ALWAYS, false);
	}
	test_read_error(0);
	test_read_error(1);
	test_one_descriptor(0);
	test_one_descriptor(1);
	test_sparse();
	remove_files();
	return tap_done();
}
