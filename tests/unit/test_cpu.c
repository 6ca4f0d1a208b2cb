/* SPDX-License-Identifier: MIT */
/* CPU features: the mask's syntax and names, what a mask does to the
 * features every usable() check sees, and detection from several threads
 * at once (ThreadSanitizer runs this in .ci/hardening.sh: a detection
 * that is not done once, under a lock or a once-flag, is a race there). */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "hash/cpu.h"
#include "hash/registry.h"
#include "tap.h"

enum { NTHREADS = 8 };

struct seen {
	const struct sumac_cpu *features, *detected;
	struct sumac_cpu copy;
};

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open;

/* Every thread waits at the gate, so that the first calls into cpu.c come
 * from all of them together, before the main thread has asked. */
static void *ask(void *arg)
{
	struct seen *s = arg;

	pthread_mutex_lock(&gate_lock);
	while (!gate_open)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	s->features = sumac_cpu_features();
	s->detected = sumac_cpu_detected();
	s->copy = *s->features;
	return NULL;
}

static void test_threads(void)
{
	pthread_t t[NTHREADS];
	struct seen seen[NTHREADS];
	int started = 0;

	for (int i = 0; i < NTHREADS; i++)
		if (pthread_create(&t[i], NULL, ask, &seen[i]) == 0)
			started++;
		else
			break;
	tap_ok(started == NTHREADS, "%d threads started", started);
	pthread_mutex_lock(&gate_lock);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);

	bool same = started > 0;
	for (int i = 0; i < started; i++)
		same = same && seen[i].features == sumac_cpu_features() &&
		       seen[i].detected == sumac_cpu_detected() &&
		       memcmp(&seen[i].copy, sumac_cpu_detected(), sizeof seen[i].copy) == 0;
	tap_ok(same, "every thread sees one detection, equal to the main thread's");
}

static void test_names(void)
{
	bool named = true, distinct = true;

	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++) {
		const char *n = sumac_cpu_feature_name((enum sumac_cpu_feature)f);
		const char *a = sumac_cpu_feature_arch((enum sumac_cpu_feature)f);
		named = named && n && *n && a && (strcmp(a, "x86") == 0 || strcmp(a, "arm") == 0);
		for (int g = 0; n && g < f; g++)
			distinct =
				distinct &&
				strcmp(n, sumac_cpu_feature_name((enum sumac_cpu_feature)g)) != 0;
	}
	tap_ok(named, "every feature has a name and an architecture");
	tap_ok(distinct, "no two features share a name");
	tap_ok(sumac_cpu_feature_name(SUMAC_CPU_NFEATURES) == NULL, "no name past the last");
	tap_ok(strcmp(sumac_cpu_feature_name(SUMAC_CPU_X86_SSE41), "sse4.1") == 0 &&
		       strcmp(sumac_cpu_feature_name(SUMAC_CPU_X86_SHA), "sha") == 0 &&
		       strcmp(sumac_cpu_feature_name(SUMAC_CPU_ARM_SHA2), "sha2") == 0,
	       "documented names");
}

/* spec must be rejected with st, pointing at want (NULL: the whole spec). */
static void reject(const char *spec, enum sumac_cpu_mask_status st, const char *want)
{
	const unsigned before = sumac_cpu_cleared();
	const char *bad = NULL;
	size_t badlen = 0;
	const enum sumac_cpu_mask_status got = sumac_cpu_set_mask(spec, &bad, &badlen);

	if (!want)
		want = spec;
	tap_ok(got == st && bad && badlen == strlen(want) && strncmp(bad, want, badlen) == 0 &&
		       sumac_cpu_cleared() == before,
	       "'%s' rejected (%d, item '%.*s'), mask kept", spec, (int)got, bad ? (int)badlen : 0,
	       bad ? bad : "");
}

static void accept(const char *spec, unsigned want)
{
	const enum sumac_cpu_mask_status st = sumac_cpu_set_mask(spec, NULL, NULL);
	tap_ok(st == SUMAC_CPU_MASK_OK && sumac_cpu_cleared() == want,
	       "'%s' clears 0x%x (got 0x%x)", spec ? spec : "(null)", want, sumac_cpu_cleared());
}

