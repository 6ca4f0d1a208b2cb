/* --check: messages, their order and the counters of coreutils 9.1
 * (COREUTILS.md §3-5).  Parsing is in src/check/parse.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/parse.h"
#include "check/verify.h"
#include "cli/check.h"
#include "cli/generate.h"
#include "cli/out.h"

static void print_status(const char *name, const char *result)
{
	/* 9.1 escapes a status line's name only when it holds a newline. */
	if (strchr(name, '\n')) {
		putchar('\\');
		out_put_escaped(name);
	} else {
		fputs(name, stdout);
	}
	fputs(": ", stdout);
	fputs(result, stdout);
	out_end_line('\n');
}

static void print_summary(const char *list, const struct check_counts *c, bool ignore_missing)
{
	if (c->malformed == 1)
		out_error(0, "WARNING: 1 line is improperly formatted");
	else if (c->malformed)
		out_error(0, "WARNING: %ju lines are improperly formatted", c->malformed);
	if (c->unreadable == 1)
		out_error(0, "WARNING: 1 listed file could not be read");
	else if (c->unreadable)
		out_error(0, "WARNING: %ju listed files could not be read", c->unreadable);
	if (c->mismatched == 1)
		out_error(0, "WARNING: 1 computed checksum did NOT match");
	else if (c->mismatched)
		out_error(0, "WARNING: %ju computed checksums did NOT match", c->mismatched);
	if (ignore_missing && c->matched == 0)
		out_error(0, "%s: no file was verified", out_quotef(list));
}

struct list_run {
	const struct sumac_opts *o;
	struct backend_choice *bc;
	struct io_buffer *buf;
	struct check_parser *parser;
	const char *tag_word; /* for "improperly formatted SHA256 checksum line" */
};

/* Verifies one properly formatted line.  Returns false only when no
 * implementation can be had for its algorithm (the run must stop). */
static bool verify_line(struct list_run *r, const struct check_line *line, struct check_counts *c)
{
	const struct sumac_impl *impl = backend_for(r->bc, line->algo);
	unsigned char digest[SUMAC_MAX_DIGEST];
	const bool status_only = r->o->verbosity == VERBOSITY_STATUS;

	if (!impl)
		return false;
	int err = hash_named_input(line->name, line->algo, impl, r->buf, digest);
	if (err) {
		if (err == ENOENT && r->o->ignore_missing)
			return true;
		/* GNU reports the error itself even with --status. */
		out_error(err, "%s", out_quotef(line->name));
		c->unreadable++;
		if (!status_only)
			print_status(line->name, "FAILED open or read");
		return true;
	}
	if (check_digest_matches(line->hex, digest, sumac_algo_info(line->algo)->digest_len)) {
		c->matched++;
		if (!status_only && r->o->verbosity != VERBOSITY_QUIET)
			print_status(line->name, "OK");
	} else {
		c->mismatched++;
		if (!status_only)
			print_status(line->name, "FAILED");
	}
	return true;
}

/* Returns 1 if the list passed, 0 if not, -1 if the run must stop. */
static int check_list(struct list_run *r, const char *list)
{
	const bool is_stdin = strcmp(list, "-") == 0;
	const char *shown = is_stdin ? "standard input" : list;
	struct check_counts c = {0, 0, 0, 0, false};
	FILE *fp = is_stdin ? stdin : fopen(list, "r");

	if (is_stdin)
		note_stdin_read();

	if (!fp) {
		out_error(errno, "%s", out_quotef(shown));
		return 0;
	}

	char *line = NULL;
	size_t cap = 0;
	uintmax_t lineno = 0;
	ssize_t len;
	int result = 1;
	while ((len = getline(&line, &cap, fp)) > 0) {
		struct check_line parsed;
		lineno++;
		/* getline leaves room for the NUL the parser writes. */
		switch (check_parse_line(r->parser, line, (size_t)len, is_stdin, &parsed)) {
		case CHECK_LINE_IGNORED:
			continue;
		case CHECK_LINE_MALFORMED:
			c.malformed++;
			if (r->o->verbosity == VERBOSITY_WARN)
				out_error(0, "%s: %ju: improperly formatted %s checksum line",
					  out_quotef(shown), lineno, r->tag_word);
			continue;
		case CHECK_LINE_VALID:
			c.any_valid = true;
			if (!verify_line(r, &parsed, &c)) {
				result = -1;
				goto done;
			}
		}
	}
	if (ferror(fp)) {
		/* 9.1 words a failed read of the list without errno text. */
		out_error(0, "%s: read error", out_quotef(shown));
		result = 0;
		goto done;
	}
	if (!c.any_valid)
		out_error(0, "%s: no properly formatted checksum lines found", out_quotef(shown));
	else if (r->o->verbosity != VERBOSITY_STATUS)
		print_summary(shown, &c, r->o->ignore_missing);
	{
		const struct check_policy policy = {r->o->strict, r->o->ignore_missing};
		result = check_list_passed(&c, &policy);
	}
done:
	free(line);
	if (is_stdin)
		clearerr(stdin);
	else
		fclose(fp);
	return result;
}

bool check_run(const struct sumac_opts *o, struct backend_choice *bc, struct io_buffer *buf,
	       char *const *lists, int count)
{
	static char *const stdin_only[] = {"-"};
	struct check_parser parser;
	struct list_run r = {o, bc, buf, &parser, sumac_algo_info(o->algo)->tag};
	bool ok = true;

	if (o->gnu_name) {
		check_parser_init(&parser, SUMAC_ALGO_BIT(o->algo), false, o->algo);
	} else {
		/* sumac reads tagged lines of every algorithm; untagged ones
		 * are -a's algorithm, or told apart by their length. */
		check_parser_init(&parser, (1u << SUMAC_NALGO) - 1, !o->algo_given, o->algo);
		if (!o->algo_given)
			r.tag_word = "SHA";
	}
	if (count == 0) {
		lists = stdin_only;
		count = 1;
	}
	for (int i = 0; i < count; i++) {
		int passed = check_list(&r, lists[i]);
		if (passed < 0)
			return false;
		ok &= passed == 1;
	}
	return ok;
}
