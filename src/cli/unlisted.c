/* SPDX-License-Identifier: MIT */
/* --unlisted (unlisted.h).  Its lines are status lines as --check writes
 * them (the name shown the same way), so that "FILE: FAILED" and "FILE:
 * UNLISTED" are read alike; only files count, as a list names only
 * files: special files and skipped links under DIR are not reported. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>

#include "cli/nls.h"
#include "cli/out.h"
#include "cli/unlisted.h"
#include "io/walk.h"

struct audit {
	const struct sumac_opts *o;
	const struct name_set *listed;
	unlisted_status_fn *status;
	uintmax_t unlisted;
	bool error;
};

static int audit_entry(void *ctx, const struct io_walk_entry *e)
{
	struct audit *a = ctx;

	if (e->kind == IO_WALK_ERROR) {
		out_error(e->err, "%s", out_quotef(e->path));
		a->error = true;
	} else if (e->kind == IO_WALK_FILE && !name_set_has(a->listed, e->path)) {
		a->unlisted++;
		if (a->o->verbosity != VERBOSITY_STATUS)
			a->status(a->o->level, e->path, "UNLISTED");
	}
	return 0;
}

bool unlisted_report(const struct sumac_opts *o, const struct name_set *listed,
		     unlisted_status_fn *status)
{
	struct audit a = {.o = o, .listed = listed, .status = status};

	if (io_walk(o->unlisted, o->dereference, audit_entry, &a) != 0) {
		out_error(0, "%s", gnulib_("memory exhausted"));
		return false;
	}
	if (a.unlisted && o->verbosity != VERBOSITY_STATUS)
		out_error(0,
			  a.unlisted == 1 ? "WARNING: %" PRIuMAX " file under %s is not listed"
					  : "WARNING: %" PRIuMAX " files under %s are not listed",
			  a.unlisted, out_quotef(o->unlisted));
	return !a.error && a.unlisted == 0;
}
