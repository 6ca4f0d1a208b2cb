/* SPDX-License-Identifier: MIT */
/* The ordered pipeline behind -j: jobs are computed by worker threads in
 * any order and handed back strictly in the order they were queued, so
 * that every line and message of the client comes out exactly as in a
 * serial run.  With no workers the same code computes each job as it is
 * queued.  Prints nothing and never exits: the client words every result,
 * and is told through one hook when the engine is about to wait.
 *
 * The engine opens, classifies and closes the inputs; what is computed
 * from an open input is the client's compute callback (run/hash.h has the
 * one that hashes).  A client (generation, --check) takes a slot, fills a
 * job, queues it, and reports the oldest finished job:
 *
 *	while (!(j = run_slot(q)))
 *		report(run_oldest(q)), run_done(q);
 *	fill j; run_submit(q);
 *	...
 *	while (run_pending(q))
 *		report(run_oldest(q)), run_done(q);
 *
 * Lanes (several files hashed at once by one thread, with a many-message
 * kernel): a client that can compute several jobs at once gives the engine
 * its lane operations (run_lane_ops below; run/lanes.h has the one that
 * hashes).  A thread then claims jobs in queue order into a batch of up to
 * the width that the client names for the job, opens each (a job that
 * turns out to be special, or cannot get a descriptor, goes back to the
 * main thread as before), and steps the batch, refilling a lane as soon as
 * its job ends; a batch lives on between steps, so that the main thread
 * can report what is done in between.  Reporting never changes: it is
 * always the oldest slot, so output stays in the serial order whatever a
 * thread holds, and depth still bounds how far ahead the threads run.
 * Without workers the main thread runs a batch too: jobs are then queued
 * and hashed when the oldest is asked for, not when they are submitted. */
#ifndef SUMAC_RUN_PIPELINE_H
#define SUMAC_RUN_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "hash/hash.h"
#include "hash/sha1dc.h"
#include "io/io.h"

struct run_algo_list;

struct run_job {
	/* Filled in by the client before run_submit(). */
	const char *name;     /* the input ("-": standard input) */
	bool compute;         /* false: nothing to compute, only to report */
	enum sumac_algo algo; /* with impl: what the compute callback uses */
	unsigned digest_len;  /* bytes, for an algorithm that takes a length; 0: its own */
	const struct sumac_impl *impl;
	void *payload; /* the client's, for reporting; kept per slot */
	size_t payload_size;
	/* NULL, or the algorithms to hash the input with from one read
	 * (run/hash.h's run_algo_list; algo, impl and digest_len are then
	 * not used), the digests going to digests[], one row each; digests is
	 * the client's, kept per slot.  Such a job is never in a lane. */
	const struct run_algo_list *algos;
	unsigned char (*digests)[SUMAC_MAX_DIGEST];
	/* Turn SHA-1 collision detection on (sumac_sha1dc_enable) for the
	 * SHA-1 stream of the job, algo or a row of algos; the implementation
	 * must be one that can detect (hash/sha1dc.h). */
	bool detect_sha1;

	/* Results: err is 0, an errno value from opening, reading or closing,
	 * or what the compute callback returned; digest is the callback's. */
	int err;
	unsigned char digest[SUMAC_MAX_DIGEST];
	uint64_t bytes; /* how many the input had (cksum's legacy lines) */
	/* With detect_sha1: the input is half of a SHA-1 collision attack
	 * (the digest is still the real one, and err 0); hit says where. */
	bool collision;
	struct sumac_sha1dc_hit hit;

	int state; /* private to pipeline.c */
	/* Private to pipeline.c too: how far a worker computing the job
	 * alone has got, for run_config.waiting in the calling thread. */
	_Atomic bool watched;
	_Atomic int64_t watch_size; /* a regular file's st_size, else -1 */
	_Atomic uint64_t watch_done;
};

/* Computes job j from fd, open for reading and positioned at its start
 * (standard input: where it stands); st is its fstat, or NULL when not
 * known.  Returns 0 or an error for j->err.  Called from any thread, with
 * that thread's buffer; must not print.  The engine closes fd. */
typedef int run_compute_fn(void *ctx, struct run_job *j, int fd, const struct stat *st,
			   struct io_buffer *buf);

/* Why the main thread is about to wait, for the hook below. */
enum run_wait_reason {
	/* An input that may block (standard input, a FIFO, a name not yet
	 * classified) or that is standard output itself is about to be
	 * opened or read: every line so far must be in the file first. */
	RUN_WAIT_SPECIAL_INPUT,
	/* The main thread sleeps until a worker finishes the oldest job. */
	RUN_WAIT_WORKER,
	/* The main thread sleeps until the workers close their files, after
	 * running out of descriptors. */
	RUN_WAIT_DESCRIPTORS,
	/* An input larger than one buffer, or not a regular file, is about to
	 * be read (io_buffer.before_slow_input of the main thread's buffer). */
	RUN_WAIT_SLOW_INPUT,
};

