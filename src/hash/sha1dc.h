/* SPDX-License-Identifier: MIT */
/* SHA-1 collision detection: counter-cryptanalysis (Stevens, CRYPTO 2013;
 * Stevens and Shumow, USENIX Security 2017), which tells from one message
 * alone that a block of it is half of a near-collision attack along one of
 * 32 disturbance vectors (DVs).  The digest is never changed: sumac_final
 * writes the real SHA-1 and returns SUMAC_COLLISION when a block was
 * flagged.
 *
 * How a block is checked: the unavoidable-bit-condition (UBC) filter reads
 * the expanded words W[35..64] and keeps the DVs whose linear conditions
 * hold (about 1 block in 21 keeps any); for each kept DV the recompression
 * builds the partner block W ^ dm and the chaining value that reaches the
 * same state at step testt, and compresses it: equal output chaining values
 * (all 160 bits) are a collision.
 *
 * Where it runs: sumac_sha1dc_enable puts a wrapper in ctx->blocks (the
 * backend's block function kept in ctx->dc), so the framing, md.c's final
 * blocks and sumac_update_lanes need no test of their own, and a context
 * without detection runs the code it always ran.  Per chunk of 64 blocks
 * the filter kernel computes all masks first; the backend runs over the
 * runs of unflagged blocks at full speed, a flagged block alone with the
 * chaining values before and after it kept; each (flagged block, DV) pair
 * is queued in the context and a full queue or the end of the message runs
 * the batched recompression.  The verdict never feeds back into the digest,
 * so the queue is also where a later step can hand the recompression (or,
 * with the blocks, the filter) to another thread.
 *
 * Kernels: a dispatch table (sumac_sha1dc_kernels) of filter and
 * recompression pairs, best first: AVX-512 and AVX2 (src/hash/x86/) where
 * built and usable, the scalar pair (sha1dc_ubc.c, bit-sliced across 64
 * blocks; sha1dc_recompress.c, four candidates at a time) always.  A row
 * may add a fused kernel for one backend: the AVX-512 and AVX2 rows' run
 * their filter between x86-shani's blocks, 16 at a time, where the rounds'
 * chain leaves the vector units idle (sha1dc_shani_avx*.c), so that
 * detection costs a few per cent instead of a quarter.  In lanes the
 * rounds leave no such room, and the "gfni" row (the AVX-512 one plus a
 * schedule filter, sha1dc_gfni.c) reads the words x86-shani's lane kernel
 * expanded instead of expanding the blocks again.  Lanes without it keep
 * going past flagged blocks where the backend's lane kernel writes every
 * block's state (lanes_chain), and stop at them where it does not.
 *
 * The tables: sumac_sha1dc_conds (sha1dc_conds.c) and sumac_sha1dc_dvs
 * (sha1dc_dvs.c, written by tools/gen-sha1dc-dvs.py from the two base
 * sequences and committed; tests/unit/sha1dc-tables.sh checks it is the
 * generator's output), both constant data, so nothing is set up at run
 * time.  They are the facts of sha1collisiondetection (Copyright 2017 Marc
 * Stevens, Dan Shumow, MIT), whose notice those files carry. */
#ifndef SUMAC_SHA1DC_H
#define SUMAC_SHA1DC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/cpu.h"
#include "hash/hash.h"

struct sumac_impl;

/* Turns detection on for a context just started with sumac_init/
 * sumac_init_len: 0, or EINVAL when its algorithm is not SHA-1 or its
 * backend is a library stream (cannot detect). */
int sumac_sha1dc_enable(struct sumac_ctx *ctx);
/* Whether impl can detect (a block backend of the SHA-1 family). */
bool sumac_impl_detects_sha1_collisions(const struct sumac_impl *impl);

struct sumac_sha1dc_hit {
	uint64_t offset; /* byte offset of the first flagged block in the message */
	unsigned dv;     /* its disturbance vector, 0..31 in table order */
};
/* After sumac_final returned SUMAC_COLLISION: the first hit. */
void sumac_sha1dc_result(const struct sumac_ctx *ctx, struct sumac_sha1dc_hit *out);
/* "II(52,0)": the name of DV dv, for --debug. */
const char *sumac_sha1dc_dv_name(unsigned dv);
/* The filter kernel in use (for --debug / --list-backends): "gfni",
 * "avx512", "avx2" or "scalar". */
const char *sumac_sha1dc_filter_name(void);

/* The tables. */
#define SUMAC_SHA1DC_NDVS 32

/* "bit a of W[i] XOR bit b of W[j] equals c" (j == 0xff: "bit a of W[i]
 * equals c"); a block keeps the DVs of dvs only if it holds. */
struct sumac_sha1dc_cond {
	uint8_t i, a, j, b, c;
	uint32_t dvs;
};
extern const struct sumac_sha1dc_cond sumac_sha1dc_conds[];
extern const size_t sumac_sha1dc_nconds;

