/* SPDX-License-Identifier: MIT */
/* Auto selection under every subset of a CPU's features, as BLAKE3's
 * tests run for every subset of the detected ones, for this CPU and for
 * every CPU model that src/hash/cpu.c simulates (Intel and AMD parts, whose
 * vendor and family some rows' slower_here() reads): each subset is
 * applied as a SUMAC_CPU-style mask ("-sha,-avx2"), auto chooses for every
 * algorithm, and
 *   - no chosen implementation is one whose usable() refuses the masked
 *     features, and each choice is the one the registry's rule gives
 *     (worked out here on its own, slower_here() included);
 *   - each row chosen, once, hashes the CAVP ShortMsg and LongMsg vectors
 *     (RFC 1321's suite for MD5) and agrees with portable on random
 *     messages split at random points, if this machine can run it.
 * So "auto skips what the CPU lacks" is tested for every feature of every
 * model, on any machine.  The seed is printed; SUMAC_TEST_SEED=<n>
 * replays it. */
#include "config.h"

#include <stdint.h>

#include "hash/cpu.h"
#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"
#include "rng.h"

static const struct {
	const char *msg, *md5;
} rfc1321[] = {
	{"", "d41d8cd98f00b204e9800998ecf8427e"},
	{"abc", "900150983cd24fb0d6963f7d28e17f72"},
	{"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
	{"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
	 "57edf4a22be3c955ac49da2e2107b67a"},
};

/* The one place this test hashes a stream: init, the pieces, final. */
static bool hash_pieces(const struct sumac_impl *impl, enum sumac_algo algo, const uint8_t *msg,
			const size_t *cuts, size_t ncuts, size_t len, uint8_t *out)
{
	struct sumac_ctx ctx;
	size_t at = 0;

	if (sumac_init(&ctx, algo, impl) != 0)
		return false;
	for (size_t i = 0; i < ncuts; i++) {
		sumac_update(&ctx, msg + at, cuts[i] - at);
		at = cuts[i];
	}
	sumac_update(&ctx, msg + at, len - at);
	return sumac_final(&ctx, out) == 0;
}

static bool digest_of(const struct sumac_impl *impl, enum sumac_algo algo, const uint8_t *msg,
		      size_t len, uint8_t *out)
{
	return hash_pieces(impl, algo, msg, NULL, 0, len, out);
}

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *text = NULL;
	size_t len = 0, cap = 0, n;

	if (!fp)
		return NULL;
	do {
		if (cap - len < 65536) {
			char *more = realloc(text, cap = cap * 2 + 65536);
			if (!more)
				break;
			text = more;
		}
		n = fread(text + len, 1, cap - len - 1, fp);
		len += n;
	} while (n > 0);
	fclose(fp);
	if (text)
		text[len] = '\0';
	return text;
}

/* "KEY = value" on line: the value, CR cut; else NULL. */
static char *value_of(char *line, const char *key)
{
	const size_t k = strlen(key);
	if (strncmp(line, key, k) != 0 || strncmp(line + k, " = ", 3) != 0)
		return NULL;
	line[k + 3 + strcspn(line + k + 3, "\r")] = '\0';
	return line + k + 3;
}

/* Every Len/Msg/MD record of one ShortMsg or LongMsg file: returns the
 * number that failed; *run counts them (0 if unreadable). */
static unsigned run_cavp(const char *path, const struct sumac_impl *impl, enum sumac_algo algo,
			 unsigned *run)
{
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	char *text = slurp(path), *save = NULL;
	uint8_t *msg = NULL;
	size_t bits = 0, msglen = 0;
	unsigned failed = 0;

	*run = 0;
	if (!text)
		return 0;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *v;
		if ((v = value_of(line, "Len"))) {
			bits = strtoul(v, NULL, 10);
		} else if ((v = value_of(line, "Msg"))) {
			free(msg);
			msglen = bits / 8; /* Len = 0 carries a dummy "00" */
			msg = malloc(msglen + 1);
			if (!msg || !hex_decode(v, msg, msglen))
				msglen = SIZE_MAX;
		} else if ((v = value_of(line, "MD"))) {
			uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
			(*run)++;
			if (msglen == SIZE_MAX || strlen(v) != 2 * dlen ||
			    !hex_decode(v, want, dlen) ||
			    !digest_of(impl, algo, msg, msglen, got) ||
			    memcmp(want, got, dlen) != 0)
				failed++;
		}
	}
	free(msg);
	free(text);
	return failed;
}

