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
	case SUMAC_SELECT_SLOWER_HERE:
		return "a lower choice measured faster on this CPU model";
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
 * alike): it names nothing, and is most likely a slip.  BACKEND_OK if every
 * element is one; the first that is not is r->bad_name. */
static enum backend_status names_valid(struct backend_choice *bc, struct backend_report *r)
{
	const char *p = bc->forced;
	char *name;
	enum backend_status st = BACKEND_OK;

	if (bc->checked)
		return bc->invalid ? BACKEND_REFUSED_BEFORE : BACKEND_OK;
	bc->checked = true;
	while (st == BACKEND_OK && (name = next_name(&p))) {
		if (!*name) {
			st = BACKEND_EMPTY_NAME;
		} else if (strcmp(name, "auto") != 0 && !sumac_backend_known(name)) {
			st = BACKEND_UNKNOWN_NAME;
			r->bad_name = name;
			continue;
		}
		free(name);
	}
	if (st == BACKEND_OK && p)
		st = BACKEND_NO_MEMORY;
	bc->invalid = st != BACKEND_OK;
	return st;
}

/* The row of the registry's table that rows[k] copies, for p == &rows[k];
 * NULL when p is NULL (none chosen).  Found by equality: p - rows is
 * undefined for NULL, and cppcheck (comparePointers) rejects it. */
static const struct sumac_impl *real_row(const struct sumac_impl *rows, const size_t *from,
					 size_t n, const struct sumac_impl *p)
{
	for (size_t k = 0; k < n; k++)
		if (p == &rows[k])
			return &sumac_impls[from[k]];
	return NULL;
}

enum sumac_select_status backend_select_auto(enum sumac_algo algo, bool detect,
					     struct sumac_selection *sel)
{
	if (!detect || sumac_algo_info(algo)->family != SUMAC_FAMILY_SHA1)
		return sumac_select(algo, NULL, sel);
	/* The registry's own rules (priority, CPU, self-test) over the rows
	 * that can detect, then the answer mapped back to the real table,
	 * whose addresses the rest of the program compares. */
	struct sumac_impl rows[SUMAC_MAX_IMPLS] = {0};
	size_t from[SUMAC_MAX_IMPLS], n = 0;
	for (size_t i = 0; i < sumac_nimpls && n < SUMAC_MAX_IMPLS; i++) {
		if (sumac_impl_serves(&sumac_impls[i], algo) &&
		    !sumac_impl_detects_sha1_collisions(&sumac_impls[i]))
			continue;
		rows[n] = sumac_impls[i];
		from[n++] = i;
	}
	sumac_select_from(rows, n, algo, NULL, sel);
	sel->impl = real_row(rows, from, n, sel->impl);
	for (size_t k = 0; k < sel->nskipped; k++)
		sel->skipped[k] = real_row(rows, from, n, sel->skipped[k]);
	return sel->status;
}

/* Whether algo must be hashed by an implementation that detects SHA-1
 * collisions. */
static bool must_detect(const struct backend_choice *bc, enum sumac_algo algo)
{
	return collision_detects(bc->collisions, algo);
}

/* Under --debug, with a list: why name did not serve.  False if memory ran
 * out; the report keeps name either way. */
static bool add_refusal(struct backend_report *r, char *name, enum sumac_select_status why,
			bool nodetect)
{
	struct backend_refusal *more = realloc(r->refused, (r->nrefused + 1) * sizeof *more);
	if (!more) {
		free(name);
		return false;
	}
	r->refused = more;
	r->refused[r->nrefused].name = name;
	r->refused[r->nrefused].why = why;
	r->refused[r->nrefused].nodetect = nodetect;
	r->nrefused++;
	return true;
}

/* The first element of the list that can hash algo here, into sel.
 * Returns 1 if one can, 0 if none can (sel holding the last refusal), -1
 * if memory ran out.  *by_auto: the element that served is "auto". */
static int select_listed(const struct backend_choice *bc, enum sumac_algo algo,
			 struct sumac_selection *sel, bool *by_auto, struct backend_report *r)
{
	const bool listed = strchr(bc->forced, ',') != NULL;
	const char *p = bc->forced;
	char *name;

	while ((name = next_name(&p))) {
		*by_auto = strcmp(name, "auto") == 0;
		if (*by_auto)
			backend_select_auto(algo, must_detect(bc, algo), sel);
		else
			sumac_select(algo, name, sel);
		/* A backend that can hash SHA-1 but not look for collision
		 * attacks is refused while detection is on. */
		const bool nodetect = sel->status == SUMAC_SELECT_OK && must_detect(bc, algo) &&
				      !sumac_impl_detects_sha1_collisions(sel->impl);
		const bool ok = sel->status == SUMAC_SELECT_OK && !nodetect;
		r->any_nodetect |= nodetect;
		if (!ok && bc->debug && listed) {
			if (!add_refusal(r, name, sel->status, nodetect))
				return -1;
		} else {
			free(name);
		}
		if (ok)
			return 1;
	}
	return p ? -1 : 0;
}

