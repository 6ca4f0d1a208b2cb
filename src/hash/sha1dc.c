/* SPDX-License-Identifier: MIT */
/* The detection layer of SHA-1 collision detection (hash/sha1dc.h): the
 * block function a detecting context compresses through, its queue of
 * candidates, the verdict, and the choice of filter kernel.
 *
 * sumac_sha1dc_enable puts sha1dc_blocks in ctx->blocks in place of the
 * backend's block function (kept in ctx->dc.blocks), so every block the
 * framing compresses (sumac_update, md.c's final blocks) is checked and a
 * context without detection runs exactly as before: no test, no branch. */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "hash/registry.h"
#include "hash/sha1dc.h"
#if HAVE_SHA1DC_SHANI_AVX2 || HAVE_SHA1DC_SHANI_AVX512 || HAVE_SHA1DC_GFNI
#include "hash/x86/shani.h"
#endif

/* Blocks filtered at once: 4 KiB stays in L1 between the filter and the
 * backend, and the masks fit on the stack. */
#define CHUNK 64

/* The x86 kernels are built with the AVX2 and AVX-512 backends' flags
 * (-mavx2 -mbmi2, plus -mavx512f -mavx512vl): the compiler may use any of
 * those instructions there, so each row needs what its library's flags
 * allow, as the registry's x86-avx2 and x86-avx512 rows do. */
#if HAVE_SHA1DC_AVX2
static bool avx2_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_avx2 && cpu->x86_bmi2;
}
#endif

#if HAVE_SHA1DC_AVX512
/* AVX-512F and VL on zmm (with the ZMM state saved by the OS). */
static bool avx512_usable(const struct sumac_cpu *cpu)
{
	return avx2_usable(cpu) && cpu->x86_avx512vl;
}
#endif

#if HAVE_SHA1DC_SHANI_AVX2 || HAVE_SHA1DC_SHANI_AVX512
/* The fused kernels mix legacy-SSE SHA instructions with 256- and 512-bit
 * code, free on AMD and measured there; on Intel that mix pays a merge per
 * SSE instruction (sha1dc_shani_avx512.c), so it is left to the two
 * passes. */
static bool shani_amd(const struct sumac_cpu *cpu)
{
	return cpu->x86_sha && cpu->x86_ssse3 && cpu->x86_sse41 && sumac_cpu_x86_amd();
}
#endif
#if HAVE_SHA1DC_SHANI_AVX2
static bool shani_avx2_usable(const struct sumac_cpu *cpu)
{
	return avx2_usable(cpu) && shani_amd(cpu);
}
#define AVX2_FUSED sumac_sha1dc_shani_avx2, sumac_sha1_blocks_shani, shani_avx2_usable
#else
#define AVX2_FUSED NULL, NULL, NULL
#endif
#if HAVE_SHA1DC_SHANI_AVX512
static bool shani_avx512_usable(const struct sumac_cpu *cpu)
{
	return avx512_usable(cpu) && shani_amd(cpu);
}
#define AVX512_FUSED sumac_sha1dc_shani_avx512, sumac_sha1_blocks_shani, shani_avx512_usable
#else
#define AVX512_FUSED NULL, NULL, NULL
#endif

#if HAVE_SHA1DC_GFNI && HAVE_SHA1DC_AVX512
/* The AVX-512 row's kernels, and the byte permutes and GF(2^8) maps of the
 * schedule filter. */
static bool gfni_usable(const struct sumac_cpu *cpu)
{
	return avx512_usable(cpu) && cpu->x86_avx512bw && cpu->x86_avx512vbmi && cpu->x86_gfni;
}

/* Its lane kernel; it ends no 512-bit code, so unlike the fused kernels it
 * is not kept to AMD. */
static bool shani_lanes_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_sha && cpu->x86_ssse3 && cpu->x86_sse41;
}
#endif

const struct sumac_sha1dc_kernel sumac_sha1dc_kernels[] = {
#if HAVE_SHA1DC_GFNI && HAVE_SHA1DC_AVX512
	{"gfni", gfni_usable, sumac_sha1dc_ubc_avx512, sumac_sha1dc_recompress_avx512, AVX512_FUSED,
	 sumac_sha1dc_sched_ubc_gfni, sumac_sha1_lanes_sched_shani, sumac_sha1_lanes_shani,
	 shani_lanes_usable},
#endif
#if HAVE_SHA1DC_AVX512
	{"avx512", avx512_usable, sumac_sha1dc_ubc_avx512, sumac_sha1dc_recompress_avx512,
	 AVX512_FUSED, NULL, NULL, NULL, NULL},
#endif
#if HAVE_SHA1DC_AVX2
	{"avx2", avx2_usable, sumac_sha1dc_ubc_avx2, sumac_sha1dc_recompress_avx2, AVX2_FUSED, NULL,
	 NULL, NULL, NULL},
#endif
	{"scalar", NULL, sumac_sha1dc_ubc_scalar, sumac_sha1dc_recompress_scalar, NULL, NULL, NULL,
	 NULL, NULL, NULL, NULL},
};
const size_t sumac_sha1dc_nkernels = sizeof sumac_sha1dc_kernels / sizeof sumac_sha1dc_kernels[0];

