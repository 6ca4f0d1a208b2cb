/* SPDX-License-Identifier: MIT */
/* Option parsing with getopt_long, GNU's way: abbreviations, permutation,
 * "--", and the option-conflict errors in coreutils 9.1's order. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cli/level.h"
#include "cli/nls.h"
#include "cli/opts.h"
#include "cli/out.h"

/* Above every wide character, so that musl's getopt, which reports an
 * unknown multibyte short option as its code point in optopt, can never
 * make one look like a long option's value (option_error()). */
enum long_only {
	OPT_IGNORE_MISSING = 0x110000,
	OPT_QUIET,
	OPT_STATUS,
	OPT_STRICT,
	OPT_TAG,
	OPT_HELP,
	OPT_VERSION,
	OPT_BACKEND,
	OPT_LIST_BACKENDS,
	OPT_DEBUG,
	OPT_BENCHMARK,
	OPT_LANES,
	OPT_UNTAGGED,
	OPT_BASE64,
	OPT_RAW,
	OPT_UNLISTED,
	OPT_SUMMARY,
	OPT_PROGRESS,
	OPT_SHA1_COLLISIONS,
};

/* -j and --jobs exist under every name: an extension GNU lacks, so it
 * changes nothing for a command line GNU accepts ("--j" abbreviates no
 * GNU option). */
#define JOBS_OPTION                                                                                \
	{                                                                                          \
		"jobs", required_argument, NULL, 'j'                                               \
	}

/* The GNU programs' options, exactly: an extra long option would change
 * which abbreviations are ambiguous (--b would no longer mean --binary).
 * The order is 9.1's too, as its ambiguity message lists them
 * (`sha256sum --=x` shows the whole table). */
