/* SPDX-License-Identifier: MIT */
/* The portable backend: plain C, built without any ISA flag, always
 * compiled, and the reference every other backend is tested against.  Its
 * block functions, sumac_<family>_blocks_portable, are declared for every
 * family of algorithms.h by hash/family.h. */
#ifndef SUMAC_PORTABLE_H
#define SUMAC_PORTABLE_H

#include <stdint.h>

#include "hash/family.h"

/* `const uint32_t *name` for a table of round constants.  clang 14 moves
 * an immediate constant to the end of a sum, onto the chain from one
 * round's result to the next; read through a pointer it cannot see
 * through, the constant is added early from memory.  gcc 12 folds the
 * immediate into one lea with the other addends, which is faster still, so
 * it keeps it.  Measured on a Zen 5 (from memory): SHA-1 1.12x with clang,
 * 0.98x with gcc; SHA-256 1.04x / 0.98x; MD5 about 1.2x / 0.97x. */
#if defined(__clang__)
#define PORTABLE_CONSTANTS(name, table)                                                            \
	const uint32_t *volatile name##v_ = (table);                                               \
	const uint32_t *(name) = name##v_
#else
#define PORTABLE_CONSTANTS(name, table) const uint32_t *(name) = (table)
#endif

#endif
