/* SPDX-License-Identifier: MIT */
/* The SIMD kernels of SHA-1 collision detection (src/hash/x86/sha1dc_*.c)
 * against the scalar ones, row by row of the dispatch table:
 *   - the filter on random blocks at every byte offset 0..3 (unaligned);
 *   - on every count n = 0..40 (tails), writing masks[0..n-1] and nothing
 *     after them;
 *   - on blocks crafted to keep each DV alive (its conditions solved over
 *     GF(2) from a random block) with 0..3 random bits flipped, so that
 *     every condition is seen both holding and failing;
 *   - the recompression on random consistent candidates of all 32 DVs, in
 *     batches of 1..40 that mix testt 58 and 65, partner values equal;
 *   - a row's fused kernel (filter inside SHA-NI) against the scalar filter
 *     and a plain compression, group by group;
 *   - a row's schedule filter over the words its lane kernel wrote, against
 *     the scalar filter, and that kernel's chaining values;
 * and the generated condition list (src/hash/x86/sha1dc_conds.h) against
 * the compiled table.  Rows this CPU cannot run are left out with a note
 * (the scalar row is what the others are compared with). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash/sha1dc.h"
#include "hash/x86/sha1dc_conds.h"
#include "rng.h"
#include "tap.h"

static uint32_t rol(uint32_t x, unsigned r)
{
	r &= 31;
	return r ? x << r | x >> (32 - r) : x;
}

static void fill_random(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rng();
}

/* ---- The generated list is the table. */

#define LIST_ENTRY(n, i, a, j, b, c, dvs) {n, {i, a, j, b, c, dvs}},
#define LIST_WORD(t)
static const struct {
	size_t n;
	struct sumac_sha1dc_cond cond;
} list[] = {SUMAC_SHA1DC_CONDS(LIST_WORD, LIST_ENTRY)};

static void test_list(void)
{
	const size_t nlist = sizeof list / sizeof list[0];
	unsigned char seen[SUMAC_SHA1DC_NCONDS_LIST] = {0};
	size_t bad = 0;
	for (size_t k = 0; k < nlist; k++) {
		const struct sumac_sha1dc_cond *l = &list[k].cond, *t;
		if (list[k].n >= sumac_sha1dc_nconds || seen[list[k].n]++) {
			bad++;
			continue;
		}
		t = &sumac_sha1dc_conds[list[k].n];
		bad += l->i != t->i || l->a != t->a || l->j != t->j || l->b != t->b ||
		       l->c != t->c || l->dvs != t->dvs;
	}
	tap_ok(nlist == sumac_sha1dc_nconds && SUMAC_SHA1DC_NCONDS_LIST == nlist && bad == 0,
	       "src/hash/x86/sha1dc_conds.h lists each of the %zu conditions of "
	       "sumac_sha1dc_conds once, as the table has it (%zu listed, %zu differ)",
	       sumac_sha1dc_nconds, nlist, bad);
}

/* ---- Blocks that keep a DV.  A condition's left side is linear in the 512
 * message bits (the expansion is), so its row is read off the blocks with
 * one bit set; the DV's conditions are brought to reduced row echelon form,
 * and a random block is moved onto their solutions by flipping pivot bits. */

static void expand(const uint8_t *block, uint32_t w[80])
{
	for (unsigned t = 0; t < 16; t++)
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | block[4 * t + 3];
	for (unsigned t = 16; t < 80; t++)
		w[t] = rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
}

static unsigned cond_lhs(const uint32_t *w, const struct sumac_sha1dc_cond *c)
{
	unsigned v = w[c->i] >> c->a & 1;
	if (c->j != 0xff)
		v ^= w[c->j] >> c->b & 1;
	return v;
}

struct system {
	uint64_t row[SUMAC_SHA1DC_NCONDS_LIST][8];
	unsigned rhs[SUMAC_SHA1DC_NCONDS_LIST], pivot[SUMAC_SHA1DC_NCONDS_LIST], n;
};

