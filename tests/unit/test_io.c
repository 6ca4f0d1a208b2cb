/* SPDX-License-Identifier: MIT */
/* The io module driven directly: io_hash_fd over regular files and pipes,
 * with and without the read-ahead thread, must give the digest of exactly
 * the bytes written, whatever the size relative to the point where the
 * thread takes over and to its ring (several laps), and whatever sizes the
 * reads return (a pipe fed in random pieces).  One io_buffer serves every
 * input, as in the program, so the ring is reused.  The tests also check
 * that the thread really ran, or the second half would prove nothing.
 * io/prefetch.c on its own: reads in several slots at once come back in
 * place, a failed read comes back with its errno, a request the thread
 * has not begun is read by the caller, and freeing it with a request never
 * collected is clean.  Last, io_open_safer() with each
 * standard descriptor closed. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "io/apart.h"
#include "io/io.h"
#include "io/prefetch.h"
#include "tap.h"

#define MAX_LEN ((size_t)IO_READ_AHEAD_AFTER + 11 * 1024 * 1024 + 12345)

static uint8_t *data;

static void fill(uint8_t *p, size_t len)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (uint8_t)x;
	}
}

static int hash_fd(int fd, struct io_buffer *buf, uint8_t *out)
{
	struct sumac_ctx ctx;
	int err = sumac_init(&ctx, SUMAC_SHA256, sumac_portable_impl(SUMAC_FAMILY_SHA256));
	if (err)
		return err;
	err = io_hash_fd(fd, &ctx, buf);
	if (err) {
		sumac_discard(&ctx);
		return err;
	}
	return sumac_final(&ctx, out);
}

/* An unlinked temporary file holding data[0 .. len), open at offset 0;
 * -1 when it could not be made. */
