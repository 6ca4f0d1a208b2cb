/* SPDX-License-Identifier: MIT */
/* CPU features that decide which backends can run.  Detection lives only in
 * cpu.c; everything else reads this struct.  Unknown platforms report no
 * features, so only the portable backend is usable there. */
#ifndef SUMAC_CPU_H
#define SUMAC_CPU_H

#include <stdbool.h>

struct sumac_cpu {
	bool x86_ssse3;
	bool x86_sse41;
	bool x86_avx2;
	bool x86_bmi2;
	bool x86_sha; /* SHA-NI: SHA-1 and SHA-256 instructions */
	bool arm_sha1;
	bool arm_sha2;
	bool arm_sha512;
};

/* Reads the features once and caches them; later calls are free. */
const struct sumac_cpu *sumac_cpu_features(void);

#endif