static void known_answers(const char *dir, const struct sumac_impl *impl, enum sumac_algo algo,
			  const char *label)
{
	/* The CAVP file prefix of the algorithm's row in algorithms.h. */
	const char *prefix = sumac_algo_info(algo)->kat;
	static const char *const kinds[] = {"ShortMsg", "LongMsg"};

	if (!prefix && algo != SUMAC_MD5) {
		tap_diag("%s: %s: no CAVP files; the cross-check below only", label, impl->driver);
		return;
	}
	if (!prefix) {
		unsigned bad = 0, n = sizeof rfc1321 / sizeof rfc1321[0];
		for (unsigned i = 0; i < n; i++) {
			uint8_t want[16], got[16];
			hex_decode(rfc1321[i].md5, want, 16);
			if (!digest_of(impl, algo, (const uint8_t *)rfc1321[i].msg,
				       strlen(rfc1321[i].msg), got) ||
			    memcmp(want, got, 16) != 0)
				bad++;
		}
		tap_ok(bad == 0, "%s: %s: RFC 1321 suite, %u/%u", label, impl->driver, n - bad, n);
		return;
	}
	for (int k = 0; k < 2; k++) {
		char path[4096];
		unsigned run;
		snprintf(path, sizeof path, "%s/%s%s.rsp", dir, prefix, kinds[k]);
		const unsigned bad = run_cavp(path, impl, algo, &run);
		tap_ok(run > 0 && bad == 0, "%s: %s: %s%s.rsp, %u/%u", label, impl->driver, prefix,
		       kinds[k], run - bad, run);
	}
}

enum { XMAX = 70 * 128, XCASES = 150 };

/* Random lengths (every one up to three blocks, then up to 70 blocks),
 * random offsets and up to 8 random cuts, against portable's one shot. */
static void cross_check(const uint8_t *data, const struct sumac_impl *impl, enum sumac_algo algo,
			const char *label)
{
	const size_t block = sumac_family_info(sumac_algo_info(algo)->family)->block_len;
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	unsigned bad = 0, cases = 0;

	for (size_t len = 0; len <= 3 * block + 1; len++, cases++) {
		uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
		const size_t cut[1] = {len / 2};
		sumac_digest_portable(algo, data, len, want);
		if (!hash_pieces(impl, algo, data, cut, 1, len, got) || memcmp(want, got, dlen))
			bad++;
	}
	for (int i = 0; i < XCASES; i++, cases++) {
		uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
		const size_t off = rng() % 64, len = rng() % (XMAX - 64);
		size_t cuts[8], ncuts = rng() % 9;
		for (size_t c = 0; c < ncuts; c++)
			cuts[c] = len ? rng() % (len + 1) : 0;
		/* Sorted, so that the pieces run forwards (equal cuts are
		 * the empty updates). */
		for (size_t c = 1; c < ncuts; c++)
			for (size_t d = c; d > 0 && cuts[d - 1] > cuts[d]; d--) {
				const size_t t = cuts[d];
				cuts[d] = cuts[d - 1];
				cuts[d - 1] = t;
			}
		sumac_digest_portable(algo, data + off, len, want);
		if (!hash_pieces(impl, algo, data + off, cuts, ncuts, len, got) ||
		    memcmp(want, got, dlen))
			bad++;
	}
	tap_ok(bad == 0, "%s: %s as %s: %u random split cases agree with portable", label,
	       impl->driver, sumac_algo_info(algo)->name, cases - bad);
}

/* The mask that clears the features in bits, as a user would write it. */
static void spec_of(unsigned bits, char *spec, size_t size)
{
	spec[0] = '\0';
	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++)
		if (bits & SUMAC_CPU_BIT(f)) {
			const size_t used = strlen(spec);
			snprintf(spec + used, size - used, "%s-%s", used ? "," : "",
				 sumac_cpu_feature_name((enum sumac_cpu_feature)f));
		}
}

/* The row auto must take for algo under the current mask, by the rule the
 * registry documents (registry.h), worked out here on its own: the highest
 * priority (the first in the table among equals) of the compiled rows
 * serving algo that the CPU seen can run and their library accepts, less
 * those whose slower_here() says a lower row is faster on this CPU model.
 * NULL if none. */
static const struct sumac_impl *expected_choice(enum sumac_algo algo)
{
	const struct sumac_impl *best = NULL;

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!sumac_impl_serves(impl, algo) || !sumac_impl_available(impl, algo) ||
		    (impl->slower_here && impl->slower_here()))
			continue;
		if (!best || impl->priority > best->priority)
			best = impl;
	}
	return best;
}

/* Auto's choice for every algorithm under the current mask, checked
 * against the features that mask leaves.  Returns false if some
 * algorithm had no choice at all. */
