/* SPDX-License-Identifier: MIT */
/* RFC 4648 base64 (the standard alphabet, '=' padding), as cksum's
 * --base64 writes digests and --check reads them. */
#ifndef SUMAC_CHECK_BASE64_H
#define SUMAC_CHECK_BASE64_H

#include <stdbool.h>
#include <stddef.h>

/* Characters of the encoding of n bytes: 4 per started 3. */
static inline size_t base64_len(size_t n)
{
	return 4 * ((n + 2) / 3);
}

/* Writes base64_len(n) characters and a NUL. */
void base64_encode(const unsigned char *in, size_t n, char *out);

/* How many bytes text[0..len) encodes, with exact padding: len a
 * multiple of 4, alphabet characters, then at most two '=' only at the
 * end.  0 if it is no such encoding. */
size_t base64_decoded_len(const char *text, size_t len);

/* Decodes a text base64_decoded_len() accepted into out.  False if the
 * bits past the last byte are not zero: the text is then not what any
 * digest encodes to (GNU compares the encodings, and fails such a line). */
bool base64_decode(const char *text, size_t len, unsigned char *out);

#endif
