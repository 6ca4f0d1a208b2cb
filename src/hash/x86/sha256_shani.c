/* SPDX-License-Identifier: MIT */
/* ISA: x86 SHA-NI (sha256rnds2/sha256msg1/sha256msg2).
 * Flags: -msha -mssse3 -msse4.1.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_SHA

#include <immintrin.h>

#include "hash/sha2_k.h"
#include "hash/x86/shani.h"

/* sha256rnds2 wants the state split as {A,B,E,F} and {C,D,G,H} (A, C in the
 * top lane), the order in which it can take two rounds without any further
 * shuffling; the words are kept that way for the whole call and converted
 * back to a..h only once at the end. */

/* Four rounds on message words W[4q..4q+3].  Each sha256rnds2 consumes the
 * low two W+K lanes, so the upper pair is moved down for the second one; the
 * two state registers swap roles after every pair, which is why the first
 * call writes abef's old role into cdgh and the second writes it back. */
#define QROUNDS(m, q)                                                                              \
	do {                                                                                       \
		__m128i wk = _mm_add_epi32(                                                        \
			(m), _mm_load_si128((const __m128i *)&sumac_sha256_k[4 * (q)]));           \
		cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);                                      \
		wk = _mm_shuffle_epi32(wk, 0x0e);                                                  \
		abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);                                      \
	} while (0)

/* Schedule in two halves so it overlaps the rounds instead of stalling them:
 * PRE folds sigma0(W[t-15]) into W[t-16] as soon as the next quad is loaded,
 * FIN adds W[t-7] and the sigma1 terms once the quad before is known. */
#define PRE(x, next) ((x) = _mm_sha256msg1_epu32((x), (next)))
#define FIN(x, last, prev)                                                                         \
	((x) = _mm_sha256msg2_epu32(_mm_add_epi32((x), _mm_alignr_epi8((last), (prev), 4)), (last)))

void sumac_sha256_blocks_shani(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	/* Big-endian words: reverse the bytes inside each 32-bit lane. */
	const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
	__m128i lo = _mm_loadu_si128((const __m128i *)s);       /* a b c d */
	__m128i hi = _mm_loadu_si128((const __m128i *)(s + 4)); /* e f g h */
	__m128i abef = _mm_shuffle_epi32(_mm_unpacklo_epi64(hi, lo), 0xb1);
	__m128i cdgh = _mm_shuffle_epi32(_mm_unpackhi_epi64(hi, lo), 0xb1);

	while (nblocks--) {
		const __m128i abef0 = abef, cdgh0 = cdgh;
		__m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)in), bswap);
		__m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), bswap);
		__m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), bswap);
		__m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), bswap);

		QROUNDS(m0, 0);
		QROUNDS(m1, 1);
		PRE(m0, m1);
		QROUNDS(m2, 2);
		PRE(m1, m2);
		QROUNDS(m3, 3);
		FIN(m0, m3, m2);
		PRE(m2, m3);
		QROUNDS(m0, 4);
		FIN(m1, m0, m3);
		PRE(m3, m0);
		QROUNDS(m1, 5);
		FIN(m2, m1, m0);
		PRE(m0, m1);
		QROUNDS(m2, 6);
		FIN(m3, m2, m1);
		PRE(m1, m2);
		QROUNDS(m3, 7);
		FIN(m0, m3, m2);
		PRE(m2, m3);
		QROUNDS(m0, 8);
		FIN(m1, m0, m3);
		PRE(m3, m0);
		QROUNDS(m1, 9);
		FIN(m2, m1, m0);
		PRE(m0, m1);
		QROUNDS(m2, 10);
		FIN(m3, m2, m1);
		PRE(m1, m2);
		QROUNDS(m3, 11);
		FIN(m0, m3, m2);
		PRE(m2, m3);
		QROUNDS(m0, 12);
		FIN(m1, m0, m3);
		PRE(m3, m0);
		QROUNDS(m1, 13);
		FIN(m2, m1, m0);
		QROUNDS(m2, 14);
		FIN(m3, m2, m1);
		QROUNDS(m3, 15);

		abef = _mm_add_epi32(abef, abef0);
		cdgh = _mm_add_epi32(cdgh, cdgh0);
		in += 64;
	}

	/* Undo the entry shuffle: {f,e,b,a},{h,g,d,c} -> a..h. */
	abef = _mm_shuffle_epi32(abef, 0xb1); /* e f a b */
	cdgh = _mm_shuffle_epi32(cdgh, 0xb1); /* g h c d */
	_mm_storeu_si128((__m128i *)s, _mm_unpackhi_epi64(abef, cdgh));
	_mm_storeu_si128((__m128i *)(s + 4), _mm_unpacklo_epi64(abef, cdgh));
}

#endif /* HAVE_X86_SHA */
