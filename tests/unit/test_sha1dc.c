/* SPDX-License-Identifier: MIT */
/* SHA-1 collision detection (src/hash/sha1dc*.c): the tables, the scalar
 * filter and recompression against a slow reference written from the
 * papers' definitions (sha1dc_ref.h), every kernel row against the scalar
 * one, and the verdict through the framing on every usable SHA-1 block
 * backend and lane kernel: the four public collision files flagged at
 * every update split with their real digest; shifted, truncated and
 * reduced-round data, the NIST vectors, random data and blocks crafted to
 * pass the filter not flagged.
 *
 * SUMAC_SHA1DC_RANDOM_MIB sets the random data hashed with detection on
 * (default 256 MiB, spread over the backends); the 1 GiB of issue 19 is
 * SUMAC_SHA1DC_RANDOM_MIB=1024. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "hash/sha1dc.h"
#include "rng.h"
#include "sha1dc_ref.h"
#include "tap.h"

static const char *vectors_dir(void)
{
	const char *dir = getenv("SUMAC_VECTORS");
	return dir ? dir : "vectors";
}

static uint8_t *slurp(const char *name, size_t *len)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", vectors_dir(), name);
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 1 << 20, n = 0;
	uint8_t *buf = malloc(cap);
	for (size_t got; buf && (got = fread(buf + n, 1, cap - n, fp)) > 0;) {
		n += got;
		if (n == cap) {
			uint8_t *bigger = realloc(buf, cap *= 2);
			if (!bigger) {
				free(buf);
				buf = NULL;
			}
			buf = bigger;
		}
	}
	fclose(fp);
	*len = n;
	return buf;
}

static void fill_random(uint8_t *p, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		const uint64_t r = rng();
		memcpy(p + i, &r, 8);
	}
	for (; i < n; i++)
		p[i] = (uint8_t)rng();
}

/* The SHA-1 block backends of the registry this machine can run. */
static const struct sumac_impl *backends[16];
static size_t nbackends;

static void find_backends(void)
{
	for (size_t i = 0; i < sumac_nimpls && nbackends < 16; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (impl->family == SUMAC_FAMILY_SHA1 && sumac_impl_usable(impl) &&
		    sumac_impl_detects_sha1_collisions(impl))
			backends[nbackends++] = impl;
	}
}

struct verdict {
	int status;
	struct sumac_sha1dc_hit hit;
	uint8_t digest[20];
};

/* msg in pieces of split bytes (0: one update), detection on with kernel. */
static void hash_dc(const struct sumac_impl *impl, const struct sumac_sha1dc_kernel *kernel,
		    const uint8_t *msg, size_t len, size_t split, struct verdict *v)
{
	struct sumac_ctx ctx;

	memset(v, 0, sizeof *v);
	v->status = 99;
	if (sumac_init(&ctx, SUMAC_SHA1, impl) != 0 ||
	    sumac_sha1dc_enable_kernel(&ctx, kernel) != 0)
		return;
	for (size_t done = 0; done < len;) {
		size_t n = split && split < len - done ? split : len - done;
		sumac_update(&ctx, msg + done, n);
		done += n;
	}
	v->status = sumac_final(&ctx, v->digest);
	if (v->status == SUMAC_COLLISION)
		sumac_sha1dc_result(&ctx, &v->hit);
}

static bool is_hit(const struct verdict *v, uint64_t offset, unsigned dv, const uint8_t *digest)
{
	return v->status == SUMAC_COLLISION && v->hit.offset == offset && v->hit.dv == dv &&
	       memcmp(v->digest, digest, 20) == 0;
}

static bool is_clean(const struct verdict *v, const uint8_t *msg, size_t len)
{
	uint8_t want[20];
	sumac_digest_portable(SUMAC_SHA1, msg, len, want);
	return v->status == 0 && memcmp(v->digest, want, 20) == 0;
}

/* ---- Tables. */

