/* SPDX-License-Identifier: MIT */
/* Backend selection as the user sees it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/backend.h"
#include "cli/cpumask.h"
#include "cli/out.h"

void backend_choice_init(struct backend_choice *bc, const char *option, bool debug)
{
	memset(bc, 0, sizeof *bc);
	const char *env = getenv("SUMAC_BACKEND");
	if (option) {
		bc->forced = option;
		bc->source = BACKEND_OPTION;
	} else if (env && *env) {
		bc->forced = env;
		bc->source = BACKEND_ENV;
	}
	bc->debug = debug;
}

static const char *status_text(enum sumac_select_status st)
{
	switch (st) {
	case SUMAC_SELECT_OK:
		return "usable";
	case SUMAC_SELECT_UNKNOWN_BACKEND:
		return "no such backend";
	case SUMAC_SELECT_NOT_COMPILED:
		return "not compiled into this build";
	case SUMAC_SELECT_NO_ALGO:
		return "does not implement the algorithm";
	case SUMAC_SELECT_UNUSABLE:
		return "this CPU cannot run it";
	case SUMAC_SELECT_REFUSED:
		return "the library refuses it under its current policy";
	case SUMAC_SELECT_SELFTEST_FAILED:
		return "it gave a wrong answer in its self-test on this CPU";
	}
	return "?";
}

/* A name from the user in a message: shell-quoted as out_quotef() shows
 * file names, so that a control byte is never printed raw and nothing is
 * cut short; a name it leaves bare gets the '...' these messages always
 * had.  mark() is the quote to print on either side of out_quotef(). */
static const char *mark(const char *quoted, const char *name)
{
	return strcmp(quoted, name) == 0 ? "'" : "";
}

/* The next element of a NAME,NAME... list at *p, as a string to free, or
 * NULL when the list is done (*p then NULL) or memory ran out (*p kept). */
static char *next_name(const char **p)
{
	if (!*p)
		return NULL;
	const size_t n = strcspn(*p, ",");
	char *name = strndup(*p, n);
	if (!name)
		return NULL;
	*p = (*p)[n] == ',' ? *p + n + 1 : NULL;
	return name;
}

/* Every element must name a backend, compiled in or not (or be "auto"),
 * whatever algorithm it will serve: a mistyped name is reported the first
 * time any algorithm is chosen, not only when a list reaches it.  An empty
 * element is an error wherever it stands (",portable" and "portable,"
 * alike): it names nothing, and is most likely a slip. */
static bool names_valid(struct backend_choice *bc)
{
	const char *src = bc->source == BACKEND_ENV ? "SUMAC_BACKEND: " : "";
	const char *hint = bc->source == BACKEND_ENV ? "sumac " : "";
	const char *p = bc->forced;
	char *name;

	if (bc->checked)
		return !bc->invalid;
	bc->checked = true;
	while (!bc->invalid && (name = next_name(&p))) {
		if (!*name) {
			const char *q = out_quotef(bc->forced), *m = mark(q, bc->forced);
			out_error(0, "%sempty backend name in %s%s%s", src, m, q, m);
			bc->invalid = true;
		} else if (strcmp(name, "auto") != 0 && !sumac_backend_known(name)) {
			const char *q = out_quotef(name), *m = mark(q, name);
			out_error(0, "%sunknown backend %s%s%s (%s--list-backends shows them)", src,
				  m, q, m, hint);
			bc->invalid = true;
		}
		free(name);
	}
	if (!bc->invalid && p) {
		out_error(0, "memory exhausted");
		bc->invalid = true;
	}
	return !bc->invalid;
}

/* The first element of the list that can hash algo here, into sel.
 * Returns 1 if one can, 0 if none can (sel holding the last refusal), -1
 * if memory ran out (told).  *by_auto: the element that served is "auto". */
static int select_listed(const struct backend_choice *bc, enum sumac_algo algo,
			 struct sumac_selection *sel, bool *by_auto)
{
	const char *name_of_algo = sumac_algo_info(algo)->name;
	const bool listed = strchr(bc->forced, ',') != NULL;
	const char *p = bc->forced;
	char *name;

	while ((name = next_name(&p))) {
		sumac_select(algo, name, sel);
		const bool ok = sel->status == SUMAC_SELECT_OK;
		*by_auto = strcmp(name, "auto") == 0;
		if (!ok && bc->debug && listed)
			out_error(0, "%s: not %s: %s", name_of_algo, out_quotef(name),
				  status_text(sel->status));
		free(name);
		if (ok)
			return 1;
	}
	if (p) {
		out_error(0, "memory exhausted");
		return -1;
	}
	return 0;
}

/* Under --debug, why a SUMAC_BACKEND does not serve algo, before auto does. */
static void tell_env_ignored(const struct backend_choice *bc, const char *name,
			     const struct sumac_selection *sel)
{
	const char *q = out_quotef(bc->forced), *m = mark(q, bc->forced);

	if (strchr(bc->forced, ','))
		out_error(0, "%s: SUMAC_BACKEND %s%s%s ignored: no backend in it can hash %s", name,
			  m, q, m, name);
	else
		out_error(0, "%s: SUMAC_BACKEND %s%s%s ignored: %s", name, m, q, m,
			  status_text(sel->status));
}

