/* SPDX-License-Identifier: MIT */
/* Block functions of the x86 carry-less-multiply backends: PCLMULQDQ on
 * xmm registers (crc_pclmul.c, -mpclmul -mssse3 -msse4.1), and VPCLMULQDQ
 * on ymm registers (crc_vpclmul.c, -mavx2 -mpclmul -mvpclmulqdq).  Reached
 * only through the registry, once its usable() has confirmed the
 * instructions (and, for the ymm form, AVX2 with the YMM state saved).
 * The state is hash/crc.h's register; nblocks is a byte count. */
#ifndef SUMAC_X86_PCLMUL_H
#define SUMAC_X86_PCLMUL_H

#include <stddef.h>
#include <stdint.h>

void sumac_crc_blocks_pclmul(void *state, const uint8_t *in, size_t nblocks);
void sumac_crc32b_blocks_pclmul(void *state, const uint8_t *in, size_t nblocks);
void sumac_crc_blocks_vpclmul(void *state, const uint8_t *in, size_t nblocks);
void sumac_crc32b_blocks_vpclmul(void *state, const uint8_t *in, size_t nblocks);
/* VPCLMULQDQ on zmm registers (crc_avx512.c, the flags of crc_vpclmul.c and
 * -mavx512f -mavx512vl -mavx512bw), for CPUs with AVX-512F, VL and BW too. */
void sumac_crc_blocks_avx512(void *state, const uint8_t *in, size_t nblocks);
void sumac_crc32b_blocks_avx512(void *state, const uint8_t *in, size_t nblocks);

#endif
