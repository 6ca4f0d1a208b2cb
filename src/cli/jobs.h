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
 * being reported (memory and read-ahead). */
struct job_queue *jobs_create(unsigned workers, unsigned depth, struct io_buffer *main_buf);
void jobs_destroy(struct job_queue *q);

/* The slot for the next job, or NULL when depth jobs are outstanding:
 * the caller must first take the oldest with jobs_oldest(). */
struct job *jobs_slot(struct job_queue *q);
void jobs_queue(struct job_queue *q);

/* True while some queued job has not been reported. */
bool jobs_pending(const struct job_queue *q);

/* The oldest queued job once it is finished, waiting for it; NULL if no
 * job is queued.  Inputs named "-" are hashed here, in order, because
 * standard input can only be read in sequence. */
struct job *jobs_oldest(struct job_queue *q);
/* The oldest job has been reported; its slot is free again. */
void jobs_done(struct job_queue *q);

/* What -j 0 / -j auto means: the online CPUs. */
unsigned jobs_online_cpus(void);

#endif
