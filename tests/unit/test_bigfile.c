/* SPDX-License-Identifier: MIT */
/* A named file of 2^32 + 1 bytes through io_hash_path: the 32-bit failure
 * modes are open() and fstat() refusing it (EOVERFLOW, "Value too large for
 * defined data type") without large-file support, and offsets or lengths
 * held in 32 bits (off_t, size_t, long) wrapping past 2 GiB or 4 GiB.  The
 * file is sparse with data across 2^31 and across 2^32, up to the last
 * byte; a recording backend checks that every byte arrives, in order, at
 * its offset.  A recorder rather than a real digest keeps the test fast
 * under emulation, where hashing 4 GiB takes minutes (tests/cli/
 * largefile.bats checks the real digests); the holes cost nothing to read
 * (io/sparse.c), only the recorder's scan of the zeros. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "io/io.h"
#include "tap.h"

#define SIZE ((1ULL << 32) + 1)

struct marker {
	uint64_t at;
	const char *bytes;
};

/* Across 2^31 (a signed 32-bit offset's end); across 2^32, to the last byte. */
static const struct marker markers[] = {
	{(1ULL << 31) - 2, "across-2^31"},
	{SIZE - 11, "across-2^32"},
};
#define NMARKERS (sizeof markers / sizeof markers[0])

struct recorder {
	uint64_t pos;   /* bytes received */
	uint64_t wrong; /* bytes that were not the file's */
	unsigned seen;  /* markers found whole at their offsets */
};

static int rec_init(void *ctx, enum sumac_algo algo)
{
	(void)algo;
	memset(ctx, 0, sizeof(struct recorder));
	return 0;
}

/* p[0..n) all zero.  Words ORed together, not memcmp: under qemu-s390x
 * memcmp's CLC is emulated a byte at a time, and 4 GiB took minutes. */
static bool all_zero(const uint8_t *p, size_t n)
{
	uint64_t acc = 0;
	for (; n >= 32; n -= 32, p += 32) {
		uint64_t w[4];
		memcpy(w, p, sizeof w);
		acc |= w[0] | w[1] | w[2] | w[3];
	}
	while (n-- > 0)
		acc |= *p++;
	return acc == 0;
}

static int rec_update(void *ctx, const uint8_t *data, size_t len)
{
	struct recorder *r = ctx;
	const uint64_t from = r->pos, to = r->pos + len;
	uint64_t zeros_from = from;

	for (size_t i = 0; i < NMARKERS; i++) {
		const uint64_t m = markers[i].at, mlen = strlen(markers[i].bytes);
		if (m + mlen <= from || m >= to)
			continue;
		const uint64_t a = m > from ? m : from, b = m + mlen < to ? m + mlen : to;
		if (a > zeros_from &&
		    !all_zero(data + (zeros_from - from), (size_t)(a - zeros_from)))
			r->wrong++;
		if (memcmp(data + (a - from), markers[i].bytes + (a - m), (size_t)(b - a)) != 0)
			r->wrong++;
		if (b == m + mlen)
			r->seen++;
		zeros_from = b;
	}
	if (!all_zero(data + (zeros_from - from), (size_t)(to - zeros_from)))
		r->wrong++;
	r->pos = to;
	return 0;
}

static int rec_final(void *ctx, uint8_t *out)
{
	(void)ctx;
	memset(out, 0, 16);
	return 0;
}

static const struct sumac_stream_ops rec_ops = {NULL, rec_init, rec_update, rec_final, NULL};
static const struct sumac_impl rec_impl = {.driver = "md5-recorder",
					   .backend = "recorder",
					   .family = SUMAC_FAMILY_MD5,
					   .algos = SUMAC_ALGO_BIT(SUMAC_MD5),
					   .stream = &rec_ops};

static bool make_file(const char *name)
{
	const int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return false;
	bool ok = ftruncate(fd, (off_t)SIZE) == 0;
	for (size_t i = 0; ok && i < NMARKERS; i++) {
		const size_t n = strlen(markers[i].bytes);
		ok = pwrite(fd, markers[i].bytes, n, (off_t)markers[i].at) == (ssize_t)n;
	}
	return close(fd) == 0 && ok;
}

int main(void)
{
	tap_ok(sizeof(off_t) == 8, "off_t has 64 bits (sizeof %zu)", sizeof(off_t));

	const char *dir = getenv("TMPDIR");
	char name[4096];
	snprintf(name, sizeof name, "%s/sumac-test-bigfile.%ld", dir && *dir ? dir : "/tmp",
		 (long)getpid());
	if (!make_file(name)) {
		tap_ok(false, "a sparse file of 2^32 + 1 bytes in %s: %s", name, strerror(errno));
		unlink(name);
		return tap_done();
	}

	for (int ahead = 0; ahead <= 1; ahead++) {
		struct io_buffer buf;
		if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0)
			return 99;
		buf.read_ahead = ahead;
		struct sumac_ctx ctx;
		if (sumac_init(&ctx, SUMAC_MD5, &rec_impl) != 0)
			return 99;
		const int err = io_hash_path(name, &ctx, &buf);
		const struct recorder *r = (const struct recorder *)ctx.stream_ctx.bytes;
		tap_ok(err == 0, "io_hash_path opens and reads it (read ahead %s): %s",
		       ahead ? "on" : "off", err ? strerror(err) : "no error");
		tap_ok(r->pos == SIZE, "all 2^32 + 1 bytes arrived (%llu)",
		       (unsigned long long)r->pos);
		tap_ok(r->wrong == 0 && r->seen == NMARKERS,
		       "every byte at its offset: %u of %u markers whole, %llu wrong pieces",
		       r->seen, (unsigned)NMARKERS, (unsigned long long)r->wrong);
		uint8_t out[16];
		if (sumac_final(&ctx, out) != 0)
			return 99;
		io_buffer_free(&buf);
	}
	unlink(name);
	return tap_done();
}