const struct sumac_sha1dc_kernel *sumac_sha1dc_kernel_best(void)
{
	const struct sumac_cpu *cpu = sumac_cpu_features();

	for (size_t i = 0; i + 1 < sumac_sha1dc_nkernels; i++)
		if (!sumac_sha1dc_kernels[i].usable || sumac_sha1dc_kernels[i].usable(cpu))
			return &sumac_sha1dc_kernels[i];
	return &sumac_sha1dc_kernels[sumac_sha1dc_nkernels - 1];
}

/* A predicate that holds for the CPU seen but not for the real one. */
static bool only_simulated(bool (*usable)(const struct sumac_cpu *))
{
	return usable && usable(sumac_cpu_features()) && !usable(sumac_cpu_host());
}

bool sumac_sha1dc_kernel_runs_here(const struct sumac_sha1dc_kernel *kernel)
{
	return !only_simulated(kernel->usable) && !only_simulated(kernel->fused_usable) &&
	       !only_simulated(kernel->sched_usable);
}

const char *sumac_sha1dc_filter_name(void)
{
	return sumac_sha1dc_kernel_best()->name;
}

bool sumac_impl_detects_sha1_collisions(const struct sumac_impl *impl)
{
	return impl->family == SUMAC_FAMILY_SHA1 && impl->blocks && !impl->stream;
}

const char *sumac_sha1dc_dv_name(unsigned dv)
{
	/* "II(52,0)" for each row of sumac_sha1dc_dvs, in its order. */
	static const char *const names[SUMAC_SHA1DC_NDVS] = {
		"I(43,0)",  "I(44,0)",  "I(45,0)",  "I(46,0)",  "I(46,2)",  "I(47,0)",  "I(47,2)",
		"I(48,0)",  "I(48,2)",  "I(49,0)",  "I(49,2)",  "I(50,0)",  "I(50,2)",  "I(51,0)",
		"I(51,2)",  "I(52,0)",  "II(45,0)", "II(46,0)", "II(46,2)", "II(47,0)", "II(48,0)",
		"II(49,0)", "II(49,2)", "II(50,0)", "II(50,2)", "II(51,0)", "II(51,2)", "II(52,0)",
		"II(53,0)", "II(54,0)", "II(55,0)", "II(56,0)",
	};
	return dv < SUMAC_SHA1DC_NDVS ? names[dv] : "?";
}

/* Recompresses the queued candidates; the first (lowest block) hit wins,
 * and the queue is in block order. */
static void flush(struct sumac_sha1dc_state *dc)
{
	uint32_t partner[SUMAC_SHA1DC_QUEUE][5];

	if (dc->nq == 0)
		return;
	dc->kernel->recompress(dc->q, dc->nq, partner);
	for (unsigned k = 0; k < dc->nq && !dc->hit; k++) {
		if (memcmp(partner[k], dc->q[k].ihv_out, sizeof partner[k]) == 0) {
			dc->hit = true;
			dc->hit_block = dc->q_block[k];
			dc->hit_dv = dc->q[k].dv;
		}
	}
	dc->nq = 0;
}

/* Queues one candidate per DV of mask: the block (the index-th of the
 * message) went from chaining value in to out. */
static void queue(struct sumac_sha1dc_state *dc, const uint32_t in[5], const uint32_t out[5],
		  const uint8_t *block, uint32_t mask, uint64_t index)
{
	while (mask) {
		const unsigned dv = (unsigned)__builtin_ctz(mask);
		mask &= mask - 1;
		if (dc->nq == SUMAC_SHA1DC_QUEUE)
			flush(dc);
		struct sumac_sha1dc_cand *c = &dc->q[dc->nq];
		memcpy(c->ihv_in, in, sizeof c->ihv_in);
		memcpy(c->ihv_out, out, sizeof c->ihv_out);
		memcpy(c->block, block, 64);
		c->dv = dv;
		dc->q_block[dc->nq++] = index;
	}
}

