/* SPDX-License-Identifier: MIT */
/* ISA: x86 SHA-NI (sha256rnds2/sha256msg1/sha256msg2), several messages.
 * Flags: -msha -mssse3 -msse4.1.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_SHA

#include <immintrin.h>

#include "hash/sha2_k.h"
#include "hash/x86/kernel.h"
#include "hash/x86/shani.h"

/* One message is bound by its chain of dependent sha256rnds2 (4 cycles
 * each), while the unit accepts more than one at a time: the rounds of
 * independent messages, interleaved instruction by instruction, run in
 * each other's gaps.  The state layout and the round structure are those
 * of sha256_shani.c; every step below is done for each lane in turn, the
 * lanes being the indices of arrays that the compiler keeps in registers
 * where it can (every index is a constant).
 *
 * Measured on a Zen 5 (2026-12, aggregate over one stream of
 * sumac_sha256_blocks_shani, 64 MiB per lane and 4 KiB messages, in
 * process, thread CPU time, range of three runs' medians): sha256rnds2 has
 * latency 4 and takes one per 2 cycles, so two lanes could at best double
 * one stream; they reach x1.52-1.55 (gcc 12) and x1.39-1.41 (clang 14), as
 * two chains leave the unit idle whenever one of them waits.  Three lanes
 * fill more of those gaps: x1.65-1.67 (gcc) and x1.59-1.61 (clang), four
 * x1.77-1.83 (gcc) and x1.75-1.78 (clang), the row's form, although the
 * compilers then spill the saved states and part of the schedule (about
 * 300 stack references per block of four lanes): the spills go to the
 * load and store units, which are idle.  Without PIN_L clang's four lanes
 * were no faster than its three (x1.60-1.64); the pins do nothing for
 * gcc, and nothing (three lanes) or harm (two, -1%) for clang elsewhere.
 * KEEP_ORDER is worth 3-4% to gcc's two lanes.  Keeping the schedule one
 * block ahead in an L1 buffer, the form that was fastest on a Zen 3, was
 * slower here with both compilers (three lanes x1.41-1.59), and so was
 * the schedule of the four lanes in memory behind an opaque pointer
 * (x1.21 clang, x1.78 gcc). */

#define EACH2(X, ...) X(0, __VA_ARGS__) X(1, __VA_ARGS__)
#define EACH3(X, ...) EACH2(X, __VA_ARGS__) X(2, __VA_ARGS__)
#define EACH4(X, ...) EACH3(X, __VA_ARGS__) X(3, __VA_ARGS__)

#define LOAD_L(l, i)                                                                               \
	m[l][i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in[l] + 16 * (i))), bswap);
#define RLO_L(l, i)                                                                                \
	wk[l] = _mm_add_epi32(m[l][i], k);                                                         \
	cdgh[l] = _mm_sha256rnds2_epu32(cdgh[l], abef[l], wk[l]);
#define RHI_L(l, i)                                                                                \
	wk[l] = _mm_shuffle_epi32(wk[l], 0x0e);                                                    \
	abef[l] = _mm_sha256rnds2_epu32(abef[l], cdgh[l], wk[l]);
#define PRE_L(l, x, next) m[l][x] = _mm_sha256msg1_epu32(m[l][x], m[l][next]);
#define FIN_L(l, x, last, prev)                                                                    \
	m[l][x] = _mm_sha256msg2_epu32(                                                            \
		_mm_add_epi32(m[l][x], _mm_alignr_epi8(m[l][last], m[l][prev], 4)), m[l][last]);

/* Four rounds of every lane on its message words W[4q..4q+3], held in
 * m[l][i]; the schedule halves as in the one-stream kernel. */
#define QROUNDS(EACH, i, q)                                                                        \
	do {                                                                                       \
		const __m128i k = _mm_load_si128((const __m128i *)&sumac_sha256_k[4 * (q)]);       \
		EACH(RLO_L, i)                                                                     \
		EACH(RHI_L, i)                                                                     \
		EACH(PIN_L, 0)                                                                     \
	} while (0)
/* Where the form asks for it, the states are in registers after every
 * four rounds (an empty asm that takes and gives them in xmm registers):
 * clang 14 otherwise keeps half of the four lanes' states on the stack
 * between rounds (66 of 128 sha256rnds2 of a block reloaded their state;
 * 33 with the pins). */
#define PIN_L(l, _)                                                                                \
	if (pinned)                                                                                \
		__asm__("" : "+x"(abef[l]), "+x"(cdgh[l]));
#define PRE(EACH, x, next)       EACH(PRE_L, x, next)
#define FIN(EACH, x, last, prev) EACH(FIN_L, x, last, prev)

