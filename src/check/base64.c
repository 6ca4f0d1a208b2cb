/* SPDX-License-Identifier: MIT */
/* RFC 4648 base64, encoding and strict decoding. */
#include "config.h"

#include "check/base64.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

void base64_encode(const unsigned char *in, size_t n, char *out)
{
	size_t i = 0;
	for (; i + 3 <= n; i += 3) {
		const unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = alphabet[(v >> 6) & 63];
		*out++ = alphabet[v & 63];
	}
	if (i < n) {
		const unsigned v =
			(unsigned)in[i] << 16 | (i + 1 < n ? (unsigned)in[i + 1] << 8 : 0);
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		if (i + 1 < n)
			*out++ = alphabet[(v >> 6) & 63];
		else
			*out++ = '=';
		*out++ = '=';
	}
	*out = '\0';
}

size_t base64_decoded_len(const char *text, size_t len)
{
	if (len == 0 || len % 4 != 0)
		return 0;
	size_t pad = 0;
	while (pad < 2 && text[len - 1 - pad] == '=')
		pad++;
	for (size_t i = 0; i < len - pad; i++)
		if (value(text[i]) < 0)
			return 0;
	return len / 4 * 3 - pad;
}

bool base64_decode(const char *text, size_t len, unsigned char *out)
{
	const size_t n = base64_decoded_len(text, len);
	unsigned acc = 0;
	int bits = 0;
	size_t o = 0;

	for (size_t i = 0; i < len && text[i] != '='; i++) {
		acc = (acc << 6 | (unsigned)value(text[i])) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if (o < n)
				out[o++] = (unsigned char)(acc >> bits);
		}
	}
	/* What is left below the last byte must be zero bits. */
	return (acc & ((1u << bits) - 1)) == 0;
}