static uint32_t unit_w[512][80]; /* the expansion of the block with bit m set */

static bool get_bit(const uint64_t *v, unsigned m)
{
	return v[m / 64] >> (m % 64) & 1;
}

static bool solve(unsigned dv, struct system *s)
{
	s->n = 0;
	for (size_t k = 0; k < sumac_sha1dc_nconds; k++) {
		const struct sumac_sha1dc_cond *c = &sumac_sha1dc_conds[k];
		uint64_t r[8] = {0};
		unsigned rhs = c->c, p;
		if (!(c->dvs >> dv & 1))
			continue;
		for (unsigned m = 0; m < 512; m++)
			r[m / 64] |= (uint64_t)cond_lhs(unit_w[m], c) << (m % 64);
		for (unsigned e = 0; e < s->n; e++)
			if (get_bit(r, s->pivot[e])) {
				for (unsigned q = 0; q < 8; q++)
					r[q] ^= s->row[e][q];
				rhs ^= s->rhs[e];
			}
		for (p = 0; p < 512 && !get_bit(r, p); p++)
			;
		if (p == 512) {
			if (rhs)
				return false;
			continue;
		}
		for (unsigned e = 0; e < s->n; e++)
			if (get_bit(s->row[e], p)) {
				for (unsigned q = 0; q < 8; q++)
					s->row[e][q] ^= r[q];
				s->rhs[e] ^= rhs;
			}
		memcpy(s->row[s->n], r, sizeof r);
		s->rhs[s->n] = rhs;
		s->pivot[s->n++] = p;
	}
	return true;
}

/* Bit m of a block: bit 31 - m % 32 of its big-endian word m / 32. */
static void flip(uint8_t *block, unsigned m)
{
	block[4 * (m / 32) + m % 32 / 8] ^= (uint8_t)(0x80u >> (m % 8));
}

static void craft(const struct system *s, uint8_t block[64])
{
	uint32_t w[80];
	fill_random(block, 64);
	expand(block, w);
	for (unsigned e = 0; e < s->n; e++) {
		/* The row's value on the block: the parity of its bits there. */
		unsigned par = s->rhs[e];
		for (unsigned m = 0; m < 512; m++)
			par ^= get_bit(s->row[e], m) && (w[m / 32] >> (31 - m % 32) & 1);
		if (par) {
			flip(block, s->pivot[e]);
			w[s->pivot[e] / 32] ^= 1u << (31 - s->pivot[e] % 32);
		}
	}
}

/* ---- The rows. */

static const struct sumac_sha1dc_kernel *scalar_row(void)
{
	return &sumac_sha1dc_kernels[sumac_sha1dc_nkernels - 1];
}