static void test_tables(void)
{
	/* The SHA-1 of every row's type, K, b, testt (a byte each) and dm
	 * (big-endian words), computed from the reference table that
	 * sha1collisiondetection's ubc_check.c carries. */
	static const char want_hex[] = "eef7fb86b2351817a7e89b4cc1fbe5a59834368c";
	uint8_t ser[SUMAC_SHA1DC_NDVS * (4 + 320)], want[20], got[20];
	size_t n = 0;
	unsigned incidences = 0;

	for (unsigned d = 0; d < SUMAC_SHA1DC_NDVS; d++) {
		const struct sumac_sha1dc_dv *dv = &sumac_sha1dc_dvs[d];
		ser[n++] = dv->type;
		ser[n++] = dv->k;
		ser[n++] = dv->b;
		ser[n++] = dv->testt;
		for (unsigned t = 0; t < 80; t++)
			for (unsigned k = 0; k < 4; k++)
				ser[n++] = (uint8_t)(dv->dm[t] >> (24 - 8 * k));
	}
	sumac_digest_portable(SUMAC_SHA1, ser, n, got);
	hex_decode(want_hex, want, 20);
	tap_ok(memcmp(got, want, 20) == 0, "the 32 generated DVs equal the reference table");
	const struct sumac_sha1dc_dv *ii52 = &sumac_sha1dc_dvs[27], *i46 = &sumac_sha1dc_dvs[4];
	tap_ok(ii52->type == 2 && ii52->k == 52 && ii52->b == 0 && ii52->testt == 65 &&
		       ii52->dm[60] == 0x20000000 && ii52->dm[61] == 0 && ii52->dm[66] == 0 &&
		       ii52->dm[67] == 1,
	       "row 27 is II(52,0), testt 65, dm zero on 61..66");
	tap_ok(i46->type == 1 && i46->k == 46 && i46->b == 2 && i46->testt == 58 &&
		       i46->dm[0] == 0xb0000040 && i46->dm[1] == 0xd0000053 &&
		       i46->dm[79] == 0x00000132,
	       "row 4 is I(46,2), testt 58");
	bool recurrence = true;
	for (unsigned d = 0; d < SUMAC_SHA1DC_NDVS; d++)
		for (unsigned t = 16; t < 80; t++) {
			const uint32_t *m = sumac_sha1dc_dvs[d].dm;
			recurrence &=
				m[t] == ref_rol(m[t - 3] ^ m[t - 8] ^ m[t - 14] ^ m[t - 16], 1);
		}
	tap_ok(recurrence, "every dm satisfies the message expansion");
	for (size_t k = 0; k < sumac_sha1dc_nconds; k++)
		incidences += (unsigned)__builtin_popcount(sumac_sha1dc_conds[k].dvs);
	tap_ok(sumac_sha1dc_nconds == 157 && incidences == 373,
	       "157 conditions, 373 (DV, condition) incidences (%zu, %u)", sumac_sha1dc_nconds,
	       incidences);
	tap_ok(strcmp(sumac_sha1dc_dv_name(27), "II(52,0)") == 0 &&
		       strcmp(sumac_sha1dc_dv_name(0), "I(43,0)") == 0 &&
		       strcmp(sumac_sha1dc_dv_name(31), "II(56,0)") == 0,
	       "DV names in table order");
	bool names = true;
	for (unsigned d = 0; d < SUMAC_SHA1DC_NDVS; d++) {
		char buf[16];
		snprintf(buf, sizeof buf, "%s(%u,%u)", sumac_sha1dc_dvs[d].type == 1 ? "I" : "II",
			 sumac_sha1dc_dvs[d].k, sumac_sha1dc_dvs[d].b);
		names &= strcmp(buf, sumac_sha1dc_dv_name(d)) == 0;
	}
	tap_ok(names, "every DV's name is its type, K and b");
}

/* ---- Blocks crafted to pass a DV's conditions: the conditions are linear
 * in the 512 message bits, so a random block is moved onto their solution
 * set by Gauss-Jordan elimination. */

struct gf2_system {
	uint64_t row[16][8]; /* one condition: the message bits it XORs */
	unsigned rhs[16];
	unsigned pivot[16];
	unsigned n;
};

static uint64_t sym[65][32][8]; /* bit p of W[t] as a set of message bits */

static void init_sym(void)
{
	memset(sym, 0, sizeof sym);
	for (unsigned t = 0; t < 16; t++)
		for (unsigned p = 0; p < 32; p++) {
			const unsigned bit = 32 * t + p;
			sym[t][p][bit / 64] = UINT64_C(1) << (bit % 64);
		}
	for (unsigned t = 16; t <= 64; t++)
		for (unsigned p = 0; p < 32; p++)
			for (unsigned k = 0; k < 8; k++) {
				const unsigned s = (p + 31) % 32;
				sym[t][p][k] = sym[t - 3][s][k] ^ sym[t - 8][s][k] ^
					       sym[t - 14][s][k] ^ sym[t - 16][s][k];
			}
}

static bool bit_of(const uint64_t *v, unsigned i)
{
	return v[i / 64] >> (i % 64) & 1;
}

