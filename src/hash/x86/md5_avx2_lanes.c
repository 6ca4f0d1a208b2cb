/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX2 (8 MD5 messages at once, one per 32-bit element).
 * Flags: -mavx2 -mbmi2.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX2

#include <immintrin.h>

#include "hash/family.h"
#include "hash/x86/avx2.h"
#include "hash/x86/lanes8.h"

/* One MD5 message is a single chain of dependent steps (RFC 1321 §3.4),
 * 5-6 operations long each, that no instruction shortens: one stream runs
 * at that latency with most of the core idle.  Eight messages in the
 * elements of ymm registers run the same chain once for all eight, at
 * about the same latency per step (the rotation is two shifts and an or),
 * so each message costs an eighth.  Word k of every lane's block is one
 * vector of a buffer, built by a transpose of the eight blocks. */

#define ADD(x, y) _mm256_add_epi32((x), (y))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define AND(x, y) _mm256_and_si256((x), (y))

#define ROTL(x, s) _mm256_or_si256(_mm256_slli_epi32((x), (s)), _mm256_srli_epi32((x), 32 - (s)))
/* By 16, one byte shuffle instead of three operations. */
#define ROTL16(x) _mm256_shuffle_epi8((x), rot16)

#define F(b, c, d) XOR((d), AND((b), XOR((c), (d))))
#define H(b, c, d) XOR((b), XOR((c), (d)))
#define I(b, c, d) XOR((c), _mm256_or_si256((b), XOR((d), ones)))

/* a + X[k] + T first, off the chain through b; the empty asm keeps the
 * compiler from folding f's result into that sum early. */
#define STEP_ROT(f, a, b, c, d, k, i, ROT)                                                         \
	do {                                                                                       \
		__m256i t_ = ADD((a), ADD(x[(k)], _mm256_set1_epi32((int)md5_t[(i)])));            \
		OPAQUE_V(t_);                                                                      \
		t_ = ADD(t_, f((b), (c), (d)));                                                    \
		(a) = ADD((b), ROT);                                                               \
	} while (0)
#define STEP(f, a, b, c, d, k, i, s) STEP_ROT(f, a, b, c, d, k, i, ROTL(t_, (s)))

/* G(b, c, d) = (b & d) | (c & ~d), whose terms share no bit: a sum, so
 * c & ~d joins the early part. */
#define STEP_G(a, b, c, d, k, i, s)                                                                \
	do {                                                                                       \
		__m256i t_ = ADD((a), ADD(x[(k)], _mm256_set1_epi32((int)md5_t[(i)])));            \
		t_ = ADD(t_, _mm256_andnot_si256((d), (c)));                                       \
		OPAQUE_V(t_);                                                                      \
		t_ = ADD(t_, AND((b), (d)));                                                       \
		(a) = ADD((b), ROTL(t_, (s)));                                                     \
	} while (0)

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

/* The kernel costs the same with any number of live lanes, so below
 * LANES_MIN of them one stream each is faster: in process on a 2-vCPU Zen
 * 5, 2 live lanes together hash 0.8x the bytes per second of one portable
 * stream, 3 lanes 1.16-1.19x (gcc 12, clang 14). */
#define LANES_MIN 3

