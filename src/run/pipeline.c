/* SPDX-License-Identifier: MIT */
/* The -j pipeline: a ring of job slots, claimed by worker threads in queue
 * order, each worker with its own read buffer (run/pipeline.h).  Nothing
 * here prints: the client's hook is told when the main thread may wait.
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
 * condition variables are only used to sleep when there is nothing to do.
 *
 * Why some inputs are the main thread's: standard input, a FIFO, a terminal
 * or a socket can be read only once and in sequence, and another name for
 * one of them (/dev/stdin, a FIFO named twice) is the same stream; a file
 * that is our standard output must be read after the lines before it were
 * written, as GNU's line-buffered output has them written.  Such an input
 * is hashed by the main thread when it is the oldest job, every earlier
 * line reported and flushed, so that no two threads ever read one stream
 * and the data read is the serial run's.  Inputs are classified with
 * stat(2), which does not block on a FIFO, when queued; a worker opens with
 * O_NONBLOCK and checks again with fstat(2), and hands back to the main
 * thread whatever turned out to be special after all, and whatever it could
 * not open for want of a descriptor (EMFILE): at its turn the main thread
 * waits until the files the workers hold are closed and tries again, so -j
 * needs no more descriptors than a serial run.
 *
 * Lanes (run/lanes.c): a thread may hold several regular files at once in
 * a batch of the client's, claimed in queue order like single jobs.  The
 * batch lives in the thread between steps, so that the main thread, whose
 * batch it also is without workers, reports what is done between two
 * steps; the same EMFILE rule holds, the main thread first finishing its
 * own batch. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run/pipeline.h"

/* QUEUED jobs are for any thread; MAIN ones only for the main thread, in
 * order.  A thread owns a job by moving it to RUNNING, so no job is ever
 * hashed twice. */
enum job_state { JOB_FREE, JOB_QUEUED, JOB_MAIN, JOB_RUNNING, JOB_FINISHED };

/* Lane batches hold at most this many jobs (their done[] arrays). */
#define RUN_MAX_LANES 16

/* What one computing thread keeps between its steps. */
struct run_thread {
	struct io_buffer *buf;         /* for the jobs it computes alone */
	void *batch;                   /* the client's lane batch, or NULL */
	const struct sumac_impl *impl; /* of the batch's jobs */
	unsigned width;                /* of the batch */
	unsigned live;                 /* jobs started in it and not yet ended */
};

/* Which file a standard descriptor was at the start. */
struct file_id {
	bool known;
	dev_t dev;
	ino_t ino;
};

struct run_queue {
	struct run_job *ring;
	_Atomic int *state; /* per slot, enum job_state */
	unsigned depth;
	size_t head;         /* oldest outstanding job (main thread only) */
	atomic_size_t tail;  /* next slot to fill; published by the main thread */
	atomic_size_t next;  /* next queued job a worker may claim */
	atomic_uint idle;    /* workers asleep, or about to be */
	atomic_bool waiting; /* the main thread sleeps until the oldest job ends */
	atomic_bool stopping;
	/* Inputs that threads other than the main one's in-order path have
	 * open or are opening, and, while the main thread waits for a
	 * descriptor after EMFILE, a hold that keeps them from opening more. */
	atomic_uint in_flight;
	atomic_bool hold;
	pthread_mutex_t lock; /* only for sleeping */
	pthread_cond_t work;
	pthread_cond_t finished; /* a job ended or came back; a file closed */
	unsigned nworkers;
	pthread_t *threads;
	struct io_buffer *main_buf;
	struct run_thread main_thread;
	run_compute_fn *compute;
	void *compute_ctx;
	const struct run_lane_ops *lanes;
	void *lanes_ctx;
	/* No workers, but lanes: jobs are queued for the main thread's batch
	 * instead of computed when submitted.  The stat(2) of each such job
	 * at submission stands for the fstat of its open, as serially. */
	bool queue_serial;
	struct stat *stats;
	bool *stat_known;
	void (*before_wait)(void *ctx, enum run_wait_reason why);
	void *wait_ctx;
	void (*computing)(void *ctx, const struct run_job *j, const struct stat *st);
	void *computing_ctx;
	void (*waiting_hook)(void *ctx, const struct run_job *j, bool first, int64_t size,
			     uint64_t done);
	bool stdin_read;             /* main thread only */
	struct file_id in, out, err; /* standard input, output and error */
};