/* The system of dv's conditions in reduced row echelon form. */
static bool build_system(unsigned dv, struct gf2_system *s)
{
	s->n = 0;
	for (size_t k = 0; k < sumac_sha1dc_nconds; k++) {
		const struct sumac_sha1dc_cond *c = &sumac_sha1dc_conds[k];
		if (!(c->dvs >> dv & 1))
			continue;
		if (s->n == 16)
			return false;
		uint64_t r[8];
		for (unsigned w = 0; w < 8; w++)
			r[w] = sym[c->i][c->a][w] ^ (c->j != 0xff ? sym[c->j][c->b][w] : 0);
		unsigned rhs = c->c;
		for (unsigned e = 0; e < s->n; e++)
			if (bit_of(r, s->pivot[e])) {
				for (unsigned w = 0; w < 8; w++)
					r[w] ^= s->row[e][w];
				rhs ^= s->rhs[e];
			}
		unsigned p = 0;
		while (p < 512 && !bit_of(r, p))
			p++;
		if (p == 512) {
			if (rhs)
				return false; /* inconsistent: a DV no block can keep */
			continue;
		}
		for (unsigned e = 0; e < s->n; e++)
			if (bit_of(s->row[e], p)) {
				for (unsigned w = 0; w < 8; w++)
					s->row[e][w] ^= r[w];
				s->rhs[e] ^= rhs;
			}
		memcpy(s->row[s->n], r, sizeof r);
		s->rhs[s->n] = rhs;
		s->pivot[s->n++] = p;
	}
	return true;
}

/* A random block that keeps DV dv (and whatever else it happens to). */
static void craft_block(const struct gf2_system *s, uint8_t block[64])
{
	uint64_t x[8];
	for (unsigned w = 0; w < 8; w++)
		x[w] = rng();
	for (unsigned e = 0; e < s->n; e++) {
		unsigned par = s->rhs[e];
		for (unsigned w = 0; w < 8; w++)
			par ^= (unsigned)__builtin_parityll(s->row[e][w] & x[w]);
		if (par)
			x[s->pivot[e] / 64] ^= UINT64_C(1) << (s->pivot[e] % 64);
	}
	for (unsigned t = 0; t < 16; t++) {
		uint32_t word = 0;
		for (unsigned p = 0; p < 32; p++)
			word |= (uint32_t)bit_of(x, 32 * t + p) << p;
		for (unsigned k = 0; k < 4; k++)
			block[4 * t + k] = (uint8_t)(word >> (24 - 8 * k));
	}
}

static struct gf2_system systems[SUMAC_SHA1DC_NDVS];

/* ---- The scalar kernels against the reference, every row against scalar. */