static void test_filter(const struct sumac_sha1dc_kernel *kr, const struct system *sys)
{
	enum { N = 4096, CRAFT = 64 };
	uint8_t *buf = malloc(64 * N + 3);
	uint32_t *got = malloc(4 * (N + 1)), *want = malloc(4 * N);
	size_t bad = 0, live = 0;

	fill_random(buf, 64 * N + 3);
	for (unsigned off = 0; off < 4; off++) {
		kr->ubc(buf + off, N - 1, got);
		scalar_row()->ubc(buf + off, N - 1, want);
		bad += memcmp(got, want, 4 * (N - 1)) != 0;
	}
	tap_ok(bad == 0, "filter %s: %d random blocks at byte offsets 0..3 as scalar's", kr->name,
	       N - 1);

	bad = 0;
	for (size_t n = 0; n <= 40; n++) {
		const unsigned off = (unsigned)rng_below(4);
		for (size_t k = 0; k <= n; k++)
			got[k] = 0x5a5a5a5a;
		kr->ubc(buf + off, n, got);
		scalar_row()->ubc(buf + off, n, want);
		bad += memcmp(got, want, 4 * n) != 0 || got[n] != 0x5a5a5a5a;
	}
	tap_ok(bad == 0, "filter %s: n = 0..40 blocks, masks as scalar's and none written after",
	       kr->name);

	/* Crafted blocks of every DV, with 0..3 bits flipped, at offset 1. */
	bad = 0;
	for (unsigned dv = 0; dv < SUMAC_SHA1DC_NDVS; dv++) {
		for (unsigned k = 0; k < CRAFT; k++) {
			uint8_t *b = buf + 1 + 64 * k;
			craft(&sys[dv], b);
			for (unsigned f = k % 4; f; f--)
				flip(b, (unsigned)rng_below(512));
		}
		kr->ubc(buf + 1, CRAFT, got);
		scalar_row()->ubc(buf + 1, CRAFT, want);
		for (unsigned k = 0; k < CRAFT; k++) {
			bad += got[k] != want[k];
			live += k % 4 == 0 && (got[k] >> dv & 1);
		}
	}
	tap_ok(bad == 0 && live == SUMAC_SHA1DC_NDVS * CRAFT / 4,
	       "filter %s: blocks crafted to keep each DV, 0..3 bits flipped: as scalar's (%zu "
	       "differ; %zu of %d unflipped keep their DV)",
	       kr->name, bad, live, SUMAC_SHA1DC_NDVS * CRAFT / 4);
	free(buf);
	free(got);
	free(want);
}

