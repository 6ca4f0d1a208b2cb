/* SPDX-License-Identifier: MIT */
/* The two CRC-32s in plain C, slice-by-16: sixteen bytes a step through
 * sixteen tables (crc_tables.c), so that the lookups of a step are
 * independent of one another and only one XOR chain joins them.  The
 * loads are byte-order neutral (hash/bytes.h): the same code serves
 * big-endian machines. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/crc.h"
#include "hash/portable/portable.h"

#define MSB_(w, k)                                                                                 \
	(crc_msb_table[(k) + 3][(w) >> 24] ^ crc_msb_table[(k) + 2][((w) >> 16) & 0xff] ^          \
	 crc_msb_table[(k) + 1][((w) >> 8) & 0xff] ^ crc_msb_table[(k)][(w)&0xff])
#define LSB_(w, k)                                                                                 \
	(crc_lsb_table[(k) + 3][(w)&0xff] ^ crc_lsb_table[(k) + 2][((w) >> 8) & 0xff] ^            \
	 crc_lsb_table[(k) + 1][((w) >> 16) & 0xff] ^ crc_lsb_table[(k)][(w) >> 24])

uint32_t crc_msb_update(uint32_t reg, const uint8_t *p, size_t n)
{
	for (; n >= 16; p += 16, n -= 16) {
		const uint32_t w0 = load_be32(p) ^ reg, w1 = load_be32(p + 4);
		const uint32_t w2 = load_be32(p + 8), w3 = load_be32(p + 12);
		reg = MSB_(w0, 12) ^ MSB_(w1, 8) ^ MSB_(w2, 4) ^ MSB_(w3, 0);
	}
	for (; n; p++, n--)
		reg = reg << 8 ^ crc_msb_table[0][(reg >> 24) ^ *p];
	return reg;
}

uint32_t crc_lsb_update(uint32_t reg, const uint8_t *p, size_t n)
{
	for (; n >= 16; p += 16, n -= 16) {
		const uint32_t w0 = load_le32(p) ^ reg, w1 = load_le32(p + 4);
		const uint32_t w2 = load_le32(p + 8), w3 = load_le32(p + 12);
		reg = LSB_(w0, 12) ^ LSB_(w1, 8) ^ LSB_(w2, 4) ^ LSB_(w3, 0);
	}
	for (; n; p++, n--)
		reg = reg >> 8 ^ crc_lsb_table[0][(reg ^ *p) & 0xff];
	return reg;
}

void sumac_crc_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	s->reg = crc_msb_update(s->reg, in, nblocks);
}

void sumac_crc32b_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	struct crc_state *s = state;
	s->reg = crc_lsb_update(s->reg, in, nblocks);
}