/* Compresses one flagged block with the state kept before and after it,
 * and queues its candidates. */
static void flagged_block(struct sumac_sha1dc_state *dc, void *state, const uint8_t *block,
			  uint32_t mask, uint64_t index)
{
	uint32_t in[5], out[5];

	memcpy(in, state, sizeof in);
	dc->blocks(state, block, 1);
	memcpy(out, state, sizeof out);
	queue(dc, in, out, block, mask, index);
}

/* Whole groups of blocks through the fused kernel; returns how many blocks
 * it took (a multiple of SUMAC_SHA1DC_FUSED_BLOCKS, or fewer once a hit
 * is in). */
static size_t fused_groups(struct sumac_sha1dc_state *dc, void *state, const uint8_t *in, size_t n)
{
	enum { G = SUMAC_SHA1DC_FUSED_BLOCKS };
	uint32_t masks[G], cv[G][5], start[5];
	size_t done = 0;

	for (; n - done >= G && !dc->hit; done += G, in += 64 * G) {
		memcpy(start, state, sizeof start);
		dc->kernel->fused(state, in, masks, cv);
		for (unsigned k = 0; k < G; k++)
			if (masks[k])
				queue(dc, k ? cv[k - 1] : start, cv[k], in + 64 * k, masks[k],
				      dc->nblocks + k);
		dc->nblocks += G;
	}
	return done;
}

/* The filtered compression of n blocks into state: whole groups through
 * the fused kernel if the context has one; otherwise, and for the rest,
 * per chunk the masks of all its blocks first, then the backend over the
 * runs of unflagged blocks, one flagged block at a time between them. */
static void dc_blocks(struct sumac_sha1dc_state *dc, void *state, const uint8_t *in, size_t n)
{
	uint32_t masks[CHUNK];

	if (dc->fused) {
		const size_t done = fused_groups(dc, state, in, n);
		in += 64 * done;
		n -= done;
	}
	while (n) {
		if (dc->hit) {
			/* The verdict is in; the rest is plain hashing. */
			dc->blocks(state, in, n);
			dc->nblocks += n;
			return;
		}
		const size_t m = n < CHUNK ? n : CHUNK;
		dc->kernel->ubc(in, m, masks);
		size_t start = 0;
		for (size_t k = 0; k < m; k++) {
			if (!masks[k])
				continue;
			if (k > start)
				dc->blocks(state, in + 64 * start, k - start);
			flagged_block(dc, state, in + 64 * k, masks[k], dc->nblocks + k);
			start = k + 1;
		}
		if (m > start)
			dc->blocks(state, in + 64 * start, m - start);
		dc->nblocks += m;
		in += 64 * m;
		n -= m;
	}
}

/* Blocks of each lane per call of a chain kernel: their states (20 bytes
 * each, every lane) stay on the stack, a thread's stack on musl is small,
 * and a call's setup is a small part of 32 blocks. */
#define CHAIN_BLOCKS 32

/* The m blocks of each lane at in[l] + 64 * done through impl's chain
 * kernel, and every flagged block (masks[l][k] for block done + k; only
 * lanes that detect have masks) queued from the states before and after
 * it: the lanes never stop for a flagged block. */
static void chained_chunk(const struct sumac_impl *impl, struct sumac_ctx *const ctx[], unsigned n,
			  const uint8_t *const in[], size_t done, size_t m,
			  uint32_t (*masks)[CHUNK], const uint32_t *any)
{
	uint32_t chain[CHAIN_BLOCKS * SUMAC_MAX_LANES][5];
	uint32_t before[SUMAC_MAX_LANES][5];
	void *states[SUMAC_MAX_LANES];
	const uint8_t *at[SUMAC_MAX_LANES];

	for (unsigned l = 0; l < n; l++)
		states[l] = ctx[l]->state.bytes;
	for (size_t from = 0; from < m; from += CHAIN_BLOCKS) {
		const size_t k_end = m - from < CHAIN_BLOCKS ? m : from + CHAIN_BLOCKS;
		for (unsigned l = 0; l < n; l++) {
			memcpy(before[l], states[l], sizeof before[l]);
			at[l] = in[l] + 64 * (done + from);
		}
		impl->lanes_chain(states, at, n, k_end - from, chain);
		for (size_t k = from; k < k_end; k++) {
			if (!any[k])
				continue;
			const size_t b = k - from;
			for (unsigned l = 0; l < n; l++) {
				struct sumac_sha1dc_state *dc = &ctx[l]->dc;
				if (!dc->on || dc->hit || !masks[l][k])
					continue;
				queue(dc, b ? chain[(b - 1) * n + l] : before[l], chain[b * n + l],
				      at[l] + 64 * b, masks[l][k], dc->nblocks + k);
			}
		}
	}
}