static size_t slot_of(const struct run_queue *q, size_t n)
{
	return n % q->depth;
}

static bool is_stdin(const struct run_job *j)
{
	return strcmp(j->name, "-") == 0;
}

static bool same_file(const struct file_id *id, const struct stat *st)
{
	return id->known && id->dev == st->st_dev && id->ino == st->st_ino;
}

static void get_file_id(int fd, struct file_id *id)
{
	struct stat st;
	id->known = fstat(fd, &st) == 0;
	if (id->known) {
		id->dev = st.st_dev;
		id->ino = st.st_ino;
	}
}

/* Whether any thread may read this file at any time: a regular file that
 * is neither standard input, output nor error (GNU's stderr is unbuffered:
 * a file that is stderr holds every message of the inputs before it). */
static bool any_thread(const struct run_queue *q, const struct stat *st)
{
	return S_ISREG(st->st_mode) && !same_file(&q->in, st) && !same_file(&q->out, st) &&
	       !same_file(&q->err, st);
}

static void wake(pthread_mutex_t *lock, pthread_cond_t *cond)
{
	pthread_mutex_lock(lock);
	pthread_cond_broadcast(cond);
	pthread_mutex_unlock(lock);
}

/* A worker's io_buffer progress hook: the count, for the waiting hook. */
static void worker_progress(void *ctx, uint64_t done)
{
	struct run_job *j = ctx;
	atomic_store_explicit(&j->watch_done, done, memory_order_relaxed);
}

/* The client's callback: the job's result from the open input. */
static int compute(struct run_queue *q, struct run_job *j, int fd, const struct stat *st,
		   struct io_buffer *buf)
{
	if (buf == q->main_buf) {
		if (q->computing)
			q->computing(q->computing_ctx, j, st);
		return q->compute(q->compute_ctx, j, fd, st, buf);
	}
	if (!q->waiting_hook)
		return q->compute(q->compute_ctx, j, fd, st, buf);
	/* A worker: count for the calling thread, which may be waiting for
	 * this very job (wait_finished). */
	atomic_store(&j->watch_size, st && S_ISREG(st->st_mode) ? (int64_t)st->st_size : -1);
	atomic_store(&j->watch_done, 0);
	atomic_store(&j->watched, true);
	buf->progress = worker_progress;
	buf->progress_ctx = j;
	const int err = q->compute(q->compute_ctx, j, fd, st, buf);
	buf->progress = NULL;
	atomic_store(&j->watched, false);
	return err;
}

/* The main thread may wait now: the client's hook. */
static void before_wait(struct run_queue *q, enum run_wait_reason why)
{
	if (q->before_wait)
		q->before_wait(q->wait_ctx, why);
}

/* io_buffer.before_slow_input of the main thread's buffer. */
static void before_slow_input(void *ctx)
{
	before_wait(ctx, RUN_WAIT_SLOW_INPUT);
}

/* Closes an input; a failing close is the error if nothing failed before. */
static int close_input(int fd, int err)
{
	if (close(fd) != 0 && err == 0 && errno != EINTR)
		err = errno;
	return err;
}

static void file_closed(struct run_queue *q)
{
	atomic_fetch_sub(&q->in_flight, 1);
	if (atomic_load(&q->hold))
		wake(&q->lock, &q->finished);
}

/* How opening a claimed job's input went. */
enum opened {
	OPENED,       /* fd and st are its */
	BACK_TO_MAIN, /* nothing read: the main thread takes it in order */
	FAILED,       /* j->err says why; the job is over */
};

/* Opens a job that any thread may take.  Back to the main thread, with
 * nothing read, when the input is not a regular file after all, or no
 * descriptor was to be had.  An opened input counts in in_flight until
 * file_closed(). */