#define GNU_LONG_OPTIONS                                                                           \
	{"check", no_argument, NULL, 'c'},                                                         \
		{"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},                         \
		{"quiet", no_argument, NULL, OPT_QUIET},                                           \
		{"status", no_argument, NULL, OPT_STATUS}, {"warn", no_argument, NULL, 'w'},       \
		{"strict", no_argument, NULL, OPT_STRICT}, {"tag", no_argument, NULL, OPT_TAG},    \
		{"zero", no_argument, NULL, 'z'}, {"binary", no_argument, NULL, 'b'},              \
		{"text", no_argument, NULL, 't'}, {"help", no_argument, NULL, OPT_HELP},           \
	{                                                                                          \
		"version", no_argument, NULL, OPT_VERSION                                          \
	}

static const struct option gnu_options[] = {
	GNU_LONG_OPTIONS,
	JOBS_OPTION,
	{NULL, 0, NULL, 0},
};

/* b2sum's: --length first, as GNU lists it. */
#define LENGTH_OPTION                                                                              \
	{                                                                                          \
		"length", required_argument, NULL, 'l'                                             \
	}
static const struct option b2sum_options[] = {
	LENGTH_OPTION,
	GNU_LONG_OPTIONS,
	JOBS_OPTION,
	{NULL, 0, NULL, 0},
};

/* cksum's, as each release's table lists them: 9.2 added --base64 and
 * --raw, 9.4 --binary and --text (GNU-EVOLUTION.md §2).  --jobs is
 * sumac's, as under the other names ("--j" abbreviates nothing of GNU's). */
#define CKSUM_LONG_HEAD                                                                            \
	LENGTH_OPTION, {"check", no_argument, NULL, 'c'},                                          \
		{"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},                         \
		{"quiet", no_argument, NULL, OPT_QUIET},                                           \
		{"status", no_argument, NULL, OPT_STATUS}, {"warn", no_argument, NULL, 'w'},       \
		{"strict", no_argument, NULL, OPT_STRICT}, {"tag", no_argument, NULL, OPT_TAG},    \
		{"zero", no_argument, NULL, 'z'},                                                  \
	{                                                                                          \
		"algorithm", required_argument, NULL, 'a'                                          \
	}
#define CKSUM_LONG_TAIL                                                                            \
	{"help", no_argument, NULL, OPT_HELP}, {"version", no_argument, NULL, OPT_VERSION},        \
		JOBS_OPTION,                                                                       \
	{                                                                                          \
		NULL, 0, NULL, 0                                                                   \
	}
static const struct option cksum91_options[] = {
	CKSUM_LONG_HEAD,
	{"debug", no_argument, NULL, OPT_DEBUG},
	{"untagged", no_argument, NULL, OPT_UNTAGGED},
	CKSUM_LONG_TAIL,
};
static const struct option cksum92_options[] = {
	CKSUM_LONG_HEAD,
	{"base64", no_argument, NULL, OPT_BASE64},
	{"debug", no_argument, NULL, OPT_DEBUG},
	{"raw", no_argument, NULL, OPT_RAW},
	{"untagged", no_argument, NULL, OPT_UNTAGGED},
	CKSUM_LONG_TAIL,
};
static const struct option cksum94_options[] = {
	CKSUM_LONG_HEAD,
	{"base64", no_argument, NULL, OPT_BASE64},
	{"debug", no_argument, NULL, OPT_DEBUG},
	{"raw", no_argument, NULL, OPT_RAW},
	{"untagged", no_argument, NULL, OPT_UNTAGGED},
	{"binary", no_argument, NULL, 'b'},
	{"text", no_argument, NULL, 't'},
	CKSUM_LONG_TAIL,
};

/* The entries of a table before --jobs: GNU's. */
static size_t gnu_option_count(const struct option *longopts)
{
	size_t n = 0;
	while (longopts[n].name && strcmp(longopts[n].name, "jobs") != 0)
		n++;
	return n;
}

static const struct option sumac_options[] = {
	GNU_LONG_OPTIONS,
	{"algorithm", required_argument, NULL, 'a'},
	{"backend", required_argument, NULL, OPT_BACKEND},
	{"list-backends", no_argument, NULL, OPT_LIST_BACKENDS},
	{"debug", no_argument, NULL, OPT_DEBUG},
	{"benchmark", no_argument, NULL, OPT_BENCHMARK},
	{"lanes", required_argument, NULL, OPT_LANES},
	{"recursive", no_argument, NULL, 'r'},
	{"dereference", no_argument, NULL, 'L'},
	{"unlisted", required_argument, NULL, OPT_UNLISTED},
	{"summary", no_argument, NULL, OPT_SUMMARY},
	/* sumac's only: under a GNU name SUMAC_SHA1_COLLISIONS says it.  No
	 * other option starts "sh", so every abbreviation sumac took before
	 * still means what it meant. */
	{"sha1-collisions", required_argument, NULL, OPT_SHA1_COLLISIONS},
	/* cksum's, with its meaning: no GNU option starts "ba" or "ra", so
	 * every abbreviation of a GNU option stays what it was. */
	{"base64", no_argument, NULL, OPT_BASE64},
	{"raw", no_argument, NULL, OPT_RAW},
	{"progress", optional_argument, NULL, OPT_PROGRESS},
	LENGTH_OPTION,
	JOBS_OPTION,
	{NULL, 0, NULL, 0},
};

static int usage_error(void)
{
	fprintf(stderr, gnu_("Try '%s --help' for more information.\n"), program_name);
	return 1;
}

/* The long options that NAME (an argument without its "--", up to any
 * '=') selects, as glibc's getopt decides: an exact match alone, otherwise
 * every option it abbreviates.  Marks them in match[] and returns how many
 * there are, counting as one the options that would all act the same. */
static size_t long_matches(const struct option *longopts, const char *name, bool *match)
{
	const size_t len = strcspn(name, "=");
	const struct option *first = NULL;
	size_t count = 0, n = 0;

	while (longopts[count].name)
		count++;
	memset(match, 0, count * sizeof *match);
	for (size_t i = 0; i < count; i++) {
		if (strlen(longopts[i].name) == len && strncmp(longopts[i].name, name, len) == 0) {
			match[i] = true;
			return 1;
		}
	}
	for (size_t i = 0; i < count; i++) {
		if (strncmp(longopts[i].name, name, len) != 0)
			continue;
		match[i] = true;
		if (!first) {
			first = &longopts[i];
			n = 1;
		} else if (first->has_arg != longopts[i].has_arg ||
			   first->flag != longopts[i].flag || first->val != longopts[i].val) {
			n++;
		}
	}
	return n;
}

/* The byte glibc's getopt names in "invalid option -- 'c'": it reads
 * bytes, and hands them back as a (signed) char; musl decodes the
 * character, and reports its code point, or 0xDF80 + byte for a byte the
 * C locale does not know.  glibc shows a multibyte character's first byte. */
static unsigned char option_byte(int c)
{
	if (c < 0 || c < 0x80)
		return (unsigned char)c;
	if (c >= 0xdf80 && c <= 0xdfff)
		return (unsigned char)(c & 0xff);
	if (c < 0x800)
		return (unsigned char)(0xc0 | (c >> 6));
	if (c < 0x10000)
		return (unsigned char)(0xe0 | (c >> 12));
	return (unsigned char)(0xf0 | (c >> 18));
}

/* Words a getopt_long failure as glibc's getopt does, on every libc (sumac
 * runs it with opterr = 0).  optopt tells a short option's failure (the
 * character) from a long one's (0, or the option's value); the argument
 * that failed a long option is the one getopt has just stepped over. */
static int option_error(const struct option *longopts, const char *shortopts, bool gnu_name,
			size_t gnu_count, int argc, char **argv)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : NULL;
	const bool long_arg = arg && arg[0] == '-' && arg[1] == '-';
	const char *letters = shortopts + (shortopts[0] == '+');
	const char *in_short =
		optopt > 0 && optopt < 0x80 && optopt != ':' ? strchr(letters, optopt) : NULL;
	bool match[32];
	size_t n;
	/* getopt's messages name the program by argv[0] as given, even
	 * where GNU's own messages drop a libtool ".libs/" path. */
	const char *prog = argc > 0 && argv[0] ? argv[0] : program_name;

	/* A short option without an argument cannot fail: its value in
	 * optopt is a long option's that was given "=ARG". */
	if (long_arg && (optopt == 0 || optopt >= OPT_IGNORE_MISSING ||
			 (in_short && (in_short[1] != ':' || strchr(arg, '=') == NULL)))) {
		const char *name = arg + 2;
		n = long_matches(longopts, name, match);
		if (optopt == 0 && n > 1) {
			fprintf(stderr, libc_("%s: option '%s%s' is ambiguous; possibilities:"),
				prog, "--", name);
			/* sumac's --jobs is not in GNU's list (only "--=ARG"
			 * can abbreviate it and a GNU option at once). */
			for (size_t i = 0; longopts[i].name; i++)
				if (match[i] && (!gnu_name || i < gnu_count))
					fprintf(stderr, " '--%s'", longopts[i].name);
			fputc('\n', stderr);
		} else if (optopt == 0 || n != 1) {
			fprintf(stderr, libc_("%s: unrecognized option '%s%s'\n"), prog, "--",
				name);
		} else {
			size_t i = 0;
			while (!match[i])
				i++;
			if (strchr(name, '='))
				fprintf(stderr,
					libc_("%s: option '%s%s' doesn't allow an argument\n"),
					prog, "--", longopts[i].name);
			else
				fprintf(stderr, libc_("%s: option '%s%s' requires an argument\n"),
					prog, "--", longopts[i].name);
		}
	} else if (in_short && in_short[1] == ':') {
		fprintf(stderr, libc_("%s: option requires an argument -- '%c'\n"), prog, optopt);
	} else {
		fprintf(stderr, libc_("%s: invalid option -- '%c'\n"), prog, option_byte(optopt));
	}
	return usage_error();
}

/* GNU's argmatch failure for cksum -a: the names of the level, each
 * quoted as gnulib's quote() does (the locale's marks). */
static int bad_cksum_algorithm(const char *arg, unsigned level)
{
	char *value = strdup(out_quote(arg)); /* out_quote's buffer is reused */

	out_error(0, gnulib_("invalid argument %s for %s"), value ? value : arg,
		  out_quote("--algorithm"));
	free(value);
	fputs(gnulib_("Valid arguments are:"), stderr);
	for (unsigned i = 0; i < cksum_algo_count(); i++)
		if (level >= cksum_algo_at(i)->since)
			fprintf(stderr, "\n  - %s", out_quote(cksum_algo_at(i)->name));
	fputc('\n', stderr);
	return usage_error();
}

static int bad_algorithm(const char *arg)
{
	fprintf(stderr, "%s: invalid argument '%s' for '--algorithm'\nValid arguments are:\n",
		program_name, arg);
	for (int a = 0; a < SUMAC_NALGO; a++)
		fprintf(stderr, "  - '%s'\n", sumac_algo_info((enum sumac_algo)a)->name);
	return usage_error();
}

/* --progress's optional WHEN: none is auto. */
static bool progress_arg(const char *arg, enum progress_when *when)
{
	if (!arg) {
		*when = PROGRESS_AUTO;
		return true;
	}
	return progress_when_parse(arg, when);
}

static int bad_progress(const char *arg)
{
	out_error(0, "invalid argument %s for %s", out_quote(arg), "'--progress'");
	fputs("Valid arguments are:\n", stderr);
	const char *name;
	for (size_t i = 0; (name = progress_when_name_at(i)); i++)
		fprintf(stderr, "  - '%s'\n", name);
	return usage_error();
}

static int bad_collisions(const char *arg)
{
	out_error(0, "invalid argument %s for %s", out_quote(arg), "'--sha1-collisions'");
	fputs("Valid arguments are:\n", stderr);
	const char *name;
	for (unsigned i = 0; (name = collision_mode_name(i)); i++)
		fprintf(stderr, "  - '%s'\n", name);
	return usage_error();
}

/* sumac -a NAME or NAME,NAME...: each input is then hashed once for every
 * algorithm of the list, in its order.  An empty name, or one named twice,
 * is an error (twice the same line would say nothing more). */
static int parse_algorithm_list(struct sumac_opts *o, const char *arg)
{
	char name[64];
	const char *p = arg;

	o->nalgos = 0;
	for (;;) {
		const size_t len = strcspn(p, ",");
		enum sumac_algo a;
		if (len >= sizeof name) {
			return bad_algorithm(p); /* no name is that long */
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (sumac_algo_from_name(name, &a) != 0)
			return bad_algorithm(name);
		for (unsigned i = 0; i < o->nalgos; i++) {
			if (o->algos[i] == a) {
				out_error(0, "%s is listed twice in --algorithm",
					  sumac_algo_info(a)->name);
				return usage_error();
			}
		}
		o->algos[o->nalgos++] = a;
		if (!p[len])
			break;
		p += len + 1;
	}
	o->algo = o->algos[0];
	return 0;
}

/* What a list of algorithms cannot go with, or NULL. */
static const char *algorithm_list_conflict(const struct sumac_opts *o, bool benchmark)
{
	if (o->nalgos < 2)
		return NULL;
	if (o->action == ACTION_CHECK)
		return "--check takes one algorithm, not a list";
	if (benchmark)
		return "--benchmark takes one algorithm, not a list";
	if (o->length_arg)
		return "--length is not supported with a list of algorithms";
	/* Raw digests of several algorithms, back to back, could not be told
	 * apart. */
	if (o->raw)
		return "--raw is not supported with a list of algorithms";
	/* The lines of a list are tagged, and the tagged form has no mode. */
	if (o->binary == 0 && !o->tag)
		return "--text is not supported with a list of algorithms, whose lines are "
		       "tagged";
	return NULL;
}

/* "auto" or 0: 0, one job per CPU, which main() resolves; otherwise 1 to
 * 256. */
static int parse_jobs(const char *arg, unsigned *jobs)
{
	char *end;
	unsigned long n;

	if (strcmp(arg, "auto") == 0) {
		*jobs = 0;
		return 0;
	}
	errno = 0;
	n = strtoul(arg, &end, 10);
	if (errno || end == arg || *end || arg[0] == '-' || n > 256)
		return -1;
	*jobs = (unsigned)n;
	return 0;
}

/* -l BITS that is no number, as GNU says it: gnulib's xdectoumax (and
 * later xnumtoumax, xnumtoimax) joins coreutils' "invalid length" and the
 * quoted argument with a ": " of its own, which is not translated. */
static void bad_length_number(int errnum, const char *arg)
{
	out_error(errnum, "%s: %s", gnu_("invalid length"), out_quote(arg));
}

/* -l BITS as GNU's b2sum reads it at the level's release: decimal, with
 * leading blanks and a '+' allowed, a multiple of 8, at most 512, and 0
 * for 512.  Sets o->digest_len; false after GNU's two-line message (exit
 * status 1, no "Try" line).  GNU 9.8 moved the maximum before the
 * multiple-of-8 test and made an overflowing number a too-long length;
 * 9.11 reads a sign, so that -0 is 0 and any other negative overflows. */
static bool length_valid(struct sumac_opts *o)
{
	const char *arg = o->length_arg, *p = arg;
	const unsigned max_bits = 8 * sumac_algo_info(o->algo)->digest_len;
	bool negative = false, overflow = false;
	uintmax_t bits = 0;

	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '-' && o->level >= GNU_9_11)
		negative = true, p++;
	else if (*p == '+')
		p++;
	const char *digits = p;
	for (; *p >= '0' && *p <= '9'; p++) {
		const unsigned d = (unsigned)(*p - '0');
		if (bits > (UINTMAX_MAX - d) / 10)
			overflow = true;
		else
			bits = bits * 10 + d;
	}
	if (p == digits || *p) {
		bad_length_number(0, arg);
		return false;
	}
	if ((negative && (bits || overflow)) || (overflow && o->level < GNU_9_8)) {
		bad_length_number(EOVERFLOW, arg);
		return false;
	}
	const bool too_long = overflow || bits > max_bits;
	const bool not_whole = !overflow && bits % 8 != 0;
	if (too_long && (o->level >= GNU_9_8 || !not_whole)) {
		out_error(0, gnu_("invalid length: %s"), out_quote(arg));
		out_error(0, gnu_("maximum digest length for %s is %d bits"),
			  out_quote(sumac_algo_info(o->algo)->tag), (int)max_bits);
		return false;
	}
	if (not_whole) {
		out_error(0, gnu_("invalid length: %s"), out_quote(arg));
		out_error(0, "%s", gnu_("length is not a multiple of 8"));
		return false;
	}
	o->digest_len = bits == 0 || bits == max_bits ? 0 : (unsigned)(bits / 8);
	return true;
}

/* -l's number as GNU's cksum reads it: leading blanks, a '+', decimal
 * digits; from 9.11 a '-' too (-0 is 0, any other negative overflows).
 * Returns 0, 1 for no number, 2 for a negative one. */
static int length_number(const char *arg, unsigned level, uintmax_t *bits, bool *overflow)
{
	const char *p = arg;
	bool negative = false;

	*bits = 0;
	*overflow = false;
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '-' && level >= GNU_9_11)
		negative = true, p++;
	else if (*p == '+')
		p++;
	const char *digits = p;
	for (; *p >= '0' && *p <= '9'; p++) {
		const unsigned d = (unsigned)(*p - '0');
		if (*bits > (UINTMAX_MAX - d) / 10)
			*overflow = true;
		else
			*bits = *bits * 10 + d;
	}
	if (p == digits || *p)
		return 1;
	return negative && (*bits || *overflow) ? 2 : 0;
}

