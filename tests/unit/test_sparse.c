/* SPDX-License-Identifier: MIT */
/* Sparse files (io/sparse.c): a file with holes and the same bytes written
 * densely must give the digest of those bytes, whatever the layout: holes
 * at the start, in the middle and at the end, data at odd offsets and of
 * odd lengths, a file that is all hole, a size that is no multiple of the
 * block, hashing from an offset inside a hole or inside data, with and
 * without the read-ahead thread (extents longer than its threshold).  The
 * holes of the sparse copy must really have been skipped (io_buffer's
 * hole_bytes), and none in the dense one, or the test would prove nothing. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "io/io.h"
#include "io/sparse.h"
#include "tap.h"

#define KiB 1024u
#define MiB (1024u * 1024u)

struct extent {
	size_t at, len;
};

struct layout {
	const char *what;
	size_t size;
	struct extent ext[4];
	size_t start; /* the offset hashing starts from */
};

static const struct layout layouts[] = {
	{"all hole, size no multiple of the block", 3 * MiB + 1, {{0, 0}}, 0},
	{"hole at the start, data at an odd offset, hole at the end",
	 2 * MiB + 7,
	 {{MiB + 3, 5000}},
	 0},
	{"data at the start, hole in the middle, data to an odd end",
	 3 * MiB + 333,
	 {{0, 200 * KiB + 1}, {2 * MiB + 4095, MiB + 333 - 4095}},
	 0},
	{"several extents at odd offsets, hole at the end",
	 4 * MiB + 12345,
	 {{1, 1}, {300 * KiB + 17, 9000}, {MiB + 4096, 4096}, {3 * MiB - 1, 2}},
	 0},
	{"an extent longer than the read-ahead threshold between holes",
	 IO_READ_AHEAD_AFTER + 6 * MiB + 5,
	 {{MiB, IO_READ_AHEAD_AFTER + 3 * MiB + 17}, {IO_READ_AHEAD_AFTER + 6 * MiB + 4, 1}},
	 0},
	{"hashed from an offset inside a hole",
	 3 * MiB + 9,
	 {{100, 100}, {2 * MiB + 1, 77}},
	 MiB + 5},
	{"hashed from an offset inside data",
	 3 * MiB + 9,
	 {{MiB, 50 * KiB}, {2 * MiB + 1, 77}},
	 MiB + 10 * KiB + 3},
};

static uint8_t *content;

static void fill(uint8_t *p, size_t len, uint64_t x)
{
	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (uint8_t)(x | 1); /* never 0: data is told from holes */
	}
}

static int temp_file(void)
{
	const char *dir = getenv("TMPDIR");
	char name[4096];
	snprintf(name, sizeof name, "%s/sumac-test-sparse.XXXXXX", dir && *dir ? dir : "/tmp");
	const int fd = mkstemp(name);
	if (fd >= 0)
		unlink(name);
	return fd;
}

static bool write_all(int fd, const uint8_t *p, size_t len, off_t at)
{
	while (len > 0) {
		const ssize_t w = pwrite(fd, p, len, at);
		if (w <= 0)
			return false;
		p += w;
		len -= (size_t)w;
		at += w;
	}
	return true;
}

/* The file as laid out: only the extents written (sparse), or every byte. */
static int make_file(const struct layout *l, bool sparse)
{
	const int fd = temp_file();
	if (fd < 0)
		return -1;
	bool ok = ftruncate(fd, (off_t)l->size) == 0;
	if (sparse) {
		for (size_t i = 0; ok && i < 4 && l->ext[i].len; i++)
			ok = write_all(fd, content + l->ext[i].at, l->ext[i].len,
				       (off_t)l->ext[i].at);
	} else {
		ok = ok && write_all(fd, content, l->size, 0);
	}
	if (ok && lseek(fd, (off_t)l->start, SEEK_SET) == (off_t)l->start)
		return fd;
	close(fd);
	return -1;
}

static bool has_holes(int fd, size_t size)
{
	struct stat st;
	return fstat(fd, &st) == 0 && (uint64_t)st.st_blocks * 512 < size;
}

static void check_layout(const struct layout *l, bool ahead)
{
	memset(content, 0, l->size);
	for (size_t i = 0; i < 4 && l->ext[i].len; i++)
		fill(content + l->ext[i].at, l->ext[i].len, 0x9e3779b97f4a7c15ULL + i);
	uint8_t want[32];
	sumac_digest_portable(SUMAC_SHA256, content + l->start, l->size - l->start, want);

	for (int sparse = 1; sparse >= 0; sparse--) {
		struct io_buffer buf;
		if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0) {
			tap_ok(false, "io_buffer_init");
			return;
		}
		buf.read_ahead = ahead;
		const int fd = make_file(l, sparse);
		if (fd < 0) {
			tap_ok(false, "%s: cannot make the file: %s", l->what, strerror(errno));
			io_buffer_free(&buf);
			continue;
		}
		const bool holes = sparse && has_holes(fd, l->size) && sparse_map_trusted(fd);
		struct sumac_ctx ctx;
		uint8_t got[32];
		int err = sumac_init(&ctx, SUMAC_SHA256, sumac_portable_impl(SUMAC_FAMILY_SHA256));
		if (!err)
			err = io_hash_fd(fd, &ctx, &buf);
		if (!err)
			err = sumac_final(&ctx, got);
		tap_ok(err == 0 && memcmp(want, got, sizeof want) == 0, "%s, %s, read ahead %s",
		       l->what, sparse ? "sparse" : "dense", ahead ? "on" : "off");
		if (sparse && !holes)
			printf("ok %d - %s: holes skipped # SKIP the file system made no holes, or "
			       "sumac does not trust its map\n",
			       ++tap_count, l->what);
		else if (sparse)
			tap_ok(buf.hole_bytes > 0 && buf.hole_bytes <= l->size - l->start,
			       "%s: %llu bytes of holes hashed unread", l->what,
			       (unsigned long long)buf.hole_bytes);
		else
			tap_ok(buf.hole_bytes == 0, "%s, dense: nothing taken for a hole", l->what);
		if (sparse && holes && l->ext[0].len == 0)
			tap_ok(buf.hole_bytes == l->size - l->start, "%s: every byte was a hole",
			       l->what);
		if (ahead && l->size > IO_READ_AHEAD_AFTER + 4 * MiB)
			tap_ok(buf.ahead != NULL, "%s, %s: the read-ahead thread ran", l->what,
			       sparse ? "sparse" : "dense");
		close(fd);
		io_buffer_free(&buf);
	}
}

/* The map is asked only where it is trusted: never on a file system that
 * is not on the list (procfs stands for all of those here). */
static void test_trust(void)
{
	const int fd = open("/proc/self/status", O_RDONLY);
	if (fd < 0) {
		printf("ok %d - procfs: map not trusted # SKIP no /proc\n", ++tap_count);
		return;
	}
	tap_ok(!sparse_map_trusted(fd), "procfs: map not trusted");
	close(fd);
}

int main(void)
{
	test_trust();
	size_t max = 0;
	for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
		if (layouts[i].size > max)
			max = layouts[i].size;
	content = malloc(max);
	if (!content)
		return 99;
	for (int ahead = 0; ahead <= 1; ahead++)
		for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
			check_layout(&layouts[i], ahead);
	free(content);
	return tap_done();
}