static void test_syntax(void)
{
	accept("-sha", SUMAC_CPU_BIT(SUMAC_CPU_X86_SHA));
	accept("-sha,-avx2", SUMAC_CPU_BIT(SUMAC_CPU_X86_SHA) | SUMAC_CPU_BIT(SUMAC_CPU_X86_AVX2));
	accept("-SHA,-Avx2", SUMAC_CPU_BIT(SUMAC_CPU_X86_SHA) | SUMAC_CPU_BIT(SUMAC_CPU_X86_AVX2));
	accept("-sse41", SUMAC_CPU_BIT(SUMAC_CPU_X86_SSE41));
	accept("-sse4.1,-sse4.1", SUMAC_CPU_BIT(SUMAC_CPU_X86_SSE41));
	accept("-sha1,-sha2,-sha512", SUMAC_CPU_BIT(SUMAC_CPU_ARM_SHA1) |
					      SUMAC_CPU_BIT(SUMAC_CPU_ARM_SHA2) |
					      SUMAC_CPU_BIT(SUMAC_CPU_ARM_SHA512));
	accept("", 0);
	accept("-bmi2", SUMAC_CPU_BIT(SUMAC_CPU_X86_BMI2));
	accept("-AVX512VL,-avx2",
	       SUMAC_CPU_BIT(SUMAC_CPU_X86_AVX512VL) | SUMAC_CPU_BIT(SUMAC_CPU_X86_AVX2));
	accept(NULL, 0);

	sumac_cpu_set_mask("-ssse3", NULL, NULL);
	reject("-shaa", SUMAC_CPU_MASK_UNKNOWN, "-shaa");
	reject("-sha,-avx3,-bmi2", SUMAC_CPU_MASK_UNKNOWN, "-avx3");
	reject("-sha,-sha256", SUMAC_CPU_MASK_UNKNOWN, "-sha256");
	reject("-sse4_1", SUMAC_CPU_MASK_UNKNOWN, "-sse4_1");
	reject("-sha ", SUMAC_CPU_MASK_UNKNOWN, "-sha ");
	reject("sha", SUMAC_CPU_MASK_NOT_CLEARING, "sha");
	reject("-avx2,+sha", SUMAC_CPU_MASK_NOT_CLEARING, "+sha");
	reject("-", SUMAC_CPU_MASK_NO_NAME, "-");
	reject("-sha,-", SUMAC_CPU_MASK_NO_NAME, "-");
	reject(",-sha", SUMAC_CPU_MASK_EMPTY_ITEM, NULL);
	reject("-sha,", SUMAC_CPU_MASK_EMPTY_ITEM, NULL);
	reject("-sha,,-avx2", SUMAC_CPU_MASK_EMPTY_ITEM, NULL);
	reject(",", SUMAC_CPU_MASK_EMPTY_ITEM, NULL);
	tap_ok(sumac_cpu_cleared() == SUMAC_CPU_BIT(SUMAC_CPU_X86_SSSE3),
	       "rejected masks left the earlier one in place");
	sumac_cpu_set_mask(NULL, NULL, NULL);
}

/* Each feature alone and all together: the masked view is the detected one
 * less exactly the cleared bits, and detection itself never changes. */
static void test_effect(void)
{
	const struct sumac_cpu raw = *sumac_cpu_detected();
	const unsigned have = sumac_cpu_bits(&raw);
	char spec[256] = "";

	tap_diag("detected: 0x%x", have);
	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++) {
		const char *name = sumac_cpu_feature_name((enum sumac_cpu_feature)f);
		char one[64];
		snprintf(one, sizeof one, "-%s", name);
		snprintf(spec + strlen(spec), sizeof spec - strlen(spec), "%s%s", *spec ? "," : "",
			 one);
		const bool set = sumac_cpu_set_mask(one, NULL, NULL) == SUMAC_CPU_MASK_OK;
		tap_ok(set && sumac_cpu_bits(sumac_cpu_features()) == (have & ~SUMAC_CPU_BIT(f)) &&
			       memcmp(sumac_cpu_detected(), &raw, sizeof raw) == 0,
		       "%s clears %s only", one, name);
	}
	tap_ok(sumac_cpu_set_mask(spec, NULL, NULL) == SUMAC_CPU_MASK_OK &&
		       sumac_cpu_bits(sumac_cpu_features()) == 0,
	       "%s clears everything", spec);

	/* With nothing left, auto is the portable backend for every algorithm
	 * that has no CPU-independent library backend. */
	bool ok = true;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		struct sumac_selection sel;
		if (sumac_select((enum sumac_algo)a, NULL, &sel) != SUMAC_SELECT_OK) {
			ok = false;
			continue;
		}
		ok = ok && sel.impl->usable == NULL;
	}
	tap_ok(ok, "with every feature cleared, auto chooses only backends that need none");
	sumac_cpu_set_mask("", NULL, NULL);
	tap_ok(sumac_cpu_bits(sumac_cpu_features()) == have, "an empty mask restores detection");
}

/* The vendor and family against what Linux prints in /proc/cpuinfo, which
 * computes them from CPUID in its own code (x86 only; elsewhere both are
 * false and 0). */
