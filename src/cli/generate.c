/* SPDX-License-Identifier: MIT */
/* Generation mode. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check/base64.h"
#include "cli/collision.h"
#include "cli/level.h"
#include "cli/nls.h"
#include "hash/cpu.h"
#include "io/walk.h"

#include "cli/generate.h"
#include "cli/out.h"

static bool stdin_read;

void note_stdin_read(void)
{
	stdin_read = true;
}

bool stdin_was_read(void)
{
	return stdin_read;
}

/* The digest as cksum writes it: hex, or base64 with --base64. */
static void put_digest(const struct sumac_opts *o, const unsigned char *digest, unsigned dlen)
{
	if (o->base64) {
		char text[base64_len(SUMAC_MAX_DIGEST) + 1];
		base64_encode(digest, dlen, text);
		out_put_str(text);
	} else {
		out_put_hex(digest, dlen);
	}
}

/* cksum's lines of the checksums older than digests: the digest (2 or 4
 * bytes, big-endian) in decimal, the size (in bytes, or in blocks), and
 * the name only when names were given, never escaped. */
static void print_legacy_line(const struct sumac_opts *o, const struct run_job *j, bool named)
{
	const unsigned char *d = j->digest;
	const uint64_t bytes = j->bytes;
	char line[64];

	switch (o->ck->format) {
	case CKSUM_CRC:
		snprintf(line, sizeof line, "%" PRIu32 " %" PRIu64,
			 (uint32_t)d[0] << 24 | (uint32_t)d[1] << 16 | (uint32_t)d[2] << 8 | d[3],
			 bytes);
		break;
	case CKSUM_SYSV:
		snprintf(line, sizeof line, "%u %" PRIu64, (unsigned)(d[0] << 8 | d[1]),
			 bytes / 512 + (bytes % 512 != 0));
		break;
	case CKSUM_BSD:
	default:
		snprintf(line, sizeof line, "%05u %5" PRIu64, (unsigned)(d[0] << 8 | d[1]),
			 bytes / 1024 + (bytes % 1024 != 0));
		break;
	}
	out_put_str(line);
	if (named) {
		out_put_char(' ');
		out_put_str(j->name);
	}
	out_end_line(o->delim);
}

static void print_line(const struct sumac_opts *o, enum sumac_algo algo, const char *name,
		       const unsigned char *digest)
{
	const struct sumac_algo_info *ai = sumac_algo_info(algo);
	const unsigned dlen = o->digest_len ? o->digest_len : ai->digest_len;
	/* With -z a line cannot be split by the name, so nothing is escaped. */
	const bool escape = o->delim == '\n' && out_name_needs_escape(name);

	if (escape)
		out_put_char('\\');
	if (o->tag) {
		/* A length other than the algorithm's own is part of the tag:
		 * "BLAKE2b-256 (f) = ...". */
		char tag[32];
		if (dlen != ai->digest_len)
			snprintf(tag, sizeof tag, "%s-%u", ai->tag, 8 * dlen);
		out_put_str(dlen != ai->digest_len ? tag : ai->tag);
		out_put_str(" (");
	} else {
		put_digest(o, digest, dlen);
		out_put_char(' ');
		out_put_char(o->binary == 1 ? '*' : ' ');
	}
	if (escape)
		out_put_escaped(name);
	else
		out_put_str(name);
	if (o->tag) {
		out_put_str(") = ");
		put_digest(o, digest, dlen);
	}
	out_end_line(o->delim);
}

/* cksum --debug: GNU's words for the CRC path, once, before the first
 * sum.  GNU 9.6+ tries AVX-512, AVX2, then PCLMUL for crc, and PCLMUL
 * alone before 9.6 and for crc32b (gnulib's one path); on arm64, PMULL
 * ("vmull") for crc from 9.6 and nothing for crc32b.  The words follow
 * the row that computes the sums, so that they say what ran whatever
 * moved the choice: the CPU, SUMAC_CPU, glibc.cpu.hwcaps (hash/hwcaps.h,
 * cksum 9.8+), a forced backend. */
