/* SPDX-License-Identifier: MIT */
/* --check: messages, their order and the counters of coreutils 9.1.
 * Parsing is in src/check/parse.c, the verdict on a line in
 * src/check/verdict.c.  Lines are parsed here, in order; the files they
 * name are hashed through the pipeline (in parallel under -j) and reported
 * back in line order. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/parse.h"
#include "check/verdict.h"
#include "check/verify.h"
#include "cli/check.h"
#include "cli/cksum.h"
#include "cli/collision.h"
#include "cli/generate.h"
#include "cli/hint.h"
#include "cli/reuse.h"
#include "cli/unlisted.h"
#include "cli/level.h"
#include "run/pipeline.h"
#include "cli/nls.h"
#include "cli/out.h"
#include "io/io.h"
#include "io/lines.h"

/* A status line: NAME: RESULT, the name shown as the level's release
 * showed it (GNU-EVOLUTION.md §1.12). */
static void print_status(unsigned level, const char *name, const char *result)
{
	if (level >= GNU_9_11) {
		/* Shell quoting, as in diagnostics: a name cannot forge a
		 * line or send the terminal an escape sequence. */
		out_put_str(out_quotef(name));
	} else if (level >= GNU_9_4 ? out_name_needs_escape(name) : strchr(name, '\n') != NULL) {
		/* 9.1 escapes a name only when it holds a newline; 9.4 when
		 * it holds \, LF or CR, as generation does. */
		out_put_char('\\');
		out_put_escaped(name);
	} else {
		out_put_str(name);
	}
	out_put_str(": ");
	out_put_str(result);
	out_end_line('\n');
}

static void print_summary(const char *list, const struct check_counts *c, bool ignore_missing)
{
	/* Named by their 9.1 ids (PRIuMAX counts); nls.c has the level's. */
	if (c->malformed)
		out_error(0,
			  P_("WARNING: %" PRIuMAX " line is improperly formatted",
			     "WARNING: %" PRIuMAX " lines are improperly formatted",
			     nls_plural(c->malformed)),
			  c->malformed);
	if (c->unreadable)
		out_error(0,
			  P_("WARNING: %" PRIuMAX " listed file could not be read",
			     "WARNING: %" PRIuMAX " listed files could not be read",
			     nls_plural(c->unreadable)),
			  c->unreadable);
	if (c->mismatched)
		out_error(0,
			  P_("WARNING: %" PRIuMAX " computed checksum did NOT match",
			     "WARNING: %" PRIuMAX " computed checksums did NOT match",
			     nls_plural(c->mismatched)),
			  c->mismatched);
	/* sumac's own, after GNU's: the files whose match proves nothing
	 * (both twins of a collision match), failed or only warned of. */
	if (c->collided)
		out_error(0,
			  P_("WARNING: %" PRIuMAX " file appears to be part of a SHA-1 collision "
			     "attack",
			     "WARNING: %" PRIuMAX " files appear to be part of a SHA-1 collision "
			     "attack",
			     nls_plural(c->collided)),
			  c->collided);
	if (ignore_missing && c->matched == 0)
		out_error(0, gnu_("%s: no file was verified"), out_quotef(list));
}

/* --summary: one line on stderr, after everything else, that a script
 * can split on ", " whatever the counts (the words never take a plural
 * and are never translated).  stderr, because stdout carries a status
 * line per file, and --status, which silences it, is where a script
 * wants the counts most. */
static void print_totals(const struct check_summary *s)
{
	out_error(0,
		  "summary: %" PRIuMAX " verified, %" PRIuMAX " failed, %" PRIuMAX
		  " unreadable, %" PRIuMAX " missing, %" PRIuMAX " improperly formatted, %" PRIuMAX
		  " part of a SHA-1 collision attack",
		  s->verified, s->failed, s->unreadable, s->missing, s->malformed, s->collided);
}

/* What a queued line carries to its report: the line number for a
 * malformed line; the expected digest and the name for a valid one (the
 * line buffer is reused while the file is hashed). */
struct line_item {
	bool malformed;
	const char *word;    /* cksum: the algorithm GNU names for a malformed line */
	unsigned digest_len; /* bytes of the listed digest */
	uintmax_t lineno;
	/* Several lists: the file's one read (reuse.h) and this line's row in
	 * it; first: this line's job is that read. */
	struct reuse_entry *reuse;
	int row;
	bool first;
	char text[]; /* hex digits, NUL, name, NUL */
};

