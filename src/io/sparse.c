/* SPDX-License-Identifier: MIT */
/* Holes skipped with SEEK_DATA/SEEK_HOLE.
 *
 * Reading a hole makes the kernel fill the page cache with zero pages: in
 * issue 13 the first read of a 4 GiB all-hole file took 19.8 s, 16.9 s of
 * it in the kernel.  Here a hole costs two lseek calls, and its zeros are
 * hashed out of the I/O buffer, cleared once per hole.
 *
 * The map is asked for one extent at a time, just before it is hashed, so
 * that a file changing underneath is seen as late as a plain read would
 * see it; data that arrives in a hole already hashed as zeros is missed,
 * as a plain read misses data written behind it.  The end is always found
 * by read() returning 0, so that a file which grew is hashed to its new end
 * and one that shrank stops where it now ends.
 *
 * The data extents go through the read-ahead thread when they are long:
 * disk images are sparse files with gigabytes of data, and the thread is
 * worth as much there as in a dense file. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

#include "io/readahead.h"
#include "io/sparse.h"

#ifdef SEEK_DATA

/* Hashes len zero bytes. */
static void hash_zeros(const struct io_sink *sink, struct io_buffer *buf, uint64_t len)
{
	const size_t chunk = len < buf->size ? (size_t)len : buf->size;
	memset(buf->data, 0, chunk);
	buf->hole_bytes += len;
	while (len > 0) {
		const size_t n = len < chunk ? (size_t)len : chunk;
		io_sink_update(sink, buf->data, n);
		io_progress(buf, n);
		len -= n;
	}
}

/* Hashes up to len bytes from fd's offset (UINT64_MAX: to end of file).
 * Returns 0 or an errno value; *ended is set when read() found the end of
 * the file first. */
static int hash_extent(int fd, const struct io_sink *sink, struct io_buffer *buf, uint64_t len,
		       bool *ended)
{
	*ended = false;
	if (buf->read_ahead && len >= IO_READ_AHEAD_AFTER) {
		int err;
		if (readahead_hash(fd, len, sink, buf, &err)) {
			/* The thread cannot say whether it stopped at the end
			 * of the file or of the extent; the caller's next look
			 * at the map will tell. */
			return err;
		}
	}
	while (len > 0) {
		const size_t want = len < buf->size ? (size_t)len : buf->size;
		const ssize_t n = read(fd, buf->data, want);
		if (n > 0) {
			io_sink_update(sink, buf->data, (size_t)n);
			io_progress(buf, (uint64_t)n);
			len -= (uint64_t)n;
		} else if (n == 0) {
			*ended = true;
			return 0;
		} else if (errno != EINTR) {
			return errno;
		}
	}
	return 0;
}

/* The rest of the file from pos by plain reads: the end of a walk, or where
 * the map fails half way through. */
static int hash_rest(int fd, const struct io_sink *sink, struct io_buffer *buf, off_t pos)
{
	bool ended;
	if (lseek(fd, pos, SEEK_SET) != pos)
		return errno;
	return hash_extent(fd, sink, buf, UINT64_MAX, &ended);
}

/* Where the next data at or after pos starts: its offset, -1 when there is
 * none before the end (errno ENXIO), or -1 with another errno when the map
 * cannot be read. */
static off_t next_data(int fd, off_t pos)
{
	return lseek(fd, pos, SEEK_DATA);
}

static int walk(int fd, const struct io_sink *sink, struct io_buffer *buf, off_t pos, off_t data)
{
	for (;;) {
		if (data < 0) {
			if (errno != ENXIO)
				return hash_rest(fd, sink, buf, pos);
			/* A hole to the end.  The size is taken before the map is
			 * asked again, so that no byte appended in between is
			 * hashed as a zero. */
			struct stat st;
			if (fstat(fd, &st) != 0)
				return errno;
			data = next_data(fd, pos);
			if (data >= 0 || errno != ENXIO)
				continue;
			if (st.st_size > pos) {
				hash_zeros(sink, buf, (uint64_t)(st.st_size - pos));
				pos = st.st_size;
			}
			return hash_rest(fd, sink, buf, pos);
		}
		if (data > pos) {
			/* Data past the end would be zeros the file does not
			 * have: a map that says so is not believed. */
			struct stat now;
			if (fstat(fd, &now) != 0)
				return errno;
			if (data > now.st_size)
				return hash_rest(fd, sink, buf, pos);
			hash_zeros(sink, buf, (uint64_t)(data - pos));
			pos = data;
		}
		const off_t hole = lseek(fd, pos, SEEK_HOLE);
		if (hole <= pos)
			return hash_rest(fd, sink, buf, pos);
		if (lseek(fd, pos, SEEK_SET) != pos)
			return errno;
		bool ended;
		const int err = hash_extent(fd, sink, buf, (uint64_t)(hole - pos), &ended);
		if (err || ended)
			return err;
		/* Where the reads really stopped (the read-ahead thread does
		 * not say). */
		pos = lseek(fd, 0, SEEK_CUR);
		if (pos < 0)
			return errno;
		data = next_data(fd, pos);
	}
}

/* A map that calls data a hole turns into a wrong digest, and one has:
 * OpenZFS 2.1 before 2.1.14 and 2.2.0-2.2.1 reported data not yet synced as
 * holes (openzfs/zfs issue 15526, which corrupted coreutils' cp).  So the
 * map is used only on the file systems below, whose SEEK_HOLE is the
 * kernel's own and long-standing; anywhere else the file is read. */
bool sparse_map_trusted(int fd)
{
#if defined(__linux__)
	struct statfs fs;
	if (fstatfs(fd, &fs) != 0)
		return false;
	switch ((uint32_t)fs.f_type) {
	case 0xEF53u:     /* ext2, ext3, ext4 */
	case 0x58465342u: /* XFS */
	case 0x9123683Eu: /* Btrfs */
	case 0x01021994u: /* tmpfs */
		return true;
	default:
		return false;
	}
#else
	(void)fd;
	return false;
#endif
}

bool sparse_hash(int fd, const struct io_sink *sink, struct io_buffer *buf, int *err)
{
	struct stat st;
	/* A file with as many blocks allocated as its size has no hole worth
	 * the look; one that fits the buffer costs one read either way. */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= (off_t)buf->size ||
	    (uint64_t)st.st_blocks * 512 >= (uint64_t)st.st_size || !sparse_map_trusted(fd))
		return false;
	const off_t pos = lseek(fd, 0, SEEK_CUR);
	if (pos < 0)
		return false;

	const off_t data = next_data(fd, pos);
	const int data_errno = errno;
	bool holes;
	if (data < 0)
		holes = data_errno == ENXIO && pos < st.st_size;
	else if (data > pos)
		holes = true;
	else {
		const off_t hole = lseek(fd, pos, SEEK_HOLE);
		holes = hole >= pos && hole < st.st_size;
	}
	if (!holes) {
		/* Dense from here, or no map (EINVAL where the file system or
		 * the kernel does not know SEEK_DATA): read as usual. */
		if (lseek(fd, pos, SEEK_SET) != pos) {
			*err = errno;
			return true;
		}
		return false;
	}
	errno = data_errno;
	*err = walk(fd, sink, buf, pos, data);
	return true;
}

#else

bool sparse_hash(int fd, const struct io_sink *sink, struct io_buffer *buf, int *err)
{
	(void)fd;
	(void)sink;
	(void)buf;
	(void)err;
	return false;
}

#endif
