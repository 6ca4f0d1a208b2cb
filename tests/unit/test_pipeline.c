/* SPDX-License-Identifier: MIT */
/* The pipeline (src/run) driven directly with a fake compute callback that
 * checksums what it reads, records the thread it ran on and takes a
 * job-dependent while: jobs come back in the order they were queued with
 * 0, 1 and 3 workers, each with its own input's result; the main thread's
 * inputs (standard input, a device) are computed by the main thread after
 * the hook is told; a ring holds at most depth jobs (one without workers,
 * or with a standard descriptor closed); errors of the open and of the
 * callback reach the job; jobs with nothing to compute are never computed;
 * the hook runs in the main thread only.  Last, run_hash_job() on a file
 * larger than a buffer: the portable digest, after the slow-input hook. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hash/registry.h"
#include "run/hash.h"
#include "run/pipeline.h"
#include "tap.h"

#define NFILES 120

static char dir[] = "/tmp/sumac-test-pipeline-XXXXXX";
static char paths[NFILES][64];
static uint64_t sums[NFILES];
static pthread_t main_thread;

/* The client's record of a job, in its payload. */
struct item {
	size_t index;
	pthread_t thread;
	bool computed;
};

struct hook_log {
	atomic_uint calls[RUN_WAIT_SLOW_INPUT + 1];
	atomic_uint off_main; /* calls from another thread than the main one */
	atomic_uint bad_ctx;
};

static struct hook_log hooks;
static atomic_uint computed;

static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

/* The fake callback: FNV-1a of the input into the digest.  An input that
 * starts with "ERR" fails with 42, "NEG" with a negative status. */
static int fake_compute(void *ctx, struct run_job *j, int fd, const struct stat *st,
			struct io_buffer *buf)
{
	struct item *it = j->payload;
	unsigned char data[256];
	uint64_t h = 0xcbf29ce484222325ULL;
	ssize_t n;
	size_t total = 0;

	(void)st;
	(void)buf;
	if (ctx != &computed)
		return EINVAL;
	atomic_fetch_add(&computed, 1);
	it->thread = pthread_self();
	it->computed = true;
	/* Jobs take different whiles, so that workers finish out of order. */
	for (volatile unsigned spin = 0; spin < (it->index * 7919 % 13) * 20000; spin++)
		;
	while ((n = read(fd, data, sizeof data)) > 0) {
		if (total == 0 && n >= 3 && memcmp(data, "ERR", 3) == 0)
			return 42;
		if (total == 0 && n >= 3 && memcmp(data, "NEG", 3) == 0)
			return -3;
		h = fnv(h, data, (size_t)n);
		total += (size_t)n;
	}
	if (n < 0)
		return errno;
	memcpy(j->digest, &h, sizeof h);
	return 0;
}

static void hook(void *ctx, enum run_wait_reason why)
{
	if (ctx != &hooks)
		atomic_fetch_add(&hooks.bad_ctx, 1);
	if (!pthread_equal(pthread_self(), main_thread))
		atomic_fetch_add(&hooks.off_main, 1);
	atomic_fetch_add(&hooks.calls[why], 1);
}

static struct run_queue *make_queue(unsigned workers, unsigned depth, struct io_buffer *buf,
				    run_compute_fn *fn, void *ctx)
{
	const struct run_config cfg = {
		.workers = workers,
		.depth = depth,
		.main_buf = buf,
		.compute = fn,
		.compute_ctx = ctx,
		.before_wait = hook,
		.wait_ctx = &hooks,
	};
	return run_create(&cfg);
}

static struct item *item_of(struct run_job *j)
{
	if (!j->payload) {
		j->payload = calloc(1, sizeof(struct item));
		j->payload_size = sizeof(struct item);
	}
	struct item *it = j->payload;
	memset(it, 0, sizeof *it);
	return it;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(path);
		exit(99);
	}
}

static void make_files(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(99);
	}
	for (size_t i = 0; i < NFILES; i++) {
		char text[128];
		snprintf(paths[i], sizeof paths[i], "%s/f%zu", dir, i);
		/* Every tenth job fails in the callback, every 17th is missing. */
		if (i % 10 == 3)
			snprintf(text, sizeof text, "%s%zu\n", i % 20 == 3 ? "ERR" : "NEG", i);
		else
			snprintf(text, sizeof text, "file %zu %.*s\n", i, (int)(i % 50),
				 "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz");
		sums[i] = fnv(0xcbf29ce484222325ULL, (const unsigned char *)text, strlen(text));
		if (i % 17 != 5)
			write_file(paths[i], text);
	}
}