struct list_run {
	const struct sumac_opts *o;
	struct backend_choice *bc;
	struct run_queue *q;
	struct check_parser *parser;
	const char *tag_word; /* "SHA256" in "improperly formatted SHA256 checksum line" */
	const char *shown;    /* the list's name in messages */
	struct check_policy policy;
	struct check_counts counts;
	struct check_summary total; /* --summary: every list so far */
	/* sumac without -a: the list's first mismatch, for a hint if no
	 * digest of the list matches and none of its lines is tagged. */
	bool hints;
	bool any_tagged;
	char *fail_name;
	char fail_hex[2 * SUMAC_MAX_DIGEST + 1];
	enum sumac_algo fail_algo;
	unsigned fail_len;
	/* The status words, translated once: glibc looks for a catalogue
	 * (and allocates) on every dgettext() call in some locales. */
	const char *ok_word, *failed_word, *unreadable_word;
	struct name_set *listed; /* --unlisted: every name the lines give */
	struct reuse_plan *plan; /* several lists: files read once for all; or NULL */
};

static void note_first_failure(struct list_run *r, const struct run_job *j,
			       const struct line_item *item)
{
	r->fail_name = strdup(j->name);
	memcpy(r->fail_hex, item->text, 2 * (size_t)item->digest_len + 1);
	r->fail_algo = j->algo;
	r->fail_len = item->digest_len;
}

/* After a list: the hint, if every digest that could be compared failed
 * and the list gave no tag to say which algorithm it is. */
static void hint_after_list(struct list_run *r)
{
	if (r->fail_name && !r->any_tagged && r->counts.matched + r->counts.collided == 0 &&
	    strcmp(r->fail_name, "-") != 0)
		hint_other_algorithm(r->shown, r->fail_name, r->fail_hex, r->fail_algo,
				     r->fail_len);
}

/* A line of a file read once for several: its error and digest, from
 * its own job (the read) or from the entry that the read filled; the
 * entry lets go of them once the line is reported (reuse_release). */
static void reused_result(const struct run_job *j, const struct line_item *item,
			  struct check_outcome *res)
{
	struct reuse_entry *e = item->reuse;

	if (item->first) {
		e->state = REUSE_FILLED;
		e->err = j->err;
		/* Only the SHA-1 row can be flagged; every line of the file
		 * learns it from here (report_line looks at its algorithm). */
		e->collision = j->collision;
		e->hit = j->hit;
		if (!j->err && e->left + e->pending > 1) {
			e->digests = malloc(e->algos->n * sizeof *e->digests);
			if (e->digests)
				memcpy(e->digests, j->digests, e->algos->n * sizeof *e->digests);
			else
				e->err = ENOMEM;
		}
		res->err = j->err;
		res->digest = j->digests[item->row];
	} else {
		res->err = e->err;
		res->digest = e->err ? NULL : e->digests[item->row];
	}
}

static void report_line(struct list_run *r, const struct run_job *j)
{
	const struct line_item *item = j->payload;
	const bool status_only = r->o->verbosity == VERBOSITY_STATUS;
	struct check_outcome res = {.err = j->err, .digest = j->digest, .expected = item->text};
	const struct sumac_sha1dc_hit *hit = &j->hit;

	res.collision = j->collision;
	if (!item->malformed && item->reuse) {
		reused_result(j, item, &res);
		/* The file's one read flagged its SHA-1: this line's
		 * algorithm may be another. */
		res.collision =
			item->reuse->collision && item->reuse->algos->algo[item->row] == SUMAC_SHA1;
		hit = &item->reuse->hit;
	}

	if (!item->malformed)
		res.digest_len = item->digest_len;
	switch (check_classify(item->malformed ? CHECK_LINE_MALFORMED : CHECK_LINE_VALID, &res,
			       &r->policy, &r->counts)) {
	case CHECK_MALFORMED:
		if (r->o->verbosity == VERBOSITY_WARN && item->word)
			out_error(0,
				  gnu_("%s: %" PRIuMAX ": improperly formatted %s checksum line"),
				  out_quotef(r->shown), item->lineno, item->word);
		else if (r->o->verbosity == VERBOSITY_WARN)
			out_error(0, "%s: %" PRIuMAX ": improperly formatted checksum line",
				  out_quotef(r->shown), item->lineno);
		break;
	case CHECK_MISSING_IGNORED:
		break;
	case CHECK_UNREADABLE:
		/* GNU reports the error itself even with --status. */
		out_error(res.err, "%s", out_quotef(j->name));
		if (!status_only)
			print_status(r->o->level, j->name, r->unreadable_word);
		break;
	case CHECK_OK:
		if (!status_only && r->o->verbosity != VERBOSITY_QUIET)
			print_status(r->o->level, j->name, r->ok_word);
		break;
	case CHECK_COLLISION:
		/* GNU's "FAILED open or read" pattern: grep ': FAILED' still
		 * finds it, and --quiet still shows it. */
		if (!status_only)
			print_status(r->o->level, j->name, "FAILED SHA-1 collision attack");
		if (r->o->debug || r->o->cksum_debug)
			collision_tell_debug(j->name, hit);
		break;
	case CHECK_OK_COLLISION:
		/* warn: GNU's OK, and the warning, which only stderr carries
		 * (so --status keeps it: the exit status does not tell). */
		if (!status_only && r->o->verbosity != VERBOSITY_QUIET)
			print_status(r->o->level, j->name, r->ok_word);
		collision_tell(j->name);
		if (r->o->debug || r->o->cksum_debug)
			collision_tell_debug(j->name, hit);
		break;
	case CHECK_MISMATCH:
		if (!status_only)
			print_status(r->o->level, j->name, r->failed_word);
		if (r->hints && !r->fail_name)
			note_first_failure(r, j, item);
		break;
	}
	if (!item->malformed && item->reuse) {
		item->reuse->pending--;
		reuse_release(item->reuse);
	}
}