/* cksum -l where it stands: up to 9.4 the number and its multiple of 8
 * (the rest waits for -a); from 9.5 only that it is a number.  False
 * after GNU's message. */
static bool cksum_length_arg(const struct sumac_opts *o)
{
	uintmax_t bits;
	bool overflow;
	const int r = length_number(o->length_arg, o->level, &bits, &overflow);

	if (r == 1 || (r == 0 && overflow && o->level < GNU_9_5) || r == 2) {
		bad_length_number(r == 1 ? 0 : EOVERFLOW, o->length_arg);
		return false;
	}
	if (o->level < GNU_9_5 && bits % 8 != 0) {
		out_error(0, gnu_("invalid length: %s"), out_quote(o->length_arg));
		out_error(0, "%s", gnu_("length is not a multiple of 8"));
		return false;
	}
	return true;
}

/* cksum -l once -a is known: which algorithms take it, and what each
 * takes.  Sets o->digest_len (blake2b) or o->algo (sha2, sha3); false
 * after GNU's message. */
static bool cksum_length_valid(struct sumac_opts *o, unsigned *family_bits)
{
	const struct cksum_algo *ca = o->ck;
	const bool blake2b = strcmp(ca->name, "blake2b") == 0;
	uintmax_t bits = 0;
	bool overflow = false;

	*family_bits = 0;
	if (o->length_arg)
		length_number(o->length_arg, o->level, &bits, &overflow);
	if (o->length_arg && (bits || overflow) && !blake2b && !ca->sized) {
		out_error(0, "%s", gnu_("--length is only supported with --algorithm=blake2b"));
		return false;
	}
	if (ca->sized) {
		if (!o->length_arg) {
			if (o->action == ACTION_CHECK)
				return true;
			out_error(0,
				  gnu_("--algorithm=%s requires specifying --length 224, 256, 384, "
				       "or 512"),
				  ca->name);
			return false;
		}
		if (overflow || (bits != 224 && bits != 256 && bits != 384 && bits != 512)) {
			out_error(0, gnu_("invalid length: %s"), out_quote(o->length_arg));
			out_error(0, gnu_("digest length for %s must be 224, 256, 384, or 512"),
				  out_quote(ca->word));
			return false;
		}
		*family_bits = (unsigned)bits;
		return true;
	}
	if (!blake2b || !o->length_arg)
		return true;
	const unsigned max_bits = 512;
	const bool too_long = overflow || bits > max_bits;
	const bool not_whole = !overflow && bits % 8 != 0;
	if (too_long && (o->level >= GNU_9_8 || !not_whole)) {
		out_error(0, gnu_("invalid length: %s"), out_quote(o->length_arg));
		out_error(0, gnu_("maximum digest length for %s is %d bits"), out_quote(ca->word),
			  (int)max_bits);
		return false;
	}
	if (not_whole) {
		out_error(0, gnu_("invalid length: %s"), out_quote(o->length_arg));
		out_error(0, "%s", gnu_("length is not a multiple of 8"));
		return false;
	}
	o->digest_len = bits == 0 || bits == max_bits ? 0 : (unsigned)(bits / 8);
	return true;
}

