/* SPDX-License-Identifier: MIT */
/* The CLI's side of the registry: one selection per algorithm, made the
 * first time the algorithm is needed, with the user's override, its error
 * messages, --debug reports and the --list-backends table. */
#ifndef SUMAC_CLI_BACKEND_H
#define SUMAC_CLI_BACKEND_H

#include <stdbool.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "cli/collision.h"
#include "run/lanes.h"

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
	bool checked;              /* every name in forced was found to exist */
	bool invalid;              /* ...or not, and that was reported */
	bool cpu_told;             /* --debug: SUMAC_CPU's line is out */
	enum run_lanes_mode lanes; /* for --debug's word on lanes */
	/* Unless COLLISION_IGNORE, SHA-1 takes only an implementation that
	 * detects collision attacks: auto passes over the others, and a forced
	 * one that cannot is an error (the way out is ignore). */
	enum collision_mode collisions;
	const struct sumac_impl *chosen[SUMAC_NALGO];
};

/* --backend if given, else $SUMAC_BACKEND if set and not empty, else auto. */
void backend_choice_init(struct backend_choice *bc, const char *option, bool debug);

/* What choosing the implementation of one algorithm came to. */
enum backend_status {
	BACKEND_OK,             /* impl serves the algorithm */
	BACKEND_EMPTY_NAME,     /* the forced list holds an empty name */
	BACKEND_UNKNOWN_NAME,   /* ...or bad_name, which no backend has */
	BACKEND_REFUSED_BEFORE, /* the list was found wrong before, and told then */
	BACKEND_NO_MEMORY,
	BACKEND_CANNOT_HASH, /* --backend: none of its backends can hash it here */
	BACKEND_NONE_USABLE, /* no implementation of it can run here */
	/* --backend or SUMAC_BACKEND: its backends could hash SHA-1, but none
	 * can detect collision attacks, and detection is on */
	BACKEND_CANNOT_DETECT,
};

struct backend_refusal {
	char *name; /* an element of the list */
	enum sumac_select_status why;
	bool nodetect; /* it could hash, but cannot detect SHA-1 collisions */
};

/* Everything backend_tell() words, gathered without printing. */
struct backend_report {
	enum sumac_algo algo;
	enum backend_status status;
	const struct sumac_impl *impl; /* BACKEND_OK */
	bool cached;                   /* chosen before: nothing to tell */
	bool forced;                   /* --debug: "forced", not "auto" */
	char *bad_name;                /* BACKEND_UNKNOWN_NAME */
	/* --debug with a NAME,NAME... list: the elements tried before one
	 * served (or none did), and why each could not. */
	struct backend_refusal *refused;
	size_t nrefused;
	bool env_ignored; /* a SUMAC_BACKEND that cannot hash it gave way to auto */
	enum sumac_select_status last_why; /* the last element's refusal */
	bool any_nodetect;          /* some element could hash, but not detect SHA-1 collisions */
	struct sumac_selection sel; /* the selection made (--debug's skips) */
};

/* Chooses the implementation for algo and records the choice in bc,
 * printing nothing: a name that no backend has, an empty name in a list,
 * or, from --backend, backends none of which can hash algo on this machine
 * are errors.  A SUMAC_BACKEND that cannot hash algo gives way to auto.
 * Returns r->status; r must then go to backend_tell(). */
enum backend_status backend_resolve(struct backend_choice *bc, enum sumac_algo algo,
				    struct backend_report *r);

/* Prints what r holds, in the order the choice was made: under --debug the
 * list elements that did not serve, a SUMAC_BACKEND given way, the better
 * implementations skipped and the one used; the error if none was chosen.
 * Frees what r holds.  Returns r->impl, or NULL if an error was reported. */
const struct sumac_impl *backend_tell(struct backend_choice *bc, struct backend_report *r);

/* Prints the --list-backends table to stdout; the AUTO USES column of
 * SHA-1 is auto's choice under collisions. */
void backend_print_list(enum collision_mode collisions);

/* Auto's choice for algo, passing over the implementations that cannot
 * detect SHA-1 collisions when detect is set (and algo is SHA-1): the
 * registry's sumac_select otherwise.  Returns sel->status. */
enum sumac_select_status backend_select_auto(enum sumac_algo algo, bool detect,
					     struct sumac_selection *sel);

#endif
