/* SPDX-License-Identifier: MIT */
/* Read-ahead for long inputs.
 *
 * With SHA-NI the compression function hashes about 2 GB/s, and copying
 * page-cached data out of the kernel adds about a tenth to that
 * time when the same thread does both.  A reader thread fills a ring of
 * slots while the caller hashes the previous ones, so on two or more CPUs the
 * hashing thread does nothing else.  Order is kept by construction: one
 * reader, one hasher, slots consumed in the order they were filled. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "io/apart.h"
#include "io/io.h"
#include "io/readahead.h"

/* 8 x 512 KiB.  Measured on a 2-vCPU Zen 5 with SHA-256 over a cached
 * 1 GiB file, ring shapes from 8 x 128 KiB to 4 x 2 MiB all ran within 3% of
 * one another; the larger slots took fewer wake-ups and did best.  Memory is
 * only allocated for the first input that proves long. */
enum { SLOT_SIZE = 512 * 1024, SLOTS = 8 };

struct readahead {
	uint8_t *mem; /* SLOTS * SLOT_SIZE, page-aligned */
	size_t len[SLOTS];
	pthread_mutex_t lock;
	pthread_cond_t filled;  /* the hasher waits here for data */
	pthread_cond_t emptied; /* the reader waits here for free slots */
	/* Free-running counts; slot i is i % SLOTS. */
	unsigned long filled_count, hashed_count;
	bool reader_waits, hasher_waits;
	int hasher_cpu; /* where the hasher ran last (io/apart.h) */
	bool done;      /* the reader has seen end of file or an error */
	int err;
	int fd;
	uint64_t left; /* bytes the reader may still read */
};

static uint8_t *slot(struct readahead *ra, unsigned long i)
{
	return ra->mem + (size_t)(i % SLOTS) * SLOT_SIZE;
}

static void *reader_main(void *arg)
{
	struct readahead *ra = arg;
	struct apart apart;

	apart_init(&apart);
	for (;;) {
		pthread_mutex_lock(&ra->lock);
		if (ra->filled_count - ra->hashed_count == SLOTS) {
			/* Full: sleep until half the ring is free, so that the
			 * hasher wakes this thread once per four slots rather
			 * than once per slot. */
			ra->reader_waits = true;
			while (ra->filled_count - ra->hashed_count > SLOTS / 2)
				pthread_cond_wait(&ra->emptied, &ra->lock);
			ra->reader_waits = false;
		}
		const unsigned long i = ra->filled_count;
		const int hasher = ra->hasher_cpu;
		pthread_mutex_unlock(&ra->lock);
		apart_keep_off(&apart, hasher);

		const size_t want = ra->left < SLOT_SIZE ? (size_t)ra->left : SLOT_SIZE;
		const ssize_t n = want > 0 ? io_read(ra->fd, slot(ra, i), want) : 0;
		const int read_errno = n < 0 ? errno : 0;

		pthread_mutex_lock(&ra->lock);
		if (n > 0) {
			ra->len[i % SLOTS] = (size_t)n;
			ra->left -= (uint64_t)n;
			ra->filled_count++;
		} else {
			ra->done = true;
			ra->err = read_errno;
		}
		if (ra->hasher_waits)
			pthread_cond_signal(&ra->filled);
		pthread_mutex_unlock(&ra->lock);
		if (n <= 0)
			return NULL;
	}
}

static struct readahead *readahead_new(void)
{
	struct readahead *ra = calloc(1, sizeof *ra);
	void *mem = NULL;

	if (!ra || posix_memalign(&mem, 4096, (size_t)SLOTS * SLOT_SIZE) != 0)
		goto no_memory;
	ra->mem = mem;
	if (pthread_mutex_init(&ra->lock, NULL) != 0)
		goto no_memory;
	if (pthread_cond_init(&ra->filled, NULL) != 0)
		goto no_filled;
	if (pthread_cond_init(&ra->emptied, NULL) != 0)
		goto no_emptied;
	return ra;

no_emptied:
	pthread_cond_destroy(&ra->filled);
no_filled:
	pthread_mutex_destroy(&ra->lock);
no_memory:
	free(mem);
	free(ra);
	return NULL;
}

void readahead_free(struct readahead *ra)
{
	if (!ra)
		return;
	pthread_cond_destroy(&ra->emptied);
	pthread_cond_destroy(&ra->filled);
	pthread_mutex_destroy(&ra->lock);
	free(ra->mem);
	free(ra);
}

bool readahead_hash(int fd, uint64_t limit, const struct io_sink *sink, struct io_buffer *buf,
		    int *err)
{
	struct readahead **rap = &buf->ahead;
	if (!*rap)
		*rap = readahead_new();
	struct readahead *ra = *rap;
	if (!ra)
		return false;

	ra->fd = fd;
	ra->left = limit;
	ra->filled_count = ra->hashed_count = 0;
	ra->reader_waits = ra->hasher_waits = false;
	ra->done = false;
	ra->err = 0;
	ra->hasher_cpu = apart_cpu();

	pthread_t reader;
	if (pthread_create(&reader, NULL, reader_main, ra) != 0)
		return false;

	for (;;) {
		pthread_mutex_lock(&ra->lock);
		if (ra->hashed_count == ra->filled_count && !ra->done) {
			ra->hasher_waits = true;
			while (ra->hashed_count == ra->filled_count && !ra->done)
				pthread_cond_wait(&ra->filled, &ra->lock);
			ra->hasher_waits = false;
		}
		const bool drained = ra->hashed_count == ra->filled_count;
		const unsigned long i = ra->hashed_count;
		pthread_mutex_unlock(&ra->lock);
		if (drained)
			break;

		/* The reader does not touch slot i until hashed_count passes it. */
		io_sink_update(sink, slot(ra, i), ra->len[i % SLOTS]);
		io_progress(buf, ra->len[i % SLOTS]);

		pthread_mutex_lock(&ra->lock);
		ra->hashed_count++;
		if (ra->reader_waits && ra->filled_count - ra->hashed_count <= SLOTS / 2) {
			ra->hasher_cpu = apart_cpu();
			pthread_cond_signal(&ra->emptied);
		}
		pthread_mutex_unlock(&ra->lock);
	}
	pthread_join(reader, NULL);
	*err = ra->err;
	return true;
}
