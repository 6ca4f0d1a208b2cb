/* SPDX-License-Identifier: MIT */
/* Several files hashed at once by one thread.
 *
 * Why: one SHA stream waits on its own chain of dependent round
 * instructions, while the hash unit could start another message's rounds
 * in the gaps; a kernel that interleaves independent messages gets up to
 * twice the bytes per core (../shared/research/multi-buffer.md).  Files are
 * independent messages, so a thread keeps up to `lanes` of them open, each
 * with its own buffer, and runs the kernel over the whole blocks that every
 * lane holds.  A lane whose file ends takes the next file at once (the
 * engine refills it before the next step); with fewer files than lanes the
 * kernel runs narrower, and one file alone goes through the one-stream
 * blocks function (sumac_update_lanes).
 *
 * Each lane reads its file in chunks of its buffer, so a thread that holds
 * several files alternates between them a chunk at a time; on a spinning
 * disk that is a seek per chunk at most, helped by the kernel's sequential
 * read-ahead, which the files are told to expect.  With read_ahead, a lane
 * whose file is larger than its buffer has a second buffer that a prefetch
 * thread fills with the next chunk while the kernel hashes this one; the
 * buffers swap when the lane runs dry, the few bytes short of a block
 * copied over; a lane whose chunk the thread is still reading sits out
 * the passes of the others until it is in, and a chunk the thread has not
 * begun is read here.  The hashing stays in this thread, in the same
 * order. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "hash/registry.h"
#include "io/io.h"
#include "io/prefetch.h"
#include "run/hash.h"
#include "run/lanes.h"

struct lane {
	struct run_job *job; /* NULL: the lane is free */
	int fd;
	bool eof;
	size_t pos, len; /* the unhashed bytes are data[pos..len) */
	uint8_t *data;
	/* With a prefetch thread: the other buffer, whether this lane's file
	 * is read ahead into it, and whether a read into it is under way. */
	uint8_t *spare;
	bool ahead, asked;
	struct sumac_ctx ctx;
};

struct lane_batch {
	const struct sumac_impl *impl;
	unsigned width;
	size_t block;
	/* Bytes a lane must hold before it joins a kernel pass: a block, and
	 * one byte more for a family that keeps its last block until final. */
	size_t need;
	size_t size; /* of each lane's buffer */
	/* NULL, or the thread that reads ahead; then a chunk read ahead
	 * lands this far into the spare buffer, room for the bytes short of
	 * a block that the lane still holds when the buffers swap. */
	struct prefetch *prefetch;
	size_t head;
	bool may_prefetch; /* read_ahead, and no try at starting the thread yet */
	struct lane lane[];
};

_Static_assert(SUMAC_MAX_LANES <= PREFETCH_SLOTS, "a prefetch slot for every lane");

bool run_lanes_mode_parse(const char *s, enum run_lanes_mode *mode)
{
	static const char *const names[] = {
		[RUN_LANES_AUTO] = "auto",
		[RUN_LANES_OFF] = "off",
		[RUN_LANES_ALWAYS] = "always",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(s, names[i]) == 0) {
			*mode = (enum run_lanes_mode)i;
			return true;
		}
	}
	return false;
}

unsigned run_lanes_width(const struct sumac_impl *impl, enum run_lanes_mode mode)
{
	if (!impl || mode == RUN_LANES_OFF || !impl->blocks || !impl->lanes_blocks ||
	    impl->lanes < 2)
		return 0;
	if (impl->lanes_reference && mode != RUN_LANES_ALWAYS)
		return 0;
	return impl->lanes < SUMAC_MAX_LANES ? impl->lanes : SUMAC_MAX_LANES;
}

static unsigned width(void *ctx, const struct run_job *j)
{
	return run_lanes_width(j->impl, ((const struct run_lanes_cfg *)ctx)->mode);
}

static void destroy(void *batch)
{
	struct lane_batch *b = batch;
	if (!b)
		return;
	/* First the thread: a read it has under way writes into a buffer. */
	prefetch_free(b->prefetch);
	for (unsigned l = 0; l < b->width; l++) {
		free(b->lane[l].data);
		free(b->lane[l].spare);
	}
	free(b);
}