static int expected_err(size_t i)
{
	if (i % 17 == 5)
		return ENOENT;
	if (i % 10 == 3)
		return i % 20 == 3 ? 42 : -3;
	return 0;
}

/* Checks one reported job against what its index says it must hold. */
static bool job_right(const struct run_job *j, size_t want)
{
	const struct item *it = j->payload;
	const int err = expected_err(want);
	if (it->index != want)
		return false;
	if (want % 11 == 7) /* nothing to compute, nothing opened */
		return !it->computed && j->err == 0;
	if (j->err != err)
		return false;
	if (err == ENOENT)
		return !it->computed;
	uint64_t h;
	memcpy(&h, j->digest, sizeof h);
	return it->computed && (err || h == sums[want]);
}

/* Every file in order, as a client queues them; every 11th job has nothing
 * to compute.  Returns how many jobs came back out of order or wrong. */
static unsigned run_all(struct run_queue *q)
{
	unsigned wrong = 0;
	size_t reported = 0;

	for (size_t i = 0; i < NFILES; i++) {
		struct run_job *j;
		while (!(j = run_slot(q))) {
			wrong += !job_right(run_oldest(q), reported++);
			run_done(q);
		}
		struct item *it = item_of(j);
		it->index = i;
		j->name = paths[i];
		j->compute = i % 11 != 7;
		if (run_submit(q))
			wrong++; /* a regular file is never the main thread's */
	}
	while (run_pending(q)) {
		wrong += !job_right(run_oldest(q), reported++);
		run_done(q);
	}
	return wrong + (reported != NFILES) + (run_oldest(q) != NULL);
}

static void test_order(unsigned workers)
{
	struct io_buffer buf;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		exit(99);
	for (int rep = 0; rep < 5; rep++) {
		struct run_queue *q =
			make_queue(workers, 16 * (workers + 1), &buf, fake_compute, &computed);
		if (!tap_ok(q != NULL, "%u workers: created", workers))
			continue;
		const unsigned wrong = run_all(q);
		tap_ok(wrong == 0, "%u workers, run %d: %u jobs out of order or wrong", workers,
		       rep, wrong);
		tap_ok(!run_stdin_read(q), "%u workers: standard input not read", workers);
		run_destroy(q);
	}
	io_buffer_free(&buf);
}

/* At most depth jobs outstanding; a slot frees when the oldest is done. */
static void test_depth(unsigned workers, unsigned depth, unsigned want)
{
	struct io_buffer buf;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		exit(99);
	struct run_queue *q = make_queue(workers, depth, &buf, fake_compute, &computed);
	unsigned held = 0;
	struct run_job *j;
	while (held < 64 && (j = run_slot(q))) {
		item_of(j)->index = held;
		j->name = paths[0];
		j->compute = true;
		run_submit(q);
		held++;
	}
	tap_ok(held == want, "%u workers, depth %u: %u jobs held (want %u)", workers, depth, held,
	       want);
	j = run_oldest(q);
	tap_ok(j && ((struct item *)j->payload)->index == 0, "the oldest comes back first");
	run_done(q);
	tap_ok(run_slot(q) != NULL, "a slot is free after run_done");
	while (run_pending(q)) {
		run_oldest(q);
		run_done(q);
	}
	run_destroy(q);
	io_buffer_free(&buf);
}

/* With a standard descriptor closed there are no workers: depth is 1. */
static void test_closed_fd(void)
{
	const int saved = dup(STDERR_FILENO);
	if (saved < 0)
		exit(99);
	close(STDERR_FILENO);
	struct io_buffer buf;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		exit(99);
	struct run_queue *q = make_queue(3, 48, &buf, fake_compute, &computed);
	unsigned held = 0;
	struct run_job *j;
	while (held < 64 && (j = run_slot(q))) {
		item_of(j)->index = 0;
		j->name = paths[0];
		j->compute = true;
		run_submit(q);
		held++;
	}
	while (run_pending(q)) {
		run_oldest(q);
		run_done(q);
	}
	run_destroy(q);
	io_buffer_free(&buf);
	dup2(saved, STDERR_FILENO);
	close(saved);
	tap_ok(held == 1, "stderr closed, 3 workers asked for: %u job held (want 1)", held);
}

