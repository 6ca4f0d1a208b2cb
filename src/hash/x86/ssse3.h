/* SPDX-License-Identifier: MIT */
/* Block functions of the x86 SSSE3 backend, for x86 CPUs without AVX2.
 * Built with -mssse3 and only reached through the registry once its
 * usable() has confirmed that the CPU supports SSSE3. */
#ifndef SUMAC_X86_SSSE3_H
#define SUMAC_X86_SSSE3_H

#include <stddef.h>
#include <stdint.h>

void sumac_sha1_blocks_ssse3(void *state, const uint8_t *in, size_t nblocks);

#endif
