/* SPDX-License-Identifier: MIT */
/* The portable backend: plain C, built without any ISA flag, always
 * compiled, and the reference every other backend is tested against.  Its
 * block functions, sumac_<family>_blocks_portable, are declared for every
 * family of algorithms.h by hash/family.h. */
#ifndef SUMAC_PORTABLE_H
#define SUMAC_PORTABLE_H

#include "hash/family.h"

#endif