static enum opened open_any_thread(struct run_queue *q, struct run_job *j, int *fd, struct stat *st)
{
	/* Counted before the hold is looked at, while the main thread sets the
	 * hold before it counts: one of the two sees the other. */
	atomic_fetch_add(&q->in_flight, 1);
	if (atomic_load(&q->hold)) {
		file_closed(q);
		return BACK_TO_MAIN;
	}
	/* O_NONBLOCK: a name that became a FIFO since it was classified must
	 * not keep this thread waiting for a writer; it is only looked at and
	 * closed.  Reads of a regular file ignore the flag. */
	*fd = io_open_safer(j->name, O_NONBLOCK);
	if (*fd < 0) {
		const int err = errno;
		file_closed(q);
		/* Out of descriptors, or a lease (Samba, NFS) that a blocking
		 * open would wait out: the main thread opens it in turn. */
		if (err == EMFILE || err == ENFILE || err == EAGAIN || err == EWOULDBLOCK)
			return BACK_TO_MAIN;
		j->err = err;
		return FAILED;
	}
	if (fstat(*fd, st) != 0) {
		j->err = close_input(*fd, errno);
		file_closed(q);
		return FAILED;
	}
	if (!any_thread(q, st)) {
		close(*fd);
		file_closed(q);
		return BACK_TO_MAIN;
	}
	/* Some regular files (/proc/kmsg, tracefs pipes) honour the flag on
	 * read: read them as a blocking open would. */
	const int flags = fcntl(*fd, F_GETFL);
	if (flags >= 0 && (flags & O_NONBLOCK))
		(void)fcntl(*fd, F_SETFL, flags & ~O_NONBLOCK);
	return OPENED;
}

/* Hashes a job that any thread may take.  False, with nothing read, when it
 * must go back to the main thread. */
static bool hash_any_thread(struct run_queue *q, struct run_job *j, struct io_buffer *buf)
{
	int fd;
	struct stat st;
	switch (open_any_thread(q, j, &fd, &st)) {
	case BACK_TO_MAIN:
		return false;
	case FAILED:
		return true;
	case OPENED:
		break;
	}
	j->err = close_input(fd, compute(q, j, fd, &st, buf));
	file_closed(q);
	return true;
}

/* Takes slot s if it is in state from; only one thread can. */
static bool claim(struct run_queue *q, size_t s, int from)
{
	int expected = from;
	return atomic_compare_exchange_strong(&q->state[s], &expected, JOB_RUNNING);
}

/* Claims up to max of the next queued jobs, in queue order, into slots[];
 * returns how many.  Jobs that are not for any thread (the main thread's,
 * nothing to compute) are stepped over. */
static unsigned claim_queued(struct run_queue *q, size_t *slots, unsigned max)
{
	unsigned got = 0;
	while (got < max) {
		if (atomic_load(&q->hold))
			break;
		size_t n = atomic_load(&q->next);
		if (n >= atomic_load(&q->tail))
			break;
		if (!atomic_compare_exchange_weak(&q->next, &n, n + 1))
			continue;
		const size_t s = slot_of(q, n);
		if (claim(q, s, JOB_QUEUED))
			slots[got++] = s;
	}
	return got;
}

/* A claimed job is over (FINISHED), or goes back to the main thread. */
static void job_ended(struct run_queue *q, size_t s, bool done)
{
	atomic_store(&q->state[s], done ? JOB_FINISHED : JOB_MAIN);
	if (atomic_load(&q->waiting))
		wake(&q->lock, &q->finished);
}

/* Computes a claimed job alone, or hands it back to the main thread. */
static void run_claimed(struct run_queue *q, size_t s, struct io_buffer *buf)
{
	job_ended(q, s, hash_any_thread(q, &q->ring[s], buf));
}

/* How many jobs like j one thread computes at once: 0 for one alone. */
static unsigned lane_width(const struct run_queue *q, const struct run_job *j)
{
	/* A job of several algorithms reads its input alone. */
	if (!q->lanes || !j->compute || j->algos)
		return 0;
	const unsigned w = q->lanes->width(q->lanes_ctx, j);
	if (w < 2)
		return 0;
	return w < RUN_MAX_LANES ? w : RUN_MAX_LANES;
}

/* Whether j can join t's batch, making one for it if t has none, or an
 * empty one for other jobs. */
