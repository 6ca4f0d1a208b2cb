/* SPDX-License-Identifier: MIT */
/* The -j pipeline: a ring of job slots, claimed by worker threads in queue
 * order, each worker with its own read buffer.
 *
 * Why whole files per worker: a SHA stream cannot be split, so the unit of
 * parallel work is a file, read from start to end with large sequential
 * reads by one thread.  The ring bounds read-ahead to `depth` files, so
 * memory does not grow with the number of operands, and at most `workers`
 * files are read at once (on a spinning disk, -j 1, the default, keeps
 * reads strictly sequential).
 *
 * Why atomics: with many small files a job costs a few microseconds, and a
 * mutex taken twice per job by three threads turned into more futex calls
 * than reads.  Jobs are claimed with a compare-and-swap; the lock and the
 * condition variables are only used to sleep when there is nothing to do. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/generate.h"
#include "cli/jobs.h"
#include "cli/out.h"

/* QUEUED jobs are for the workers; STDIN ones only for the main thread,
 * which reads standard input in order.  A worker owns a job by moving it
 * from QUEUED to RUNNING, so no job is ever hashed twice. */
enum job_state { JOB_FREE, JOB_QUEUED, JOB_STDIN, JOB_RUNNING, JOB_FINISHED };

struct job_queue {
	struct job *ring;
	_Atomic int *state; /* per slot, enum job_state */
	unsigned depth;
	size_t head;         /* oldest outstanding job (main thread only) */
	atomic_size_t tail;  /* next slot to fill; published by the main thread */
	atomic_size_t next;  /* next queued job a worker may claim */
	atomic_uint idle;    /* workers asleep, or about to be */
	atomic_bool waiting; /* the main thread sleeps until the oldest job ends */
	atomic_bool stopping;
	pthread_mutex_t lock; /* only for sleeping */
	pthread_cond_t work;
	pthread_cond_t finished;
	unsigned nworkers;
	pthread_t *threads;
	struct io_buffer *main_buf;
};

static size_t slot_of(const struct job_queue *q, size_t n)
{
	return n % q->depth;
}

static bool is_stdin(const struct job *j)
{
	return strcmp(j->name, "-") == 0;
}

static void compute(struct job *j, struct io_buffer *buf)
{
	j->err = hash_named_input(j->name, j->algo, j->impl, buf, j->digest);
}

/* Takes slot s if it is in state from; only one thread can. */
static bool claim(struct job_queue *q, size_t s, int from)
{
	int expected = from;
	return atomic_compare_exchange_strong(&q->state[s], &expected, JOB_RUNNING);
}

static void wake(pthread_mutex_t *lock, pthread_cond_t *cond)
{
	pthread_mutex_lock(lock);
	pthread_cond_broadcast(cond);
	pthread_mutex_unlock(lock);
}

/* Hashes the next queued job, if there is one.  Jobs that are not the
 * workers' (standard input, nothing to hash) are stepped over. */
static bool run_next(struct job_queue *q, struct io_buffer *buf)
{
	for (;;) {
		size_t n = atomic_load(&q->next);
		if (n >= atomic_load(&q->tail))
			return false;
		if (!atomic_compare_exchange_weak(&q->next, &n, n + 1))
			continue;
		const size_t s = slot_of(q, n);
		if (!claim(q, s, JOB_QUEUED))
			continue;
		compute(&q->ring[s], buf);
		atomic_store(&q->state[s], JOB_FINISHED);
		if (atomic_load(&q->waiting))
			wake(&q->lock, &q->finished);
		return true;
	}
}

static void *worker_main(void *arg)
{
	struct job_queue *q = arg;
	struct io_buffer buf;

	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		return NULL; /* the other threads carry on */
	for (;;) {
		if (run_next(q, &buf))
			continue;
		if (atomic_load(&q->stopping))
			break;
		pthread_mutex_lock(&q->lock);
		atomic_fetch_add(&q->idle, 1);
		while (atomic_load(&q->next) >= atomic_load(&q->tail) && !atomic_load(&q->stopping))
			pthread_cond_wait(&q->work, &q->lock);
		atomic_fetch_sub(&q->idle, 1);
		pthread_mutex_unlock(&q->lock);
	}
	io_buffer_free(&buf);
	return NULL;
}