void sumac_md5_lanes_avx2(void *const state[], const uint8_t *const in[], unsigned n,
			  size_t nblocks)
{
	if (n < LANES_MIN) {
		for (unsigned l = 0; l < n; l++)
			sumac_md5_blocks_portable(state[l], in[l], nblocks);
		return;
	}
	struct lanes8 lp;
	lanes8_setup(&lp, state, in, n);
	const __m256i ones = _mm256_set1_epi32(-1);
	const __m256i rot16 =
		_mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1,
				 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
	__m256i s[4];
	lanes8_load4(s, (const uint8_t *const *)lp.st, 0);
	__m256i a = s[0], b = s[1], c = s[2], d = s[3];

	for (size_t off = 0; nblocks--; off += 64) {
		/* The stack buffer lets the steps add X[k] from memory: 16
		 * words and the state do not fit the 16 ymm registers. */
		_Alignas(32) __m256i x[16];
		for (int g = 0; g < 4; g++)
			lanes8_load4(&x[4 * g], lp.in, off + 16 * (size_t)g);

		const __m256i a0 = a, b0 = b, c0 = c, d0 = d;
		STEP(F, a, b, c, d, 0, 0, 7);
		STEP(F, d, a, b, c, 1, 1, 12);
		STEP(F, c, d, a, b, 2, 2, 17);
		STEP(F, b, c, d, a, 3, 3, 22);
		STEP(F, a, b, c, d, 4, 4, 7);
		STEP(F, d, a, b, c, 5, 5, 12);
		STEP(F, c, d, a, b, 6, 6, 17);
		STEP(F, b, c, d, a, 7, 7, 22);
		STEP(F, a, b, c, d, 8, 8, 7);
		STEP(F, d, a, b, c, 9, 9, 12);
		STEP(F, c, d, a, b, 10, 10, 17);
		STEP(F, b, c, d, a, 11, 11, 22);
		STEP(F, a, b, c, d, 12, 12, 7);
		STEP(F, d, a, b, c, 13, 13, 12);
		STEP(F, c, d, a, b, 14, 14, 17);
		STEP(F, b, c, d, a, 15, 15, 22);
		STEP_G(a, b, c, d, 1, 16, 5);
		STEP_G(d, a, b, c, 6, 17, 9);
		STEP_G(c, d, a, b, 11, 18, 14);
		STEP_G(b, c, d, a, 0, 19, 20);
		STEP_G(a, b, c, d, 5, 20, 5);
		STEP_G(d, a, b, c, 10, 21, 9);
		STEP_G(c, d, a, b, 15, 22, 14);
		STEP_G(b, c, d, a, 4, 23, 20);
		STEP_G(a, b, c, d, 9, 24, 5);
		STEP_G(d, a, b, c, 14, 25, 9);
		STEP_G(c, d, a, b, 3, 26, 14);
		STEP_G(b, c, d, a, 8, 27, 20);
		STEP_G(a, b, c, d, 13, 28, 5);
		STEP_G(d, a, b, c, 2, 29, 9);
		STEP_G(c, d, a, b, 7, 30, 14);
		STEP_G(b, c, d, a, 12, 31, 20);
		STEP(H, a, b, c, d, 5, 32, 4);
		STEP(H, d, a, b, c, 8, 33, 11);
		STEP_ROT(H, c, d, a, b, 11, 34, ROTL16(t_));
		STEP(H, b, c, d, a, 14, 35, 23);
		STEP(H, a, b, c, d, 1, 36, 4);
		STEP(H, d, a, b, c, 4, 37, 11);
		STEP_ROT(H, c, d, a, b, 7, 38, ROTL16(t_));
		STEP(H, b, c, d, a, 10, 39, 23);
		STEP(H, a, b, c, d, 13, 40, 4);
		STEP(H, d, a, b, c, 0, 41, 11);
		STEP_ROT(H, c, d, a, b, 3, 42, ROTL16(t_));
		STEP(H, b, c, d, a, 6, 43, 23);
		STEP(H, a, b, c, d, 9, 44, 4);
		STEP(H, d, a, b, c, 12, 45, 11);
		STEP_ROT(H, c, d, a, b, 15, 46, ROTL16(t_));
		STEP(H, b, c, d, a, 2, 47, 23);
		STEP(I, a, b, c, d, 0, 48, 6);
		STEP(I, d, a, b, c, 7, 49, 10);
		STEP(I, c, d, a, b, 14, 50, 15);
		STEP(I, b, c, d, a, 5, 51, 21);
		STEP(I, a, b, c, d, 12, 52, 6);
		STEP(I, d, a, b, c, 3, 53, 10);
		STEP(I, c, d, a, b, 10, 54, 15);
		STEP(I, b, c, d, a, 1, 55, 21);
		STEP(I, a, b, c, d, 8, 56, 6);
		STEP(I, d, a, b, c, 15, 57, 10);
		STEP(I, c, d, a, b, 6, 58, 15);
		STEP(I, b, c, d, a, 13, 59, 21);
		STEP(I, a, b, c, d, 4, 60, 6);
		STEP(I, d, a, b, c, 11, 61, 10);
		STEP(I, c, d, a, b, 2, 62, 15);
		STEP(I, b, c, d, a, 9, 63, 21);
		a = ADD(a, a0);
		b = ADD(b, b0);
		c = ADD(c, c0);
		d = ADD(d, d0);
	}
	s[0] = a;
	s[1] = b;
	s[2] = c;
	s[3] = d;
	lanes8_store4(lp.st, 0, s);
	/* gcc inserts this itself only from -O2 up; the sanitizer builds
	 * (-O1) would hand dirty upper state to the SSE code that follows. */
	_mm256_zeroupper();
}

#endif /* HAVE_X86_AVX2 */
