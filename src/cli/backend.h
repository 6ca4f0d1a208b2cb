/* SPDX-License-Identifier: MIT */
/* The CLI's side of the registry: one selection per algorithm, made the
 * first time the algorithm is needed, with the user's override, its error
 * messages, --debug reports and the --list-backends table. */
#ifndef SUMAC_CLI_BACKEND_H
#define SUMAC_CLI_BACKEND_H

#include <stdbool.h>

#include "hash/hash.h"
#include "hash/registry.h"

/* Where the user's choice came from: it decides what a backend that cannot
 * hash an algorithm means. */
enum backend_source {
	BACKEND_AUTO,   /* neither given: the best usable one */
	BACKEND_OPTION, /* --backend: a command; if it cannot be obeyed, an error */
	BACKEND_ENV,    /* SUMAC_BACKEND: a standing preference, for algorithms it can hash */
};

struct backend_choice {
	const char *forced; /* the name or NAME,NAME... list; NULL for BACKEND_AUTO */
	enum backend_source source;
	bool debug;
	bool checked;  /* every name in forced was found to exist */
	bool invalid;  /* ...or not, and that was reported */
	bool cpu_told; /* --debug: SUMAC_CPU's line is out */
	const struct sumac_impl *chosen[SUMAC_NALGO];
};

/* --backend if given, else $SUMAC_BACKEND if set and not empty, else auto. */
void backend_choice_init(struct backend_choice *bc, const char *option, bool debug);

/* The implementation for algo, or NULL after printing why none can be used:
 * a name that no backend has, an empty name in a list, or, from --backend,
 * backends none of which can hash algo on this machine.  A SUMAC_BACKEND
 * that cannot hash algo gives way to auto (told under --debug). */
const struct sumac_impl *backend_for(struct backend_choice *bc, enum sumac_algo algo);

/* Prints the --list-backends table to stdout. */
void backend_print_list(void);

#endif