/* The first check-only option given without --check, in GNU's order, or
 * NULL: the same part of every program's conflict list. */
static const char *check_only_conflict(const struct sumac_opts *o, bool check)
{
	if (check)
		return NULL;
	if (o->ignore_missing)
		return "the --ignore-missing option is meaningful only when verifying checksums";
	if (o->verbosity == VERBOSITY_STATUS)
		return "the --status option is meaningful only when verifying checksums";
	if (o->verbosity == VERBOSITY_WARN)
		return "the --warn option is meaningful only when verifying checksums";
	if (o->verbosity == VERBOSITY_QUIET)
		return "the --quiet option is meaningful only when verifying checksums";
	if (o->strict)
		return "the --strict option is meaningful only when verifying checksums";
	if (o->summary) /* sumac's own */
		return "the --summary option is meaningful only when verifying checksums";
	return NULL;
}

/* cksum's conflicts, in the order of the level's release. */
static const char *cksum_conflict(const struct sumac_opts *o)
{
	const bool check = o->action == ACTION_CHECK;
	static const char tag_text[] = "--text mode is only supported with --untagged";
	const bool tagged = o->prefix_tag != 0;

	if (o->level < GNU_9_10 && tagged && o->binary == 0)
		return tag_text;
	if (o->delim != '\n' && check)
		return "the --zero option is not supported when verifying checksums";
	if (o->level >= GNU_9_10 && o->prefix_tag == 1 && check)
		return "the --tag option is meaningless when verifying checksums";
	if (o->level >= GNU_9_4 && o->binary >= 0 && check)
		return "the --binary and --text options are meaningless when verifying checksums";
	const char *only = check_only_conflict(o, check);
	if (only)
		return only;
	if (tagged && o->binary == 0)
		return tag_text;
	return NULL;
}

