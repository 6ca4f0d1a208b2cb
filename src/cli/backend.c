/* SPDX-License-Identifier: MIT */
/* Backend selection as the user sees it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/backend.h"
#include "cli/out.h"

void backend_choice_init(struct backend_choice *bc, const char *option, bool debug)
{
	memset(bc, 0, sizeof *bc);
	bc->forced = option;
	if (!bc->forced) {
		const char *env = getenv("SUMAC_BACKEND");
		if (env && *env)
			bc->forced = env;
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

const struct sumac_impl *backend_for(struct backend_choice *bc, enum sumac_algo algo)
{
	if (bc->chosen[algo])
		return bc->chosen[algo];

	const char *name = sumac_algo_info(algo)->name;
	struct sumac_selection sel;
	const bool forced = bc->forced && strcmp(bc->forced, "auto") != 0;

	if (!forced) {
		sumac_select(algo, NULL, &sel);
	} else {
		/* "a,b,c": the first listed backend that has algo and can run
		 * here.  A single name must work; with a list the user chose
		 * the fallbacks, and --debug shows which one served. */
		char token[64];
		const char *p = bc->forced;
		bool listed = strchr(p, ',') != NULL;
		for (;;) {
			size_t n = strcspn(p, ",");
			if (n >= sizeof token)
				n = sizeof token - 1;
			memcpy(token, p, n);
			token[n] = '\0';
			sumac_select(algo, token, &sel);
			if (sel.status == SUMAC_SELECT_OK)
				break;
			if (sel.status == SUMAC_SELECT_UNKNOWN_BACKEND) {
				out_error(0, "unknown backend '%s' (--list-backends shows them)",
					  token);
				return NULL;
			}
			if (bc->debug && listed)
				out_error(0, "%s: not %s: %s", name, token,
					  status_text(sel.status));
			p += strcspn(p, ",");
			if (*p == '\0')
				break;
			p++;
		}
		if (sel.status != SUMAC_SELECT_OK) {
			if (listed)
				out_error(0, "no backend in '%s' can hash %s", bc->forced, name);
			else
				out_error(0, "backend '%s' cannot hash %s: %s", bc->forced, name,
					  status_text(sel.status));
			return NULL;
		}
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