static bool batch_for(struct run_queue *q, struct run_thread *t, const struct run_job *j,
		      unsigned width)
{
	if (t->batch && t->impl == j->impl && t->width == width)
		return true;
	if (t->live)
		return false;
	if (t->batch)
		q->lanes->destroy(t->batch);
	t->batch = q->lanes->create(q->lanes_ctx, j, width);
	t->impl = j->impl;
	t->width = width;
	return t->batch != NULL;
}

/* Whether a thread that has a lane busy should claim one more: not while
 * that would leave another thread without a job (two large files on one
 * CPU while the other idles). */
static bool share_more(const struct run_queue *q)
{
	return !q->nworkers || atomic_load(&q->tail) - atomic_load(&q->next) > q->nworkers;
}

/* Serially, a classified job: opened as GNU opens it, blocking, its
 * submission's stat standing for an fstat. */
static enum opened open_serial(struct run_queue *q, size_t s, int *fd, struct stat *st)
{
	atomic_fetch_add(&q->in_flight, 1);
	*fd = io_open_safer(q->ring[s].name, 0);
	if (*fd < 0) {
		const int err = errno;
		file_closed(q);
		if (err == EMFILE || err == ENFILE)
			return BACK_TO_MAIN;
		q->ring[s].err = err;
		return FAILED;
	}
	*st = q->stats[s];
	return OPENED;
}

/* Opens claimed job s into a lane of t's batch, or computes it alone.
 * False when it went back to the main thread for want of a descriptor:
 * the batch takes no more jobs this step. */
static bool lane_start(struct run_queue *q, struct run_thread *t, size_t s)
{
	struct run_job *j = &q->ring[s];
	const bool main = t == &q->main_thread;
	int fd;
	struct stat st;
	const enum opened how = main && q->queue_serial && q->stat_known[s]
					? open_serial(q, s, &fd, &st)
					: open_any_thread(q, j, &fd, &st);
	if (how != OPENED) {
		job_ended(q, s, how == FAILED);
		return how == FAILED;
	}
	/* As before a large input read alone: show what is done so far. */
	if (main && st.st_size > IO_BUFFER_SIZE)
		before_wait(q, RUN_WAIT_SLOW_INPUT);
	if (q->lanes->start(t->batch, j, fd, &st)) {
		t->live++;
		return true;
	}
	j->err = close_input(fd, compute(q, j, fd, &st, t->buf));
	file_closed(q);
	job_ended(q, s, true);
	return true;
}

/* One step of t's batch: the jobs that ended are closed and finished. */
static void lanes_step(struct run_queue *q, struct run_thread *t)
{
	struct run_job *done[RUN_MAX_LANES];
	int fds[RUN_MAX_LANES];
	const unsigned n = q->lanes->step(t->batch, done, fds);
	for (unsigned i = 0; i < n; i++) {
		done[i]->err = close_input(fds[i], done[i]->err);
		file_closed(q);
		job_ended(q, (size_t)(done[i] - q->ring), true);
	}
	t->live -= n;
}

/* One piece of work for thread t: a queued job computed alone, or its
 * batch filled from the queue and stepped.  False if there was none. */
static bool run_next(struct run_queue *q, struct run_thread *t)
{
	bool worked = false;
	while (!t->live || (t->live < t->width && share_more(q))) {
		size_t s = 0;
		if (!claim_queued(q, &s, 1))
			break;
		worked = true;
		/* A job with no other in sight is computed alone, with the
		 * read-ahead thread a long file gets (io_buffer.read_ahead):
		 * one large file is no slower than without lanes. */
		const bool alone = !t->live && atomic_load(&q->next) >= atomic_load(&q->tail);
		const unsigned w = alone ? 0 : lane_width(q, &q->ring[s]);
		if (w && batch_for(q, t, &q->ring[s], w)) {
			if (!lane_start(q, t, s))
				break;
			continue;
		}
		run_claimed(q, s, t->buf);
		if (!t->live)
			return true;
	}
	if (!t->live)
		return worked;
	lanes_step(q, t);
	return true;
}

/* Runs t's batch to its end. */
static void lanes_drain(struct run_queue *q, struct run_thread *t)
{
	while (t->live)
		lanes_step(q, t);
}