/* One block of every lane, then the feed-forward. */
#define BLOCK(EACH)                                                                                \
	do {                                                                                       \
		EACH(SAVE_L, 0)                                                                    \
		EACH(LOAD_L, 0)                                                                    \
		EACH(LOAD_L, 1)                                                                    \
		EACH(LOAD_L, 2)                                                                    \
		EACH(LOAD_L, 3)                                                                    \
		QROUNDS(EACH, 0, 0);                                                               \
		QROUNDS(EACH, 1, 1);                                                               \
		PRE(EACH, 0, 1);                                                                   \
		QROUNDS(EACH, 2, 2);                                                               \
		PRE(EACH, 1, 2);                                                                   \
		QROUNDS(EACH, 3, 3);                                                               \
		FIN(EACH, 0, 3, 2);                                                                \
		PRE(EACH, 2, 3);                                                                   \
		QROUNDS(EACH, 0, 4);                                                               \
		FIN(EACH, 1, 0, 3);                                                                \
		PRE(EACH, 3, 0);                                                                   \
		QROUNDS(EACH, 1, 5);                                                               \
		FIN(EACH, 2, 1, 0);                                                                \
		PRE(EACH, 0, 1);                                                                   \
		QROUNDS(EACH, 2, 6);                                                               \
		FIN(EACH, 3, 2, 1);                                                                \
		PRE(EACH, 1, 2);                                                                   \
		QROUNDS(EACH, 3, 7);                                                               \
		FIN(EACH, 0, 3, 2);                                                                \
		PRE(EACH, 2, 3);                                                                   \
		QROUNDS(EACH, 0, 8);                                                               \
		FIN(EACH, 1, 0, 3);                                                                \
		PRE(EACH, 3, 0);                                                                   \
		QROUNDS(EACH, 1, 9);                                                               \
		FIN(EACH, 2, 1, 0);                                                                \
		PRE(EACH, 0, 1);                                                                   \
		QROUNDS(EACH, 2, 10);                                                              \
		FIN(EACH, 3, 2, 1);                                                                \
		PRE(EACH, 1, 2);                                                                   \
		QROUNDS(EACH, 3, 11);                                                              \
		FIN(EACH, 0, 3, 2);                                                                \
		PRE(EACH, 2, 3);                                                                   \
		QROUNDS(EACH, 0, 12);                                                              \
		FIN(EACH, 1, 0, 3);                                                                \
		PRE(EACH, 3, 0);                                                                   \
		QROUNDS(EACH, 1, 13);                                                              \
		FIN(EACH, 2, 1, 0);                                                                \
		QROUNDS(EACH, 2, 14);                                                              \
		FIN(EACH, 3, 2, 1);                                                                \
		QROUNDS(EACH, 3, 15);                                                              \
		EACH(ADD_L, 0)                                                                     \
	} while (0)
#define SAVE_L(l, _) abef0[l] = abef[l], cdgh0[l] = cdgh[l];
#define ADD_L(l, _)                                                                                \
	abef[l] = _mm_add_epi32(abef[l], abef0[l]);                                                \
	cdgh[l] = _mm_add_epi32(cdgh[l], cdgh0[l]);                                                \
	in[l] += 64;

/* a..h in memory to the {A,B,E,F}, {C,D,G,H} registers, and back. */
static inline void enter(const uint32_t *s, __m128i *abef, __m128i *cdgh)
{
	const __m128i lo = _mm_loadu_si128((const __m128i *)s);       /* a b c d */
	const __m128i hi = _mm_loadu_si128((const __m128i *)(s + 4)); /* e f g h */
	*abef = _mm_shuffle_epi32(_mm_unpacklo_epi64(hi, lo), 0xb1);
	*cdgh = _mm_shuffle_epi32(_mm_unpackhi_epi64(hi, lo), 0xb1);
}

static inline void leave(uint32_t *s, __m128i abef, __m128i cdgh)
{
	abef = _mm_shuffle_epi32(abef, 0xb1); /* e f a b */
	cdgh = _mm_shuffle_epi32(cdgh, 0xb1); /* g h c d */
	_mm_storeu_si128((__m128i *)s, _mm_unpackhi_epi64(abef, cdgh));
	_mm_storeu_si128((__m128i *)(s + 4), _mm_unpacklo_epi64(abef, cdgh));
}

#define ENTER_L(l, _) enter(state[l], &abef[l], &cdgh[l]);
#define LEAVE_L(l, _) leave(state[l], abef[l], cdgh[l]);
#define INIT_L(l, _)  in[l] = data[l];

/* nblocks blocks of each of N lanes, N fixed at compile time; PINNED
 * says whether the states are pinned (PIN_L). */
#define LANES(name, N, EACH, PINNED)                                                               \
	KEEP_ORDER static void name(void *const state[], const uint8_t *const data[],              \
				    size_t nblocks)                                                \
	{                                                                                          \
		const __m128i bswap =                                                              \
			_mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);        \
		const int pinned = PINNED;                                                         \
		const uint8_t *in[N];                                                              \
		__m128i abef[N], cdgh[N], abef0[N], cdgh0[N], m[N][4], wk[N];                      \
                                                                                                   \
		EACH(INIT_L, 0)                                                                    \
		EACH(ENTER_L, 0)                                                                   \
		while (nblocks--)                                                                  \
			BLOCK(EACH);                                                               \
		EACH(LEAVE_L, 0)                                                                   \
	}

LANES(lanes2, 2, EACH2, 0)
LANES(lanes3, 3, EACH3, 0)
LANES(lanes4, 4, EACH4, 1)

void sumac_sha256_lanes_shani(void *const state[], const uint8_t *const in[], unsigned n,
			      size_t nblocks)
{
	if (n == 4)
		lanes4(state, in, nblocks);
	else if (n == 3)
		lanes3(state, in, nblocks);
	else
		lanes2(state, in, nblocks);
}

#endif /* HAVE_X86_SHA */