static void cksum_debug(const struct sumac_opts *o, const struct sumac_impl *impl)
{
	const char *b = impl ? impl->backend : "";

	(void)b;
#if defined(__x86_64__) || defined(__i386__)
	const bool zmm = strcmp(b, "x86-avx512") == 0;
	const bool ymm = strcmp(b, "x86-vpclmul") == 0;
	const bool xmm = strcmp(b, "x86-pclmul") == 0;
	if (o->level >= GNU_9_6 && strcmp(o->ck->name, "crc") == 0) {
		if (zmm) {
			out_error(0, "%s", gnu_("using avx512 hardware support"));
			return;
		}
		out_error(0, "%s", gnu_("avx512 support not detected"));
		if (ymm) {
			out_error(0, "%s", gnu_("using avx2 hardware support"));
			return;
		}
		out_error(0, "%s", gnu_("avx2 support not detected"));
	}
	out_error(0, "%s",
		  zmm || ymm || xmm ? gnu_("using pclmul hardware support")
				    : gnu_("pclmul support not detected"));
#elif defined(__aarch64__)
	if (o->level >= GNU_9_6 && strcmp(o->ck->name, "crc") == 0)
		out_error(0, "%s",
			  strcmp(b, "armv8") == 0 ? gnu_("using vmull hardware support")
						  : gnu_("vmull support not detected"));
#else
	(void)o;
#endif
}

/* What a job found by -r carries: its path, as the walk's buffer is
 * reused, and whether it is a special file, to be reported, not read.
 * Kept per slot, so a job names it only when j->name points into it. */
struct walked {
	bool special;
	char name[];
};

static bool is_special(const struct run_job *j)
{
	const struct walked *w = j->payload;
	return w && j->name == w->name && w->special;
}

/* Reports the oldest job; false if it failed.  named: the names came
 * from operands (cksum's legacy lines show no name for stdin alone). */
static bool report_oldest(const struct sumac_opts *o, struct run_queue *q, bool named,
			  bool *debug_told)
{
	struct run_job *j = run_oldest(q);
	/* GNU 9.0-9.3 lost the read errors of cksum's CRC (fixed in 9.4): a
	 * directory then sums as an empty file, and the run succeeds. */
	if (j->err == EISDIR && o->cksum && o->level < GNU_9_4 && strcmp(o->ck->name, "crc") == 0 &&
	    sumac_digest(j->algo, j->impl, "", 0, j->digest) == 0) {
		j->err = 0;
		j->bytes = 0;
	}
	bool ok = j->err == 0;
	const unsigned dlen = o->digest_len ? o->digest_len : sumac_algo_info(o->algo)->digest_len;

	if (is_special(j)) {
		out_error(0, "%s: not a regular file", out_quotef(j->name));
		ok = false;
	} else if (!ok) {
		out_error(j->err, "%s", out_quotef(j->name));
	} else {
		if (o->cksum_debug && o->ck->format == CKSUM_CRC && !*debug_told) {
			cksum_debug(o, j->impl);
			*debug_told = true;
		}
		if (o->raw)
			out_put_bytes(j->digest, dlen);
		else if (o->cksum && o->ck->format != CKSUM_DIGEST)
			print_legacy_line(o, j, named);
		else if (o->nalgos > 1)
			for (unsigned i = 0; i < o->nalgos; i++)
				print_line(o, o->algos[i], j->name, j->digests[i]);
		else
			print_line(o, o->algo, j->name, j->digest);
		/* The line is the real SHA-1, as GNU would print it; what
		 * is wrong with the file is said beside it, on stderr. */
		if (j->collision) {
			collision_tell(j->name);
			if (o->debug || o->cksum_debug)
				collision_tell_debug(j->name, &j->hit);
			if (o->collisions == COLLISION_FAIL)
				ok = false;
		}
	}
	run_done(q);
	return ok;
}

/* One generation run: what queuing a job needs. */
struct gen_run {
	const struct sumac_opts *o;
	struct run_queue *q;
	const struct sumac_impl *impl;
	const struct run_algo_list *multi; /* -a LIST, or NULL */
	bool named, debug_told, ok;
};