static void test_kernels(void)
{
	enum { NRANDOM = 100000, NCRAFT = 400 };
	bool solvable = true;
	for (unsigned dv = 0; dv < SUMAC_SHA1DC_NDVS; dv++)
		solvable &= build_system(dv, &systems[dv]);
	tap_ok(solvable, "every DV's conditions are a consistent linear system");

	/* Random blocks and crafted ones, one buffer. */
	const size_t nblocks = NRANDOM + SUMAC_SHA1DC_NDVS * NCRAFT;
	uint8_t *blocks = malloc(64 * nblocks);
	uint32_t *masks = malloc(4 * nblocks), *want = malloc(4 * nblocks);
	fill_random(blocks, 64 * NRANDOM);
	for (unsigned dv = 0; dv < SUMAC_SHA1DC_NDVS; dv++)
		for (unsigned k = 0; k < NCRAFT; k++)
			craft_block(&systems[dv], blocks + 64 * (NRANDOM + dv * NCRAFT + k));
	size_t passed = 0, kept_own = 0;
	for (size_t k = 0; k < nblocks; k++) {
		uint32_t w[80];
		ref_expand(blocks + 64 * k, w);
		want[k] = ref_ubc(w);
		passed += k < NRANDOM && want[k];
		if (k >= NRANDOM)
			kept_own += want[k] >> ((k - NRANDOM) / NCRAFT) & 1;
	}
	tap_ok(kept_own == SUMAC_SHA1DC_NDVS * NCRAFT, "every crafted block keeps its DV (%zu)",
	       kept_own);
	tap_ok(passed > NRANDOM / 30 && passed < NRANDOM / 15,
	       "about 1 random block in 21 passes the filter (%zu of %d)", passed, NRANDOM);

	for (size_t r = 0; r < sumac_sha1dc_nkernels; r++) {
		const struct sumac_sha1dc_kernel *kr = &sumac_sha1dc_kernels[r];
		if (kr->usable && !kr->usable(sumac_cpu_features())) {
			tap_diag("filter %s: not usable here", kr->name);
			continue;
		}
		/* Odd counts and offsets: tails and unaligned input. */
		size_t bad = 0;
		for (size_t at = 0; at < nblocks;) {
			size_t n = 1 + rng_below(100);
			if (n > nblocks - at)
				n = nblocks - at;
			kr->ubc(blocks + 64 * at, n, masks + at);
			at += n;
		}
		for (size_t k = 0; k < nblocks; k++)
			bad += masks[k] != want[k];
		tap_ok(bad == 0,
		       "filter %s equals the condition table on %zu random and crafted blocks",
		       kr->name, nblocks);

		/* Recompression: every DV on random states with random and
		 * crafted blocks. */
		enum { PER_DV = 48 };
		static struct sumac_sha1dc_cand cand[SUMAC_SHA1DC_NDVS * PER_DV];
		static uint32_t partner[SUMAC_SHA1DC_NDVS * PER_DV][5];
		static uint32_t refp[SUMAC_SHA1DC_NDVS * PER_DV][5];
		size_t nc = 0;
		for (unsigned dv = 0; dv < SUMAC_SHA1DC_NDVS; dv++)
			for (unsigned k = 0; k < PER_DV; k++, nc++) {
				struct sumac_sha1dc_cand *c = &cand[nc];
				uint32_t w[80], q[85];
				for (unsigned i = 0; i < 5; i++)
					c->ihv_in[i] = (uint32_t)rng();
				if (k % 2)
					fill_random(c->block, 64);
				else
					craft_block(&systems[dv], c->block);
				c->dv = dv;
				ref_expand(c->block, w);
				ref_compress(c->ihv_in, w, q, c->ihv_out);
				ref_partner(q, w, dv, refp[nc]);
			}
		bad = 0;
		for (size_t at = 0; at < nc;) {
			size_t n = 1 + rng_below(SUMAC_SHA1DC_QUEUE);
			if (n > nc - at)
				n = nc - at;
			kr->recompress(cand + at, n, partner + at);
			at += n;
		}
		for (size_t k = 0; k < nc; k++)
			bad += memcmp(partner[k], refp[k], sizeof refp[k]) != 0;
		tap_ok(bad == 0,
		       "recompression %s: the partner of each of the 32 DVs equals the "
		       "reference's (%zu candidates)",
		       kr->name, nc);
	}
	free(blocks);
	free(masks);
	free(want);
}

/* ---- The collision files. */

struct colfile {
	const char *name;
	const char *sha1;
	uint64_t offset;
	uint8_t *data;
	size_t len;
};

static struct colfile files[] = {
	{"sha1-collisions/shattered-1.pdf", "38762cf7f55934b34d179ae6a4c80cadccbb7f0a", 256, NULL,
	 0},
	{"sha1-collisions/shattered-2.pdf", "38762cf7f55934b34d179ae6a4c80cadccbb7f0a", 256, NULL,
	 0},
	{"sha1-collisions/sha-mbles-1.bin", "8ac60ba76f1999a1ab70223f225aefdc78d4ddc0", 576, NULL,
	 0},
	{"sha1-collisions/sha-mbles-2.bin", "8ac60ba76f1999a1ab70223f225aefdc78d4ddc0", 576, NULL,
	 0},
};
enum { DV_II_52_0 = 27 };

