/* SPDX-License-Identifier: MIT */
/* Block functions of the x86 backends built with -mbmi -mbmi2: scalar
 * code that wants BMI1's andn and BMI2's rorx.  Reached through the
 * registry only from rows whose usable() requires BMI2, which
 * hash/cpu.c reports only together with BMI1. */
#ifndef SUMAC_X86_BMI_H
#define SUMAC_X86_BMI_H

#include <stddef.h>
#include <stdint.h>

#include "hash/algorithms.h"

/* One SHA-3 message of each family (hash/keccak.h's plain chi). */
#define SUMAC_SHA3_BLOCKS_BMI_DECL_(ID, ident, state, block)                                       \
	void sumac_##ident##_blocks_bmi(void *st, const uint8_t *in, size_t nblocks);
SUMAC_SHA3_FAMILIES(SUMAC_SHA3_BLOCKS_BMI_DECL_)
#undef SUMAC_SHA3_BLOCKS_BMI_DECL_

#endif