const struct sumac_impl *backend_for(struct backend_choice *bc, enum sumac_algo algo)
{
	if (bc->chosen[algo])
		return bc->chosen[algo];

	const char *name = sumac_algo_info(algo)->name;
	struct sumac_selection sel;
	bool forced = bc->source != BACKEND_AUTO && strcmp(bc->forced, "auto") != 0;

	if (bc->debug && !bc->cpu_told) {
		bc->cpu_told = true;
		cpumask_tell();
	}

	if (forced) {
		bool by_auto = false;
		if (!names_valid(bc))
			return NULL;
		const int found = select_listed(bc, algo, &sel, &by_auto);
		if (found < 0)
			return NULL;
		if (found) {
			forced = !by_auto;
		} else if (bc->source == BACKEND_OPTION) {
			/* One name must work; with a list the user chose the
			 * fallbacks, and --debug shows which one served. */
			const char *q = out_quotef(bc->forced), *m = mark(q, bc->forced);
			if (strchr(bc->forced, ','))
				out_error(0, "no backend in %s%s%s can hash %s", m, q, m, name);
			else
				out_error(0, "backend %s%s%s cannot hash %s: %s", m, q, m, name,
					  status_text(sel.status));
			return NULL;
		} else {
			/* A SUMAC_BACKEND set for some algorithms applies to them
			 * and leaves the others to auto: the variable is set once
			 * for every script and every name, and a sha256sum run
			 * must not fail because it names a SHA-512 backend. */
			if (bc->debug)
				tell_env_ignored(bc, name, &sel);
			forced = false;
			sumac_select(algo, NULL, &sel);
		}
	} else {
		sumac_select(algo, NULL, &sel);
	}
	if (sel.status != SUMAC_SELECT_OK) {
		out_error(0, "no implementation of %s can run here", name);
		return NULL;
	}
	if (bc->debug) {
		for (size_t i = 0; i < sel.nskipped; i++)
			out_error(0, "%s: skipping %s: %s", name, sel.skipped[i]->driver,
				  status_text(sel.skipped_why[i]));
		out_error(0, "%s: using %s (%s)", name, sel.impl->driver,
			  forced ? "forced" : "auto");
	}
	return bc->chosen[algo] = sel.impl;
}

static void append_word(char *buf, size_t size, const char *word)
{
	size_t len = strlen(buf);
	snprintf(buf + len, size - len, "%s%s", len ? " " : "", word);
}

void backend_print_list(void)
{
	out_printf("%-13s %-9s %-7s %-9s %s\n", "BACKEND", "COMPILED", "USABLE", "PRIORITY",
		   "ALGORITHMS");
	for (size_t b = 0; sumac_known_backends[b]; b++) {
		const char *token = sumac_known_backends[b];
		char algos[256] = "", prio[16] = "-";
		bool compiled = false;
		unsigned usable = 0, unusable = 0;

		for (int a = 0; a < SUMAC_NALGO; a++) {
			for (size_t i = 0; i < sumac_nimpls; i++) {
				const struct sumac_impl *impl = &sumac_impls[i];
				if (strcmp(impl->backend, token) != 0 ||
				    !sumac_impl_serves(impl, (enum sumac_algo)a))
					continue;
				compiled = true;
				snprintf(prio, sizeof prio, "%d", impl->priority);
				const char *name = sumac_algo_info((enum sumac_algo)a)->name;
				if (sumac_impl_available(impl, (enum sumac_algo)a)) {
					usable++;
					append_word(algos, sizeof algos, name);
				} else {
					/* Compiled in, but not for this CPU (or policy). */
					char bracketed[32];
					snprintf(bracketed, sizeof bracketed, "[%s]", name);
					unusable++;
					append_word(algos, sizeof algos, bracketed);
				}
			}
		}
		const char *state = !compiled ? "-" : !usable ? "no" : unusable ? "some" : "yes";
		out_printf("%-13s %-9s %-7s %-9s %s\n", token, compiled ? "yes" : "no", state, prio,
			   algos[0] ? algos : "-");
	}
	out_text("[algorithm]: compiled in, but this machine cannot use it for that algorithm\n");

	out_printf("\n%-11s %s\n", "ALGORITHM", "AUTO USES");
	for (int a = 0; a < SUMAC_NALGO; a++) {
		struct sumac_selection sel;
		const char *name = sumac_algo_info((enum sumac_algo)a)->name;
		if (sumac_select((enum sumac_algo)a, NULL, &sel) == SUMAC_SELECT_OK)
			out_printf("%-11s %s\n", name, sel.impl->driver);
		else
			out_printf("%-11s %s\n", name, "-");
	}
}
