/* SPDX-License-Identifier: MIT */
/* --check --unlisted=DIR: the audit of a tree against its lists. */
#ifndef SUMAC_CLI_UNLISTED_H
#define SUMAC_CLI_UNLISTED_H

#include <stdbool.h>

#include "check/names.h"
#include "cli/opts.h"

/* Walks o->unlisted (as -r walks, -L following links) once every list is
 * checked, and prints "FILE: UNLISTED" on stdout for each regular file
 * that listed does not hold, then a count on stderr.  True if there was
 * none and the walk had no error. */
bool unlisted_report(const struct sumac_opts *o, const struct name_set *listed);

#endif
