/* SPDX-License-Identifier: MIT */
/* The read thread of io/prefetch.h: the slots asked and not yet begun,
 * newest last, each slot's request and result, one lock and two
 * conditions. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "io/apart.h"
#include "io/io.h"
#include "io/prefetch.h"

enum slot_state { IDLE, ASKED, READING, DONE };

struct prefetch_slot {
	enum slot_state state;
	int fd;
	void *buf;
	size_t len;
	ssize_t got;
	int err;
};

struct prefetch {
	pthread_mutex_t lock;
	pthread_cond_t asked; /* the thread waits here for requests */
	pthread_cond_t done;  /* the caller waits here for results */
	pthread_t thread;
	bool stop;
	bool caller_waits; /* signal done only when someone listens */
	bool thread_waits; /* signal asked only when someone listens */
	int caller_cpu;    /* where the caller asked last (io/apart.h) */
	/* Slots asked and not yet begun, in the order asked: waiting[0 .. count). */
	unsigned waiting[PREFETCH_SLOTS];
	unsigned count;
	struct prefetch_slot slot[PREFETCH_SLOTS];
};

static ssize_t read_slot(const struct prefetch_slot *s, int *err)
{
	const ssize_t n = io_read(s->fd, s->buf, s->len);
	*err = n < 0 ? errno : 0;
	return n;
}

static void *thread_main(void *arg)
{
	struct prefetch *p = arg;
	struct apart apart;

	apart_init(&apart);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->count && !p->stop) {
			p->thread_waits = true;
			pthread_cond_wait(&p->asked, &p->lock);
			p->thread_waits = false;
		}
		if (p->stop)
			break;
		struct prefetch_slot *s = &p->slot[p->waiting[--p->count]];
		s->state = READING;
		const int caller = p->caller_cpu;
		pthread_mutex_unlock(&p->lock);

		apart_keep_off(&apart, caller);

		int err;
		const ssize_t n = read_slot(s, &err);

		pthread_mutex_lock(&p->lock);
		s->got = n;
		s->err = err;
		s->state = DONE;
		if (p->caller_waits)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct prefetch *prefetch_new(void)
{
	struct prefetch *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	if (pthread_mutex_init(&p->lock, NULL) != 0)
		goto no_lock;
	if (pthread_cond_init(&p->asked, NULL) != 0)
		goto no_asked;
	if (pthread_cond_init(&p->done, NULL) != 0)
		goto no_done;
	if (pthread_create(&p->thread, NULL, thread_main, p) != 0)
		goto no_thread;
	return p;

no_thread:
	pthread_cond_destroy(&p->done);
no_done:
	pthread_cond_destroy(&p->asked);
no_asked:
	pthread_mutex_destroy(&p->lock);
no_lock:
	free(p);
	return NULL;
}

void prefetch_free(struct prefetch *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_signal(&p->asked);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->asked);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

void prefetch_ask(struct prefetch *p, unsigned slot, int fd, void *buf, size_t len)
{
	struct prefetch_slot *s = &p->slot[slot];

	pthread_mutex_lock(&p->lock);
	s->fd = fd;
	s->buf = buf;
	s->len = len;
	s->state = ASKED;
	p->caller_cpu = apart_cpu();
	p->waiting[p->count++] = slot;
	if (p->thread_waits)
		pthread_cond_signal(&p->asked);
	pthread_mutex_unlock(&p->lock);
}

ssize_t prefetch_collect(struct prefetch *p, unsigned slot, int *err)
{
	struct prefetch_slot *s = &p->slot[slot];

	pthread_mutex_lock(&p->lock);
	if (s->state == ASKED) {
		/* Not begun: taken back and read here, no wait. */
		unsigned i = 0;
		while (p->waiting[i] != slot)
			i++;
		memmove(&p->waiting[i], &p->waiting[i + 1],
			(p->count - i - 1) * sizeof p->waiting[0]);
		p->count--;
		s->state = IDLE;
		pthread_mutex_unlock(&p->lock);
		return read_slot(s, err);
	}
	while (s->state != DONE) {
		p->caller_waits = true;
		pthread_cond_wait(&p->done, &p->lock);
		p->caller_waits = false;
	}
	const ssize_t n = s->got;
	*err = s->err;
	s->state = IDLE;
	pthread_mutex_unlock(&p->lock);
	return n;
}

bool prefetch_busy(struct prefetch *p, unsigned slot)
{
	pthread_mutex_lock(&p->lock);
	const bool busy = p->slot[slot].state == READING;
	pthread_mutex_unlock(&p->lock);
	return busy;
}