/* Standard input and a device are computed by the main thread, in order,
 * after the hook; submit says so. */
static void test_in_order(unsigned workers)
{
	int p[2];
	const int saved = dup(STDIN_FILENO);
	if (saved < 0 || pipe(p) != 0)
		exit(99);
	const char text[] = "standard input\n";
	if (write(p[1], text, sizeof text - 1) != (ssize_t)(sizeof text - 1))
		exit(99);
	close(p[1]);
	dup2(p[0], STDIN_FILENO);
	close(p[0]);

	struct io_buffer buf;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		exit(99);
	const unsigned special_before = atomic_load(&hooks.calls[RUN_WAIT_SPECIAL_INPUT]);
	struct run_queue *q = make_queue(workers, 16, &buf, fake_compute, &computed);
	const char *names[] = {paths[0], "-", paths[1], "/dev/null", paths[2]};
	bool said[5];
	for (size_t i = 0; i < 5; i++) {
		struct run_job *j;
		while (!(j = run_slot(q))) {
			run_oldest(q);
			run_done(q);
		}
		item_of(j)->index = i;
		j->name = names[i];
		j->compute = true;
		said[i] = run_submit(q);
	}
	tap_ok(!said[0] && said[1] && !said[2] && said[3] && !said[4],
	       "%u workers: submit says which inputs are read in order", workers);
	while (run_pending(q)) {
		struct run_job *j = run_oldest(q);
		const struct item *it = j->payload;
		uint64_t h;
		memcpy(&h, j->digest, sizeof h);
		if (it->index == 1) {
			tap_ok(j->err == 0 &&
				       h == fnv(0xcbf29ce484222325ULL, (const unsigned char *)text,
						sizeof text - 1),
			       "%u workers: standard input computed", workers);
			tap_ok(pthread_equal(it->thread, main_thread),
			       "%u workers: standard input read by the main thread", workers);
		} else if (it->index == 3) {
			tap_ok(j->err == 0 && pthread_equal(it->thread, main_thread),
			       "%u workers: a device read by the main thread", workers);
		}
		run_done(q);
	}
	tap_ok(run_stdin_read(q), "%u workers: standard input recorded as read", workers);
	tap_ok(atomic_load(&hooks.calls[RUN_WAIT_SPECIAL_INPUT]) >= special_before + 2,
	       "%u workers: the hook told before each in-order input", workers);
	run_destroy(q);
	io_buffer_free(&buf);
	dup2(saved, STDIN_FILENO);
	close(saved);
}

/* The shared callback hashes as the registry's portable code does, and a
 * file larger than the buffer is a slow input for the hook. */
static void test_hash_job(void)
{
	static unsigned char big[3 * IO_BUFFER_SIZE + 123];
	char path[96];
	for (size_t i = 0; i < sizeof big; i++)
		big[i] = (unsigned char)(i * 131 + (i >> 9));
	snprintf(path, sizeof path, "%s/big", dir);
	FILE *f = fopen(path, "w");
	if (!f || fwrite(big, 1, sizeof big, f) != sizeof big || fclose(f) != 0)
		exit(99);

	struct sumac_selection sel;
	if (sumac_select(SUMAC_SHA256, "portable", &sel) != SUMAC_SELECT_OK)
		exit(99);
	struct io_buffer buf;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		exit(99);
	const unsigned slow_before = atomic_load(&hooks.calls[RUN_WAIT_SLOW_INPUT]);
	struct run_queue *q = make_queue(0, 1, &buf, run_hash_job, NULL);
	struct run_job *j = run_slot(q);
	j->name = path;
	j->compute = true;
	j->algo = SUMAC_SHA256;
	j->impl = sel.impl;
	run_submit(q);
	j = run_oldest(q);
	unsigned char want[SUMAC_MAX_DIGEST];
	sumac_digest_portable(SUMAC_SHA256, big, sizeof big, want);
	tap_ok(j->err == 0 && memcmp(j->digest, want, 32) == 0,
	       "run_hash_job: SHA-256 of %zu bytes", sizeof big);
	tap_ok(atomic_load(&hooks.calls[RUN_WAIT_SLOW_INPUT]) == slow_before + 1,
	       "run_hash_job: the slow-input hook told once");
	run_done(q);
	run_destroy(q);
	io_buffer_free(&buf);
	unlink(path);
}