/* type 1 = I, 2 = II; K; b (rotation); testt (58 or 65); dm: the XOR
 * difference of the expanded words between a block and its partner. */
struct sumac_sha1dc_dv {
	uint8_t type, k, b, testt;
	uint32_t dm[80];
};
extern const struct sumac_sha1dc_dv sumac_sha1dc_dvs[SUMAC_SHA1DC_NDVS];

/* The kernels.
 *
 * UBC masks of n whole 64-byte blocks: masks[k] = the DV mask of block k
 * (bit i = DV i still possible).  Pure, no alignment required. */
typedef void sumac_sha1dc_ubc_fn(const uint8_t *blocks, size_t n, uint32_t *masks);
/* struct sumac_sha1dc_cand (one recompression candidate) is in
 * hash/sha1dc_state.h, since every context holds a queue of them.
 *
 * partner[k] = the output chaining value (a..e, feed-forward added) of
 * candidate k's partner: the block W xor dm[dv] compressed from the
 * chaining value that reaches the same state at step testt.  The caller
 * calls it a hit when partner[k] equals ihv_out (all 160 bits).
 * Candidates are consistent (ihv_out = compression of block from ihv_in),
 * so a kernel may reach the state at testt forwards from ihv_in or
 * backwards from ihv_out - ihv_in, whichever is cheaper. */
typedef void sumac_sha1dc_recompress_fn(const struct sumac_sha1dc_cand *c, size_t n,
					uint32_t (*partner)[5]);

void sumac_sha1dc_ubc_scalar(const uint8_t *blocks, size_t n, uint32_t *masks);
void sumac_sha1dc_recompress_scalar(const struct sumac_sha1dc_cand *c, size_t n,
				    uint32_t (*partner)[5]);

/* The x86 kernels (src/hash/x86/, their own convenience libraries), in
 * the dispatch table only where configure built them: HAVE_SHA1DC_AVX512
 * and HAVE_SHA1DC_AVX2 are the SIMD side's configure results.  They take
 * 16 (AVX-512) or 8 (AVX2) blocks or candidates per pass, any n, and the
 * recompressions any mix of testt 58 and 65 in one call: the caller need
 * not group candidates (the steps between 58 and 65 run masked per lane). */
#if HAVE_SHA1DC_AVX512
void sumac_sha1dc_ubc_avx512(const uint8_t *blocks, size_t n, uint32_t *masks);
void sumac_sha1dc_recompress_avx512(const struct sumac_sha1dc_cand *c, size_t n,
				    uint32_t (*partner)[5]);
#endif
#if HAVE_SHA1DC_AVX2
void sumac_sha1dc_ubc_avx2(const uint8_t *blocks, size_t n, uint32_t *masks);
void sumac_sha1dc_recompress_avx2(const struct sumac_sha1dc_cand *c, size_t n,
				  uint32_t (*partner)[5]);
#endif

/* 16 blocks at in into state (SHA-1's a..e) through one backend's block
 * function, filtered as they go: masks[k] as sumac_sha1dc_ubc_fn gives,
 * cv[k] the chaining value after block k. */
typedef void sumac_sha1dc_fused_fn(void *state, const uint8_t *in, uint32_t *masks,
				   uint32_t (*cv)[5]);
#define SUMAC_SHA1DC_FUSED_BLOCKS 16

#if HAVE_SHA1DC_SHANI_AVX2
/* SHA-NI with the AVX2 filter (src/hash/x86/sha1dc_shani_avx2.c). */
void sumac_sha1dc_shani_avx2(void *state, const uint8_t *in, uint32_t *masks, uint32_t (*cv)[5]);
#endif
#if HAVE_SHA1DC_SHANI_AVX512
/* SHA-NI with the AVX-512 filter (src/hash/x86/sha1dc_shani_avx512.c). */
void sumac_sha1dc_shani_avx512(void *state, const uint8_t *in, uint32_t *masks, uint32_t (*cv)[5]);
#endif

/* The schedule filter: a lane kernel that computes every block's expanded
 * words anyway (SHA-NI's sha1msg1/sha1msg2) writes the ones the filter
 * reads, W[35..64], so that the filter need not load, transpose and expand
 * the blocks again.  A pass takes up to SUMAC_SHA1DC_SCHED_SLOTS blocks of
 * n lanes, block b of lane l in slot b * n + l.  Row r (0 to
 * SUMAC_SHA1DC_SCHED_ROWS - 1) holds W[4(8 + r)] to W[4(8 + r) + 3] of
 * every slot, four 32-bit words each with W[4(8 + r) + 3] first (the order
 * SHA-NI keeps them in), slot s of row r at sched + 4 * (r *
 * SUMAC_SHA1DC_SCHED_ROW + s).  A row has room for one block more of four
 * lanes, as the lane kernel schedules a block ahead. */
