/* SPDX-License-Identifier: MIT */
/* --check mode: read checksum lists and verify every listed file. */
#ifndef SUMAC_CLI_CHECK_H
#define SUMAC_CLI_CHECK_H

#include <stdbool.h>

#include "cli/backend.h"
#include "run/pipeline.h"
#include "cli/opts.h"
#include "io/io.h"

/* Returns true if every list passed. */
bool check_run(const struct sumac_opts *o, struct backend_choice *bc, struct run_queue *q,
	       char *const *lists, int count);

#endif
