/* SPDX-License-Identifier: MIT */
/* The Merkle-Damgard finish: padding, length encoding, output byte order. */
#include "config.h"

#include <string.h>

#include "hash/bytes.h"
#include "hash/md.h"

int sumac_md_final(struct sumac_ctx *ctx, uint8_t *out, const struct sumac_md_layout *layout)
{
	const size_t block = ctx->family->block_len;
	/* The length field counts bits: multiply the 128-bit byte count by 8. */
	const uint64_t bits_hi = ctx->total_hi << 3 | ctx->total_lo >> 61;
	const uint64_t bits_lo = ctx->total_lo << 3;
	uint8_t *buf = ctx->buf.bytes;
	size_t n = ctx->buffered;

	buf[n++] = 0x80;
	if (n > block - layout->len_bytes) {
		memset(buf + n, 0, block - n);
		ctx->blocks(ctx->state.bytes, buf, 1);
		n = 0;
	}
	memset(buf + n, 0, block - n);
	if (layout->big_endian) {
		store_be64(buf + block - 8, bits_lo);
		if (layout->len_bytes == 16)
			store_be64(buf + block - 16, bits_hi);
	} else {
		store_le64(buf + block - 8, bits_lo);
	}
	ctx->blocks(ctx->state.bytes, buf, 1);

	uint8_t full[SUMAC_MAX_STATE];
	const unsigned digest_len = ctx->digest_len;
	const unsigned nwords = (digest_len + layout->word_bytes - 1) / layout->word_bytes;
	const uint32_t *w32 = (const uint32_t *)(const void *)ctx->state.bytes;
	const uint64_t *w64 = (const uint64_t *)(const void *)ctx->state.bytes;
	for (unsigned i = 0; i < nwords; i++) {
		if (layout->word_bytes == 8)
			store_be64(full + 8 * i, w64[i]);
		else if (layout->big_endian)
			store_be32(full + 4 * i, w32[i]);
		else
			store_le32(full + 4 * i, w32[i]);
	}
	/* nwords words cover digest_len bytes (cppcheck cannot see it). */
	/* cppcheck-suppress uninitvar */
	memcpy(out, full, digest_len);
	return 0;
}