/* What cksum checks once every option is read, in GNU's order. */
static int cksum_finish(struct sumac_opts *o, int argc)
{
	unsigned family_bits;

	if (!cksum_length_valid(o, &family_bits))
		return 1;
	if (o->ck->format != CKSUM_DIGEST && o->action == ACTION_CHECK && o->algo_given) {
		out_error(0, "%s",
			  gnu_("--check is not supported with --algorithm={bsd,sysv,crc}"));
		return 1;
	}
	if (o->base64 && o->raw) {
		out_error(0, "%s", gnu_("--base64 and --raw are mutually exclusive"));
		return usage_error();
	}
	const char *conflict = cksum_conflict(o);
	if (conflict) {
		out_error(0, "%s", gnu_(conflict));
		return usage_error();
	}
	o->tag = o->prefix_tag != 0;
	if (o->raw && argc - o->first_operand > 1) {
		out_error(0, "%s", gnu_("the --raw option is not supported with multiple files"));
		return 1;
	}
	/* Checking without -a reads each line's own algorithm; a sized
	 * family without -l checks whichever length a line has. */
	if (o->action == ACTION_CHECK && (!o->algo_given || (o->ck->sized && !family_bits)))
		return 0;
	if (!cksum_algo_resolve(o->ck, family_bits, &o->algo)) {
		/* sumac's own: a build without that family. */
		out_error(0, "--algorithm=%s is not available in this build of sumac", o->ck->name);
		return 1;
	}
	return 0;
}

/* Returns the first conflict in the order of the level's release, or
 * NULL.  9.10 moved the --tag/--text conflict after all the others. */
static const char *option_conflict(const struct sumac_opts *o)
{
	const bool check = o->action == ACTION_CHECK;
	static const char tag_text[] = "--tag does not support --text mode";

	if (o->level < GNU_9_10 && o->tag && o->binary == 0)
		return tag_text;
	if (o->delim != '\n' && check)
		return "the --zero option is not supported when verifying checksums";
	if (o->tag && check)
		return "the --tag option is meaningless when verifying checksums";
	if (o->binary >= 0 && check)
		return "the --binary and --text options are meaningless when verifying checksums";
	const char *only = check_only_conflict(o, check);
	if (only)
		return only;
	if (o->tag && o->binary == 0)
		return tag_text;
	return NULL;
}

