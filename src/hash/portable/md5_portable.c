/* SPDX-License-Identifier: MIT */
/* MD5 compression (RFC 1321 §3.4) in plain C, for md5sum compatibility.
 * MD5 is broken for collision resistance; sumac offers it only because
 * existing checksum lists use it. */
#include "config.h"

#include "hash/bytes.h"
#include "hash/portable/portable.h"

/* Each step is one chain of dependent operations through b, the word the
 * step before produced, so the step's speed is that chain's length.  What
 * does not depend on b is summed first: a + X[k] + T[i], and in G the term
 * c & ~d (G's two terms have no bit in common, so their OR is a sum). */
#define F(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define H(b, c, d) ((b) ^ ((c) ^ (d)))
#define I(b, c, d) ((c) ^ ((b) | ~(d)))

#define STEP(f, a, b, c, d, xk, t, s)                                                              \
	do {                                                                                       \
		(a) += (xk) + (t);                                                                 \
		(a) += f((b), (c), (d));                                                           \
		(a) = (b) + rotl32((a), (s));                                                      \
	} while (0)

/* G(b, c, d) = (b & d) | (c & ~d) = (b & d) + (c & ~d). */
#define STEP_G(a, b, c, d, xk, t, s)                                                               \
	do {                                                                                       \
		(a) += (xk) + (t) + ((c) & ~(d));                                                  \
		(a) += (b) & (d);                                                                  \
		(a) = (b) + rotl32((a), (s));                                                      \
	} while (0)

#define X(k) load_le32(in + 4 * (k))
#define T(i) (t_[i])

/* RFC 1321 §3.4's table T, in step order. */
static const uint32_t md5_t[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
	0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
	0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
	0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
	0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
	0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
	0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
	0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
	0xeb86d391};

void sumac_md5_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *st = state;
	PORTABLE_CONSTANTS(t_, md5_t);

	while (nblocks--) {
		uint32_t a = st[0], b = st[1], c = st[2], d = st[3];

		STEP(F, a, b, c, d, X(0), T(0), 7);
		STEP(F, d, a, b, c, X(1), T(1), 12);
		STEP(F, c, d, a, b, X(2), T(2), 17);
		STEP(F, b, c, d, a, X(3), T(3), 22);
		STEP(F, a, b, c, d, X(4), T(4), 7);
		STEP(F, d, a, b, c, X(5), T(5), 12);
		STEP(F, c, d, a, b, X(6), T(6), 17);
		STEP(F, b, c, d, a, X(7), T(7), 22);
		STEP(F, a, b, c, d, X(8), T(8), 7);
		STEP(F, d, a, b, c, X(9), T(9), 12);
		STEP(F, c, d, a, b, X(10), T(10), 17);
		STEP(F, b, c, d, a, X(11), T(11), 22);
		STEP(F, a, b, c, d, X(12), T(12), 7);
		STEP(F, d, a, b, c, X(13), T(13), 12);
		STEP(F, c, d, a, b, X(14), T(14), 17);
		STEP(F, b, c, d, a, X(15), T(15), 22);
		STEP_G(a, b, c, d, X(1), T(16), 5);
		STEP_G(d, a, b, c, X(6), T(17), 9);
		STEP_G(c, d, a, b, X(11), T(18), 14);
		STEP_G(b, c, d, a, X(0), T(19), 20);
		STEP_G(a, b, c, d, X(5), T(20), 5);
		STEP_G(d, a, b, c, X(10), T(21), 9);
		STEP_G(c, d, a, b, X(15), T(22), 14);
		STEP_G(b, c, d, a, X(4), T(23), 20);
		STEP_G(a, b, c, d, X(9), T(24), 5);
		STEP_G(d, a, b, c, X(14), T(25), 9);
		STEP_G(c, d, a, b, X(3), T(26), 14);
		STEP_G(b, c, d, a, X(8), T(27), 20);
		STEP_G(a, b, c, d, X(13), T(28), 5);
		STEP_G(d, a, b, c, X(2), T(29), 9);
		STEP_G(c, d, a, b, X(7), T(30), 14);
		STEP_G(b, c, d, a, X(12), T(31), 20);
		STEP(H, a, b, c, d, X(5), T(32), 4);
		STEP(H, d, a, b, c, X(8), T(33), 11);
		STEP(H, c, d, a, b, X(11), T(34), 16);
		STEP(H, b, c, d, a, X(14), T(35), 23);
		STEP(H, a, b, c, d, X(1), T(36), 4);
		STEP(H, d, a, b, c, X(4), T(37), 11);
		STEP(H, c, d, a, b, X(7), T(38), 16);
		STEP(H, b, c, d, a, X(10), T(39), 23);
		STEP(H, a, b, c, d, X(13), T(40), 4);
		STEP(H, d, a, b, c, X(0), T(41), 11);
		STEP(H, c, d, a, b, X(3), T(42), 16);
		STEP(H, b, c, d, a, X(6), T(43), 23);
		STEP(H, a, b, c, d, X(9), T(44), 4);
		STEP(H, d, a, b, c, X(12), T(45), 11);
		STEP(H, c, d, a, b, X(15), T(46), 16);
		STEP(H, b, c, d, a, X(2), T(47), 23);
		STEP(I, a, b, c, d, X(0), T(48), 6);
		STEP(I, d, a, b, c, X(7), T(49), 10);
		STEP(I, c, d, a, b, X(14), T(50), 15);
		STEP(I, b, c, d, a, X(5), T(51), 21);
		STEP(I, a, b, c, d, X(12), T(52), 6);
		STEP(I, d, a, b, c, X(3), T(53), 10);
		STEP(I, c, d, a, b, X(10), T(54), 15);
		STEP(I, b, c, d, a, X(1), T(55), 21);
		STEP(I, a, b, c, d, X(8), T(56), 6);
		STEP(I, d, a, b, c, X(15), T(57), 10);
		STEP(I, c, d, a, b, X(6), T(58), 15);
		STEP(I, b, c, d, a, X(13), T(59), 21);
		STEP(I, a, b, c, d, X(4), T(60), 6);
		STEP(I, d, a, b, c, X(11), T(61), 10);
		STEP(I, c, d, a, b, X(2), T(62), 15);
		STEP(I, b, c, d, a, X(9), T(63), 21);

		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
		in += 64;
	}
}