static void test_files(void)
{
	const struct sumac_sha1dc_kernel *best = sumac_sha1dc_kernel_best();

	for (size_t f = 0; f < 4; f++) {
		struct colfile *cf = &files[f];
		uint8_t real[20];
		hex_decode(cf->sha1, real, 20);
		if (!tap_ok(cf->data != NULL, "%s read", cf->name))
			continue;
		struct ref_verdict rv;
		ref_detect(cf->data, cf->len, false, &rv);
		tap_ok(rv.hit && rv.offset == cf->offset && rv.dv == DV_II_52_0 &&
			       memcmp(rv.digest, real, 20) == 0,
		       "%s: the reference (no filter) flags block %llu, II(52,0)", cf->name,
		       (unsigned long long)cf->offset);
		for (size_t b = 0; b < nbackends; b++) {
			const struct sumac_impl *impl = backends[b];
			struct verdict v;
			for (size_t r = 0; r < sumac_sha1dc_nkernels; r++) {
				const struct sumac_sha1dc_kernel *kr = &sumac_sha1dc_kernels[r];
				if (kr->usable && !kr->usable(sumac_cpu_features()))
					continue;
				hash_dc(impl, kr, cf->data, cf->len, 0, &v);
				tap_ok(is_hit(&v, cf->offset, DV_II_52_0, real),
				       "%s: %s, filter %s: flagged at %llu, II(52,0), real digest",
				       cf->name, impl->driver, kr->name,
				       (unsigned long long)cf->offset);
			}
			/* Every split of 1..130 bytes over a prefix that holds
			 * the colliding block (the whole file for SHA-mbles);
			 * a few splits of the whole file. */
			const size_t plen = cf->len < 2048 ? cf->len : 2048;
			uint8_t want[20];
			sumac_digest_portable(SUMAC_SHA1, cf->data, plen, want);
			size_t bad = 0;
			for (size_t split = 1; split <= 130; split++) {
				hash_dc(impl, best, cf->data, plen, split, &v);
				bad += !is_hit(&v, cf->offset, DV_II_52_0, want);
			}
			static const size_t big[] = {4096, 4096 + 7, 65536 + 64, 100000};
			for (size_t s = 0; s < 4; s++) {
				hash_dc(impl, best, cf->data, cf->len, big[s], &v);
				bad += !is_hit(&v, cf->offset, DV_II_52_0, real);
			}
			tap_ok(bad == 0,
			       "%s: %s: flagged at every split of 1..130 bytes and 4 larger",
			       cf->name, impl->driver);
		}
		/* Detection off: nothing to report. */
		uint8_t d[20];
		tap_ok(sumac_digest(SUMAC_SHA1, backends[0], cf->data, cf->len, d) == 0 &&
			       memcmp(d, real, 20) == 0,
		       "%s: detection off: status 0 and the real digest", cf->name);
	}
}

/* Shifted, truncated, extended and reduced-round inputs. */
static void test_edges(void)
{
	const struct colfile *s1 = &files[0];
	const struct sumac_sha1dc_kernel *best = sumac_sha1dc_kernel_best();
	if (!s1->data)
		return;
	uint8_t *buf = malloc(s1->len + 4096);
	struct verdict v;

	for (size_t b = 0; b < nbackends; b++) {
		const struct sumac_impl *impl = backends[b];
		size_t bad = 0;
		for (size_t pre = 1; pre <= 64; pre++) {
			memset(buf, 'x', pre);
			memcpy(buf + pre, s1->data, 1024);
			hash_dc(impl, best, buf, pre + 1024, 0, &v);
			bad += !is_clean(&v, buf, pre + 1024);
		}
		tap_ok(bad == 0, "%s: shattered-1 behind a 1..64-byte prefix: not flagged",
		       impl->driver);
		hash_dc(impl, best, s1->data, 320, 0, &v);
		uint8_t want[20];
		sumac_digest_portable(SUMAC_SHA1, s1->data, 320, want);
		tap_ok(is_hit(&v, 256, DV_II_52_0, want),
		       "%s: shattered-1 cut at 320 bytes: flagged", impl->driver);
		hash_dc(impl, best, s1->data, 319, 0, &v);
		tap_ok(is_clean(&v, s1->data, 319), "%s: shattered-1 cut at 319 bytes: not flagged",
		       impl->driver);
		memcpy(buf, s1->data, s1->len);
		fill_random(buf + s1->len, 4096);
		hash_dc(impl, best, buf, s1->len + 4096, 0, &v);
		sumac_digest_portable(SUMAC_SHA1, buf, s1->len + 4096, want);
		tap_ok(is_hit(&v, 256, DV_II_52_0, want),
		       "%s: shattered-1 with 4 KiB appended: flagged", impl->driver);
	}
	size_t rlen = 0;
	uint8_t *red = slurp("sha1-collisions/sha1_reducedsha_coll.bin", &rlen);
	if (tap_ok(red && rlen == 128, "sha1_reducedsha_coll.bin read")) {
		struct ref_verdict rv;
		ref_detect(red, rlen, false, &rv);
		tap_ok(!rv.hit, "sha1_reducedsha_coll.bin: the reference does not flag it");
		for (size_t b = 0; b < nbackends; b++) {
			hash_dc(backends[b], best, red, rlen, 0, &v);
			tap_ok(is_clean(&v, red, rlen), "%s: sha1_reducedsha_coll.bin not flagged",
			       backends[b]->driver);
		}
	}
	free(red);
	free(buf);
}

/* ---- Lanes: sumac_update_lanes with detecting and plain contexts mixed,
 * through the schedule filter, the chain kernel (lanes_chain) or stops at
 * flagged blocks, as the filter row and the lane kernel allow. */