int opts_parse(struct sumac_opts *o, int argc, char **argv)
{
	const bool b2sum = o->gnu_name && !o->cksum && sumac_algo_takes_length(o->algo);
	const struct option *cksum_options = o->level >= GNU_9_4   ? cksum94_options
					     : o->level >= GNU_9_2 ? cksum92_options
								   : cksum91_options;
	const struct option *longopts = o->cksum      ? cksum_options
					: b2sum       ? b2sum_options
					: o->gnu_name ? gnu_options
						      : sumac_options;
	/* "+": POSIXLY_CORRECT stops at the first operand on every libc, as
	 * glibc's getopt does by itself. */
	const char *shortopts = b2sum || o->cksum ? (o->cksum ? "+a:l:bctwzj:" : "+l:bctwzj:")
				: o->gnu_name     ? "+bctwzj:"
						  : "+a:l:bctwzj:rL";
	if (!getenv("POSIXLY_CORRECT"))
		shortopts++;
	bool list_backends = false;
	bool benchmark = false;
	int c;

	o->action = ACTION_HASH;
	o->binary = -1;
	o->tag = false;
	o->length_arg = NULL;
	o->digest_len = 0;
	o->delim = '\n';
	o->ignore_missing = false;
	o->strict = false;
	o->summary = false;
	o->progress = PROGRESS_DEFAULT;
	o->verbosity = VERBOSITY_NORMAL;
	o->backend = NULL;
	o->lanes = NULL;
	o->collisions = COLLISION_FAIL;
	o->collisions_given = false;
	o->debug = false;
	o->jobs = 1;
	o->recursive = false;
	o->dereference = false;
	o->unlisted = NULL;
	o->prefix_tag = -1;
	o->base64 = false;
	o->raw = false;
	o->cksum_debug = false;
	o->nalgos = 1;
	o->algos[0] = o->algo;
	if (o->cksum)
		o->ck = cksum_default_algo();

	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (o->cksum) {
				o->ck = cksum_algo_named(optarg, o->level);
				if (!o->ck)
					return bad_cksum_algorithm(optarg, o->level);
				o->algo_given = true;
				break;
			}
			if (parse_algorithm_list(o, optarg) != 0)
				return 1;
			o->algo_given = true;
			break;
		case 'b':
		case 't':
			/* cksum before 9.4 knows the letters and refuses them
			 * with no message (9.2-9.3's -b, base64, is not copied:
			 * 9.4 gave it back to binary). */
			if (o->cksum && o->level < GNU_9_4)
				return usage_error();
			o->binary = c == 'b';
			break;
		case 'l':
			/* Until 9.5 each -l is checked where it stands. */
			o->length_arg = optarg;
			if (o->cksum) {
				if (!cksum_length_arg(o))
					return 1;
				break;
			}
			if (o->level < GNU_9_5 && o->gnu_name && !length_valid(o))
				return 1;
			break;
		case 'c':
			o->action = ACTION_CHECK;
			break;
		case 'w':
			o->verbosity = VERBOSITY_WARN;
			break;
		case 'z':
			o->delim = '\0';
			break;
		case OPT_IGNORE_MISSING:
			o->ignore_missing = true;
			break;
		case OPT_QUIET:
			o->verbosity = VERBOSITY_QUIET;
			break;
		case OPT_STATUS:
			o->verbosity = VERBOSITY_STATUS;
			break;
		case OPT_STRICT:
			o->strict = true;
			break;
		case OPT_SUMMARY:
			o->summary = true;
			break;
		case OPT_PROGRESS:
			if (!progress_arg(optarg, &o->progress))
				return bad_progress(optarg);
			break;
		case OPT_TAG:
			if (o->cksum) {
				/* 9.4-9.9 mark the tagged form binary, as the
				 * other programs do. */
				o->prefix_tag = 1;
				if (o->level >= GNU_9_4 && o->level < GNU_9_10)
					o->binary = 1;
				break;
			}
			/* The BSD format has no mode marker; GNU up to 9.9
			 * records it as binary, so that a -t before it is
			 * overridden.  From 9.10 -t --tag is refused. */
			o->tag = true;
			if (o->level < GNU_9_10)
				o->binary = 1;
			break;
		case OPT_HELP:
			/* As in GNU, --help and --version act where they stand:
			 * options after them are not looked at. */
			o->action = ACTION_HELP;
			return 0;
		case OPT_VERSION:
			o->action = ACTION_VERSION;
			return 0;
		case OPT_BACKEND:
			o->backend = optarg;
			break;
		case OPT_LANES:
			o->lanes = optarg;
			break;
		case OPT_SHA1_COLLISIONS:
			if (!collision_mode_parse(optarg, &o->collisions))
				return bad_collisions(optarg);
			o->collisions_given = true;
			break;
		case OPT_LIST_BACKENDS:
			list_backends = true;
			break;
		case OPT_DEBUG:
			if (o->cksum)
				o->cksum_debug = true;
			else
				o->debug = true;
			break;
		case OPT_UNTAGGED:
			/* 9.5-9.9: an --untagged after --tag drops the mark
			 * --tag set. */
			if (o->level >= GNU_9_5 && o->level < GNU_9_10 && o->prefix_tag == 1)
				o->binary = -1;
			o->prefix_tag = 0;
			break;
		case OPT_BASE64:
			o->base64 = true;
			break;
		case OPT_RAW:
			o->raw = true;
			break;
		case OPT_BENCHMARK:
			benchmark = true;
			break;
		case 'r':
			o->recursive = true;
			break;
		case 'L':
			o->dereference = true;
			break;
		case OPT_UNLISTED:
			o->unlisted = optarg;
			break;
		case 'j':
			if (parse_jobs(optarg, &o->jobs) != 0) {
				out_error(0, "invalid number of jobs: '%s'", optarg);
				return usage_error();
			}
			break;
		default:
			return option_error(longopts, shortopts, o->gnu_name,
					    gnu_option_count(longopts), argc, argv);
		}
	}
	o->first_operand = optind;
	if (o->cksum)
		return cksum_finish(o, argc);
	/* From 9.5 only the last -l counts, checked after every option. */
	const char *conflict = algorithm_list_conflict(o, benchmark);
	if (conflict) {
		out_error(0, "%s", conflict);
		return usage_error();
	}
	if (o->length_arg && !o->gnu_name && !sumac_algo_takes_length(o->algo)) {
		out_error(0, "--length is only supported with --algorithm=blake2b");
		return usage_error();
	}
	if (o->length_arg && (o->level >= GNU_9_5 || !o->gnu_name) && !length_valid(o))
		return 1;

	/* Only sumac's table has --base64 and --raw: cksum's checks, where
	 * cksum makes them. */
	if (o->base64 && o->raw) {
		out_error(0, "%s", gnu_("--base64 and --raw are mutually exclusive"));
		return usage_error();
	}
	conflict = option_conflict(o);
	if (conflict) {
		out_error(0, "%s", gnu_(conflict));
		return usage_error();
	}
	if (o->raw && argc - o->first_operand > 1) {
		out_error(0, "%s", gnu_("the --raw option is not supported with multiple files"));
		return 1;
	}
	/* A walk may find any number of files: bytes without a name or an
	 * end could not be told apart. */
	if (o->raw && o->recursive && o->action != ACTION_CHECK) {
		out_error(0, "the --raw option is not supported with --recursive");
		return 1;
	}
	/* sumac's own, in GNU's words for the like of them. */
	if (o->recursive && o->action == ACTION_CHECK)
		conflict = "the --recursive option is meaningless when verifying checksums";
	else if (o->unlisted && o->action != ACTION_CHECK)
		conflict = "the --unlisted option is meaningful only when verifying checksums";
	if (conflict) {
		out_error(0, "%s", conflict);
		return usage_error();
	}
	/* Several algorithms' lines are told apart by their tags. */
	if (o->nalgos > 1)
		o->tag = true;
	if (list_backends)
		o->action = ACTION_LIST_BACKENDS;
	if (benchmark)
		o->action = ACTION_BENCHMARK;
	return 0;
}

/* "-a, --algorithm=NAME  md5, sha1, ... or sha512-256", from the list of
 * algorithms, wrapped under the first name; the default is marked. */
static void print_algorithm_list(enum sumac_algo dflt)
{
	static const char lead[] = "  -a, --algorithm=NAME  ";
	size_t col = sizeof lead - 1;

	out_text(lead);
	for (int a = 0; a < SUMAC_NALGO; a++) {
		char item[64];
		snprintf(item, sizeof item, "%s%s%s%s", a == SUMAC_NALGO - 1 ? "or " : "",
			 sumac_algo_info((enum sumac_algo)a)->name,
			 a == (int)dflt ? " (default)" : "", a < SUMAC_NALGO - 2 ? "," : "");
		if (a > 0 && col + 1 + strlen(item) > 79) {
			out_printf("\n%*s", (int)(sizeof lead - 1), "");
			col = sizeof lead - 1;
		} else if (a > 0) {
			out_text(" ");
			col++;
		}
		out_text(item);
		col += strlen(item);
	}
	out_text("\n");
}