static void *create(void *ctx, const struct run_job *j, unsigned n)
{
	const struct run_lanes_cfg *cfg = ctx;
	struct lane_batch *b = calloc(1, sizeof *b + n * sizeof b->lane[0]);
	if (!b)
		return NULL;
	const struct sumac_family_info *fi = sumac_family_info(j->impl->family);
	b->impl = j->impl;
	b->width = n;
	b->block = fi->block_len;
	b->need = fi->block_len + (fi->ops->hold_last_block ? 1 : 0);
	/* What every lane holds stays within a core's L2 cache while the
	 * kernel reads it back: 2 x 128 KiB, 4 x 128 KiB, 8 x 64 KiB. */
	b->size = n <= 4 ? IO_BUFFER_SIZE : IO_BUFFER_SIZE / 2;
	for (unsigned l = 0; l < n; l++) {
		void *p = NULL;
		if (posix_memalign(&p, 4096, b->size) != 0) {
			destroy(b);
			return NULL;
		}
		b->lane[l].data = p;
	}
	b->may_prefetch = cfg->read_ahead;
	b->head = 2 * b->block;
	return b;
}

/* The prefetch thread and the spare buffers, made for the first large file
 * (small files would only pay for the thread).  Without them the lanes
 * read by themselves. */
static void start_prefetch(struct lane_batch *b)
{
	b->may_prefetch = false;
	for (unsigned l = 0; l < b->width; l++) {
		void *p = NULL;
		if (posix_memalign(&p, 4096, b->size) != 0)
			return;
		b->lane[l].spare = p;
	}
	b->prefetch = prefetch_new();
}

