/* SPDX-License-Identifier: MIT */
/* LD_PRELOAD shim for the fault-injection tests (tests/fault/fault.bats):
 * makes read(2) on one chosen file misbehave, to check that sumac reports
 * what happened the way GNU would and never crashes.
 *
 *   SUMAC_SHIM_PATH    the file (matched by device and inode, so any name
 *                      or descriptor for it counts)
 *   SUMAC_SHIM_ACTION  what happens after the first successful read of it:
 *     truncate:N   the file is cut to N bytes
 *     extend:N     N bytes ('x') are appended to it
 *     eio          every later read fails with EIO
 *     eio-first    the very first read already fails with EIO
 *   SUMAC_SHIM_AFTER   optional: act only once more than this many bytes of
 *                      the file have been read (sumac hands a long input to
 *                      its read-ahead thread after 2 MiB; this reaches it)
 *   SUMAC_SHIM_SEEK    optional: "einval" makes lseek(2) with SEEK_DATA or
 *                      SEEK_HOLE on the file fail with EINVAL, as on a file
 *                      system that cannot tell holes from data
 *
 * Built without sanitizers (tests/local.mk); under AddressSanitizer the
 * shim's read() is reached as the interceptor's "real" read. */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_NEXT */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef ssize_t read_fn(int, void *, size_t);
typedef off_t lseek_fn(int, off_t, int);

ssize_t read(int fd, void *buf, size_t count);
off_t lseek(int fd, off_t offset, int whence);

static bool matches(int fd)
{
	static bool looked;
	static dev_t dev;
	static ino_t ino;
	struct stat st;

	if (!looked) {
		const char *path = getenv("SUMAC_SHIM_PATH");
		looked = true;
		if (!path || stat(path, &st) != 0)
			return false;
		dev = st.st_dev;
		ino = st.st_ino;
	}
	if (ino == 0 || fstat(fd, &st) != 0)
		return false;
	return st.st_dev == dev && st.st_ino == ino;
}

static void act_once(void)
{
	static bool done;
	const char *action = getenv("SUMAC_SHIM_ACTION");
	const char *path = getenv("SUMAC_SHIM_PATH");

	if (done || !action || !path)
		return;
	done = true;
	if (strncmp(action, "truncate:", 9) == 0) {
		if (truncate(path, (off_t)strtoll(action + 9, NULL, 10)) != 0)
			abort();
	} else if (strncmp(action, "extend:", 7) == 0) {
		long long n = strtoll(action + 7, NULL, 10);
		int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		char chunk[4096];
		memset(chunk, 'x', sizeof chunk);
		if (fd < 0)
			abort();
		while (n > 0) {
			ssize_t w = write(fd, chunk,
					  n < (long long)sizeof chunk ? (size_t)n : sizeof chunk);
			if (w <= 0)
				abort();
			n -= w;
		}
		close(fd);
	}
}

/* Reads of the file happen in one thread at a time (sumac's main thread,
 * then its reader thread, which it starts and joins), so plain statics do. */
ssize_t read(int fd, void *buf, size_t count)
{
	static read_fn *real_read;
	static long long delivered, after = -1;

	if (!real_read)
		real_read = (read_fn *)dlsym(RTLD_NEXT, "read");
	if (!matches(fd))
		return real_read(fd, buf, count);

	const char *action = getenv("SUMAC_SHIM_ACTION");
	if (action && strcmp(action, "eio-first") == 0) {
		errno = EIO;
		return -1;
	}
	if (after < 0) {
		const char *a = getenv("SUMAC_SHIM_AFTER");
		after = a ? strtoll(a, NULL, 10) : 0;
	}
	if (action && strcmp(action, "eio") == 0 && delivered > after) {
		errno = EIO;
		return -1;
	}
	ssize_t n = real_read(fd, buf, count);
	if (n > 0) {
		delivered += n;
		if (delivered > after)
			act_once();
	}
	return n;
}

#ifdef SEEK_DATA
off_t lseek(int fd, off_t offset, int whence)
{
	static lseek_fn *real_lseek;
	const char *seek = getenv("SUMAC_SHIM_SEEK");

	if (!real_lseek)
		real_lseek = (lseek_fn *)dlsym(RTLD_NEXT, "lseek");
	if ((whence == SEEK_DATA || whence == SEEK_HOLE) && seek && strcmp(seek, "einval") == 0 &&
	    matches(fd)) {
		errno = EINVAL;
		return -1;
	}
	return real_lseek(fd, offset, whence);
}
#endif