/* A free slot, reporting the oldest jobs until there is one; NULL when a
 * list of algorithms finds no memory for the slot's digests. */
static struct run_job *next_slot(struct gen_run *g)
{
	struct run_job *j;
	while (!(j = run_slot(g->q)))
		g->ok &= report_oldest(g->o, g->q, g->named, &g->debug_told);
	if (g->o->nalgos > 1 && !j->digests &&
	    !(j->digests = malloc(g->o->nalgos * sizeof *j->digests)))
		return NULL;
	return j;
}

/* Every queued job reported, then "memory exhausted": false. */
static bool out_of_memory(struct gen_run *g)
{
	while (run_pending(g->q))
		g->ok &= report_oldest(g->o, g->q, g->named, &g->debug_told);
	out_error(0, "%s", gnulib_("memory exhausted"));
	return false;
}

static void submit(struct gen_run *g, struct run_job *j, const char *name, bool compute)
{
	j->name = name;
	j->algos = g->multi;
	j->algo = g->o->algo;
	j->digest_len = g->o->digest_len;
	j->impl = g->impl;
	j->detect_sha1 = g->o->collisions != COLLISION_IGNORE;
	j->compute = compute;
	run_submit(g->q);
}

/* -r: each entry of the walk becomes a job in walk order; a special file
 * or an error is one that computes nothing, reported in its turn, so
 * that -j N keeps the serial order of every line and message. */
static int queue_walked(void *ctx, const struct io_walk_entry *e)
{
	struct gen_run *g = ctx;
	struct run_job *j = next_slot(g);
	const size_t len = strlen(e->path);
	const size_t need = sizeof(struct walked) + len + 1;

	if (!j)
		return ENOMEM;
	if (j->payload_size < need) {
		void *p = realloc(j->payload, need);
		if (!p)
			return ENOMEM;
		j->payload = p;
		j->payload_size = need;
	}
	struct walked *w = j->payload;
	w->special = e->kind == IO_WALK_SPECIAL;
	memcpy(w->name, e->path, len + 1);
	j->err = e->kind == IO_WALK_ERROR ? e->err : 0;
	submit(g, j, w->name, e->kind == IO_WALK_FILE);
	return 0;
}

/* An operand of -r that names a directory (following a link, as an
 * operand is always followed). */
static bool is_directory(const char *name)
{
	struct stat st;
	return strcmp(name, "-") != 0 && stat(name, &st) == 0 && S_ISDIR(st.st_mode);
}

bool generate_run(const struct sumac_opts *o, struct backend_choice *bc, struct run_queue *q,
		  struct run_algo_list *multi, char *const *names, int count)
{
	static char *const stdin_only[] = {"-"};
	struct backend_report choice;

	/* Before any job: what the choice has to say comes first, for each
	 * algorithm of a list in its order. */
	backend_resolve(bc, o->algo, &choice);
	struct gen_run g = {
		.o = o, .q = q, .impl = backend_tell(bc, &choice), .multi = multi, .ok = true};
	if (!g.impl)
		return false;
	if (multi) {
		multi->algo[0] = o->algo;
		multi->impl[0] = g.impl;
		for (unsigned i = 1; i < multi->n; i++) {
			backend_resolve(bc, o->algos[i], &choice);
			multi->algo[i] = o->algos[i];
			multi->impl[i] = backend_tell(bc, &choice);
			if (!multi->impl[i])
				return false;
		}
	}
	g.named = count > 0;
	if (count == 0) {
		names = stdin_only;
		count = 1;
	}
	for (int i = 0; i < count; i++) {
		if (o->recursive && is_directory(names[i])) {
			if (io_walk(names[i], o->dereference, queue_walked, &g) != 0)
				return out_of_memory(&g);
			continue;
		}
		struct run_job *j = next_slot(&g);
		if (!j)
			return out_of_memory(&g);
		submit(&g, j, names[i], true);
	}
	while (run_pending(q))
		g.ok &= report_oldest(o, q, g.named, &g.debug_told);
	return g.ok;
}