/* One case: n contexts on impl (detecting through row), lane l holding
 * shattered-1 or SHA-mbles-1 (detecting) with a random tail, random data
 * (detecting), or shattered-1 without detection (with all: with
 * detection), of unequal lengths; the common blocks in uneven lane calls,
 * the first of first blocks (0: random, as the rest).  Returns the lanes
 * whose verdict or digest is wrong. */
static size_t lanes_case(const struct sumac_impl *impl, const struct sumac_sha1dc_kernel *row,
			 unsigned n, unsigned first, bool all)
{
	const struct colfile *s1 = &files[0], *m1 = &files[2];
	struct sumac_ctx ctx[SUMAC_MAX_LANES];
	struct sumac_ctx *cp[SUMAC_MAX_LANES];
	uint8_t *msg[SUMAC_MAX_LANES];
	size_t len[SUMAC_MAX_LANES], common = SIZE_MAX, bad = 0;
	int kind[SUMAC_MAX_LANES];

	for (unsigned l = 0; l < n; l++) {
		kind[l] = (int)((l + n) % 4);
		if (all && kind[l] == 3)
			kind[l] = 0;
		len[l] = 700 + 64 * l * 3 + 13 * l + rng_below(5000);
		msg[l] = malloc(len[l]);
		fill_random(msg[l], len[l]);
		if (kind[l] == 0 || kind[l] == 3)
			memcpy(msg[l], s1->data, 640);
		else if (kind[l] == 1)
			memcpy(msg[l], m1->data, 640);
		sumac_init(&ctx[l], SUMAC_SHA1, impl);
		if (kind[l] != 3)
			sumac_sha1dc_enable_kernel(&ctx[l], row);
		cp[l] = &ctx[l];
		if (len[l] / 64 < common)
			common = len[l] / 64;
	}
	for (size_t done = 0; done < common;) {
		size_t nb = done == 0 && first ? first : 1 + rng_below(40);
		if (nb > common - done)
			nb = common - done;
		const uint8_t *at[SUMAC_MAX_LANES];
		for (unsigned l = 0; l < n; l++)
			at[l] = msg[l] + 64 * done;
		sumac_update_lanes(impl, cp, n, at, nb);
		done += nb;
	}
	for (unsigned l = 0; l < n; l++) {
		struct verdict v = {0};
		uint8_t want[20];
		sumac_update(&ctx[l], msg[l] + 64 * common, len[l] - 64 * common);
		v.status = sumac_final(&ctx[l], v.digest);
		if (v.status == SUMAC_COLLISION)
			sumac_sha1dc_result(&ctx[l], &v.hit);
		sumac_digest_portable(SUMAC_SHA1, msg[l], len[l], want);
		if (kind[l] == 0)
			bad += !is_hit(&v, 256, DV_II_52_0, want);
		else if (kind[l] == 1)
			bad += !is_hit(&v, 576, DV_II_52_0, want);
		else
			bad += !is_clean(&v, msg[l], len[l]);
		free(msg[l]);
	}
	return bad;
}

/* Every lane count of every SHA-1 lane kernel, through every filter row
 * this CPU runs (each takes its own way through lanes: a schedule filter,
 * a chain kernel or stops at flagged blocks), with the first lane call cut
 * at every block up to 10 so that the flagged blocks 4 and 9 come at every
 * place in a call, its first block among them, and with every lane
 * detecting (the schedule filter runs only then) or not. */
static void test_lanes(void)
{
	if (!files[0].data || !files[2].data)
		return;
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (impl->family != SUMAC_FAMILY_SHA1 || !impl->lanes_blocks ||
		    !sumac_impl_usable(impl))
			continue;
		size_t bad = 0, runs = 0;
		for (size_t r = 0; r < sumac_sha1dc_nkernels; r++) {
			const struct sumac_sha1dc_kernel *row = &sumac_sha1dc_kernels[r];
			if (row->usable && !row->usable(sumac_cpu_features()))
				continue;
			for (unsigned first = 0; first <= 10; first++)
				for (int all = 0; all < 2; all++)
					for (unsigned n = 2; n <= impl->lanes; n++) {
						bad += lanes_case(impl, row, n, first, all);
						runs += n;
					}
		}
		tap_ok(bad == 0,
		       "%s lanes: 2..%u contexts, detecting and not, unequal lengths, every "
		       "filter row (%zu lanes)",
		       impl->driver, impl->lanes, runs);
	}
}

/* ---- Nothing else flagged. */

