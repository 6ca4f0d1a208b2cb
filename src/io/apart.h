/* SPDX-License-Identifier: MIT */
/* Keeps a helper thread (the readers of io/readahead.c and io/prefetch.c)
 * off the CPU of the thread it serves.  Internal to io/.
 *
 * Why: such a helper sleeps between reads and is woken by the hashing
 * thread, and the scheduler may wake it on the hashing thread's CPU while
 * another CPU is idle; each then wakes the other there, and the two take
 * turns on one CPU with a context switch per read.  Measured on a 2-vCPU
 * Zen 4 VM, 64 cached files of 16 MiB, SHA-256 at -j 1: 0.31 s while the
 * threads ran apart, 0.50 s in the runs where they stayed together, slower
 * than reading without a helper (0.37 s).  A helper that finds itself on
 * the served thread's CPU therefore leaves it: it may then run on every
 * CPU it could before but that one. */
#ifndef SUMAC_IO_APART_H
#define SUMAC_IO_APART_H

#include <stdbool.h>

#if HAVE_SCHED_GETAFFINITY && defined(__linux__)
#include <sched.h>
#define SUMAC_APART 1
#else
#define SUMAC_APART 0
#endif

struct apart {
#if SUMAC_APART
	cpu_set_t allowed; /* the helper's CPUs when it started */
	bool known;        /* allowed could be read */
	int avoided;       /* the CPU left out now, or -1 */
#else
	int unused;
#endif
};

/* In the helper thread, when it starts. */
void apart_init(struct apart *a);
/* The CPU the calling thread runs on, or -1 where that is unknown. */
int apart_cpu(void);
/* In the helper thread: if it runs on cpu (the served thread's, from
 * apart_cpu), it moves to the other CPUs it may use, if there are any. */
void apart_keep_off(struct apart *a, int cpu);

#endif