/* Whether kernel's schedule filter serves impl's lane kernel and may run
 * here. */
static bool sched_serves(const struct sumac_sha1dc_kernel *kernel, const struct sumac_impl *impl)
{
	return kernel->sched_ubc && kernel->sched_for == impl->lanes_blocks &&
	       kernel->sched_usable(sumac_cpu_features());
}

/* The row's schedule filter for contexts in lanes on impl, if they all
 * detect through that row and it may run here. */
static const struct sumac_sha1dc_kernel *sched_row(const struct sumac_impl *impl,
						   struct sumac_ctx *const ctx[], unsigned n)
{
	/* A context that does not detect has no row: dc.kernel is only
	 * set by sumac_sha1dc_enable, so dc.on is looked at first. */
	for (unsigned l = 0; l < n; l++)
		if (!ctx[l]->dc.on || ctx[l]->dc.kernel != ctx[0]->dc.kernel)
			return NULL;
	const struct sumac_sha1dc_kernel *kernel = ctx[0]->dc.kernel;
	return n >= 2 && n <= 4 && sched_serves(kernel, impl) ? kernel : NULL;
}

bool sumac_sha1dc_sched_lanes(const struct sumac_impl *impl)
{
	return sumac_impl_detects_sha1_collisions(impl) &&
	       sched_serves(sumac_sha1dc_kernel_best(), impl);
}

/* The lanes through the row's lane kernel that writes the expanded words,
 * SUMAC_SHA1DC_SCHED_SLOTS / n blocks of each lane a pass, the schedule
 * filter over those words, and each flagged block queued from the states
 * before and after it. */
static void sched_lanes(const struct sumac_sha1dc_kernel *kernel, struct sumac_ctx *const ctx[],
			unsigned n, const uint8_t *const in[], size_t nblocks)
{
	enum { SLOTS = SUMAC_SHA1DC_SCHED_SLOTS };
	uint32_t sched[SUMAC_SHA1DC_SCHED_WORDS] __attribute__((aligned(64)));
	uint32_t chain[SLOTS][5], before[4][5];
	uint32_t masks[SLOTS];
	void *states[4];
	const uint8_t *at[4];
	const size_t per_pass = SLOTS / n;

	for (unsigned l = 0; l < n; l++)
		states[l] = ctx[l]->state.bytes;
	for (size_t done = 0; done < nblocks;) {
		const size_t m = nblocks - done < per_pass ? nblocks - done : per_pass;
		for (unsigned l = 0; l < n; l++) {
			memcpy(before[l], states[l], sizeof before[l]);
			at[l] = in[l] + 64 * done;
		}
		/* A pass that fills fewer slots leaves the rest zero, not
		 * whatever the stack held: the filter reads every slot. */
		for (unsigned r = 0; n * m < SLOTS && r < SUMAC_SHA1DC_SCHED_ROWS; r++)
			memset(sched + 4 * (r * SUMAC_SHA1DC_SCHED_ROW + n * m), 0,
			       16 * (SLOTS - n * m));
		kernel->lanes_sched(states, at, n, m, chain, sched);
		kernel->sched_ubc(sched, masks);
		for (size_t b = 0, s = 0; b < m; b++)
			for (unsigned l = 0; l < n; l++, s++) {
				struct sumac_sha1dc_state *dc = &ctx[l]->dc;
				if (masks[s] && !dc->hit)
					queue(dc, b ? chain[s - n] : before[l], chain[s],
					      at[l] + 64 * b, masks[s], dc->nblocks + b);
			}
		for (unsigned l = 0; l < n; l++)
			ctx[l]->dc.nblocks += m;
		done += m;
	}
}

/* The lanes of sumac_update_lanes when some context detects: through the
 * schedule filter where the contexts' row has one for this lane kernel.
 * Otherwise per chunk the masks of every detecting lane first.  With a chain kernel
 * (impl->lanes_chain) the chunk then runs through it whole.  Without one,
 * the lane kernel runs over the block indices where no detecting lane has
 * a flagged block, and at an index where one has, each lane compresses
 * that block alone (the flagged ones with their states kept).  Lanes of
 * one call are in step, so the block index is the same in all of them. */