/* Several jobs at once in one thread.  The engine owns claiming, opening
 * and closing; the client only computes. */
struct run_lane_ops {
	/* How many jobs like j one thread may compute at once: 0 or 1 when j
	 * is computed alone (by run_config.compute).  Jobs with the same impl
	 * share a batch. */
	unsigned (*width)(void *ctx, const struct run_job *j);
	/* A batch for up to width jobs like j, or NULL (out of memory: the
	 * jobs are then computed alone). */
	void *(*create)(void *ctx, const struct run_job *j, unsigned width);
	void (*destroy)(void *batch);
	/* Starts j in a free lane of the batch: fd is open for reading at its
	 * start, st its stat (a regular file).  False when j is better
	 * computed alone (the engine calls compute with the same fd). */
	bool (*start)(void *batch, struct run_job *j, int fd, const struct stat *st);
	/* Advances the started jobs by a bounded amount (about a buffer of
	 * each) and returns how many ended: the jobs in done[] with their err
	 * and digest set, their descriptors in fds[] for the engine to close.
	 * Only the caller's thread touches a batch. */
	unsigned (*step)(void *batch, struct run_job **done, int *fds);
};

struct run_config {
	/* 0: compute in the calling thread.  Otherwise the calling thread
	 * computes too while it waits for the oldest job, so -j N wants N - 1
	 * workers.  With standard input, output or error closed there are no
	 * workers (see pipeline.c). */
	unsigned workers;
	/* How many jobs are queued ahead of the oldest one being reported
	 * (memory and read-ahead); 1 without workers. */
	unsigned depth;
	/* The calling thread's buffer; its before_slow_input is set to the
	 * hook.  Workers have their own. */
	struct io_buffer *main_buf;
	run_compute_fn *compute;
	void *compute_ctx;
	/* NULL: every job is computed alone. */
	const struct run_lane_ops *lanes;
	void *lanes_ctx;
	/* Called in the calling thread only, before it may wait; NULL: none. */
	void (*before_wait)(void *ctx, enum run_wait_reason why);
	void *wait_ctx;
	/* Called in the calling thread just before it computes job j alone
	 * with main_buf (st: the input's fstat, NULL when not known), so that
	 * main_buf's progress hook (io/io.h) knows what it counts.  Not for
	 * the jobs of workers or of lanes.  NULL: none. */
	void (*computing)(void *ctx, const struct run_job *j, const struct stat *st);
	void *computing_ctx;
	/* Called in the calling thread, with computing_ctx, about every
	 * RUN_WATCH_MS while it waits for job j, which a worker computes alone
	 * (not in lanes): done bytes hashed so far, of size (-1: not a regular
	 * file); first: the first call of this wait (a slot's address is
	 * reused by later jobs, so it cannot tell one job from the next).
	 * NULL: none, and the workers' progress is not counted. */
	void (*waiting)(void *ctx, const struct run_job *j, bool first, int64_t size,
			uint64_t done);
};

#define RUN_WATCH_MS 250

struct run_queue;

struct run_queue *run_create(const struct run_config *cfg);
void run_destroy(struct run_queue *q);

/* The slot for the next job, or NULL when depth jobs are outstanding:
 * the caller must first take the oldest with run_oldest(). */
struct run_job *run_slot(struct run_queue *q);
/* Queues the job in the slot.  True if its input is one that the calling
 * thread reads in order, once every earlier job is reported: standard input
 * under any name, a FIFO, a device, a socket, the standard output itself.
 * A caller that reads input of its own (a check list, which may be that
 * same standard input) should then report up to this job before it reads
 * on, so that the two share the data as in a serial run. */
bool run_submit(struct run_queue *q);

/* True while some queued job has not been reported. */
bool run_pending(const struct run_queue *q);

/* The oldest queued job once it is finished, waiting for it; NULL if no
 * job is queued.  The inputs run_submit() said are read in order are
 * computed here, after the RUN_WAIT_SPECIAL_INPUT hook, every earlier job
 * being reported. */
struct run_job *run_oldest(struct run_queue *q);
/* The oldest job has been reported; its slot is free again. */
void run_done(struct run_queue *q);

/* True once a job has read standard input ("-"): GNU closes it at the
 * end if anything read it, and reports a failure to do so. */
bool run_stdin_read(const struct run_queue *q);

/* What -j 0 / -j auto means: the CPUs this process may run on. */
unsigned run_online_cpus(void);

#endif
