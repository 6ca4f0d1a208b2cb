/* SPDX-License-Identifier: MIT */
/* ISA: x86-64 AVX-512F + AVX-512VL (one BLAKE2b message in four ymm rows,
 * EVEX rotates and three-input logic).
 * Flags: -mavx2 -mbmi2 -mavx512f -mavx512vl.
 * Only called through the registry after usable() said yes. */
#include "config.h"

#if HAVE_X86_AVX512

#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#include "hash/blake2b.h"
#include "hash/x86/avx512.h"
#include "hash/x86/kernel.h"

/* The compression is one chain: each G step of RFC 7693 §3.2 waits for the
 * one before, twelve operations a column step, so what counts is how few
 * cycles each of them takes on the chain.  Three choices keep it short:
 *
 * - The rows are v0-3, v4-7, v8-11 and v12-15 in ymm registers A B C D.
 *   For the diagonal step A, C and D turn and B stays: the next step
 *   starts with a += b, and the turn of A (last written mid-step), of C
 *   and of D runs while b is still being computed, off the chain.
 * - A rotation of x ^ y is ror(x) ^ (y >> n) ^ (y << 64 - n), one
 *   vpternlogq after two shifts of the newer operand y, with ror(x)
 *   taken early from the older one: two operations on the chain instead
 *   of three (xor, then vprorq at two cycles).
 * - vpermt2q could fetch the message words of a round into place, but
 *   shuffles compete with the chain's shifts for the same ports.  Instead
 *   the general-purpose registers, idle here, copy the next block's words
 *   into the order the rounds read them (ORDER), one round's worth after
 *   each round, and a round adds them straight from that buffer.  The
 *   copy is a whole block ahead, so its stores are long retired when the
 *   rounds load them.
 *
 * Measured with bench/speed on a 2-vCPU AMD EPYC, family 25 model 17
 * (Zen 4, 3.67 GHz), 2026-12: 1.47 GB/s at 1 and 64 MiB with gcc 12 -O2,
 * 1.42 GB/s with clang 14, 1.43-1.50x the scalar rorx kernel
 * (blake2b_bmi2.c) and 1.53x OpenSSL 3.0's BLAKE2b-512; in a standalone
 * test the same layout took 1.12 GB/s with vpermt2q fetching the message
 * words.  On a Zen 5, where vector operations take two cycles, the scalar
 * kernel wins (registry.c). */

/* The message words of one round in the order the rounds add them: the
 * first word of each column's G, the second, then the same for the
 * diagonal step, whose lanes hold the G of v3 v4 v9 v14 first. */
#define ORDER(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)                \
	s0, s2, s4, s6, s1, s3, s5, s7, s14, s8, s10, s12, s15, s9, s11, s13

/* Ten rows of sixteen words: rounds 10 and 11 read rows 0 and 1 again. */
enum { ROWS = 10, ROW_WORDS = 16 };

/* Word s of the block at m (little-endian, as x86 is) into o[i] through a
 * general-purpose register: the empty asm keeps gcc from turning a row's
 * copies into vector shuffles. */
#define COPY(o, m, i, s)                                                                           \
	do {                                                                                       \
		uint64_t w_;                                                                       \
		memcpy(&w_, (m) + 8 * (s), 8);                                                     \
		OPAQUE(w_);                                                                        \
		(o)[i] = w_;                                                                       \
	} while (0)

static inline void copy_row(uint64_t *o, const uint8_t *m, int s0, int s1, int s2, int s3, int s4,
			    int s5, int s6, int s7, int s8, int s9, int s10, int s11, int s12,
			    int s13, int s14, int s15)
{
	/* A pointer of unknown value for each row, so that a word the
	 * compiler already loaded for an earlier row is loaded again rather
	 * than kept in a register across rounds. */
	OPAQUE(m);
	COPY(o, m, 0, s0);
	COPY(o, m, 1, s1);
	COPY(o, m, 2, s2);
	COPY(o, m, 3, s3);
	COPY(o, m, 4, s4);
	COPY(o, m, 5, s5);
	COPY(o, m, 6, s6);
	COPY(o, m, 7, s7);
	COPY(o, m, 8, s8);
	COPY(o, m, 9, s9);
	COPY(o, m, 10, s10);
	COPY(o, m, 11, s11);
	COPY(o, m, 12, s12);
	COPY(o, m, 13, s13);
	COPY(o, m, 14, s14);
	COPY(o, m, 15, s15);
}

#define COPY_ROW(o, m, ...) copy_row(o, m, __VA_ARGS__)

/* Every round's row of the block at m, into rows. */
static void copy_rows(uint64_t *rows, const uint8_t *m)
{
	int r = 0;
#define COPY_ROUND_(...)                                                                           \
	if (r < ROWS)                                                                              \
		COPY_ROW(rows + ROW_WORDS * r, m, ORDER(__VA_ARGS__));                             \
	r++;
	BLAKE2B_SCHEDULE(COPY_ROUND_)
#undef COPY_ROUND_
}

/* Empty asm on a vector: a sum stays in the order written.  gcc would
 * otherwise add the message word to b, on the chain, rather than to a,
 * which is ready earlier. */
#define VOPAQUE(x) __asm__("" : "+v"(x))