/* The waiting hook: a job a worker computes alone is reported to the main
 * thread, while it waits for it, with the worker's byte count. */
struct watch_log {
	atomic_uint calls, first_wrong, off_main, wrong_job, backwards, too_many;
	atomic_bool worker_began;
	const struct run_job *job;
	uint64_t last;
};

static struct watch_log watch;

static int slow_compute(void *ctx, struct run_job *j, int fd, const struct stat *st,
			struct io_buffer *buf)
{
	(void)ctx;
	(void)fd;
	(void)st;
	/* The worker's job: 1.5 s, counting 1000 bytes every 0.1 s; the
	 * main thread's ends once the worker has begun (at most 10 s), so
	 * that the main thread then waits for the worker's job whichever job
	 * each took. */
	if (buf == ctx) {
		for (int i = 0; i < 1000 && !atomic_load(&watch.worker_began); i++)
			nanosleep(&(struct timespec){0, 10000000L}, NULL);
	} else {
		atomic_store(&watch.worker_began, true);
		for (int i = 1; i <= 15; i++) {
			nanosleep(&(struct timespec){0, 100000000L}, NULL);
			io_progress(buf, 1000);
		}
	}
	memset(j->digest, 0, sizeof j->digest);
	return 0;
}

static void waiting(void *ctx, const struct run_job *j, bool first, int64_t size, uint64_t done)
{
	(void)ctx;
	if (first != (atomic_fetch_add(&watch.calls, 1) == 0))
		atomic_fetch_add(&watch.first_wrong, 1);
	if (!pthread_equal(pthread_self(), main_thread))
		atomic_fetch_add(&watch.off_main, 1);
	if (size <= 0)
		atomic_fetch_add(&watch.wrong_job, 1);
	if (watch.job == j && done < watch.last)
		atomic_fetch_add(&watch.backwards, 1);
	if (done > 15000)
		atomic_fetch_add(&watch.too_many, 1);
	watch.job = j;
	watch.last = done;
}

static void test_waiting(void)
{
	struct io_buffer buf;
	if (io_buffer_init(&buf, 1 << 16) != 0)
		exit(99);
	const struct run_config cfg = {
		.workers = 1,
		.depth = 4,
		.main_buf = &buf,
		.compute = slow_compute,
		.compute_ctx = &buf,
		.waiting = waiting,
	};
	struct run_queue *q = run_create(&cfg);
	if (!tap_ok(q != NULL, "waiting hook: queue created"))
		return;
	/* Two jobs, one for each thread: the main thread waits for the
	 * worker's for over a second. */
	for (size_t i = 0; i < 2; i++) {
		struct run_job *j = run_slot(q);
		item_of(j)->index = i;
		j->name = paths[0];
		j->compute = true;
		run_submit(q);
	}
	while (run_pending(q)) {
		run_oldest(q);
		run_done(q);
	}
	run_destroy(q);
	io_buffer_free(&buf);
	tap_ok(atomic_load(&watch.calls) >= 3,
	       "waiting hook: called %u times while a worker hashed", atomic_load(&watch.calls));
	tap_ok(atomic_load(&watch.off_main) == 0, "waiting hook: in the main thread only");
	tap_ok(atomic_load(&watch.first_wrong) == 0, "waiting hook: first only on its first call");
	tap_ok(atomic_load(&watch.wrong_job) == 0, "waiting hook: a regular file's size");
	tap_ok(atomic_load(&watch.backwards) == 0 && atomic_load(&watch.too_many) == 0 &&
		       watch.last > 0,
	       "waiting hook: the worker's count, never backwards (last %llu)",
	       (unsigned long long)watch.last);
}

int main(void)
{
	main_thread = pthread_self();
	make_files();
	test_order(0);
	test_order(1);
	test_order(3);
	test_depth(0, 16, 1);
	test_depth(1, 4, 4);
	test_depth(3, 48, 48);
	test_closed_fd();
	test_in_order(0);
	test_in_order(3);
	test_hash_job();
	test_waiting();
	tap_ok(atomic_load(&hooks.off_main) == 0, "the hook ran in the main thread only");
	tap_ok(atomic_load(&hooks.bad_ctx) == 0, "the hook got its context");
	tap_ok(run_online_cpus() >= 1, "run_online_cpus: %u", run_online_cpus());
	for (size_t i = 0; i < NFILES; i++)
		unlink(paths[i]);
	rmdir(dir);
	return tap_done();
}
