/* SPDX-License-Identifier: MIT */
/* io/apart.h: sched_getcpu and the thread's own affinity, on Linux. */
#include "config.h"

#include "io/apart.h"

#if SUMAC_APART

void apart_init(struct apart *a)
{
	CPU_ZERO(&a->allowed);
	a->known = sched_getaffinity(0, sizeof a->allowed, &a->allowed) == 0;
	a->avoided = -1;
}

int apart_cpu(void)
{
	return sched_getcpu();
}

void apart_keep_off(struct apart *a, int cpu)
{
	if (!a->known || cpu < 0 || cpu >= CPU_SETSIZE || cpu == a->avoided ||
	    sched_getcpu() != cpu)
		return;
	cpu_set_t set = a->allowed;
	CPU_CLR(cpu, &set);
	/* pid 0: this thread alone.  Failing (a cpuset changed under us),
	 * the helper stays where it is, as it would without this. */
	if (CPU_COUNT(&set) > 0 && sched_setaffinity(0, sizeof set, &set) == 0)
		a->avoided = cpu;
}

#else

void apart_init(struct apart *a)
{
	a->unused = 0;
}

int apart_cpu(void)
{
	return -1;
}

void apart_keep_off(struct apart *a, int cpu)
{
	(void)a;
	(void)cpu;
}

#endif