static void report_oldest(struct list_run *r)
{
	report_line(r, run_oldest(r->q));
	run_done(r->q);
}

static void drain(struct list_run *r)
{
	while (run_pending(r->q))
		report_oldest(r);
}

/* A free job slot whose payload can hold extra bytes of text, or NULL when
 * memory is exhausted. */
static struct run_job *take_slot(struct list_run *r, size_t extra)
{
	struct run_job *j;
	while (!(j = run_slot(r->q)))
		report_oldest(r);
	const size_t need = sizeof(struct line_item) + extra;
	if (j->payload_size < need) {
		void *p = realloc(j->payload, need);
		if (!p)
			return NULL;
		j->payload = p;
		j->payload_size = need;
	}
	return j;
}

/* Whether a line's tag sets the algorithm cksum's -w names: any tag
 * without -a, one of the family's with -a sha2 or sha3, none otherwise. */
static bool tag_names_algorithm(const struct sumac_opts *o, const struct check_line *line)
{
	if (!line->tag_family && line->tag_algo < 0)
		return false;
	if (!o->algo_given)
		return true;
	if (!o->ck->sized)
		return false;
	return line->tag_family ? line->tag_family == o->ck->name[3]
				: cksum_algo_has(o->ck, (enum sumac_algo)line->tag_algo);
}

/* The implementation of algo; NULL after the error is told.  What
 * choosing a backend has to say (--debug, or an error) comes after every
 * earlier line is reported, as in a serial run: the first choice for an
 * algorithm is made once they are. */
static const struct sumac_impl *choose(struct list_run *r, enum sumac_algo algo)
{
	struct backend_report choice;
	if (!r->bc->chosen[algo])
		drain(r);
	backend_resolve(r->bc, algo, &choice);
	return backend_tell(r->bc, &choice);
}

/* A line's part in a file read once for several (reuse.h). */
struct line_reuse {
	struct reuse_entry *entry; /* NULL: the line's file is read for it alone */
	int row;
	bool first;
};

/* Several lists: whether the file of a valid line is read once for all
 * its lines, and if so this line's part in it.  The first line of such a
 * file makes the read, for every algorithm of its lines, the backends of
 * all of them chosen now.  False when the run must stop (no
 * implementation, no memory), the error told. */
