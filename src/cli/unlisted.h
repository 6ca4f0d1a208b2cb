/* SPDX-License-Identifier: MIT */
/* --check --unlisted=DIR: the audit of a tree against its lists. */
#ifndef SUMAC_CLI_UNLISTED_H
#define SUMAC_CLI_UNLISTED_H

#include <stdbool.h>

#include "check/names.h"
#include "cli/opts.h"

/* How --check writes a status line "NAME: RESULT", which the audit's
 * lines reuse. */
typedef void unlisted_status_fn(unsigned level, const char *name, const char *result);

/* Walks o->unlisted (as -r walks, -L following links) once every list is
 * checked, and writes "FILE: UNLISTED" through status for each regular
 * file that listed does not hold, then a count on stderr.  True if there
 * was none and the walk had no error. */
bool unlisted_report(const struct sumac_opts *o, const struct name_set *listed,
		     unlisted_status_fn *status);

#endif
