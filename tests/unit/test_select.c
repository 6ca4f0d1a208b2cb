/* SPDX-License-Identifier: MIT */
/* The selection rules on made-up registry tables (sumac_select_from):
 * highest priority first whatever the table order; every entry of equal
 * priority tried, in table order (the code before tried only the first and
 * fell to portable); rows without code never chosen nor reported; a forced
 * backend's rows all tried; the statuses of names that are unknown, not
 * compiled, or without the algorithm; a row slower on this CPU passed over
 * by auto alone. */
#include "config.h"

#include <string.h>

#include "hash/portable/portable.h"
#include "hash/registry.h"
#include "tap.h"

static bool never(const struct sumac_cpu *cpu)
{
	(void)cpu;
	return false;
}

static bool yes(void)
{
	return true;
}

#define ROW(driver_, backend_, prio, usable_, code)                                                \
	{                                                                                          \
		.driver = driver_, .backend = backend_, .family = SUMAC_FAMILY_SHA256,             \
		.priority = prio, .usable = usable_, .blocks = code                                \
	}
#define PORTABLE ROW("sha256-portable", "portable", 100, NULL, sumac_sha256_blocks_portable)
/* A row of backend "fast" whose slower_here() always says yes. */
#define SLOWER_ROW(usable_)                                                                        \
	{                                                                                          \
		.driver = "sha256-fast", .backend = "fast", .family = SUMAC_FAMILY_SHA256,         \
		.priority = 250, .usable = usable_, .slower_here = yes,                            \
		.blocks = sumac_sha256_blocks_portable                                             \
	}

static const struct sumac_impl *pick(const struct sumac_impl *t, size_t n, const char *backend,
				     struct sumac_selection *sel)
{
	return sumac_select_from(t, n, SUMAC_SHA256, backend, sel) == SUMAC_SELECT_OK ? sel->impl
										      : NULL;
}

int main(void)
{
	struct sumac_selection sel;
	const struct sumac_impl *got;

	{
		/* Two entries of priority 200, the first unusable. */
		static const struct sumac_impl t[] = {
			ROW("sha256-a", "a", 200, never, sumac_sha256_blocks_portable),
			ROW("sha256-b", "b", 200, NULL, sumac_sha256_blocks_portable),
			PORTABLE,
		};
		got = pick(t, 3, NULL, &sel);
		tap_ok(got == &t[1],
		       "equal priority: the second entry is tried after the first (%s)",
		       got ? got->driver : "none");
		tap_ok(sel.nskipped == 1 && sel.skipped[0] == &t[0] &&
			       sel.skipped_why[0] == SUMAC_SELECT_UNUSABLE,
		       "equal priority: the first is reported as skipped, unusable");
	}
	{
		/* Priority, not table order, decides; among equals, the first. */
		static const struct sumac_impl t[] = {
			PORTABLE,
			ROW("sha256-low", "low", 150, NULL, sumac_sha256_blocks_portable),
			ROW("sha256-high1", "high", 250, NULL, sumac_sha256_blocks_portable),
			ROW("sha256-high2", "high2", 250, NULL, sumac_sha256_blocks_portable),
		};
		got = pick(t, 4, NULL, &sel);
		tap_ok(got == &t[2] && sel.nskipped == 0,
		       "the highest priority wins, first of equals");
		got = pick(t, 4, "auto", &sel);
		tap_ok(got == &t[2], "\"auto\" is the same as no backend");
	}
	{
		/* A row without code is neither chosen nor reported. */
		static const struct sumac_impl t[] = {
			ROW("sha256-gone", "gone", 300, NULL, NULL),
			PORTABLE,
		};
		got = pick(t, 2, NULL, &sel);
		tap_ok(got == &t[1] && sel.nskipped == 0,
		       "a backend not compiled in is passed over silently");
		tap_ok(sumac_select_from(t, 2, SUMAC_SHA256, "gone", &sel) ==
			       SUMAC_SELECT_NOT_COMPILED,
		       "forcing it: not compiled");
		tap_ok(sumac_select_from(t, 2, SUMAC_SHA256, "nowhere", &sel) ==
			       SUMAC_SELECT_UNKNOWN_BACKEND,
		       "forcing a name no row has: unknown");
		tap_ok(sumac_select_from(t, 2, SUMAC_SHA1, "portable", &sel) ==
			       SUMAC_SELECT_NO_ALGO,
		       "forcing a backend for an algorithm it lacks: no such algorithm");
	}
	{
		/* A forced backend with two rows for the family, the first
		 * unusable: the second serves. */
		static const struct sumac_impl t[] = {
			ROW("sha256-x", "x", 200, never, sumac_sha256_blocks_portable),
			ROW("sha256-x", "x", 190, NULL, sumac_sha256_blocks_portable),
			PORTABLE,
		};
		got = pick(t, 3, "x", &sel);
		tap_ok(got == &t[1], "a forced backend's rows are all tried");
		static const struct sumac_impl u[] = {
			ROW("sha256-x", "x", 200, never, sumac_sha256_blocks_portable),
			PORTABLE,
		};
		tap_ok(sumac_select_from(u, 2, SUMAC_SHA256, "x", &sel) == SUMAC_SELECT_UNUSABLE,
		       "a forced backend that cannot run: unusable");
	}
	{
		/* A row whose slower_here() says yes: auto takes the next one
		 * and says why, a forced backend still gets it; unusable
		 * stays the reason when it is also unusable. */
		static const struct sumac_impl t[] = {
			SLOWER_ROW(NULL),
			ROW("sha256-next", "next", 240, NULL, sumac_sha256_blocks_portable),
			PORTABLE,
		};
		got = pick(t, 3, NULL, &sel);
		tap_ok(got == &t[1] && sel.nskipped == 1 && sel.skipped[0] == &t[0] &&
			       sel.skipped_why[0] == SUMAC_SELECT_SLOWER_HERE,
		       "slower here: auto takes the next row and reports why");
		got = pick(t, 3, "fast", &sel);
		tap_ok(got == &t[0], "slower here: forcing its backend still chooses it");
		static const struct sumac_impl u[] = {
			SLOWER_ROW(never),
			PORTABLE,
		};
		got = pick(u, 2, NULL, &sel);
		tap_ok(got == &u[1] && sel.nskipped == 1 &&
			       sel.skipped_why[0] == SUMAC_SELECT_UNUSABLE,
		       "slower here and unusable: reported as unusable");
	}
	{
		/* The real table through the same function. */
		struct sumac_selection a, b;
		sumac_select(SUMAC_SHA256, NULL, &a);
		sumac_select_from(sumac_impls, sumac_nimpls, SUMAC_SHA256, NULL, &b);
		tap_ok(a.impl == b.impl && a.status == b.status,
		       "sumac_select is sumac_select_from over the registry");
	}
	return tap_done();
}