void sumac_sha1dc_lanes(const struct sumac_impl *impl, struct sumac_ctx *const ctx[], unsigned n,
			const uint8_t *const in[], size_t nblocks)
{
	uint32_t masks[SUMAC_MAX_LANES][CHUNK];
	void *states[SUMAC_MAX_LANES];
	const uint8_t *at[SUMAC_MAX_LANES];

	const struct sumac_sha1dc_kernel *sched = sched_row(impl, ctx, n);
	if (sched) {
		sched_lanes(sched, ctx, n, in, nblocks);
		return;
	}
	for (unsigned l = 0; l < n; l++)
		states[l] = ctx[l]->state.bytes;
	for (size_t done = 0; done < nblocks;) {
		const size_t m = nblocks - done < CHUNK ? nblocks - done : CHUNK;
		uint32_t any[CHUNK] = {0};
		for (unsigned l = 0; l < n; l++) {
			const struct sumac_sha1dc_state *dc = &ctx[l]->dc;
			if (!dc->on || dc->hit)
				continue;
			dc->kernel->ubc(in[l] + 64 * done, m, masks[l]);
			for (size_t k = 0; k < m; k++)
				any[k] |= masks[l][k];
		}
		if (impl->lanes_chain) {
			chained_chunk(impl, ctx, n, in, done, m, masks, any);
			for (unsigned l = 0; l < n; l++)
				ctx[l]->dc.nblocks += m;
			done += m;
			continue;
		}
		size_t start = 0;
		for (size_t k = 0; k <= m; k++) {
			if (k < m && !any[k])
				continue;
			if (k > start) {
				for (unsigned l = 0; l < n; l++)
					at[l] = in[l] + 64 * (done + start);
				impl->lanes_blocks(states, at, n, k - start);
			}
			if (k == m)
				break;
			for (unsigned l = 0; l < n; l++) {
				struct sumac_sha1dc_state *dc = &ctx[l]->dc;
				const uint8_t *block = in[l] + 64 * (done + k);
				if (dc->on && !dc->hit && masks[l][k])
					flagged_block(dc, states[l], block, masks[l][k],
						      dc->nblocks + k);
				else
					impl->blocks(states[l], block, 1);
			}
			start = k + 1;
		}
		for (unsigned l = 0; l < n; l++)
			ctx[l]->dc.nblocks += m;
		done += m;
	}
}

static struct sumac_ctx *ctx_of_state(void *state)
{
	/* ctx->blocks is only ever called on ctx->state.bytes. */
	return (struct sumac_ctx *)(void *)((unsigned char *)state -
					    offsetof(struct sumac_ctx, state));
}

static void sha1dc_blocks(void *state, const uint8_t *in, size_t nblocks)
{
	dc_blocks(&ctx_of_state(state)->dc, state, in, nblocks);
}

/* The row's fused kernel, if it is for this backend's block function and
 * allowed on this CPU. */
static sumac_sha1dc_fused_fn *fused_for(const struct sumac_sha1dc_kernel *kernel,
					void (*blocks)(void *, const uint8_t *, size_t))
{
	if (kernel->fused && kernel->fused_blocks == blocks &&
	    kernel->fused_usable(sumac_cpu_features()))
		return kernel->fused;
	return NULL;
}

bool sumac_sha1dc_fuses(const struct sumac_impl *impl)
{
	return sumac_impl_detects_sha1_collisions(impl) &&
	       fused_for(sumac_sha1dc_kernel_best(), impl->blocks) != NULL;
}

int sumac_sha1dc_enable_kernel(struct sumac_ctx *ctx, const struct sumac_sha1dc_kernel *kernel)
{
	if (ctx->family != sumac_family_info(SUMAC_FAMILY_SHA1) || ctx->stream || !ctx->blocks)
		return EINVAL;
	if (ctx->dc.on && ctx->blocks == sha1dc_blocks)
		ctx->blocks = ctx->dc.blocks;
	memset(&ctx->dc, 0, offsetof(struct sumac_sha1dc_state, q_block));
	ctx->dc.on = true;
	ctx->dc.kernel = kernel;
	ctx->dc.blocks = ctx->blocks;
	ctx->dc.fused = fused_for(kernel, ctx->blocks) != NULL;
	ctx->blocks = sha1dc_blocks;
	return 0;
}

int sumac_sha1dc_enable(struct sumac_ctx *ctx)
{
	return sumac_sha1dc_enable_kernel(ctx, sumac_sha1dc_kernel_best());
}

int sumac_sha1dc_finish(struct sumac_ctx *ctx)
{
	flush(&ctx->dc);
	return ctx->dc.hit ? SUMAC_COLLISION : 0;
}

void sumac_sha1dc_result(const struct sumac_ctx *ctx, struct sumac_sha1dc_hit *out)
{
	out->offset = ctx->dc.hit_block * 64;
	out->dv = ctx->dc.hit_dv;
}