static bool choose_all(const struct sumac_impl *chosen[SUMAC_NALGO], const char *label)
{
	const struct sumac_cpu *cpu = sumac_cpu_features();
	bool all = true, sound = true, best = true;

	for (int a = 0; a < SUMAC_NALGO; a++) {
		const enum sumac_algo algo = (enum sumac_algo)a;
		struct sumac_selection sel;
		chosen[a] = NULL;
		if (sumac_select(algo, NULL, &sel) != SUMAC_SELECT_OK) {
			all = false;
			continue;
		}
		chosen[a] = sel.impl;
		if (sel.impl->usable && !sel.impl->usable(cpu)) {
			sound = false;
			tap_diag("%s: %s chosen, but it needs a cleared feature", label,
				 sel.impl->driver);
		}
		const struct sumac_impl *want = expected_choice(algo);
		if (sel.impl != want) {
			best = false;
			tap_diag("%s: %s: %s chosen, the rule gives %s", label,
				 sumac_algo_info(algo)->name, sel.impl->driver,
				 want ? want->driver : "none");
		}
	}
	tap_ok(all, "%s: auto has a choice for every algorithm", label);
	tap_ok(sound, "%s: no choice needs a cleared feature", label);
	tap_ok(best, "%s: each choice is the rule's: priority, CPU, library, slower_here", label);
	return all;
}

/* The known answers and the cross-check of impl as algo, once a process:
 * what a row computes does not depend on the mask it was chosen under.  A
 * row that a simulated model chose and this machine cannot run is named,
 * not run. */
static void check_row(const uint8_t *data, const char *dir, const struct sumac_impl *impl,
		      enum sumac_algo algo, const char *label)
{
	static bool done[SUMAC_MAX_IMPLS][SUMAC_NALGO];
	const size_t row = (size_t)(impl - sumac_impls);

	if (done[row][algo])
		return;
	done[row][algo] = true;
	if (!sumac_impl_runs_here(impl)) {
		tap_diag("%s: %s as %s: this machine cannot run it, not hashed", label,
			 impl->driver, sumac_algo_info(algo)->name);
		return;
	}
	known_answers(dir, impl, algo, label);
	cross_check(data, impl, algo, label);
}

/* Every subset of the features of the CPU seen (the real one, or the
 * simulated model), each as a mask: auto's choices checked, and each row
 * chosen hashed.  Returns how many subsets were tried. */
static unsigned every_subset(const uint8_t *data, const char *dir, const char *cpu_label)
{
	const unsigned have = sumac_cpu_bits(sumac_cpu_detected());
	int nhave = 0, feat[SUMAC_CPU_NFEATURES];

	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++)
		if (have & SUMAC_CPU_BIT(f)) {
			feat[nhave++] = f;
			tap_diag("%s: has %s", cpu_label,
				 sumac_cpu_feature_name((enum sumac_cpu_feature)f));
		}
	for (unsigned sub = 0; sub < 1u << nhave; sub++) {
		unsigned clear = 0;
		char spec[256], label[400];
		const char *bad = NULL;
		size_t badlen = 0;
		const struct sumac_impl *chosen[SUMAC_NALGO];

		for (int i = 0; i < nhave; i++)
			if (sub & (1u << i))
				clear |= SUMAC_CPU_BIT(feat[i]);
		spec_of(clear, spec, sizeof spec);
		snprintf(label, sizeof label, "%s, SUMAC_CPU=%s", cpu_label, spec);
		if (!tap_ok(sumac_cpu_set_mask(spec, &bad, &badlen) == SUMAC_CPU_MASK_OK &&
				    sumac_cpu_bits(sumac_cpu_features()) == (have & ~clear),
			    "%s: leaves exactly the other features", label))
			continue;
		if (!choose_all(chosen, label))
			continue;
		for (int a = 0; a < SUMAC_NALGO; a++)
			check_row(data, dir, chosen[a], (enum sumac_algo)a, label);
	}
	sumac_cpu_set_mask(NULL, NULL, NULL);
	return 1u << nhave;
}

/* SUMAC_TEST_CPU_MODEL (a test aid, as for the program): unset, this CPU
 * and then every simulated model; "host", this CPU alone; a model's name,
 * that model alone. */
int main(void)
{
	const char *dir = getenv("SUMAC_VECTORS");
	const char *only = getenv("SUMAC_TEST_CPU_MODEL");
	static uint8_t data[XMAX];
	const struct sumac_cpu_model *model;
	unsigned runs = 0;

	if (!dir)
		dir = "vectors";
	rng_seed();
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)rng();
	if (!only || !*only || strcmp(only, "host") == 0) {
		every_subset(data, dir, "this CPU");
		runs++;
	}
	for (size_t m = 0; (!only || !*only) && (model = sumac_cpu_model(m)); m++) {
		char label[64];
		snprintf(label, sizeof label, "simulated %s", model->name);
		sumac_cpu_simulate(model);
		every_subset(data, dir, label);
		runs++;
	}
	if (only && *only && strcmp(only, "host") != 0) {
		model = sumac_cpu_model_find(only);
		if (!tap_ok(model != NULL, "SUMAC_TEST_CPU_MODEL=%s names a model", only))
			return tap_done();
		sumac_cpu_simulate(model);
		every_subset(data, dir, model->name);
		runs++;
	}
	sumac_cpu_simulate(NULL);
	tap_ok(runs >= 1, "%u CPU(s) tried", runs);
	return tap_done();
}