static bool plan_line(struct list_run *r, const struct check_line *line, struct line_reuse *lr)
{
	struct reuse_entry *e =
		r->plan ? reuse_plan_find(r->plan, line->name, line->name_len) : NULL;
	struct stat st;

	lr->entry = NULL;
	lr->first = false;
	/* Lines of another length (BLAKE2b-256) are read on their own. */
	if (!e || e->state == REUSE_OFF || !(e->mask & SUMAC_ALGO_BIT(line->algo)) ||
	    line->digest_len != sumac_algo_info(line->algo)->digest_len || e->left == 0)
		return true;
	if (e->state == REUSE_PLANNED) {
		/* Only what reads the same twice: a regular file. */
		if (stat(e->name, &st) != 0 || !S_ISREG(st.st_mode)) {
			e->state = REUSE_OFF;
			return true;
		}
		e->algos = calloc(1, sizeof *e->algos);
		if (!e->algos) {
			drain(r);
			out_error(0, "%s", gnulib_("memory exhausted"));
			return false;
		}
		for (int a = 0; a < SUMAC_NALGO; a++) {
			if (!(e->mask & SUMAC_ALGO_BIT(a)))
				continue;
			const struct sumac_impl *impl = choose(r, (enum sumac_algo)a);
			if (!impl)
				return false;
			e->algos->algo[e->algos->n] = (enum sumac_algo)a;
			e->algos->impl[e->algos->n++] = impl;
		}
		e->state = REUSE_ISSUED;
		lr->first = true;
	}
	e->left--;
	e->pending++;
	lr->entry = e;
	lr->row = reuse_row(e, line->algo);
	return true;
}

/* Queues one parsed line.  Returns false when the run must stop: no
 * implementation for the line's algorithm, or no memory. */
static bool queue_line(struct list_run *r, enum check_line_kind kind, const struct check_line *line,
		       uintmax_t lineno)
{
	const struct sumac_impl *impl = NULL;
	struct line_reuse lr = {NULL, 0, false};

	if (kind == CHECK_LINE_VALID) {
		r->any_tagged |= line->tagged;
		impl = choose(r, line->algo);
		if (!impl || !plan_line(r, line, &lr))
			return false;
	}
	const size_t hexlen = kind == CHECK_LINE_VALID ? 2 * (size_t)line->digest_len : 0;
	const size_t namelen = kind == CHECK_LINE_VALID ? line->name_len : 0;
	struct run_job *j = take_slot(r, hexlen + namelen + 2);
	if (!j || (r->listed && kind == CHECK_LINE_VALID &&
		   name_set_add(r->listed, line->name, line->name_len) != 0)) {
		drain(r);
		out_error(0, "%s", gnulib_("memory exhausted"));
		return false;
	}
	struct line_item *item = j->payload;
	item->malformed = kind == CHECK_LINE_MALFORMED;
	/* cksum without -a names the algorithm of the last good line (CRC
	 * before any), as GNU's detection leaves it. */
	if (r->o->cksum && tag_names_algorithm(r->o, line)) {
		const struct cksum_algo *ca =
			line->tag_algo >= 0
				? cksum_algo_of((enum sumac_algo)line->tag_algo, r->o->level)
				: NULL;
		r->tag_word = line->tag_family == '2'   ? "SHA2"
			      : line->tag_family == '3' ? "SHA3"
			      : ca                      ? ca->word
							: r->tag_word;
	}
	item->word = r->tag_word;
	item->lineno = lineno;
	item->digest_len = kind == CHECK_LINE_VALID ? line->digest_len : 0;
	item->reuse = lr.entry;
	item->row = lr.row;
	item->first = lr.first;
	j->compute = kind == CHECK_LINE_VALID;
	j->algos = NULL;
	j->detect_sha1 = r->o->collisions != COLLISION_IGNORE;
	if (lr.first) {
		if (!j->digests && !(j->digests = malloc(SUMAC_NALGO * sizeof *j->digests))) {
			drain(r);
			out_error(0, "%s", gnulib_("memory exhausted"));
			return false;
		}
		j->algos = item->reuse->algos;
	}
	if (j->compute) {
		memcpy(item->text, line->hex, hexlen);
		item->text[hexlen] = '\0';
		char *name = item->text + hexlen + 1;
		memcpy(name, line->name, namelen);
		name[namelen] = '\0';
		j->name = name;
		j->algo = line->algo;
		j->digest_len = line->digest_len;
		j->impl = impl;
		/* A later line of a file read once: nothing to read. */
		j->compute = !item->reuse || item->first;
		j->err = 0;
	}
	/* A list and a file it names may be one stream (a list on a pipe
	 * naming /dev/stdin): the file takes what a serial run leaves it. */
	if (run_submit(r->q))
		drain(r);
	return true;
}

/* True if the list can keep us waiting: a pipe, a terminal, a socket. */
static bool list_may_wait(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode);
}

/* True if the list is the file standard output writes to
 * ("sha256sum -c SUMS >> SUMS"): GNU reads back the status lines it has
 * written when its stdio refills, so the order of reads and writes is
 * part of the output. */
static bool list_is_output(int fd)
{
	struct stat list, out;
	return fstat(fd, &list) == 0 && fstat(STDOUT_FILENO, &out) == 0 &&
	       list.st_dev == out.st_dev && list.st_ino == out.st_ino;
}