enum backend_status backend_resolve(struct backend_choice *bc, enum sumac_algo algo,
				    struct backend_report *r)
{
	memset(r, 0, sizeof *r);
	r->algo = algo;
	if (bc->chosen[algo]) {
		r->impl = bc->chosen[algo];
		r->cached = true;
		return r->status = BACKEND_OK;
	}

	struct sumac_selection *sel = &r->sel;
	bool forced = bc->source != BACKEND_AUTO && strcmp(bc->forced, "auto") != 0;

	if (forced) {
		bool by_auto = false;
		const enum backend_status valid = names_valid(bc, r);
		if (valid != BACKEND_OK)
			return r->status = valid;
		const int found = select_listed(bc, algo, sel, &by_auto, r);
		if (found < 0)
			return r->status = BACKEND_NO_MEMORY;
		if (found) {
			forced = !by_auto;
		} else if (r->any_nodetect) {
			/* Whether from --backend or SUMAC_BACKEND: the user
			 * wants that library (a FIPS policy, say), and SHA-1
			 * through it would go unchecked. */
			return r->status = BACKEND_CANNOT_DETECT;
		} else if (bc->source == BACKEND_OPTION) {
			/* One name must work; with a list the user chose the
			 * fallbacks, and --debug shows which one served. */
			r->last_why = sel->status;
			return r->status = BACKEND_CANNOT_HASH;
		} else {
			/* A SUMAC_BACKEND set for some algorithms applies to them
			 * and leaves the others to auto: the variable is set once
			 * for every script and every name, and a sha256sum run
			 * must not fail because it names a SHA-512 backend. */
			r->env_ignored = true;
			r->last_why = sel->status;
			forced = false;
			backend_select_auto(algo, must_detect(bc, algo), sel);
		}
	} else {
		backend_select_auto(algo, must_detect(bc, algo), sel);
	}
	if (sel->status != SUMAC_SELECT_OK)
		return r->status = BACKEND_NONE_USABLE;
	r->forced = forced;
	r->impl = bc->chosen[algo] = sel->impl;
	return r->status = BACKEND_OK;
}

/* Under --debug, why a SUMAC_BACKEND does not serve algo, before auto does. */
static void tell_env_ignored(const struct backend_choice *bc, const char *name,
			     enum sumac_select_status why)
{
	const char *q = out_quotef(bc->forced), *m = mark(q, bc->forced);

	if (strchr(bc->forced, ','))
		out_error(0, "%s: SUMAC_BACKEND %s%s%s ignored: no backend in it can hash %s", name,
			  m, q, m, name);
	else
		out_error(0, "%s: SUMAC_BACKEND %s%s%s ignored: %s", name, m, q, m,
			  status_text(why));
}

/* The error of a report that chose nothing. */
static void tell_error(const struct backend_choice *bc, const struct backend_report *r,
		       const char *name)
{
	const char *src = bc->source == BACKEND_ENV ? "SUMAC_BACKEND: " : "";
	const char *hint = bc->source == BACKEND_ENV ? "sumac " : "";
	const char *q, *m;

	switch (r->status) {
	case BACKEND_OK:
	case BACKEND_REFUSED_BEFORE:
		break;
	case BACKEND_EMPTY_NAME:
		q = out_quotef(bc->forced);
		m = mark(q, bc->forced);
		out_error(0, "%sempty backend name in %s%s%s", src, m, q, m);
		break;
	case BACKEND_UNKNOWN_NAME:
		q = out_quotef(r->bad_name);
		m = mark(q, r->bad_name);
		out_error(0, "%sunknown backend %s%s%s (%s--list-backends shows them)", src, m, q,
			  m, hint);
		break;
	case BACKEND_NO_MEMORY:
		out_error(0, "memory exhausted");
		break;
	case BACKEND_CANNOT_HASH:
		q = out_quotef(bc->forced);
		m = mark(q, bc->forced);
		if (strchr(bc->forced, ','))
			out_error(0, "no backend in %s%s%s can hash %s", m, q, m, name);
		else
			out_error(0, "backend %s%s%s cannot hash %s: %s", m, q, m, name,
				  status_text(r->last_why));
		break;
	case BACKEND_NONE_USABLE:
		out_error(0, "no implementation of %s can run here", name);
		break;
	case BACKEND_CANNOT_DETECT: {
		/* The way out, named: the switch that lets a library hash
		 * SHA-1 unchecked (SUMAC_SHA1_COLLISIONS under every name). */
		const char *way =
			bc->source == BACKEND_ENV ? "SUMAC_SHA1_COLLISIONS" : "--sha1-collisions";
		const bool list = strchr(bc->forced, ',') != NULL;
		q = out_quotef(bc->forced);
		m = mark(q, bc->forced);
		out_error(0, "%s%s %s%s%s %s detect SHA-1 collisions (%s=ignore hashes %s with %s)",
			  src, list ? "no backend in" : "backend", m, q, m, list ? "can" : "cannot",
			  way, name, list ? "them" : "it");
		break;
	}
	}
}