/* ror(x ^ y, n) as rx ^ (y >> n) ^ (y << 64 - n) with rx = ror(x, n).  The
 * shifted word goes first, as the operand vpternlogq overwrites: it is
 * dead afterwards, so no register copy is needed (gcc's copies between
 * EVEX registers cost 8 % of the speed). */
#define ROR_XOR(rx, y, n)                                                                          \
	_mm256_ternarylogic_epi64(_mm256_slli_epi64((y), 64 - (n)), _mm256_srli_epi64((y), (n)),   \
				  (rx), 0x96)

/* One step of four G side by side: x and y are the first and second
 * words of each G (RFC 7693 §3.1).  ror(d ^ a, 32) stays xor and vpshufd,
 * two one-cycle operations; ror(b ^ c, 63) takes c + c for c << 1. */
#define STEP(x, y)                                                                                 \
	do {                                                                                       \
		A = _mm256_add_epi64(A, (x));                                                      \
		VOPAQUE(A);                                                                        \
		A = _mm256_add_epi64(A, B);                                                        \
		D = _mm256_shuffle_epi32(_mm256_xor_si256(D, A), _MM_SHUFFLE(2, 3, 0, 1));         \
		rot = _mm256_ror_epi64(B, 24);                                                     \
		C = _mm256_add_epi64(C, D);                                                        \
		B = ROR_XOR(rot, C, 24);                                                           \
		rot = _mm256_ror_epi64(D, 16);                                                     \
		A = _mm256_add_epi64(A, (y));                                                      \
		VOPAQUE(A);                                                                        \
		A = _mm256_add_epi64(A, B);                                                        \
		D = ROR_XOR(rot, A, 16);                                                           \
		rot = _mm256_ror_epi64(B, 63);                                                     \
		C = _mm256_add_epi64(C, D);                                                        \
		B = _mm256_ternarylogic_epi64(_mm256_add_epi64(C, C), _mm256_srli_epi64(C, 63),    \
					      rot, 0x96);                                          \
	} while (0)

#define ROW(i) _mm256_load_si256((const __m256i *)(row + 4 * (i)))

/* A round from the row of round r, then, while blocks remain, the copy
 * of the next block's row r. */
#define ROUND(...)                                                                                 \
	do {                                                                                       \
		const uint64_t *row = cur + ROW_WORDS * (r % ROWS);                                \
		STEP(ROW(0), ROW(1));                                                              \
		/* lane i of A takes v(i-1), of C v(8 + (i+1) % 4), of D v(12 + (i+2) % 4) */      \
		A = _mm256_permute4x64_epi64(A, _MM_SHUFFLE(2, 1, 0, 3));                          \
		C = _mm256_permute4x64_epi64(C, _MM_SHUFFLE(0, 3, 2, 1));                          \
		D = _mm256_permute4x64_epi64(D, _MM_SHUFFLE(1, 0, 3, 2));                          \
		STEP(ROW(2), ROW(3));                                                              \
		A = _mm256_permute4x64_epi64(A, _MM_SHUFFLE(0, 3, 2, 1));                          \
		C = _mm256_permute4x64_epi64(C, _MM_SHUFFLE(2, 1, 0, 3));                          \
		D = _mm256_permute4x64_epi64(D, _MM_SHUFFLE(1, 0, 3, 2));                          \
		if (r < ROWS && more)                                                              \
			COPY_ROW(next + ROW_WORDS * r, in + 128, ORDER(__VA_ARGS__));              \
		r++;                                                                               \
	} while (0)

#define ROUND_STATEMENT(...) ROUND(__VA_ARGS__);

void sumac_blake2b_blocks_avx512(void *state, const uint8_t *in, size_t nblocks)
{
	struct blake2b_state *st = state;
	uint64_t t0 = st->t[0], t1 = st->t[1];
	/* The rows of this block and of the next, in turn. */
	_Alignas(32) uint64_t rows[2][ROWS * ROW_WORDS];

	if (!nblocks)
		return;
	__m256i h0 = _mm256_loadu_si256((const __m256i *)st->h);
	__m256i h1 = _mm256_loadu_si256((const __m256i *)(st->h + 4));
	const __m256i iv0 = _mm256_loadu_si256((const __m256i *)blake2b_iv);
	const __m256i iv1 = _mm256_loadu_si256((const __m256i *)(blake2b_iv + 4));
	const __m256i f = _mm256_set_epi64x(0, (long long)st->f0, 0, 0);

	copy_rows(rows[0], in);
	for (size_t k = 0; k < nblocks; k++, in += 128) {
		const uint64_t *cur = rows[k & 1];
		uint64_t *next = rows[(k + 1) & 1];
		const bool more = k + 1 < nblocks;
		int r = 0;
		t0 += 128;
		t1 += t0 < 128;
		__m256i A = h0, B = h1, C = iv0, rot;
		__m256i D = _mm256_xor_si256(_mm256_xor_si256(iv1, f),
					     _mm256_set_epi64x(0, 0, (long long)t1, (long long)t0));
		BLAKE2B_SCHEDULE(ROUND_STATEMENT)
		h0 = _mm256_ternarylogic_epi64(h0, A, C, 0x96);
		h1 = _mm256_ternarylogic_epi64(h1, B, D, 0x96);
	}
	_mm256_storeu_si256((__m256i *)st->h, h0);
	_mm256_storeu_si256((__m256i *)(st->h + 4), h1);
	st->t[0] = t0;
	st->t[1] = t1;
}

#endif