/* Before a read of such a list that would wait (nothing to read right
 * now; stdio may still hold some, which costs only an early flush): every
 * line read so far is reported and shown, as with GNU's line buffering,
 * so that `producer | sha256sum -c | consumer` sees each result while the
 * producer is busy. */
static void before_list_read(struct list_run *r, const struct io_lines *lines)
{
	struct pollfd p = {.fd = lines->fd, .events = POLLIN};
	if (!io_lines_ready(lines) && poll(&p, 1, 0) == 0) {
		drain(r);
		out_pause();
	}
}

/* Returns 1 if the list passed, 0 if not, -1 if the run must stop. */
static int check_list(struct list_run *r, const char *list)
{
	const bool is_stdin = strcmp(list, "-") == 0;
	/* Never on fd 0-2 unless it is stdin: a list must not become
	 * standard input or output. */
	const int fd = is_stdin ? STDIN_FILENO : io_open_safer(list, 0);

	r->shown = is_stdin ? gnu_("standard input") : list;
	memset(&r->counts, 0, sizeof r->counts);
	if (is_stdin)
		note_stdin_read();
	if (fd < 0) {
		/* Quoting may change errno (it decodes the name): read it first. */
		const int err = errno;
		out_error(err, "%s", out_quotef(r->shown));
		return 0;
	}

	struct io_lines lines;
	if (io_lines_init(&lines, fd) != 0) {
		if (!is_stdin)
			close(fd);
		out_error(0, "%s", gnulib_("memory exhausted"));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	uintmax_t lineno = 0;
	ssize_t len;
	int result = 1;
	const bool may_wait = list_may_wait(fd);
	const bool is_output = list_is_output(fd);
	for (;;) {
		if (may_wait)
			before_list_read(r, &lines);
		if (is_output) {
			/* As GNU: each line's result is written before the
			 * next line is read. */
			drain(r);
			out_flush();
		}
		if ((len = io_lines_next(&lines, &line, &cap)) <= 0)
			break;
		struct check_line parsed;
		lineno++;
		/* The reader leaves room for the NUL the parser writes. */
		enum check_line_kind kind =
			check_parse_line(r->parser, line, (size_t)len, is_stdin, &parsed);
		if (kind == CHECK_LINE_IGNORED)
			continue;
		if (!queue_line(r, kind, &parsed, lineno)) {
			result = -1;
			break;
		}
	}
	drain(r);
	if (result < 0)
		goto done;
	if (lines.err) {
		/* 9.1 words a failed read of the list without errno text. */
		out_error(0, gnu_("%s: read error"), out_quotef(r->shown));
		result = 0;
		goto done;
	}
	if (!r->counts.any_valid)
		out_error(0, gnu_("%s: no properly formatted checksum lines found"),
			  out_quotef(r->shown));
	else if (r->o->verbosity != VERBOSITY_STATUS)
		print_summary(r->shown, &r->counts, r->o->ignore_missing);
	hint_after_list(r);
	result = check_list_passed(&r->counts, &r->policy);
done:
	free(r->fail_name);
	r->fail_name = NULL;
	r->any_tagged = false;
	free(line);
	io_lines_free(&lines);
	if (!is_stdin)
		close(fd);
	return result;
}

/* cksum's reading of lists (GNU-EVOLUTION.md §2.4): without -a, tagged
 * lines of every digest algorithm of the level; with -a, that algorithm's
 * (a sized family's, with or without -l), untagged lines too. */
static void cksum_parser_init(const struct sumac_opts *o, struct check_parser *p)
{
	unsigned mask = 0;

	for (int a = 0; a < SUMAC_NALGO; a++) {
		const struct cksum_algo *ca = cksum_algo_of((enum sumac_algo)a, o->level);
		if (!ca || ca->format != CKSUM_DIGEST)
			continue;
		if (!o->algo_given || cksum_algo_has(o->ck, (enum sumac_algo)a))
			mask |= SUMAC_ALGO_BIT(a);
	}
	check_parser_init(p, mask, false, o->algo);
	p->tagged_only = !o->algo_given;
	p->untagged_family = o->algo_given && o->ck->sized ? mask : 0;
	p->base64 = o->level >= GNU_9_2;
	p->base64_any_width = o->level >= GNU_9_9;
	p->family_tags = o->level >= GNU_9_8 && (!o->algo_given || o->ck->sized);
	p->lenient_tags = o->level < GNU_9_9;
}

/* Several lists under the sumac name: reads the lists that can be read
 * twice (regular files, not standard input, not standard output's file)
 * once ahead, with a copy of the parser, and notes the name and algorithm
 * of each valid line, so that a file named more than once is read once
 * (reuse.h).  Anything that goes wrong here only means fewer files read
 * once: the lists themselves are checked, and their errors told, after. */
static struct reuse_plan *plan_lists(const struct check_parser *parser, char *const *lists,
				     int count)
{
	struct reuse_plan *plan = reuse_plan_create();
	struct check_parser p = *parser;
	char *line = NULL;
	size_t cap = 0;

	for (int i = 0; plan && i < count; i++) {
		struct stat st;
		if (strcmp(lists[i], "-") == 0)
			continue;
		const int fd = io_open_safer(lists[i], 0);
		if (fd < 0)
			continue;
		struct io_lines lines;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || list_is_output(fd) ||
		    io_lines_init(&lines, fd) != 0) {
			close(fd);
			continue;
		}
		ssize_t len;
		while ((len = io_lines_next(&lines, &line, &cap)) > 0) {
			struct check_line parsed;
			if (check_parse_line(&p, line, (size_t)len, false, &parsed) !=
				    CHECK_LINE_VALID ||
			    (parsed.name_len == 1 && parsed.name[0] == '-'))
				continue;
			if (reuse_plan_note(plan, parsed.name, parsed.name_len, parsed.algo) != 0) {
				reuse_plan_free(plan);
				plan = NULL;
				break;
			}
		}
		io_lines_free(&lines);
		close(fd);
	}
	free(line);
	return plan;
}