/* cksum's algorithms as its help lists them, one a line, in GNU's order
 * for each release: GNU's tests read the names from the lines that start
 * with two blanks and a letter (tests/cksum/cksum-base64.pl), so no other
 * help line may start so.  From 9.8 the list names sha2 where it named
 * sha224 ... sha512, which -a still takes. */
static const struct {
	const char *name;
	unsigned since, until; /* listed at levels [since, until); 0: no end */
	const char *what;
} cksum_help_algos[] = {
	{"sysv", 0, 0, "16-bit System V sum, size in 512-byte blocks (sum -s)"},
	{"bsd", 0, 0, "16-bit BSD rotating sum, size in 1 KiB blocks (sum -r)"},
	{"crc", 0, 0, "POSIX CRC-32 and size in bytes: the default"},
	{"crc32b", GNU_9_6, 0, "CRC-32 of zlib, gzip and PNG, and size in bytes"},
	{"md5", 0, 0, "MD5, 128 bits, as md5sum"},
	{"sha1", 0, 0, "SHA-1, 160 bits, as sha1sum"},
	{"sha224", 0, GNU_9_8, "SHA-224, as sha224sum"},
	{"sha256", 0, GNU_9_8, "SHA-256, as sha256sum"},
	{"sha384", 0, GNU_9_8, "SHA-384, as sha384sum"},
	{"sha512", 0, GNU_9_8, "SHA-512, as sha512sum"},
	{"sha2", GNU_9_8, 0, "SHA-2 of -l 224, 256, 384 or 512 bits, as sha224sum ..."},
	{"sha3", GNU_9_8, 0, "SHA-3 of -l 224, 256, 384 or 512 bits"},
	{"blake2b", 0, 0, "BLAKE2b, 512 bits or -l, as b2sum"},
	{"sm3", 0, 0, "SM3, 256 bits"},
};

static void print_cksum_algorithms(unsigned level)
{
	out_text("\nAlgorithms for -a:\n");
	for (size_t i = 0; i < sizeof cksum_help_algos / sizeof cksum_help_algos[0]; i++) {
		const unsigned since = cksum_help_algos[i].since, until = cksum_help_algos[i].until;
		if (level < since || (until && level >= until))
			continue;
		out_printf("  %-8s %s\n", cksum_help_algos[i].name, cksum_help_algos[i].what);
	}
	if (level >= GNU_9_8)
		out_text("With -a, sha224, sha256, sha384 and sha512 still work: sha2 of that "
			 "length.\n");
}

/* cksum's help: the options of the level, in sumac's words. */
static void print_cksum_help(const struct sumac_opts *o)
{
	out_printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
	out_text("Print or verify checksums: the POSIX CRC unless -a says otherwise.\n"
		 "With no FILE, or when FILE is -, read standard input.\n\n");
	out_text("  -a, --algorithm=NAME  one of the algorithms listed below\n");
	if (o->level >= GNU_9_2)
		out_text("      --base64          write digests in base64, not hex\n");
	out_text("  -c, --check           read checksum lists from the FILEs and verify them\n"
		 "  -l, --length=BITS     digest size for blake2b (a multiple of 8 up to 512)");
	out_text(o->level >= GNU_9_8
			 ? ",\n                        or sha2 and sha3 (224, 256, 384 or 512)\n"
			 : "\n");
	if (o->level >= GNU_9_2)
		out_text("      --raw             write the digest's bytes alone (one input)\n");
	out_text("      --tag             write BSD-style lines, TAG (FILE) = DIGEST; the default\n"
		 "      --untagged        write DIGEST, two spaces, FILE\n"
		 "  -z, --zero            end each output line with NUL, not newline, and do not\n"
		 "                        escape file names\n"
		 "\n"
		 "Only when verifying (-c):\n"
		 "      --ignore-missing  say nothing about listed files that do not exist\n"
		 "      --quiet           print nothing for files that verify\n"
		 "      --status          print nothing at all; the exit status tells\n"
		 "      --strict          fail on improperly formatted lines\n"
		 "  -w, --warn            report each improperly formatted line\n"
		 "\n"
		 "      --debug           tell on stderr how the CRC is computed\n"
		 "  -j, --jobs=N          hash N files at once (0 or auto: one per CPU)\n"
		 "      --help            show this help and exit\n"
		 "      --version         show the version and exit\n");
	print_cksum_algorithms(o->level);
	out_text("\nA length suffix on a fixed-length tag (SHA256-8) is an improperly formatted\n"
		 "line, where GNU compares that many bits.\n"
		 "Exit status: 0 if everything hashed or verified, 1 otherwise.\n"
		 "A SHA-1 input that is half of a collision attack fails; SUMAC_SHA1_COLLISIONS=\n"
		 "warn only warns, ignore does not look.\n");
}