/* Sets the hold and sleeps until the other threads' files are closed. */
static void wait_for_descriptors(struct run_queue *q)
{
	atomic_store(&q->hold, true);
	before_wait(q, RUN_WAIT_DESCRIPTORS);
	pthread_mutex_lock(&q->lock);
	while (atomic_load(&q->in_flight) != 0)
		pthread_cond_wait(&q->finished, &q->lock);
	pthread_mutex_unlock(&q->lock);
}

/* The main thread hashes the oldest job, every earlier one reported. */
static void hash_in_order(struct run_queue *q, struct run_job *j)
{
	/* The lines so far reach the output before an input that may block,
	 * or that is the output itself, is opened. */
	before_wait(q, RUN_WAIT_SPECIAL_INPUT);
	if (is_stdin(j)) {
		q->stdin_read = true;
		j->err = compute(q, j, STDIN_FILENO, NULL, q->main_buf);
		return;
	}
	int fd;
	bool held = false;
	while ((fd = io_open_safer(j->name, 0)) < 0 && (errno == EMFILE || errno == ENFILE)) {
		/* Perhaps only the files of later jobs, which this thread or
		 * the workers hold in lanes, take the descriptors that a
		 * serial run would have: try again once they are closed. */
		if (q->main_thread.live) {
			lanes_drain(q, &q->main_thread);
			continue;
		}
		if (!q->nworkers || held)
			break;
		wait_for_descriptors(q);
		held = true;
	}
	const int open_errno = errno;
	if (held) {
		atomic_store(&q->hold, false);
		wake(&q->lock, &q->work);
	}
	if (fd < 0) {
		j->err = open_errno;
		return;
	}
	struct stat st;
	j->err = close_input(fd, compute(q, j, fd, fstat(fd, &st) == 0 ? &st : NULL, q->main_buf));
}

static void *worker_main(void *arg)
{
	struct run_queue *q = arg;
	struct io_buffer buf;

	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
		return NULL; /* the other threads carry on */
	struct run_thread t = {.buf = &buf};
	for (;;) {
		if (run_next(q, &t))
			continue;
		if (atomic_load(&q->stopping))
			break;
		pthread_mutex_lock(&q->lock);
		atomic_fetch_add(&q->idle, 1);
		while ((atomic_load(&q->next) >= atomic_load(&q->tail) || atomic_load(&q->hold)) &&
		       !atomic_load(&q->stopping))
			pthread_cond_wait(&q->work, &q->lock);
		atomic_fetch_sub(&q->idle, 1);
		pthread_mutex_unlock(&q->lock);
	}
	if (t.batch)
		q->lanes->destroy(t.batch);
	io_buffer_free(&buf);
	return NULL;
}

/* With a standard descriptor closed, open(2) in one thread can return that
 * number for a moment before io_open_safer() moves it, and another thread
 * reading standard input, or opening /dev/stdout, would see that file. */
static bool std_fds_open(void)
{
	for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
		if (fcntl(fd, F_GETFD) < 0)
			return false;
	return true;
}

