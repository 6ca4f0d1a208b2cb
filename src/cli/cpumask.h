/* SPDX-License-Identifier: MIT */
/* SUMAC_CPU, the user's CPU-feature mask: read once at start-up, under
 * every program name, before anything chooses a backend; GNU's own mask,
 * glibc.cpu.hwcaps in GLIBC_TUNABLES, where GNU reads it; and the tests'
 * simulated CPU model. */
#ifndef SUMAC_CLI_CPUMASK_H
#define SUMAC_CLI_CPUMASK_H

#include <stdbool.h>

struct sumac_opts;

/* Applies $SUMAC_CPU (unset or empty: no mask).  Returns false after
 * telling on stderr what in it is wrong; the caller exits with 1. */
bool cpumask_apply_env(void);

/* Applies glibc.cpu.hwcaps from $GLIBC_TUNABLES (hash/hwcaps.h) when
 * GNU's program honours it: cksum from 9.8, whose CRC paths ask gnulib's
 * cpu_supports().  Elsewhere (9.7 and older, the other names, sumac's
 * own) the variable is not read, as there.  Never an error: GNU takes
 * what it does not understand as no setting. */
void cpumask_apply_gnu_hwcaps(const struct sumac_opts *o);

/* For --debug: one line on what the mask clears and what it leaves, if
 * SUMAC_CPU names any feature; nothing otherwise. */
void cpumask_tell(void);

/* A test aid (man sumac, TEST AIDS): $SUMAC_TEST_CPU_MODEL names a CPU
 * model of src/hash/cpu.c whose features, vendor and family every choice
 * and listing then sees; a choice this machine cannot run is told, never
 * run.  Applied before the mask.  Returns false after telling on stderr
 * that the name is unknown; the caller exits with 1. */
bool cpumodel_apply_env(void);

/* For --debug: one line naming the model simulated, if any. */
void cpumodel_tell(void);

#endif
