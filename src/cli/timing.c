/* SPDX-License-Identifier: MIT */
/* A fixed-time loop, as `openssl speed` runs one: the clock is read once
 * per batch of calls, never per call, so that a 16-byte hash (tens of
 * nanoseconds) is not swamped by clock_gettime(), a system call for the
 * CPU-time clock.  The batch doubles until
 * it lasts about a hundredth of the run, which also bounds the overshoot
 * past `seconds` to about one percent. */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "cli/timing.h"

double timing_now(enum timing_clock clock)
{
	struct timespec ts;

#ifdef CLOCK_PROCESS_CPUTIME_ID
	if (clock == TIMING_CPU && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
		return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#else
	(void)clock;
#endif
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double timing_rate(timing_op_fn *op, void *arg, double seconds, enum timing_clock clock)
{
	const double slice = seconds / 100;
	unsigned long batch = 1, calls = 0;
	double elapsed;

	op(arg);
	const double start = timing_now(clock);
	for (;;) {
		const double batch_start = timing_now(clock);
		for (unsigned long i = 0; i < batch; i++)
			op(arg);
		calls += batch;
		const double now = timing_now(clock);
		elapsed = now - start;
		if (elapsed >= seconds)
			break;
		if (now - batch_start < slice)
			batch *= 2;
	}
	return (double)calls / elapsed;
}

static int compare_doubles(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double timing_median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, compare_doubles);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
