/* SPDX-License-Identifier: MIT */
/* Block functions of the portable backend: plain C, built without any ISA
 * flag, always compiled, and the reference every other backend is tested
 * against. */
#ifndef SUMAC_PORTABLE_H
#define SUMAC_PORTABLE_H

#include <stddef.h>
#include <stdint.h>

void sumac_md5_blocks_portable(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha1_blocks_portable(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha256_blocks_portable(void *state, const uint8_t *in, size_t nblocks);
void sumac_sha512_blocks_portable(void *state, const uint8_t *in, size_t nblocks);

#endif