static void test_vendor_family(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__linux__)
	FILE *f = fopen("/proc/cpuinfo", "r");
	static char line[8192], flags[8192];
	char vendor[64] = "";
	unsigned family = 0;
	bool have_family = false;

	if (!f) {
		tap_diag("no /proc/cpuinfo: vendor and family left unchecked");
		return;
	}
	flags[0] = '\0';
	while (fgets(line, sizeof line, f) && !(vendor[0] && have_family && flags[0])) {
		if (!vendor[0])
			(void)sscanf(line, "vendor_id : %63s", vendor);
		if (!have_family)
			have_family = sscanf(line, "cpu family : %u", &family) == 1;
		if (!flags[0] && strncmp(line, "flags", 5) == 0 && strchr(line, ':')) {
			snprintf(flags, sizeof flags, " %s ", strchr(line, ':') + 1);
			flags[strcspn(flags, "\n")] = ' ';
		}
	}
	fclose(f);
	if (!vendor[0] || !have_family) {
		tap_diag("/proc/cpuinfo names no vendor or family: left unchecked");
		return;
	}
	/* Under qemu-user the CPU that CPUID describes is the emulated one,
	 * /proc/cpuinfo the host's: compare only when their vendors agree. */
	unsigned a, b, c, d;
	char cpuid_vendor[13] = "";
	if (__get_cpuid(0, &a, &b, &c, &d)) {
		memcpy(cpuid_vendor, &b, 4);
		memcpy(cpuid_vendor + 4, &d, 4);
		memcpy(cpuid_vendor + 8, &c, 4);
	}
	if (strcmp(cpuid_vendor, vendor) != 0) {
		tap_diag("CPUID says %s, /proc/cpuinfo %s (an emulator?): left unchecked",
			 cpuid_vendor, vendor);
		return;
	}
	const bool amd = strcmp(vendor, "AuthenticAMD") == 0 || strcmp(vendor, "HygonGenuine") == 0;
	tap_ok(sumac_cpu_x86_amd() == amd, "vendor %s: AMD or Hygon is %d", vendor, amd);
	tap_ok(sumac_cpu_x86_family() == family, "family %u as /proc/cpuinfo says (%u)",
	       sumac_cpu_x86_family(), family);
	/* Each feature sumac detects is one Linux lists (Linux leaves out
	 * those the OS does not enable, as sumac does). */
	static const struct {
		enum sumac_cpu_feature f;
		const char *flag;
	} linux_name[] = {
		{SUMAC_CPU_X86_SSSE3, "ssse3"},       {SUMAC_CPU_X86_SSE41, "sse4_1"},
		{SUMAC_CPU_X86_AVX2, "avx2"},         {SUMAC_CPU_X86_BMI2, "bmi2"},
		{SUMAC_CPU_X86_SHA, "sha_ni"},        {SUMAC_CPU_X86_AVX512VL, "avx512vl"},
		{SUMAC_CPU_X86_PCLMUL, "pclmulqdq"},  {SUMAC_CPU_X86_VPCLMUL, "vpclmulqdq"},
		{SUMAC_CPU_X86_AVX512BW, "avx512bw"}, {SUMAC_CPU_X86_AVX512VBMI, "avx512vbmi"},
		{SUMAC_CPU_X86_GFNI, "gfni"},
	};
	const unsigned have = sumac_cpu_bits(sumac_cpu_features());
	unsigned unlisted = 0;
	for (size_t k = 0; k < sizeof linux_name / sizeof linux_name[0]; k++) {
		char word[32];
		snprintf(word, sizeof word, " %s ", linux_name[k].flag);
		if ((have & SUMAC_CPU_BIT(linux_name[k].f)) && flags[0] && !strstr(flags, word)) {
			tap_diag("%s detected, not in /proc/cpuinfo's flags", linux_name[k].flag);
			unlisted++;
		}
	}
	if (flags[0])
		tap_ok(unlisted == 0, "every x86 feature detected is in /proc/cpuinfo's flags");
	else
		tap_diag("/proc/cpuinfo has no flags line: features left unchecked");
#elif defined(__x86_64__) || defined(__i386__)
	tap_diag("x86 without /proc/cpuinfo: vendor and family left unchecked");
#else
	tap_ok(!sumac_cpu_x86_amd() && sumac_cpu_x86_family() == 0,
	       "not x86 Linux: no vendor nor family reported");
#endif
}

int main(void)
{
	test_threads(); /* first: detection must happen in the threads */
	test_names();
	test_syntax();
	test_effect();
	test_vendor_family();
	return tap_done();
}