static bool start(void *batch, struct run_job *j, int fd, const struct stat *st)
{
	struct lane_batch *b = batch;
	const bool large = st->st_size > (off_t)b->size;
	/* Holes are skipped by the one-stream reader (io/sparse.c), which
	 * hashes them without reading them. */
	if (large && (uint64_t)st->st_blocks * 512 < (uint64_t)st->st_size)
		return false;
	struct lane *lane = NULL;
	for (unsigned l = 0; l < b->width && !lane; l++)
		if (!b->lane[l].job)
			lane = &b->lane[l];
	/* A failing init is computed alone, which reports it. */
	if (!lane || run_stream_start(j, &lane->ctx, j->algo, j->impl, j->digest_len) != 0)
		return false;
#if HAVE_POSIX_FADVISE
	if (large)
		(void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
	if (large && b->may_prefetch)
		start_prefetch(b);
	lane->job = j;
	lane->fd = fd;
	lane->eof = false;
	lane->pos = lane->len = 0;
	lane->ahead = b->prefetch && large;
	lane->asked = false;
	return true;
}

/* Takes the chunk read ahead into the spare buffer: the unhashed bytes
 * (fewer than b->need, which is all top_up is called with) are copied in
 * front of it and the buffers swap.  0, or an errno value. */
static int take_ahead(struct lane_batch *b, struct lane *lane)
{
	int err;
	const ssize_t n = prefetch_collect(b->prefetch, (unsigned)(lane - b->lane), &err);
	lane->asked = false;
	if (n < 0)
		return err;
	const size_t tail = lane->len - lane->pos;
	memcpy(lane->spare + b->head - tail, lane->data + lane->pos, tail);
	uint8_t *const was = lane->data;
	lane->data = lane->spare;
	lane->spare = was;
	lane->pos = b->head - tail;
	lane->len = b->head + (size_t)n;
	if (n == 0)
		lane->eof = true;
	return 0;
}

/* Reads the lane's file on into what is left of its buffer, moving the
 * unhashed bytes to its start, or takes what was read ahead; then, if the
 * lane reads ahead, asks for the next chunk.  0, or an errno value. */
static int top_up(struct lane_batch *b, struct lane *lane)
{
	if (lane->asked) {
		const int err = take_ahead(b, lane);
		if (err)
			return err;
	} else {
		if (lane->pos) {
			memmove(lane->data, lane->data + lane->pos, lane->len - lane->pos);
			lane->len -= lane->pos;
			lane->pos = 0;
		}
		const ssize_t n = io_read(lane->fd, lane->data + lane->len, b->size - lane->len);
		if (n < 0)
			return errno;
		if (n == 0)
			lane->eof = true;
		lane->len += (size_t)n;
	}
	if (lane->ahead && !lane->eof) {
		prefetch_ask(b->prefetch, (unsigned)(lane - b->lane), lane->fd,
			     lane->spare + b->head, b->size - b->head);
		lane->asked = true;
	}
	return 0;
}

/* The lane's file is over: its job's result, and the lane free again. */
static void end_lane(struct lane *lane, int err, struct run_job **done, int *fds, unsigned *ndone)
{
	struct run_job *j = lane->job;
	if (err) {
		sumac_discard(&lane->ctx);
		j->err = err;
	} else {
		sumac_update(&lane->ctx, lane->data + lane->pos, lane->len - lane->pos);
		j->bytes = lane->ctx.total_lo;
		/* A library backend that failed: an error, no digest. */
		j->err = run_stream_final(j, &lane->ctx, j->digest);
	}
	done[*ndone] = j;
	fds[*ndone] = lane->fd;
	++*ndone;
	lane->job = NULL;
}

enum lane_turn { JOINS, WAITS, SITS_OUT };

/* Readies a lane for the next pass: tops it up when it holds less than
 * b->need, and ends it when its file is over or failed.  Without may_wait,
 * a lane whose next chunk the prefetch thread is reading right now sits the
 * pass out rather than wait for it (WAITS): the other lanes run a narrower
 * pass meanwhile.  That happens when the thread's CPU copies slower than
 * this one (io/prefetch.h): then waiting cost about a read's time on a
 * fifth of the chunks (64 x 16 MiB, SHA-1: 1,580 waits of 71 us). */
static enum lane_turn ready(struct lane_batch *b, struct lane *lane, bool may_wait,
			    struct run_job **done, int *fds, unsigned *ndone)
{
	if (!lane->eof && lane->len - lane->pos < b->need) {
		if (!may_wait && lane->asked &&
		    prefetch_busy(b->prefetch, (unsigned)(lane - b->lane)))
			return WAITS;
		const int err = top_up(b, lane);
		if (err) {
			end_lane(lane, err, done, fds, ndone);
			return SITS_OUT;
		}
	}
	if (lane->eof) {
		end_lane(lane, 0, done, fds, ndone);
		return SITS_OUT;
	}
	/* Fewer bytes than a pass needs: a short read, more next time. */
	return lane->len - lane->pos < b->need ? SITS_OUT : JOINS;
}

static unsigned step(void *batch, struct run_job **done, int *fds)
{
	struct lane_batch *b = batch;
	struct sumac_ctx *ctx[SUMAC_MAX_LANES];
	const uint8_t *in[SUMAC_MAX_LANES];
	struct lane *pass[SUMAC_MAX_LANES];
	struct lane *waits = NULL;
	unsigned ndone = 0, m = 0;

	for (unsigned l = 0; l < b->width; l++) {
		struct lane *lane = &b->lane[l];
		if (!lane->job)
			continue;
		const enum lane_turn turn = ready(b, lane, false, done, fds, &ndone);
		if (turn == JOINS)
			pass[m++] = lane;
		else if (turn == WAITS && !waits)
			waits = lane;
	}
	/* Nothing else to do: wait for the thread after all. */
	if (!m && !ndone && waits && ready(b, waits, true, done, fds, &ndone) == JOINS)
		pass[m++] = waits;
	if (!m)
		return ndone;
	size_t nblocks = SIZE_MAX;
	for (unsigned i = 0; i < m; i++) {
		const size_t avail = pass[i]->len - pass[i]->pos;
		/* A family that keeps its last block passes only blocks that
		 * more bytes follow. */
		const size_t whole = (b->need > b->block ? avail - 1 : avail) / b->block;
		if (whole < nblocks)
			nblocks = whole;
		ctx[i] = &pass[i]->ctx;
		in[i] = pass[i]->data + pass[i]->pos;
	}
	sumac_update_lanes(b->impl, ctx, m, in, nblocks);
	for (unsigned i = 0; i < m; i++)
		pass[i]->pos += nblocks * b->block;
	return ndone;
}

const struct run_lane_ops run_hash_lanes = {
	.width = width,
	.create = create,
	.destroy = destroy,
	.start = start,
	.step = step,
};