void opts_print_help(const struct sumac_opts *o)
{
	const struct sumac_algo_info *ai = sumac_algo_info(o->algo);

	if (o->cksum) {
		print_cksum_help(o);
		return;
	}

	out_printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
	out_printf("Print or check %s checksums.\n",
		   o->gnu_name ? ai->tag : "SHA-1, SHA-2, MD5 and BLAKE2b");
	out_text("With no FILE, or when FILE is -, read standard input.\n\n");
	if (!o->gnu_name) {
		print_algorithm_list(SUMAC_DEFAULT_ALGO);
		out_text("                        NAME,NAME...: read each file once for all of "
			 "them,\n"
			 "                        one tagged line per algorithm in the list's "
			 "order\n");
	}
	if (!o->gnu_name || sumac_algo_takes_length(o->algo))
		out_text("  -l, --length=BITS     BLAKE2b digest size in bits: a multiple of 8\n"
			 "                        up to 512; 0 means 512\n");
	out_text("  -b, --binary          mark lines with '*' (binary mode); no other effect\n"
		 "  -c, --check           read checksum lists from the FILEs and verify them\n"
		 "      --tag             write BSD-style lines: ALGO (FILE) = DIGEST\n"
		 "  -t, --text            mark lines with ' ' (text mode, the default)\n"
		 "  -z, --zero            end each output line with NUL, not newline, and do not\n"
		 "                        escape file names\n");
	if (!o->gnu_name)
		out_text(
			"      --base64          write digests in base64, not hex (as cksum does;\n"
			"                        --check reads both)\n"
			"      --raw             write the digest's bytes alone (one input)\n");
	out_text("\n"
		 "Only when verifying (-c):\n"
		 "      --ignore-missing  say nothing about listed files that do not exist\n"
		 "      --quiet           print nothing for files that verify\n"
		 "      --status          print nothing at all; the exit status tells\n"
		 "      --strict          fail on improperly formatted lines\n"
		 "  -w, --warn            report each improperly formatted line\n");
	if (!o->gnu_name)
		out_text(
			"      --summary         end with one line of counts on stderr, even with\n"
			"                        --status: \"summary: V verified, F failed,\n"
			"                        U unreadable, M missing, I improperly "
			"formatted\"\n"
			"With several lists, a file that more than one line names is read once "
			"for\n"
			"all of them; the output is that of checking each list in turn.\n");
	out_text("\n");
	if (!o->gnu_name)
		out_text("Trees (sumac only):\n"
			 "  -r, --recursive       hash the regular files under each directory "
			 "FILE,\n"
			 "                        sorted bytewise by path; links met in the walk "
			 "are\n"
			 "                        skipped, FIFOs, sockets and devices reported, "
			 "not\n"
			 "                        read (exit status 1)\n"
			 "  -L, --dereference     with -r or --unlisted, follow links met in the "
			 "walk\n"
			 "      --unlisted=DIR    with -c, after the lists: print 'FILE: UNLISTED' "
			 "for\n"
			 "                        each regular file under DIR that no line names "
			 "(names\n"
			 "                        compared without './' and repeated '/'); exit "
			 "status 1\n"
			 "                        if any\n"
			 "\n");
	out_text("  -j, --jobs=N          hash N files at once (0 or auto: one per CPU); output\n"
		 "                        and messages stay in order; default 1\n");
	if (!o->gnu_name)
		out_text("      --progress[=WHEN] a status line on stderr for an input read for "
			 "more\n"
			 "                        than a second: name, bytes, rate, ETA; wiped "
			 "before\n"
			 "                        any other output.  WHEN: auto (if stderr is a\n"
			 "                        terminal; lanes off), always, never.  Without\n"
			 "                        it: on a terminal, for inputs read alone\n");
	out_text("\n");
	if (!o->gnu_name)
		out_text(
			"Backends (sumac only; SUMAC_BACKEND sets the same for every name, for\n"
			"the algorithms it can hash; auto takes the others):\n"
			"      --backend=NAME    use NAME instead of the fastest usable backend "
			"(auto);\n"
			"                        NAME,NAME...: the first listed that can\n"
			"      --list-backends   show the backends, what they implement and which\n"
			"                        one this machine would use\n"
			"      --lanes=WHEN      hash several files at once in each thread: auto\n"
			"                        (where a kernel for it is faster), off, always\n"
			"                        (SUMAC_LANES sets the same for every name)\n"
			"      --sha1-collisions=WHAT  a SHA-1 input that is half of a collision\n"
			"                        attack: fail (the default: a message, and the\n"
			"                        file fails), warn (the message only), ignore (no\n"
			"                        detection; SUMAC_SHA1_COLLISIONS sets the same)\n"
			"      --debug           tell on stderr which implementation hashes\n"
			"      --benchmark       time every usable backend in memory for a few\n"
			"                        seconds and show which one is fastest here\n"
			"\n"
			"SUMAC_GNU_COMPAT=9.1 ... 9.11 or latest: the GNU coreutils release that\n"
			"the GNU program names (sha256sum and the others) behave as.\n"
			"\n");
	out_text("      --help            show this help and exit\n"
		 "      --version         show the version and exit\n\n");
	out_printf("Lines are DIGEST, two spaces (or space and '*'), FILE; --check also reads\n"
		   "the BSD form, and names escaped with a leading '\\'.\nDigests are %s.\n"
		   "Exit status: 0 if everything hashed or verified, 1 otherwise.\n",
		   o->gnu_name ? ai->tag : "chosen by -a, by a BSD tag, or by their length");
	if (!o->gnu_name || ai->family == SUMAC_FAMILY_SHA1)
		out_text("A SHA-1 input that is half of a collision attack (SHAttered, SHA-mbles)\n"
			 "fails: a message on stderr, and exit status 1; --check prints\n"
			 "'FILE: FAILED SHA-1 collision attack' for it.  "
			 "SUMAC_SHA1_COLLISIONS=warn\n"
			 "keeps the message only, =ignore does not look.\n");
	if (!o->gnu_name)
		out_text(
			"--check also reads other tools' tags: OpenSSL's SHA2-256(FILE)= DIGEST,\n"
			"SHA2-512/256, BLAKE2B-512, and FreeBSD's SHA512t256 (FILE) = DIGEST.\n"
			"Without -a, if no digest of an untagged list matches, sumac tries the "
			"other\n"
			"algorithms of that width on the first file that failed, and names the -a\n"
			"that verifies it on stderr.\n");
}

void opts_print_version(const struct sumac_opts *o)
{
	const char *base = strrchr(program_name, '/');
	base = base ? base + 1 : program_name;
	/* Line 1 keeps GNU's "NAME (PACKAGE) VERSION" shape, the one scripts
	 * parse; the licence line is sumac's under every name, since sumac is
	 * what runs (GNU's copyright and authors lines would be false here). */
	out_printf("%s (%s) %s\n", o->gnu_name ? base : "sumac", PACKAGE_NAME, PACKAGE_VERSION);
	out_text("License MIT: <https://opensource.org/licenses/MIT>.\n");
}