/* FIPS 180-4 §6.1.2, one block. */
static void compress(uint32_t h[5], const uint8_t block[64])
{
	static const uint32_t k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};
	uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	expand(block, w);
	for (unsigned t = 0; t < 80; t++) {
		const uint32_t f = t < 20              ? (b & c) | (~b & d)
				   : t >= 40 && t < 60 ? (b & c) | (b & d) | (c & d)
						       : b ^ c ^ d;
		const uint32_t tmp = rol(a, 5) + f + e + k[t / 20] + w[t];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = tmp;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

static void test_recompress(const struct sumac_sha1dc_kernel *kr, const struct system *sys)
{
	enum { PER_DV = 24, NC = SUMAC_SHA1DC_NDVS * PER_DV };
	static struct sumac_sha1dc_cand cand[NC];
	static uint32_t got[NC + 1][5], want[NC][5];
	size_t bad = 0;
	bool mixed = false;

	for (size_t k = 0; k < NC; k++) {
		struct sumac_sha1dc_cand *c = &cand[k];
		c->dv = (uint32_t)rng_below(SUMAC_SHA1DC_NDVS);
		if (k < SUMAC_SHA1DC_NDVS * 2)
			c->dv = (uint32_t)(k % SUMAC_SHA1DC_NDVS); /* every DV, surely */
		for (unsigned i = 0; i < 5; i++)
			c->ihv_in[i] = (uint32_t)rng();
		if (k % 2)
			fill_random(c->block, 64);
		else
			craft(&sys[c->dv], c->block);
		memcpy(c->ihv_out, c->ihv_in, sizeof c->ihv_in);
		compress(c->ihv_out, c->block);
	}
	scalar_row()->recompress(cand, NC, want);
	for (size_t at = 0; at < NC;) {
		size_t n = 1 + rng_below(40);
		if (n > NC - at)
			n = NC - at;
		for (size_t k = at; k + 1 < at + n; k++)
			mixed |= sumac_sha1dc_dvs[cand[k].dv].testt !=
				 sumac_sha1dc_dvs[cand[k + 1].dv].testt;
		got[at + n][0] = 0x5a5a5a5a;
		kr->recompress(cand + at, n, got + at);
		bad += got[at + n][0] != 0x5a5a5a5a; /* nothing written after */
		at += n;
	}
	for (size_t k = 0; k < NC; k++)
		bad += memcmp(got[k], want[k], sizeof want[k]) != 0;
	tap_ok(bad == 0 && mixed,
	       "recompression %s: %d candidates of all 32 DVs in batches of 1..40 mixing testt 58 "
	       "and 65, partners as scalar's (%zu differ)",
	       kr->name, NC, bad);
}

/* A row's fused kernel (filter and block function in one) against the
 * scalar filter and FIPS 180-4's compression, group by group: random
 * blocks with crafted ones at every position of a group, at byte offsets
 * 0..3, from a random chaining value.  Run wherever the CPU can execute
 * it, whatever rule the dispatch applies besides. */
static void test_fused(const struct sumac_sha1dc_kernel *kr, const struct system *sys)
{
	enum { G = SUMAC_SHA1DC_FUSED_BLOCKS, NG = 96 };
	uint8_t *buf = malloc(64 * G * NG + 3);
	uint32_t masks[G], want_masks[G], cv[G][5], state[5], ref[5];
	size_t bad = 0, flagged = 0;

	for (unsigned off = 0; off < 4; off++) {
		uint8_t *in = buf + off;
		fill_random(in, 64 * G * NG);
		/* Group g gets a block crafted for DV g mod 32 at position g mod 16,
		 * and every third group one more, 0..3 bits flipped. */
		for (unsigned g = 0; g < NG; g++) {
			craft(&sys[g % SUMAC_SHA1DC_NDVS], in + 64 * (G * g + g % G));
			if (g % 3 == 0) {
				uint8_t *b = in + 64 * (G * g + (g * 7 + 3) % G);
				craft(&sys[(g * 5) % SUMAC_SHA1DC_NDVS], b);
				for (unsigned f = g % 4; f; f--)
					flip(b, (unsigned)rng_below(512));
			}
		}
		for (unsigned i = 0; i < 5; i++)
			state[i] = ref[i] = (uint32_t)rng();
		for (unsigned g = 0; g < NG; g++) {
			const uint8_t *grp = in + 64 * G * g;
			kr->fused(state, grp, masks, cv);
			scalar_row()->ubc(grp, G, want_masks);
			bad += memcmp(masks, want_masks, sizeof masks) != 0;
			for (unsigned k = 0; k < G; k++) {
				compress(ref, grp + 64 * k);
				bad += memcmp(cv[k], ref, sizeof ref) != 0;
				flagged += masks[k] != 0;
			}
			bad += memcmp(state, ref, sizeof ref) != 0;
		}
	}
	tap_ok(bad == 0 && flagged >= 4 * NG,
	       "fused %s: %d groups of %d blocks at byte offsets 0..3 (%zu flagged): masks as "
	       "scalar's, chaining values and state as FIPS 180-4's (%zu differ)",
	       kr->name, 4 * NG, G, flagged, bad);
	free(buf);
}

/* A row's schedule filter with its lane kernel, pass by pass as sha1dc.c
 * runs them: 2..4 lanes of 1..64/n random blocks (crafted ones among
 * them, 0..3 bits flipped) from random states, the words into a buffer
 * whose other slots hold junk: each slot's mask as the scalar filter's
 * for that block, each slot's chaining value and each final state as
 * FIPS 180-4's. */
static void test_sched(const struct sumac_sha1dc_kernel *kr, const struct system *sys)
{
	enum { PASSES = 200 };
	static uint32_t sched[SUMAC_SHA1DC_SCHED_WORDS];
	uint8_t *buf = malloc(4 * 64 * SUMAC_SHA1DC_SCHED_SLOTS + 3);
	uint32_t masks[SUMAC_SHA1DC_SCHED_SLOTS], chain[SUMAC_SHA1DC_SCHED_SLOTS][5];
	uint32_t state[4][5], ref[4][5];
	size_t bad = 0, flagged = 0, slots = 0;

	for (unsigned pass = 0; pass < PASSES; pass++) {
		const unsigned n = 2 + pass % 3;
		const size_t most = SUMAC_SHA1DC_SCHED_SLOTS / n;
		const size_t nb = pass % 4 == 0 ? most : 1 + rng_below(most);
		const uint8_t *in[4];
		void *states[4];
		fill_random(buf, 4 * 64 * SUMAC_SHA1DC_SCHED_SLOTS + 3);
		for (unsigned i = 0; i < SUMAC_SHA1DC_SCHED_WORDS; i++)
			sched[i] = (uint32_t)rng();
		for (unsigned l = 0; l < n; l++) {
			uint8_t *at = buf + (pass % 4) + 64 * most * l;
			for (unsigned k = 0; k < 3; k++) {
				uint8_t *b = at + 64 * rng_below(nb);
				craft(&sys[rng_below(SUMAC_SHA1DC_NDVS)], b);
				for (unsigned f = k; f; f--)
					flip(b, (unsigned)rng_below(512));
			}
			in[l] = at;
			states[l] = state[l];
			for (unsigned i = 0; i < 5; i++)
				state[l][i] = ref[l][i] = (uint32_t)rng();
		}
		kr->lanes_sched(states, in, n, nb, chain, sched);
		kr->sched_ubc(sched, masks);
		for (size_t b = 0; b < nb; b++)
			for (unsigned l = 0; l < n; l++) {
				const size_t s = b * n + l;
				uint32_t want;
				scalar_row()->ubc(in[l] + 64 * b, 1, &want);
				compress(ref[l], in[l] + 64 * b);
				bad += masks[s] != want ||
				       memcmp(chain[s], ref[l], sizeof ref[l]) != 0;
				flagged += want != 0;
				slots++;
			}
		for (unsigned l = 0; l < n; l++)
			bad += memcmp(state[l], ref[l], sizeof ref[l]) != 0;
	}
	tap_ok(bad == 0 && flagged >= PASSES,
	       "schedule filter %s: %d passes of 2..4 lanes, %zu blocks (%zu flagged): masks as "
	       "scalar's, chaining values and states as FIPS 180-4's (%zu differ)",
	       kr->name, PASSES, slots, flagged, bad);
	free(buf);
}

/* What the fused kernels need besides their row's filter: x86-shani's
 * instructions (the only block function one is fused with). */
static bool can_run_fused(const struct sumac_sha1dc_kernel *kr)
{
	const struct sumac_cpu *cpu = sumac_cpu_features();
	return kr->fused && cpu->x86_sha && cpu->x86_ssse3 && cpu->x86_sse41;
}

int main(void)
{
	static struct system sys[SUMAC_SHA1DC_NDVS];
	bool solvable = true;
	size_t tested = 0;

	rng_seed();
	test_list();
	for (unsigned m = 0; m < 512; m++) {
		uint8_t block[64] = {0};
		flip(block, m);
		expand(block, unit_w[m]);
	}
	for (unsigned dv = 0; dv < SUMAC_SHA1DC_NDVS; dv++)
		solvable &= solve(dv, &sys[dv]);
	tap_ok(solvable, "every DV's conditions can be met");

	for (size_t r = 0; r + 1 < sumac_sha1dc_nkernels; r++) {
		const struct sumac_sha1dc_kernel *kr = &sumac_sha1dc_kernels[r];
		if (kr->usable && !kr->usable(sumac_cpu_features())) {
			tap_diag("%s: not usable on this CPU, not tested", kr->name);
			continue;
		}
		test_filter(kr, sys);
		test_recompress(kr, sys);
		if (can_run_fused(kr))
			test_fused(kr, sys);
		else if (kr->fused)
			tap_diag("fused %s: not usable on this CPU, not tested", kr->name);
		if (kr->sched_ubc && kr->sched_usable(sumac_cpu_features()))
			test_sched(kr, sys);
		else if (kr->sched_ubc)
			tap_diag("schedule filter %s: its lane kernel cannot run here, not tested",
				 kr->name);
		tested++;
	}
	tap_diag("%zu SIMD rows tested", tested);
	return tap_done();
}
