/* SPDX-License-Identifier: MIT */
/* sumac --benchmark: times every usable backend on in-memory buffers, so
 * that a user can see which one is fastest on this machine and which one
 * `auto` picks.  Like `openssl speed`, a quick guide, not a lab tool:
 * bench/ holds the careful comparisons. */
#ifndef SUMAC_CLI_BENCHMARK_H
#define SUMAC_CLI_BENCHMARK_H

#include "hash/hash.h"

/* Prints the table on stdout (a few seconds of work): for the algorithm
 * *only if it is not NULL (sumac -a), else for one algorithm per family.
 * Returns the exit status: 0, or 1 after reporting on stderr that memory
 * ran out. */
int benchmark_run(const enum sumac_algo *only);

#endif
