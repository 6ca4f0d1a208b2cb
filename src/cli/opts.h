/* SPDX-License-Identifier: MIT */
/* Command-line options, parsed once into a struct that is passed down;
 * nothing else in the program reads argv. */
#ifndef SUMAC_CLI_OPTS_H
#define SUMAC_CLI_OPTS_H

#include <stdbool.h>

#include "cli/cksum.h"
#include "cli/collision.h"
#include "cli/progress.h"
#include "hash/hash.h"

/* What sumac hashes with under its own name and no -a. */
#define SUMAC_DEFAULT_ALGO SUMAC_SHA256

enum verbosity {
	VERBOSITY_NORMAL,
	VERBOSITY_QUIET,  /* --quiet: no OK lines */
	VERBOSITY_STATUS, /* --status: nothing but the exit code */
	VERBOSITY_WARN,   /* --warn: report each malformed line */
};

enum action {
	ACTION_HASH,
	ACTION_CHECK,
	ACTION_LIST_BACKENDS,
	ACTION_BENCHMARK,
	ACTION_HELP,
	ACTION_VERSION,
};

struct sumac_opts {
	enum action action;
	bool gnu_name;               /* invoked as sha256sum & co.: GNU's option set only */
	bool cksum;                  /* invoked as cksum (gnu_name too) */
	const struct cksum_algo *ck; /* cksum: -a's entry, or crc */
	int prefix_tag;              /* cksum: -1 neither, 1 --tag, 0 --untagged (the last) */
	bool base64;                 /* cksum --base64 */
	bool raw;                    /* cksum --raw */
	bool cksum_debug;            /* cksum --debug: GNU's CRC lines, SHA-1 hits */
	unsigned level;              /* the GNU release to behave as (cli/level.h); set
				      * before opts_parse, which depends on it */
	enum sumac_algo algo;        /* from the program name, -a, or sha256 */
	bool algo_given;             /* sumac -a, or a GNU name */
	int binary;                  /* -1 not given, 0 text (-t), 1 binary (-b, --tag) */
	bool tag;
	const char *length_arg; /* the last -l/--length, or NULL */
	unsigned digest_len;    /* -l's digest in bytes; 0: the algorithm's own */
	char delim;             /* '\n', or '\0' with -z */
	bool ignore_missing;
	bool strict;
	bool summary;                /* sumac --summary: one line of counts after the last list */
	enum progress_when progress; /* sumac --progress; PROGRESS_DEFAULT without */
	enum verbosity verbosity;
	const char *backend; /* NULL: SUMAC_BACKEND or auto */
	const char *lanes;   /* --lanes; NULL: SUMAC_LANES or auto */
	/* SHA-1 collision detection: sumac's --sha1-collisions, else
	 * SUMAC_SHA1_COLLISIONS (main resolves it after opts_parse). */
	enum collision_mode collisions;
	bool collisions_given;
	bool debug;
	bool recursive;       /* sumac -r: walk directory operands */
	bool dereference;     /* sumac -L: follow links met in a walk */
	const char *unlisted; /* sumac --check --unlisted=DIR; NULL: none */
	unsigned jobs;        /* -j: files hashed at once; 1 is serial, 0 one per CPU */
	int first_operand;    /* index in argv */
	/* sumac -a NAME,NAME...: the algorithms in the order given (algo is
	 * the first); 1 for a single name. */
	unsigned nalgos;
	enum sumac_algo algos[SUMAC_NALGO];
};

/* Parses argv.  Returns 0, or 1 after printing a usage error (exit 1). */
int opts_parse(struct sumac_opts *o, int argc, char **argv);

/* Writes --help text to stdout. */
void opts_print_help(const struct sumac_opts *o);
void opts_print_version(const struct sumac_opts *o);

#endif