static char *field_of(char *line, const char *key)
{
	size_t k = strlen(key);
	if (strncmp(line, key, k) != 0 || strncmp(line + k, " = ", 3) != 0)
		return NULL;
	char *v = line + k + 3;
	v[strcspn(v, "\r\n")] = '\0';
	return v;
}

static void test_nist(void)
{
	static const char *const kinds[] = {"SHA1ShortMsg.rsp", "SHA1LongMsg.rsp"};
	for (size_t b = 0; b < nbackends; b++) {
		const struct sumac_impl *impl = backends[b];
		size_t run = 0, bad = 0;
		for (size_t k = 0; k < 2; k++) {
			size_t tlen;
			char *text = (char *)slurp(kinds[k], &tlen);
			if (!text)
				continue;
			char *z = realloc(text, tlen + 1);
			if (!z) {
				free(text);
				continue;
			}
			text = z;
			text[tlen] = '\0';
			unsigned long bits = 0;
			uint8_t *msg = NULL;
			size_t mlen = 0;
			for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
				char *v;
				if ((v = field_of(line, "Len"))) {
					bits = strtoul(v, NULL, 10);
				} else if ((v = field_of(line, "Msg"))) {
					mlen = bits / 8;
					free(msg);
					msg = malloc(mlen + 1);
					hex_decode(v, msg, mlen);
				} else if ((v = field_of(line, "MD")) && msg) {
					uint8_t want[20];
					struct verdict vd;
					hex_decode(v, want, 20);
					hash_dc(impl, sumac_sha1dc_kernel_best(), msg, mlen, 0,
						&vd);
					bad += vd.status != 0 || memcmp(vd.digest, want, 20) != 0;
					run++;
				}
			}
			free(msg);
			free(text);
		}
		/* SHAVS Monte Carlo: 100,000 messages of three digests. */
		size_t tlen;
		char *text = (char *)slurp("SHA1Monte.rsp", &tlen);
		char *z = text ? realloc(text, tlen + 1) : NULL;
		if (z) {
			text = z;
			text[tlen] = '\0';
			uint8_t md[3][20], seed[20];
			bool have = false;
			for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
				char *v;
				if ((v = field_of(line, "Seed"))) {
					have = hex_decode(v, seed, 20);
				} else if ((v = field_of(line, "MD")) && have) {
					uint8_t want[20], m[60];
					hex_decode(v, want, 20);
					for (int i = 0; i < 3; i++)
						memcpy(md[i], seed, 20);
					for (int i = 3; i < 1003; i++) {
						struct verdict vd;
						memcpy(m, md[0], 20);
						memcpy(m + 20, md[1], 20);
						memcpy(m + 40, md[2], 20);
						hash_dc(impl, sumac_sha1dc_kernel_best(), m, 60, 0,
							&vd);
						bad += vd.status != 0;
						run++;
						memmove(md[0], md[1], 40);
						memcpy(md[2], vd.digest, 20);
					}
					bad += memcmp(md[2], want, 20) != 0;
					memcpy(seed, md[2], 20);
				}
			}
		} else {
			free(text);
		}
		free(z);
		tap_ok(run > 100000 && bad == 0,
		       "%s: the NIST SHA-1 Short, Long and Monte messages: none flagged, digests "
		       "right (%zu)",
		       impl->driver, run);
	}
}

static void test_random(void)
{
	const char *env = getenv("SUMAC_SHA1DC_RANDOM_MIB");
	const size_t total_mib = env ? strtoul(env, NULL, 10) : 256;
	const size_t chunk = 16 << 20;
	uint8_t *buf = malloc(chunk);

	/* Against the reference without its filter: 256 random blocks. */
	fill_random(buf, 64 * 256 + 17);
	struct ref_verdict rv;
	ref_detect(buf, 64 * 256 + 17, false, &rv);
	struct verdict v;
	hash_dc(backends[0], sumac_sha1dc_kernel_best(), buf, 64 * 256 + 17, 0, &v);
	tap_ok(!rv.hit && v.status == 0 && memcmp(v.digest, rv.digest, 20) == 0,
	       "16 KiB of random data: the same verdict (none) and digest as the reference");

	size_t mib = 0, bad = 0;
	for (size_t b = 0; mib < total_mib; b = (b + 1) % nbackends) {
		fill_random(buf, chunk);
		hash_dc(backends[b], sumac_sha1dc_kernel_best(), buf, chunk, 0, &v);
		bad += v.status != 0;
		mib += chunk >> 20;
	}
	tap_ok(bad == 0, "%zu MiB of random data over %zu backends: none flagged", mib, nbackends);

	/* Messages made of blocks that pass the filter: every block goes the
	 * slow way, and none is a collision. */
	const size_t ncraft = 64 * 1024;
	for (size_t k = 0; k < ncraft; k++)
		craft_block(&systems[k % SUMAC_SHA1DC_NDVS], buf + 64 * k);
	bad = 0;
	for (size_t b = 0; b < nbackends; b++) {
		hash_dc(backends[b], sumac_sha1dc_kernel_best(), buf, 64 * ncraft, 0, &v);
		bad += !is_clean(&v, buf, 64 * ncraft);
	}
	ref_detect(buf, 64 * 64, true, &rv);
	hash_dc(backends[0], sumac_sha1dc_kernel_best(), buf, 64 * 64, 0, &v);
	tap_ok(bad == 0 && !rv.hit && v.status == 0,
	       "%zu crafted blocks (each keeps a DV) on every backend: none flagged", ncraft);
	free(buf);
}

