/* SPDX-License-Identifier: MIT */
/* The timing loop shared by `sumac --benchmark` and bench/speed: run one
 * operation over and over for a fixed wall time and report its rate.
 * Prints nothing; the callers word and lay out the numbers. */
#ifndef SUMAC_CLI_TIMING_H
#define SUMAC_CLI_TIMING_H

#include <stddef.h>

/* One timed operation: hash one buffer, say.  arg is the caller's. */
typedef void timing_op_fn(void *arg);

enum timing_clock {
	/* CPU time of this process, as `openssl speed` measures by default:
	 * time the scheduler gives to other programs is not counted, so a
	 * busy shared machine skews the figures far less. */
	TIMING_CPU,
	TIMING_WALL, /* monotonic wall-clock time */
};

/* Seconds on that clock, from an arbitrary origin.  Where the system has
 * no per-process CPU clock, TIMING_CPU reads the wall clock. */
double timing_now(enum timing_clock clock);

/* Calls op(arg) for at least `seconds` on the clock (and at least once)
 * and returns calls per second of that clock.  One call runs untimed
 * first, so that the first timed call does not pay for page faults or a
 * cold cache. */
double timing_rate(timing_op_fn *op, void *arg, double seconds, enum timing_clock clock);

/* The median of v[0..n-1], n >= 1.  Sorts v in place. */
double timing_median(double *v, size_t n);

#endif