bool check_run(const struct sumac_opts *o, struct backend_choice *bc, struct run_queue *q,
	       char *const *lists, int count)
{
	static char *const stdin_only[] = {"-"};
	struct check_parser parser;
	struct list_run r;
	bool ok = true;

	memset(&r, 0, sizeof r);
	r.o = o;
	r.bc = bc;
	r.q = q;
	r.parser = &parser;
	r.policy.strict = o->strict;
	r.policy.ignore_missing = o->ignore_missing;
	r.policy.collisions_fail = o->collisions == COLLISION_FAIL;
	r.ok_word = gnu_("OK");
	r.failed_word = gnu_("FAILED");
	r.unreadable_word = gnu_("FAILED open or read");
	r.tag_word = sumac_algo_info(o->algo)->tag;
	if (o->cksum) {
		cksum_parser_init(o, &parser);
		r.tag_word = o->algo_given ? o->ck->word : cksum_default_algo()->word;
	} else if (o->gnu_name) {
		check_parser_init(&parser, SUMAC_ALGO_BIT(o->algo), false, o->algo);
	} else {
		/* sumac reads tagged lines of every algorithm; untagged ones
		 * are -a's algorithm, or told apart by their length. */
		check_parser_init(&parser, (1u << SUMAC_NALGO) - 1, !o->algo_given, o->algo);
		parser.foreign_tags = true;
		/* What sumac --base64 writes, read as cksum reads it: exact
		 * padding, any width where the algorithm takes a length. */
		parser.base64 = true;
		parser.base64_any_width = true;
		if (!o->algo_given)
			r.tag_word = NULL; /* lines of any algorithm */
		r.hints = !o->algo_given && o->verbosity != VERBOSITY_STATUS;
	}
	parser.nul_separates = o->level >= GNU_9_2;
	parser.strict_tag_space = o->level >= GNU_9_9;
	parser.tag_length_digit = o->level >= GNU_9_11;
	if (count == 0) {
		lists = stdin_only;
		count = 1;
	}
	if (o->unlisted && !(r.listed = name_set_create())) {
		out_error(0, "%s", gnulib_("memory exhausted"));
		return false;
	}
	/* sumac -c over several lists reads a file they share once. */
	if (!o->gnu_name && count > 1)
		r.plan = plan_lists(&parser, lists, count);
	for (int i = 0; i < count; i++) {
		int passed = check_list(&r, lists[i]);
		if (passed < 0) {
			name_set_free(r.listed);
			reuse_plan_free(r.plan);
			return false;
		}
		check_summary_add(&r.total, &r.counts, &r.policy);
		ok &= passed == 1;
	}
	reuse_plan_free(r.plan);
	if (r.listed) {
		ok &= unlisted_report(o, r.listed, print_status);
		name_set_free(r.listed);
	}
	if (o->summary)
		print_totals(&r.total);
	return ok;
}