struct run_queue *run_create(const struct run_config *cfg)
{
	unsigned workers = cfg->workers;
	const unsigned depth = cfg->depth;
	struct run_queue *q = calloc(1, sizeof *q);
	if (!q)
		return NULL;
	/* No workers then: a serial run is never wrong, and this is rare. */
	if (!std_fds_open())
		workers = 0;
	q->depth = (workers || cfg->lanes) && depth ? depth : 1;
	q->ring = calloc(q->depth, sizeof *q->ring);
	q->state = calloc(q->depth, sizeof *q->state);
	q->stats = calloc(q->depth, sizeof *q->stats);
	q->stat_known = calloc(q->depth, sizeof *q->stat_known);
	q->threads = workers ? calloc(workers, sizeof *q->threads) : NULL;
	q->main_buf = cfg->main_buf;
	q->main_thread.buf = cfg->main_buf;
	q->lanes = cfg->lanes;
	q->lanes_ctx = cfg->lanes_ctx;
	q->compute = cfg->compute;
	q->compute_ctx = cfg->compute_ctx;
	q->before_wait = cfg->before_wait;
	q->wait_ctx = cfg->wait_ctx;
	q->computing = cfg->computing;
	q->computing_ctx = cfg->computing_ctx;
	q->waiting_hook = cfg->waiting;
	get_file_id(STDIN_FILENO, &q->in);
	get_file_id(STDOUT_FILENO, &q->out);
	get_file_id(STDERR_FILENO, &q->err);
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->work, NULL);
	pthread_cond_init(&q->finished, NULL);
	if (!q->ring || !q->state || !q->stats || !q->stat_known || (workers && !q->threads)) {
		run_destroy(q);
		return NULL;
	}
	if (q->before_wait) {
		q->main_buf->before_slow_input = before_slow_input;
		q->main_buf->before_slow_input_ctx = q;
	}
	for (unsigned i = 0; i < workers; i++) {
		if (pthread_create(&q->threads[i], NULL, worker_main, q) != 0)
			break; /* fewer workers; run_oldest() computes what is left */
		q->nworkers++;
	}
	/* No thread to be had: the main thread hashes a job when it is
	 * queued (run_submit), every earlier job being reported, or, with
	 * lanes, queues it for its own batch. */
	q->queue_serial = !q->nworkers && q->lanes;
	if (!q->nworkers && !q->lanes)
		q->depth = 1;
	return q;
}

void run_destroy(struct run_queue *q)
{
	if (!q)
		return;
	atomic_store(&q->stopping, true);
	wake(&q->lock, &q->work);
	for (unsigned i = 0; i < q->nworkers; i++)
		pthread_join(q->threads[i], NULL);
	if (q->main_thread.batch)
		q->lanes->destroy(q->main_thread.batch);
	pthread_mutex_destroy(&q->lock);
	pthread_cond_destroy(&q->work);
	pthread_cond_destroy(&q->finished);
	if (q->ring)
		for (unsigned i = 0; i < q->depth; i++) {
			free(q->ring[i].payload);
			free(q->ring[i].digests);
		}
	free(q->ring);
	free(q->state);
	free(q->stats);
	free(q->stat_known);
	free(q->threads);
	free(q);
}

struct run_job *run_slot(struct run_queue *q)
{
	const size_t tail = atomic_load(&q->tail);
	if (tail - q->head >= q->depth)
		return NULL;
	struct run_job *j = &q->ring[slot_of(q, tail)];
	j->err = 0;
	j->collision = false;
	return j;
}

/* Whether the job's input is the main thread's, to be read in order.  If
 * not, *found tells whether st holds what stat(2) saw. */
static bool in_order(const struct run_queue *q, const struct run_job *j, struct stat *st,
		     bool *found)
{
	*found = false;
	if (is_stdin(j))
		return true;
	/* A name that cannot be looked up is left to the open, which reports
	 * why, or finds whatever has appeared there since. */
	*found = stat(j->name, st) == 0;
	return *found && !any_thread(q, st);
}

/* Serial: the file is a regular one by stat(2), or could not be looked up.
 * Opened as GNU opens it, and with the stat already made standing for an
 * fstat, so that a small file costs no more system calls than before. */
static void hash_serial(struct run_queue *q, struct run_job *j, const struct stat *st)
{
	/* Unclassified (stat failed): it may be a FIFO by now, and the open
	 * below may wait for its writer. */
	if (!st)
		before_wait(q, RUN_WAIT_SPECIAL_INPUT);
	const int fd = io_open_safer(j->name, 0);
	if (fd < 0) {
		j->err = errno;
		return;
	}
	struct stat now;
	if (!st && fstat(fd, &now) == 0) {
		st = &now;
		/* It has appeared since: read it as the main thread's inputs
		 * are read, if it is one. */
		if (!any_thread(q, st))
			before_wait(q, RUN_WAIT_SPECIAL_INPUT);
	}
	j->err = close_input(fd, compute(q, j, fd, st, q->main_buf));
}

