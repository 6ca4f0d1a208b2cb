/* SPDX-License-Identifier: MIT */
/* Generation mode: hash each operand and print its line. */
#ifndef SUMAC_CLI_GENERATE_H
#define SUMAC_CLI_GENERATE_H

#include <stdbool.h>

#include "cli/backend.h"
#include "run/hash.h"
#include "run/pipeline.h"
#include "cli/opts.h"

/* Returns true if every operand was hashed.  multi: NULL, or for sumac -a
 * LIST the list each job hashes with (run_job.algos), whose algorithms and
 * implementations are filled in here before the first job. */
bool generate_run(const struct sumac_opts *o, struct backend_choice *bc, struct run_queue *q,
		  struct run_algo_list *multi, char *const *names, int count);

/* GNU closes standard input at the end if anything read it, and reports a
 * failure to do so; these record that it was read. */
void note_stdin_read(void);
bool stdin_was_read(void);

#endif