/* Under --debug: whether files of this algorithm are hashed in lanes. */
static void tell_lanes(const struct backend_choice *bc, const struct sumac_impl *impl,
		       const char *name)
{
	const unsigned width = run_lanes_width(impl, bc->lanes);
	if (width)
		out_error(0, "%s: lanes: up to %u files at once in each thread", name, width);
	else if (bc->lanes == RUN_LANES_OFF && run_lanes_width(impl, RUN_LANES_AUTO))
		out_error(0, "%s: lanes: off", name);
	else
		out_error(0, "%s: lanes: none (%s has no faster kernel for them)", name,
			  impl->driver);
}

/* Under --debug, for auto with detection on: the better implementations
 * passed over because they cannot detect SHA-1 collisions. */
static void tell_nodetect_skipped(const struct sumac_impl *chosen, enum sumac_algo algo,
				  const char *name)
{
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (sumac_impl_serves(impl, algo) && sumac_impl_available(impl, algo) &&
		    !sumac_impl_detects_sha1_collisions(impl) && impl->priority > chosen->priority)
			out_error(0, "%s: skipping %s: cannot detect SHA-1 collisions", name,
				  impl->driver);
	}
}

/* Under --debug, for SHA-1: whether its inputs are looked at for collision
 * attacks, and with which filter kernel. */
static void tell_detection(const struct backend_choice *bc, const struct sumac_impl *impl,
			   enum sumac_algo algo, const char *name)
{
	if (sumac_algo_info(algo)->family != SUMAC_FAMILY_SHA1)
		return;
	if (must_detect(bc, algo)) {
		const bool fused = sumac_sha1dc_fuses(impl);
		const bool sched =
			run_lanes_width(impl, bc->lanes) >= 2 && sumac_sha1dc_sched_lanes(impl);
		out_error(0, "%s: collision detection: on (%s), filter %s%s%s%s", name,
			  collision_mode_name(bc->collisions), sumac_sha1dc_filter_name(),
			  fused ? " between the blocks of " : "", fused ? impl->driver : "",
			  sched ? ", in lanes over the words their kernel expands" : "");
	} else
		out_error(0, "%s: collision detection: off (ignore)", name);
}

/* Under a simulated CPU model (a test aid), the choice is the model's and
 * may need what this machine lacks: it is told, never run.  True when it
 * can run. */
static bool runs_here(const struct backend_choice *bc, const struct sumac_impl *impl,
		      enum sumac_algo algo, const char *name)
{
	const struct sumac_cpu_model *model = sumac_cpu_simulated();
	const char *what = NULL;

	if (!model)
		return true;
	if (!sumac_impl_runs_here(impl))
		what = impl->driver;
	else if (sumac_algo_info(algo)->family == SUMAC_FAMILY_SHA1 && must_detect(bc, algo) &&
		 !sumac_sha1dc_kernel_runs_here(sumac_sha1dc_kernel_best()))
		what = "the SHA-1 collision filter";
	if (!what)
		return true;
	out_error(0, "%s: %s cannot run on this machine (SUMAC_TEST_CPU_MODEL=%s)", name, what,
		  model->name);
	return false;
}

const struct sumac_impl *backend_tell(struct backend_choice *bc, struct backend_report *r)
{
	const char *name = sumac_algo_info(r->algo)->name;

	if (r->cached)
		return r->impl;
	/* Before the first choice's lines: the CPU model simulated, and what
	 * SUMAC_CPU took away. */
	if (bc->debug && !bc->cpu_told) {
		bc->cpu_told = true;
		cpumodel_tell();
		cpumask_tell();
	}
	for (size_t i = 0; i < r->nrefused; i++) {
		out_error(0, "%s: not %s: %s", name, out_quotef(r->refused[i].name),
			  r->refused[i].nodetect ? "cannot detect SHA-1 collisions"
						 : status_text(r->refused[i].why));
		free(r->refused[i].name);
	}
	free(r->refused);
	r->refused = NULL;
	r->nrefused = 0;
	if (bc->debug && r->env_ignored)
		tell_env_ignored(bc, name, r->last_why);
	tell_error(bc, r, name);
	free(r->bad_name);
	r->bad_name = NULL;
	if (r->status != BACKEND_OK)
		return NULL;
	if (bc->debug) {
		for (size_t i = 0; i < r->sel.nskipped; i++)
			out_error(0, "%s: skipping %s: %s", name, r->sel.skipped[i]->driver,
				  status_text(r->sel.skipped_why[i]));
		if (!r->forced && must_detect(bc, r->algo))
			tell_nodetect_skipped(r->impl, r->algo, name);
		out_error(0, "%s: using %s (%s)", name, r->impl->driver,
			  r->forced ? "forced" : "auto");
		tell_lanes(bc, r->impl, name);
		tell_detection(bc, r->impl, r->algo, name);
	}
	if (!runs_here(bc, r->impl, r->algo, name))
		return NULL;
	return r->impl;
}

