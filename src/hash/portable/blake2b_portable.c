/* SPDX-License-Identifier: MIT */
/* BLAKE2b compression in plain C (RFC 7693 §3.2), on the state layout of
 * hash/blake2b.h. */
#include "config.h"

#include "hash/blake2b.h"
#include "hash/bytes.h"
#include "hash/portable/portable.h"

#define G(a, b, c, d, x, y)                                                                        \
	do {                                                                                       \
		(a) += (b) + (x);                                                                  \
		(d) = rotr64((d) ^ (a), 32);                                                       \
		(c) += (d);                                                                        \
		(b) = rotr64((b) ^ (c), 24);                                                       \
		(a) += (b) + (y);                                                                  \
		(d) = rotr64((d) ^ (a), 16);                                                       \
		(c) += (d);                                                                        \
		(b) = rotr64((b) ^ (c), 63);                                                       \
	} while (0)

#define SIGMA_ROW_(...) {__VA_ARGS__},
static const uint8_t blake2b_sigma[12][16] = {BLAKE2B_SCHEDULE(SIGMA_ROW_)};
#undef SIGMA_ROW_

static void compress(struct blake2b_state *s, const uint8_t *block)
{
	uint64_t m[16], v[16];

	for (int i = 0; i < 16; i++)
		m[i] = load_le64(block + 8 * i);
	for (int i = 0; i < 8; i++) {
		v[i] = s->h[i];
		v[i + 8] = blake2b_iv[i];
	}
	v[12] ^= s->t[0];
	v[13] ^= s->t[1];
	v[14] ^= s->f0;
	for (int r = 0; r < 12; r++) {
		const uint8_t *z = blake2b_sigma[r];
		G(v[0], v[4], v[8], v[12], m[z[0]], m[z[1]]);
		G(v[1], v[5], v[9], v[13], m[z[2]], m[z[3]]);
		G(v[2], v[6], v[10], v[14], m[z[4]], m[z[5]]);
		G(v[3], v[7], v[11], v[15], m[z[6]], m[z[7]]);
		G(v[0], v[5], v[10], v[15], m[z[8]], m[z[9]]);
		G(v[1], v[6], v[11], v[12], m[z[10]], m[z[11]]);
		G(v[2], v[7], v[8], v[13], m[z[12]], m[z[13]]);
		G(v[3], v[4], v[9], v[14], m[z[14]], m[z[15]]);
	}
	for (int i = 0; i < 8; i++)
		s->h[i] ^= v[i] ^ v[i + 8];
}

void sumac_blake2b_blocks_portable(void *st, const uint8_t *in, size_t nblocks)
{
	struct blake2b_state *s = st;
	for (size_t b = 0; b < nblocks; b++) {
		blake2b_count(s);
		compress(s, in + 128 * b);
	}
}
