/* SPDX-License-Identifier: MIT */
/* Option parsing with getopt_long, GNU's way: abbreviations, permutation,
 * "--", and the option-conflict errors in coreutils 9.1's order. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

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

/* How many of a table's first entries are GNU's. */
#define GNU_LONG_OPTION_COUNT 12

static const struct option gnu_options[] = {
	GNU_LONG_OPTIONS,
	JOBS_OPTION,
	{NULL, 0, NULL, 0},
};

static const struct option sumac_options[] = {
	GNU_LONG_OPTIONS,
	{"algorithm", required_argument, NULL, 'a'},
	{"backend", required_argument, NULL, OPT_BACKEND},
	{"list-backends", no_argument, NULL, OPT_LIST_BACKENDS},
	{"debug", no_argument, NULL, OPT_DEBUG},
	{"benchmark", no_argument, NULL, OPT_BENCHMARK},
	{"lanes", required_argument, NULL, OPT_LANES},
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
			int argc, char **argv)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : NULL;
	const bool long_arg = arg && arg[0] == '-' && arg[1] == '-';
	const char *letters = shortopts + (shortopts[0] == '+');
	const char *in_short =
		optopt > 0 && optopt < 0x80 && optopt != ':' ? strchr(letters, optopt) : NULL;
	bool match[sizeof sumac_options / sizeof sumac_options[0]];
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
				if (match[i] && (!gnu_name || i < GNU_LONG_OPTION_COUNT))
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

static int bad_algorithm(const char *arg)
{
	fprintf(stderr, "%s: invalid argument '%s' for '--algorithm'\nValid arguments are:\n",
		program_name, arg);
	for (int a = 0; a < SUMAC_NALGO; a++)
		fprintf(stderr, "  - '%s'\n", sumac_algo_info((enum sumac_algo)a)->name);
	return usage_error();
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

/* Returns the first conflict in 9.1's order, or NULL. */
static const char *option_conflict(const struct sumac_opts *o)
{
	const bool check = o->action == ACTION_CHECK;

	if (o->tag && o->binary == 0)
		return "--tag does not support --text mode";
	if (o->delim != '\n' && check)
		return "the --zero option is not supported when verifying checksums";
	if (o->tag && check)
		return "the --tag option is meaningless when verifying checksums";
	if (o->binary >= 0 && check)
		return "the --binary and --text options are meaningless when verifying checksums";
	if (o->ignore_missing && !check)
		return "the --ignore-missing option is meaningful only when verifying checksums";
	if (o->verbosity == VERBOSITY_STATUS && !check)
		return "the --status option is meaningful only when verifying checksums";
	if (o->verbosity == VERBOSITY_WARN && !check)
		return "the --warn option is meaningful only when verifying checksums";
	if (o->verbosity == VERBOSITY_QUIET && !check)
		return "the --quiet option is meaningful only when verifying checksums";
	if (o->strict && !check)
		return "the --strict option is meaningful only when verifying checksums";
	return NULL;
}

int opts_parse(struct sumac_opts *o, int argc, char **argv)
{
	const struct option *longopts = o->gnu_name ? gnu_options : sumac_options;
	/* "+": POSIXLY_CORRECT stops at the first operand on every libc, as
	 * glibc's getopt does by itself. */
	const char *shortopts = o->gnu_name ? "+bctwzj:" : "+a:bctwzj:";
	if (!getenv("POSIXLY_CORRECT"))
		shortopts++;
	bool list_backends = false;
	bool benchmark = false;
	int c;

	o->action = ACTION_HASH;
	o->binary = -1;
	o->tag = false;
	o->delim = '\n';
	o->ignore_missing = false;
	o->strict = false;
	o->verbosity = VERBOSITY_NORMAL;
	o->backend = NULL;
	o->lanes = NULL;
	o->debug = false;
	o->jobs = 1;

	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (sumac_algo_from_name(optarg, &o->algo) != 0)
				return bad_algorithm(optarg);
			o->algo_given = true;
			break;
		case 'b':
			o->binary = 1;
			break;
		case 'c':
			o->action = ACTION_CHECK;
			break;
		case 't':
			o->binary = 0;
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
		case OPT_TAG:
			/* The BSD format has no mode marker; GNU records it as binary. */
			o->tag = true;
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
		case OPT_LIST_BACKENDS:
			list_backends = true;
			break;
		case OPT_DEBUG:
			o->debug = true;
			break;
		case OPT_BENCHMARK:
			benchmark = true;
			break;
		case 'j':
			if (parse_jobs(optarg, &o->jobs) != 0) {
				out_error(0, "invalid number of jobs: '%s'", optarg);
				return usage_error();
			}
			break;
		default:
			return option_error(longopts, shortopts, o->gnu_name, argc, argv);
		}
	}
	o->first_operand = optind;

	const char *conflict = option_conflict(o);
	if (conflict) {
		out_error(0, "%s", gnu_(conflict));
		return usage_error();
	}
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

void opts_print_help(const struct sumac_opts *o)
{
	const struct sumac_algo_info *ai = sumac_algo_info(o->algo);

	out_printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
	out_printf("Print or check %s checksums.\n",
		   o->gnu_name ? ai->tag : "SHA-1, SHA-2 and MD5");
	out_text("With no FILE, or when FILE is -, read standard input.\n\n");
	if (!o->gnu_name)
		print_algorithm_list(SUMAC_DEFAULT_ALGO);
	out_text("  -b, --binary          mark lines with '*' (binary mode); no other effect\n"
		 "  -c, --check           read checksum lists from the FILEs and verify them\n"
		 "      --tag             write BSD-style lines: ALGO (FILE) = DIGEST\n"
		 "  -t, --text            mark lines with ' ' (text mode, the default)\n"
		 "  -z, --zero            end each output line with NUL, not newline, and do not\n"
		 "                        escape file names\n"
		 "\n"
		 "Only when verifying (-c):\n"
		 "      --ignore-missing  say nothing about listed files that do not exist\n"
		 "      --quiet           print nothing for files that verify\n"
		 "      --status          print nothing at all; the exit status tells\n"
		 "      --strict          fail on improperly formatted lines\n"
		 "  -w, --warn            report each improperly formatted line\n"
		 "\n");
	out_text("  -j, --jobs=N          hash N files at once (0 or auto: one per CPU); output\n"
		 "                        and messages stay in order; default 1\n\n");
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
			"      --debug           tell on stderr which implementation hashes\n"
			"      --benchmark       time every usable backend in memory for a few\n"
			"                        seconds and show which one is fastest here\n"
			"\n");
	out_text("      --help            show this help and exit\n"
		 "      --version         show the version and exit\n\n");
	out_printf("Lines are DIGEST, two spaces (or space and '*'), FILE; --check also reads\n"
		   "the BSD form, and names escaped with a leading '\\'.\nDigests are %s.\n"
		   "Exit status: 0 if everything hashed or verified, 1 otherwise.\n",
		   o->gnu_name ? ai->tag : "chosen by -a, by a BSD tag, or by their length");
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
