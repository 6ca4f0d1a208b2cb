/* SPDX-License-Identifier: MIT */
/* The CLI's side of the registry: one selection per algorithm, made the
 * first time the algorithm is needed, with the user's override, its error
 * messages, --debug reports and the --list-backends table. */
#ifndef SUMAC_CLI_BACKEND_H
#define SUMAC_CLI_BACKEND_H

#include <stdbool.h>

#include "hash/hash.h"
#include "hash/registry.h"

struct backend_choice {
	const char *forced; /* NULL or "auto": the best usable one */
	bool debug;
	const struct sumac_impl *chosen[SUMAC_NALGO];
};

/* --backend if given, else $SUMAC_BACKEND if set and not empty, else auto. */
void backend_choice_init(struct backend_choice *bc, const char *option, bool debug);

/* The implementation for algo, or NULL after printing why none can be
 * used (a forced backend that is unknown, lacks algo or cannot run). */
const struct sumac_impl *backend_for(struct backend_choice *bc, enum sumac_algo algo);

/* Prints the --list-backends table to stdout. */
void backend_print_list(void);

#endif