static int fake_init(void *c, enum sumac_algo algo)
{
	(void)c;
	(void)algo;
	return 0;
}

static int fake_final(void *c, uint8_t *out)
{
	(void)c;
	memset(out, 0, 20);
	return 0;
}

static void test_api(void)
{
	/* A library stream backend of SHA-1, whether or not this build has
	 * OpenSSL or CommonCrypto: it cannot detect. */
	static const struct sumac_stream_ops fake_ops = {.init = fake_init, .final = fake_final};
	static const struct sumac_impl fake = {.driver = "sha1-fake",
					       .backend = "fake",
					       .family = SUMAC_FAMILY_SHA1,
					       .priority = 1,
					       .stream = &fake_ops};
	struct sumac_ctx sctx;
	tap_ok(!sumac_impl_detects_sha1_collisions(&fake) &&
		       sumac_init(&sctx, SUMAC_SHA1, &fake) == 0 &&
		       sumac_sha1dc_enable(&sctx) == EINVAL,
	       "a stream backend cannot detect: enable returns EINVAL");

	struct sumac_ctx ctx;
	tap_ok(sumac_init(&ctx, SUMAC_SHA256, sumac_portable_impl(SUMAC_FAMILY_SHA256)) == 0 &&
		       sumac_sha1dc_enable(&ctx) == EINVAL,
	       "enable refuses SHA-256");
	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (impl->family != SUMAC_FAMILY_SHA1 || !sumac_impl_compiled(impl))
			continue;
		tap_ok(sumac_impl_detects_sha1_collisions(impl) == (impl->blocks != NULL),
		       "%s: detects iff a block backend", impl->driver);
		if (impl->stream && sumac_impl_available(impl, SUMAC_SHA1) &&
		    sumac_init(&ctx, SUMAC_SHA1, impl) == 0) {
			tap_ok(sumac_sha1dc_enable(&ctx) == EINVAL, "%s: enable refuses a stream",
			       impl->driver);
			sumac_discard(&ctx);
		}
	}
	const char *name = sumac_sha1dc_filter_name();
	tap_ok(name && (strcmp(name, "scalar") == 0 || strcmp(name, "avx2") == 0 ||
			strcmp(name, "avx512") == 0 || strcmp(name, "gfni") == 0),
	       "filter in use: %s", name ? name : "(null)");
	/* The fused kernel goes to the contexts on its own block function
	 * alone, and only where its row allows it (AMD, sha1dc.c). */
	const struct sumac_sha1dc_kernel *best = sumac_sha1dc_kernel_best();
	for (size_t b = 0; b < nbackends; b++) {
		const struct sumac_impl *impl = backends[b];
		if (sumac_init(&ctx, SUMAC_SHA1, impl) != 0 || sumac_sha1dc_enable(&ctx) != 0)
			continue;
		const bool want = best->fused && best->fused_blocks == impl->blocks &&
				  best->fused_usable(sumac_cpu_features());
		tap_ok(ctx.dc.fused == want, "%s: fused kernel %s", impl->driver,
		       want ? "in use" : "not used");
		sumac_discard(&ctx);
	}
}

int main(void)
{
	rng_seed();
	init_sym();
	find_backends();
	if (!tap_ok(nbackends > 0, "%zu SHA-1 block backends usable", nbackends))
		return tap_done();
	for (size_t f = 0; f < 4; f++)
		files[f].data = slurp(files[f].name, &files[f].len);
	test_api();
	test_tables();
	test_kernels();
	test_files();
	test_edges();
	test_lanes();
	test_nist();
	test_random();
	for (size_t f = 0; f < 4; f++)
		free(files[f].data);
	return tap_done();
}
