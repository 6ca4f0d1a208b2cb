/* SPDX-License-Identifier: MIT */
/* An ordered hashing pipeline for -j: jobs are hashed by worker threads in
 * any order and handed back strictly in the order they were queued, so
 * that every line and message comes out exactly as in a serial run.  With
 * no workers the same code hashes each job as it is queued. */
#ifndef SUMAC_CLI_JOBS_H
#define SUMAC_CLI_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/hash.h"
#include "io/io.h"

struct job {
	/* Filled in by the caller before jobs_queue(). */
	const char *name;     /* the input ("-": standard input) */
	enum sumac_algo algo; /* with impl: what to hash it with */
	const struct sumac_impl *impl;
	bool hash;     /* false: nothing to compute, only to report */
	void *payload; /* the caller's, for reporting; kept per slot */
	size_t payload_size;

	/* Results. */
	int err; /* 0, or errno from opening/reading */
	unsigned char digest[SUMAC_MAX_DIGEST];

	int state; /* private to jobs.c */
};

struct job_queue;

/* workers 0: hash in the calling thread.  Otherwise the calling thread
 * hashes too while it waits for the oldest job, so -j N wants N - 1
 * workers.  depth bounds how many jobs are queued ahead of the oldest one
 * being reported (memory and read-ahead).  With standard input, output or
 * error closed there are no workers (see jobs.c). */
struct job_queue *jobs_create(unsigned workers, unsigned depth, struct io_buffer *main_buf);
void jobs_destroy(struct job_queue *q);

/* The slot for the next job, or NULL when depth jobs are outstanding:
 * the caller must first take the oldest with jobs_oldest(). */
struct job *jobs_slot(struct job_queue *q);
/* Queues the job in the slot.  True if its input is one that the calling
 * thread reads in order, once every earlier job is reported: standard input
 * under any name, a FIFO, a device, a socket, the standard output itself.
 * A caller that reads input of its own (a check list, which may be that
 * same standard input) should then report up to this job before it reads
 * on, so that the two share the data as in a serial run. */
bool jobs_queue(struct job_queue *q);

/* True while some queued job has not been reported. */
bool jobs_pending(const struct job_queue *q);

/* The oldest queued job once it is finished, waiting for it; NULL if no
 * job is queued.  The inputs jobs_queue() said are read in order are hashed
 * here, after out_flush(), every earlier line being written. */
struct job *jobs_oldest(struct job_queue *q);
/* The oldest job has been reported; its slot is free again. */
void jobs_done(struct job_queue *q);

/* What -j 0 / -j auto means: the online CPUs. */
unsigned jobs_online_cpus(void);

#endif
