/* SPDX-License-Identifier: MIT */
/* ISA: x86 PCLMULQDQ (carry-less multiply), SSSE3 pshufb, SSE4.1 pextrd.
 * Flags: -mpclmul -mssse3 -msse4.1.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_PCLMUL

#include "hash/x86/crc_fold.h"
#include "hash/x86/pclmul.h"

/* Below four chunks the tables are as fast as setting up the folds. */
void sumac_crc_blocks_pclmul(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 64)
		CRC_FOLD128_BODY(msb, reg, p, n);
	s->reg = crc_msb_update(reg, p, n);
}

void sumac_crc32b_blocks_pclmul(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	uint32_t reg = s->reg;
	const uint8_t *p = in;
	size_t n = nblocks;

	if (n >= 64)
		CRC_FOLD128_BODY(lsb, reg, p, n);
	s->reg = crc_lsb_update(reg, p, n);
}

#endif
