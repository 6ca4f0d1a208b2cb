/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: the Merkle-Damgard finish shared by the MD5,
 * SHA-1 and SHA-2 families (and any later MD family, such as SM3): a family
 * file names its layout in its ops (.md), and the framing calls this. */
#ifndef SUMAC_MD_H
#define SUMAC_MD_H

#include <stdbool.h>

#include "hash/hash.h"

struct sumac_md_layout {
	unsigned len_bytes;  /* size of the message-length field: 8 or 16 */
	unsigned word_bytes; /* state word: 4 or 8 */
	bool big_endian;     /* byte order of the state words and the length */
};

/* Pads the buffered tail with 0x80, zeros and the bit length (FIPS 180-4
 * §5.1, RFC 1321 §3.1-3.2), compresses it, and writes the first digest_len
 * bytes of the state in the layout's byte order.  Returns 0. */
int sumac_md_final(struct sumac_ctx *ctx, uint8_t *out, const struct sumac_md_layout *layout);

#endif
