/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: the two CRC-32 families of GNU cksum, their
 * state, their tables and the table-driven update every kernel finishes
 * its short pieces with.
 *
 * crc     POSIX cksum: polynomial 0x04C11DB7, most significant bit first,
 *         register 0; the message is followed by its length in bytes (the
 *         fewest bytes, least significant first), and the register is
 *         complemented at the end.
 * crc32b  ITU-T V.42 / gzip / zlib: the same polynomial bit-reflected
 *         (0xEDB88320), register ~0 at the start, complemented at the end.
 *
 * Both families have a 1-byte block, so the framing hands every update
 * straight to the block function (its nblocks is a byte count), and the
 * block functions carry the bare register: the length bytes, the
 * complements and the byte order of the digest are crc.c's. */
#ifndef SUMAC_CRC_H
#define SUMAC_CRC_H

#include <stddef.h>
#include <stdint.h>

struct crc_state {
	uint32_t reg;
};

_Static_assert(sizeof(struct crc_state) == 4, "the state size of algorithms.h");

/* tools/gen-crc-tables.py writes these (crc_tables.c).  [k][b]: the
 * register contribution of byte b followed by k zero bytes. */
extern const uint32_t crc_msb_table[16][256];
extern const uint32_t crc_lsb_table[16][256];

/* Carry-less-multiply constants of the folding kernels, as the 64-bit lanes
 * the kernels load (src/hash/x86/crc_fold.h explains them): fold_D folds
 * a 128-bit chunk forward by D bits; final takes 128 bits to the 32-bit
 * register (two folds, then Barrett's mu and the polynomial). */
extern const uint64_t crc_msb_fold_128[2], crc_msb_fold_256[2], crc_msb_fold_512[2];
extern const uint64_t crc_msb_fold_1024[2], crc_msb_fold_2048[2], crc_msb_final[4];
extern const uint64_t crc_lsb_fold_128[2], crc_lsb_fold_256[2], crc_lsb_fold_512[2];
extern const uint64_t crc_lsb_fold_1024[2], crc_lsb_fold_2048[2], crc_lsb_final[4];

/* The registers after n more bytes at p, slice-by-16 (portable C). */
uint32_t crc_msb_update(uint32_t reg, const uint8_t *p, size_t n);
uint32_t crc_lsb_update(uint32_t reg, const uint8_t *p, size_t n);

#endif