bool run_submit(struct run_queue *q)
{
	const size_t tail = atomic_load(&q->tail);
	const size_t s = slot_of(q, tail);
	struct run_job *j = &q->ring[s];

	int state = JOB_FINISHED;
	if (j->compute) {
		struct stat st;
		bool found;
		if (in_order(q, j, &st, &found)) {
			state = JOB_MAIN;
		} else if (q->nworkers) {
			state = JOB_QUEUED;
		} else if (q->queue_serial && (q->head != tail || lane_width(q, j))) {
			/* For the main thread's batch, or behind jobs that
			 * wait for it. */
			state = JOB_QUEUED;
			q->stat_known[s] = found;
			if (found)
				q->stats[s] = st;
		} else {
			/* Every earlier job is reported already. */
			hash_serial(q, j, found ? &st : NULL);
		}
	}
	atomic_store(&q->state[s], state);
	atomic_store(&q->tail, tail + 1);
	if (state == JOB_QUEUED && atomic_load(&q->idle))
		wake(&q->lock, &q->work);
	return state == JOB_MAIN;
}

bool run_pending(const struct run_queue *q)
{
	return q->head != atomic_load(&q->tail);
}

/* until: RUN_WATCH_MS from now, on the clock pthread_cond_timedwait reads. */
static void watch_deadline(struct timespec *until)
{
	clock_gettime(CLOCK_REALTIME, until);
	until->tv_nsec += RUN_WATCH_MS * 1000000L;
	if (until->tv_nsec >= 1000000000L) {
		until->tv_sec++;
		until->tv_nsec -= 1000000000L;
	}
}

/* Sleeps until slot s is finished, or back for the main thread; first lets
 * the output show what is done while a large file is hashed. */
static void wait_finished(struct run_queue *q, size_t s)
{
	const struct run_job *j = &q->ring[s];
	before_wait(q, RUN_WAIT_WORKER);
	atomic_store(&q->waiting, true);
	/* Wake now and then to tell the client how far the worker hashing
	 * this job has got (its progress line).  The deadline stands across
	 * wake-ups: other jobs finishing wake this thread often, and must not
	 * put the report off.  reported: the hook has been told of this job
	 * in this wait (its first call says so). */
	struct timespec until;
	watch_deadline(&until);
	bool reported = false;
	pthread_mutex_lock(&q->lock);
	for (;;) {
		const int state = atomic_load(&q->state[s]);
		if (state == JOB_FINISHED || state == JOB_MAIN)
			break;
		if (!q->waiting_hook) {
			pthread_cond_wait(&q->finished, &q->lock);
			continue;
		}
		if (pthread_cond_timedwait(&q->finished, &q->lock, &until) != ETIMEDOUT)
			continue;
		if (atomic_load(&j->watched)) {
			pthread_mutex_unlock(&q->lock);
			q->waiting_hook(q->computing_ctx, j, !reported, atomic_load(&j->watch_size),
					atomic_load(&j->watch_done));
			reported = true;
			pthread_mutex_lock(&q->lock);
		}
		watch_deadline(&until);
	}
	pthread_mutex_unlock(&q->lock);
	atomic_store(&q->waiting, false);
}

struct run_job *run_oldest(struct run_queue *q)
{
	if (!run_pending(q))
		return NULL;
	const size_t s = slot_of(q, q->head);
	struct run_job *j = &q->ring[s];

	for (;;) {
		/* The main thread's inputs are read here, in order. */
		if (claim(q, s, JOB_MAIN)) {
			hash_in_order(q, j);
			atomic_store(&q->state[s], JOB_FINISHED);
		}
		if (atomic_load(&q->state[s]) == JOB_FINISHED)
			return j;
		/* Rather than sleep until the oldest job ends (a wake-up per
		 * job, with small files), the main thread hashes queued jobs
		 * itself. */
		if (!run_next(q, &q->main_thread))
			wait_finished(q, s);
	}
}

void run_done(struct run_queue *q)
{
	atomic_store(&q->state[slot_of(q, q->head)], JOB_FREE);
	q->head++;
	/* Workers need not look behind the oldest outstanding job. */
	size_t n = atomic_load(&q->next);
	while (n < q->head && !atomic_compare_exchange_weak(&q->next, &n, q->head))
		;
}

unsigned run_online_cpus(void)
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

bool run_stdin_read(const struct run_queue *q)
{
	return q->stdin_read;
}