static void append_word(char *buf, size_t size, const char *word)
{
	size_t len = strlen(buf);
	snprintf(buf + len, size - len, "%s%s", len ? " " : "", word);
}

/* Whether row i's lane kernel is an earlier compiled row's too (two rows
 * of one backend that differ only in their one-stream code): the lane
 * table lists each kernel once, as --benchmark times it. */
static bool lanes_listed_before(size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (sumac_impls[j].lanes_blocks == sumac_impls[i].lanes_blocks &&
		    sumac_impls[j].lanes && sumac_impl_compiled(&sumac_impls[j]))
			return true;
	return false;
}

void backend_print_list(enum collision_mode collisions)
{
	const struct sumac_cpu_model *model = sumac_cpu_simulated();

	/* The tests' simulated CPU, on stderr so that the listing keeps its
	 * form for what parses it, and first, so that no listing of it
	 * passes for this machine's. */
	if (model)
		out_error(0, "SUMAC_TEST_CPU_MODEL: listing as on %s, a test aid: %s", model->name,
			  model->what);
	out_printf("%-13s %-9s %-7s %-9s %s\n", "BACKEND", "COMPILED", "USABLE", "PRIORITY",
		   "ALGORITHMS");
	const char *token;
	for (size_t b = 0; (token = sumac_backend_token(b)); b++) {
		char algos[256] = "", prio[16] = "-";
		bool compiled = false;
		unsigned usable = 0, unusable = 0;

		for (int a = 0; a < SUMAC_NALGO; a++) {
			for (size_t i = 0; i < sumac_nimpls; i++) {
				const struct sumac_impl *impl = &sumac_impls[i];
				if (strcmp(impl->backend, token) != 0 ||
				    !sumac_impl_compiled(impl) ||
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
				break; /* a second row of the backend: the same algorithm */
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
		/* What --debug would say under the same environment: SHA-1
		 * with detection on takes only a backend that can detect. */
		if (backend_select_auto((enum sumac_algo)a,
					collision_detects(collisions, (enum sumac_algo)a),
					&sel) == SUMAC_SELECT_OK)
			out_printf("%-11s %s\n", name, sel.impl->driver);
		else
			out_printf("%-11s %s\n", name, "-");
	}

	/* Many-message entry points, which the pipeline may use to hash
	 * several files at once on one core. */
	out_printf("\n%-19s %-6s %s\n", "MULTI-LANE DRIVER", "LANES", "USABLE");
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (impl->lanes && sumac_impl_compiled(impl) && !lanes_listed_before(i))
			out_printf("%-19s %-6u %s\n", impl->driver, impl->lanes,
				   sumac_impl_usable(impl) ? "yes" : "no");
	}

	/* SHA-1 collision detection: which SHA-1 rows can look for collision
	 * attacks (the block backends), and what auto takes with it on. */
	out_printf("\n%-19s %-8s %s\n", "SHA-1 DRIVER", "USABLE", "DETECTS COLLISIONS");
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (sumac_impl_compiled(impl) && sumac_impl_serves(impl, SUMAC_SHA1))
			out_printf("%-19s %-8s %s\n", impl->driver,
				   sumac_impl_available(impl, SUMAC_SHA1) ? "yes" : "no",
				   sumac_impl_detects_sha1_collisions(impl) ? "yes" : "no");
	}
	struct sumac_selection on, off;
	const bool chosen = backend_select_auto(SUMAC_SHA1, true, &on) == SUMAC_SELECT_OK;
	const bool fused = chosen && sumac_sha1dc_fuses(on.impl);
	const bool sched = chosen && sumac_sha1dc_sched_lanes(on.impl);
	out_printf("sha1 with detection (fail, warn: the default) auto uses %s, filter %s%s%s\n",
		   chosen ? on.impl->driver : "-", sumac_sha1dc_filter_name(),
		   fused ? " between its blocks" : "",
		   sched ? ", in lanes over the words its lane kernel expands" : "");
	out_printf("sha1 without (SUMAC_SHA1_COLLISIONS=ignore) auto uses %s\n",
		   backend_select_auto(SUMAC_SHA1, false, &off) == SUMAC_SELECT_OK
			   ? off.impl->driver
			   : "-");
}