#define SUMAC_SHA1DC_SCHED_SLOTS 64
#define SUMAC_SHA1DC_SCHED_ROWS  9
#define SUMAC_SHA1DC_SCHED_ROW   (SUMAC_SHA1DC_SCHED_SLOTS + 4)
#define SUMAC_SHA1DC_SCHED_WORDS (4 * SUMAC_SHA1DC_SCHED_ROWS * SUMAC_SHA1DC_SCHED_ROW)
/* nblocks of each of n lanes (n * nblocks <= SUMAC_SHA1DC_SCHED_SLOTS)
 * through a backend's lane kernel, with every block's state into chain
 * (slot order) and its words into sched. */
typedef void sumac_sha1dc_lanes_sched_fn(void *const state[], const uint8_t *const in[], unsigned n,
					 size_t nblocks, uint32_t (*chain)[5], uint32_t *sched);
/* The masks of the SUMAC_SHA1DC_SCHED_SLOTS slots of sched, as
 * sumac_sha1dc_ubc_fn gives them (slots the pass left unwritten get any
 * mask). */
typedef void sumac_sha1dc_sched_ubc_fn(const uint32_t *sched, uint32_t *masks);

#if HAVE_SHA1DC_GFNI
/* AVX-512 with VBMI and GFNI (src/hash/x86/sha1dc_gfni.c): the words
 * bit-sliced, 64 slots a pass, the conditions in 64-bit integers. */
void sumac_sha1dc_sched_ubc_gfni(const uint32_t *sched, uint32_t *masks);
#endif

/* The dispatch table, best first; the last row is the scalar one, always
 * usable.  A row is taken when usable(sumac_cpu_features()) holds (so the
 * SUMAC_CPU mask applies), NULL meaning always.  A row may also offer a
 * fused kernel: its filter run inside the block function fused_blocks of
 * one backend, which a context on that backend uses for whole groups of
 * SUMAC_SHA1DC_FUSED_BLOCKS blocks when fused_usable() holds too, and a
 * schedule filter (above) for contexts in lanes. */
struct sumac_sha1dc_kernel {
	const char *name;
	bool (*usable)(const struct sumac_cpu *cpu);
	sumac_sha1dc_ubc_fn *ubc;
	sumac_sha1dc_recompress_fn *recompress;
	sumac_sha1dc_fused_fn *fused;
	void (*fused_blocks)(void *state, const uint8_t *in, size_t nblocks);
	bool (*fused_usable)(const struct sumac_cpu *cpu);
	/* The schedule filter, for contexts in lanes on the lane kernel
	 * sched_for, whose form that writes the words is lanes_sched; both
	 * may run where sched_usable() holds (with usable()). */
	sumac_sha1dc_sched_ubc_fn *sched_ubc;
	sumac_sha1dc_lanes_sched_fn *lanes_sched;
	sumac_lanes_fn *sched_for;
	bool (*sched_usable)(const struct sumac_cpu *cpu);
};
extern const struct sumac_sha1dc_kernel sumac_sha1dc_kernels[];
extern const size_t sumac_sha1dc_nkernels;
/* The first usable row. */
const struct sumac_sha1dc_kernel *sumac_sha1dc_kernel_best(void);
/* Whether this machine can run every kernel of the row that the CPU seen
 * would run: false only for a simulated CPU model (cpu.h). */
bool sumac_sha1dc_kernel_runs_here(const struct sumac_sha1dc_kernel *kernel);
/* Whether a context on impl, detecting with the best row, runs that row's
 * fused kernel (for --debug and --list-backends). */
bool sumac_sha1dc_fuses(const struct sumac_impl *impl);
/* sumac_sha1dc_enable with a given row (the tests run every usable one). */
int sumac_sha1dc_enable_kernel(struct sumac_ctx *ctx, const struct sumac_sha1dc_kernel *kernel);
/* sumac_update_lanes when one of the contexts detects (framing.c):
 * nblocks blocks of each of n >= 2 contexts through impl's lane kernel,
 * the detecting contexts' blocks filtered. */
void sumac_sha1dc_lanes(const struct sumac_impl *impl, struct sumac_ctx *const ctx[], unsigned n,
			const uint8_t *const in[], size_t nblocks);
/* Whether contexts on impl, detecting with the best row, hashed in lanes
 * go through that row's schedule filter (for --debug and
 * --list-backends). */
bool sumac_sha1dc_sched_lanes(const struct sumac_impl *impl);
/* The framing's end of a detecting stream (sumac_final, after the last
 * block): recompresses what is queued; SUMAC_COLLISION or 0. */
int sumac_sha1dc_finish(struct sumac_ctx *ctx);

#endif
