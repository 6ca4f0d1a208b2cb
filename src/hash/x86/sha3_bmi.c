/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 BMI1 + BMI2 (one SHA-3 message: chi's ~b & c as andn, the
 * rotations as rorx).
 * Flags: -mbmi -mbmi2.
 * Only called through the registry after usable() said yes (the SHA-3
 * rows of x86-avx2 and x86-avx512, whose usable() wants BMI2). */
#include "config.h"

#if HAVE_X86_BMI

#include "hash/keccak.h"
#include "hash/x86/bmi.h"

#define SHA3_BLOCKS_(ID, ident, state, block)                                                      \
	void sumac_##ident##_blocks_bmi(void *st, const uint8_t *in, size_t nblocks)               \
	{                                                                                          \
		keccak_absorb_form(st, in, nblocks, (block) / 8, false);                           \
	}
SUMAC_SHA3_FAMILIES(SHA3_BLOCKS_)

#endif