struct job_queue *jobs_create(unsigned workers, unsigned depth, struct io_buffer *main_buf)
{
	struct job_queue *q = calloc(1, sizeof *q);
	if (!q)
		return NULL;
	q->depth = workers && depth ? depth : 1;
	q->ring = calloc(q->depth, sizeof *q->ring);
	q->state = calloc(q->depth, sizeof *q->state);
	q->threads = workers ? calloc(workers, sizeof *q->threads) : NULL;
	q->main_buf = main_buf;
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->work, NULL);
	pthread_cond_init(&q->finished, NULL);
	if (!q->ring || !q->state || (workers && !q->threads)) {
		jobs_destroy(q);
		return NULL;
	}
	for (unsigned i = 0; i < workers; i++) {
		if (pthread_create(&q->threads[i], NULL, worker_main, q) != 0)
			break; /* fewer workers; jobs_oldest() hashes what is left */
		q->nworkers++;
	}
	return q;
}

void jobs_destroy(struct job_queue *q)
{
	if (!q)
		return;
	atomic_store(&q->stopping, true);
	wake(&q->lock, &q->work);
	for (unsigned i = 0; i < q->nworkers; i++)
		pthread_join(q->threads[i], NULL);
	pthread_mutex_destroy(&q->lock);
	pthread_cond_destroy(&q->work);
	pthread_cond_destroy(&q->finished);
	if (q->ring)
		for (unsigned i = 0; i < q->depth; i++)
			free(q->ring[i].payload);
	free(q->ring);
	free(q->state);
	free(q->threads);
	free(q);
}

struct job *jobs_slot(struct job_queue *q)
{
	const size_t tail = atomic_load(&q->tail);
	if (tail - q->head >= q->depth)
		return NULL;
	struct job *j = &q->ring[slot_of(q, tail)];
	j->err = 0;
	return j;
}

void jobs_queue(struct job_queue *q)
{
	const size_t tail = atomic_load(&q->tail);
	const size_t s = slot_of(q, tail);
	struct job *j = &q->ring[s];

	int state = !j->hash ? JOB_FINISHED : is_stdin(j) ? JOB_STDIN : JOB_QUEUED;
	if (state == JOB_QUEUED && !q->nworkers) {
		/* Serial: hash now.  Standard input waits for jobs_oldest()
		 * in both modes, so that it is read at the same moment. */
		compute(j, q->main_buf);
		state = JOB_FINISHED;
	}
	atomic_store(&q->state[s], state);
	atomic_store(&q->tail, tail + 1);
	if (atomic_load(&q->idle))
		wake(&q->lock, &q->work);
}

bool jobs_pending(const struct job_queue *q)
{
	return q->head != atomic_load(&q->tail);
}

/* Sleeps until slot s is finished; after a short wait, flushes our output
 * first, so that a reader sees what is done while a large file is hashed. */
static void wait_finished(struct job_queue *q, size_t s)
{
	bool flushed = false;

	atomic_store(&q->waiting, true);
	pthread_mutex_lock(&q->lock);
	while (atomic_load(&q->state[s]) != JOB_FINISHED) {
		if (flushed) {
			pthread_cond_wait(&q->finished, &q->lock);
			continue;
		}
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 20 * 1000 * 1000;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		if (pthread_cond_timedwait(&q->finished, &q->lock, &until) == ETIMEDOUT &&
		    atomic_load(&q->state[s]) != JOB_FINISHED) {
			pthread_mutex_unlock(&q->lock);
			out_flush();
			flushed = true;
			pthread_mutex_lock(&q->lock);
		}
	}
	pthread_mutex_unlock(&q->lock);
	atomic_store(&q->waiting, false);
}

struct job *jobs_oldest(struct job_queue *q)
{
	if (!jobs_pending(q))
		return NULL;
	const size_t s = slot_of(q, q->head);
	struct job *j = &q->ring[s];

	/* Standard input is read here, in order. */
	if (claim(q, s, JOB_STDIN)) {
		compute(j, q->main_buf);
		atomic_store(&q->state[s], JOB_FINISHED);
	}
	/* Rather than sleep until the oldest job ends (a wake-up per job, with
	 * small files), the main thread hashes queued jobs itself. */
	while (atomic_load(&q->state[s]) != JOB_FINISHED)
		if (!run_next(q, q->main_buf)) {
			wait_finished(q, s);
			break;
		}
	return j;
}

void jobs_done(struct job_queue *q)
{
	atomic_store(&q->state[slot_of(q, q->head)], JOB_FREE);
	q->head++;
	/* Workers need not look behind the oldest outstanding job. */
	size_t n = atomic_load(&q->next);
	while (n < q->head && !atomic_compare_exchange_weak(&q->next, &n, q->head))
		;
}

unsigned jobs_online_cpus(void)
{
#if HAVE_SCHED_GETAFFINITY
	/* Under taskset or a container's cpuset, the CPUs this process may
	 * use, not all that are online. */
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
#endif
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}