static int data_file(size_t len)
{
	char name[] = "/tmp/sumac-test-io.XXXXXX";
	const int fd = mkstemp(name);
	if (fd < 0)
		return -1;
	unlink(name);
	size_t done = 0;
	while (done < len) {
		const ssize_t w = write(fd, data + done, len - done);
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	if (done == len && lseek(fd, 0, SEEK_SET) == 0)
		return fd;
	close(fd);
	return -1;
}

static void check_file(struct io_buffer *buf, size_t len)
{
	const int fd = data_file(len);
	if (fd < 0) {
		tap_ok(false, "regular file of %zu bytes: test file (%d)", len, errno);
		return;
	}
	uint8_t want[32], got[32];
	sumac_digest_portable(SUMAC_SHA256, data, len, want);
	const int err = hash_fd(fd, buf, got);
	tap_ok(err == 0 && memcmp(want, got, sizeof want) == 0,
	       "regular file of %zu bytes, read ahead %s", len, buf->read_ahead ? "on" : "off");
	close(fd);
}

struct feeder {
	int fd;
	size_t len;
	uint64_t seed;
};

/* Writes data in pieces of random size, so the reads on the other side
 * return odd lengths. */
static void *feed(void *arg)
{
	struct feeder *f = arg;
	uint64_t x = f->seed;
	size_t done = 0;
	while (done < f->len) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		size_t piece = (size_t)(x >> 33) % 200000 + 1;
		if (piece > f->len - done)
			piece = f->len - done;
		ssize_t w = write(f->fd, data + done, piece);
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	close(f->fd);
	return NULL;
}

static void check_pipe(struct io_buffer *buf, size_t len, uint64_t seed)
{
	int p[2];
	pthread_t writer;
	if (pipe(p) != 0) {
		tap_ok(false, "pipe: %d", errno);
		return;
	}
	struct feeder f = {p[1], len, seed};
	if (pthread_create(&writer, NULL, feed, &f) != 0) {
		tap_ok(false, "pthread_create");
		close(p[0]);
		close(p[1]);
		return;
	}
	uint8_t want[32], got[32];
	sumac_digest_portable(SUMAC_SHA256, data, len, want);
	const int err = hash_fd(p[0], buf, got);
	pthread_join(writer, NULL);
	close(p[0]);
	tap_ok(err == 0 && memcmp(want, got, sizeof want) == 0,
	       "pipe of %zu bytes in random pieces, read ahead %s", len,
	       buf->read_ahead ? "on" : "off");
}

/* The thread held in a read of an empty pipe (slot 0) while a file is
 * asked and collected twice in slot 1: the caller takes the waiting
 * requests back and reads them itself, at the file's right offsets, with
 * no wait for the thread; the pipe's read then comes back to its slot.
 * prefetch_busy tells when the thread has begun slot 0, and that it is
 * not reading slot 1. */
static void check_prefetch_take_back(void)
{
	const int w = data_file(2 * 1000);
	int pipe_fd[2];
	if (w < 0 || pipe(pipe_fd) != 0) {
		tap_ok(false, "prefetch take-back: test file and pipe");
		if (w >= 0)
			close(w);
		return;
	}
	struct prefetch *p = prefetch_new();
	if (!p) {
		tap_ok(false, "prefetch_new");
	} else {
		static uint8_t from_pipe[16], chunk[1000];
		int err = 0;
		prefetch_ask(p, 0, pipe_fd[0], from_pipe, sizeof from_pipe);
		/* At most 10 s, for a slow checker (valgrind, TSan). */
		for (int i = 0; i < 10000 && !prefetch_busy(p, 0); i++)
			usleep(1000);
		bool right = prefetch_busy(p, 0);
		for (size_t at = 0; at < 2000; at += sizeof chunk) {
			prefetch_ask(p, 1, w, chunk, sizeof chunk);
			right &= !prefetch_busy(p, 1);
			right &= prefetch_collect(p, 1, &err) == (ssize_t)sizeof chunk &&
				 memcmp(chunk, data + at, sizeof chunk) == 0;
		}
		right &= write(pipe_fd[1], "pipe", 4) == 4;
		right &= prefetch_collect(p, 0, &err) == 4 && memcmp(from_pipe, "pipe", 4) == 0;
		tap_ok(right, "prefetch: requests the thread has not begun are read by the caller");
		prefetch_free(p);
	}
	close(w);
	close(pipe_fd[0]);
	close(pipe_fd[1]);
}

/* Three slots read the same file from three descriptors at once, chunk
 * after chunk; a fourth asks with a descriptor that is not open. */
static void check_prefetch(size_t len)
{
	char path[] = "/tmp/sumac-test-prefetch-XXXXXX";
	const int w = mkstemp(path);
	if (w < 0 || write(w, data, len) != (ssize_t)len) {
		tap_ok(false, "prefetch: test file");
		if (w >= 0)
			close(w);
		return;
	}
	close(w);
	struct prefetch *p = prefetch_new();
	if (!p) {
		unlink(path);
		tap_ok(false, "prefetch_new");
		return;
	}
	enum { SLOTS = 3, CHUNK = 70000 };
	static uint8_t chunk[SLOTS][CHUNK];
	int fd[SLOTS];
	size_t at[SLOTS] = {0};
	bool right = true;
	for (int s = 0; s < SLOTS; s++) {
		fd[s] = open(path, O_RDONLY);
		right &= fd[s] >= 0;
	}
	unlink(path);
	for (bool more = right; more;) {
		more = false;
		for (unsigned s = 0; s < SLOTS; s++)
			prefetch_ask(p, s, fd[s], chunk[s], CHUNK);
		for (unsigned s = 0; s < SLOTS; s++) {
			int err = 0;
			const ssize_t n = prefetch_collect(p, s, &err);
			const size_t want = len - at[s] < CHUNK ? len - at[s] : CHUNK;
			right &= n == (ssize_t)want && memcmp(chunk[s], data + at[s], want) == 0;
			at[s] += want;
			more |= n > 0;
		}
	}
	tap_ok(right, "prefetch: three slots read %zu bytes each, every chunk in place", len);
	int err = 0;
	prefetch_ask(p, 3, -1, chunk[0], CHUNK);
	const ssize_t n = prefetch_collect(p, 3, &err);
	tap_ok(n == -1 && err == EBADF, "prefetch: a failed read returns -1 and its errno (%d)",
	       err);
	/* Left uncollected: prefetch_free waits for it and ends the thread. */
	prefetch_ask(p, 5, fd[0], chunk[0], CHUNK);
	prefetch_free(p);
	tap_ok(true, "prefetch: freed with a request never collected");
	for (int s = 0; s < SLOTS; s++)
		if (fd[s] >= 0)
			close(fd[s]);
}

/* With standard descriptor k closed, open(2) would return k: the file must
 * land at 3 or above, close-on-exec, and k stay closed. */
static void check_open_safer(int k)
{
	const int saved = dup(k);
	if (saved < 0) {
		tap_ok(false, "dup(%d): %d", k, errno);
		return;
	}
	close(k);
	const int fd = io_open_safer("/dev/null", 0);
	const bool still_closed = fcntl(k, F_GETFD) < 0 && errno == EBADF;
	const int fdflags = fd >= 0 ? fcntl(fd, F_GETFD) : 0;
	if (fd >= 0)
		close(fd);
	dup2(saved, k);
	close(saved);
	tap_ok(fd > STDERR_FILENO && still_closed && (fdflags & FD_CLOEXEC),
	       "io_open_safer with fd %d closed: fd %d, close-on-exec, fd %d still closed", k, fd,
	       k);
}

/* io/apart.c in a thread of its own: told the CPU it runs on, it leaves
 * that CPU for the others it may use, and stays off it; told another, it
 * stays put.  With one CPU allowed it cannot move and does not. */
static void *apart_thread(void *arg)
{
	int *result = arg;
	struct apart a;

	apart_init(&a);
	const int here = apart_cpu();
	apart_keep_off(&a, here == 0 ? 1 : 0); /* not where it runs: nothing */
	/* The scheduler may move the thread between two calls: a few tries. */
	int still = -1, after = -1;
	for (int k = 0; k < 10 && after == still; k++) {
		still = apart_cpu();
		apart_keep_off(&a, still);
		after = apart_cpu();
	}
	result[0] = here;
	result[1] = still;
	result[2] = after;
	return NULL;
}

static void check_apart(void)
{
#if SUMAC_APART
	cpu_set_t set;
	pthread_t t;
	int result[3] = {-1, -1, -1};

	if (sched_getaffinity(0, sizeof set, &set) != 0 ||
	    pthread_create(&t, NULL, apart_thread, result) != 0) {
		tap_diag("apart: no affinity or no thread here, not tested");
		return;
	}
	pthread_join(t, NULL);
	if (result[0] < 0) {
		tap_diag("apart: sched_getcpu fails here, not tested");
		return;
	}
	if (CPU_COUNT(&set) > 1)
		tap_ok(result[2] != result[1] && CPU_ISSET(result[2], &set),
		       "apart: the helper left CPU %d for CPU %d", result[1], result[2]);
	else
		tap_ok(result[2] == result[1], "apart: one CPU allowed, the helper stays on it");
#else
	struct apart a;
	apart_init(&a);
	apart_keep_off(&a, 0);
	tap_ok(apart_cpu() == -1, "apart: not on this system, a no-op");
#endif
}

int main(void)
{
	const size_t at = IO_READ_AHEAD_AFTER;
	const size_t sizes[] = {0, 1, 65536, at - 1, at, at + 1, at + 4 * 1024 * 1024, MAX_LEN};

	data = malloc(MAX_LEN);
	if (!data)
		return 99;
	fill(data, MAX_LEN);

	for (int ahead = 0; ahead <= 1; ahead++) {
		struct io_buffer buf;
		if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
			return 99;
		buf.read_ahead = ahead;
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
			check_file(&buf, sizes[i]);
		/* Only inputs longer than the threshold start the thread, and
		 * only when asked: its ring exists exactly then. */
		tap_ok((buf.ahead != NULL) == (ahead == 1), "read-ahead ring %s",
		       ahead ? "allocated: the thread ran" : "absent: the thread never ran");
		check_pipe(&buf, MAX_LEN - 777, 1);
		check_pipe(&buf, at + 3, 2);
		check_pipe(&buf, 100, 3);
		io_buffer_free(&buf);
	}
	check_prefetch(0);
	check_prefetch(3 * 70000 + 17);
	check_prefetch_take_back();
	check_apart();
	for (int k = STDIN_FILENO; k <= STDERR_FILENO; k++)
		check_open_safer(k);
	free(data);
	return tap_done();
}
