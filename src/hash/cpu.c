/* SPDX-License-Identifier: MIT */
/* Run-time CPU feature detection: the only place that asks the CPU or the
 * OS what the hardware can do.  Each platform branch fills the same struct;
 * anything unknown stays false, which leaves the portable backend. */
#include "config.h"

#include "hash/cpu.h"

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* XGETBV with ECX=0 reads XCR0, the set of register states the OS saves on
 * a context switch.  Written as bytes so no -mxsave flag is needed. */
static unsigned long long read_xcr0(void)
{
	unsigned eax, edx;
	__asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(eax), "=d"(edx) : "c"(0));
	return (unsigned long long)edx << 32 | eax;
}

/* CPUID.0's vendor string, EBX EDX ECX: "AuthenticAMD", or Hygon's
 * licensed Zen, "HygonGenuine". */
static bool vendor_amd(unsigned b, unsigned c, unsigned d)
{
	char v[13];

	memcpy(v, &b, 4);
	memcpy(v + 4, &d, 4);
	memcpy(v + 8, &c, 4);
	v[12] = '\0';
	return strcmp(v, "AuthenticAMD") == 0 || strcmp(v, "HygonGenuine") == 0;
}

/* CPUID.1:EAX's family as the vendors print it: the base family (bits
 * 8-11), plus the extended family (bits 20-27) when the base is 0xf. */
static unsigned family_of(unsigned eax1)
{
	const unsigned base = (eax1 >> 8) & 0xf;
	return base == 0xf ? base + ((eax1 >> 20) & 0xff) : base;
}

static void detect(struct sumac_cpu *cpu, bool *amd, unsigned *family)
{
	unsigned a, b, c, d;

	if (!__get_cpuid(0, &a, &b, &c, &d))
		return;
	*amd = vendor_amd(b, c, d);
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return;
	*family = family_of(a);
	cpu->x86_ssse3 = (c >> 9) & 1;      /* CPUID.1:ECX.SSSE3[bit 9] */
	cpu->x86_sse41 = (c >> 19) & 1;     /* CPUID.1:ECX.SSE4_1[bit 19] */
	cpu->x86_pclmul = (c >> 1) & 1;     /* CPUID.1:ECX.PCLMULQDQ[bit 1] */
	const bool osxsave = (c >> 27) & 1; /* CPUID.1:ECX.OSXSAVE[bit 27] */
	const bool avx = (c >> 28) & 1;     /* CPUID.1:ECX.AVX[bit 28] */
	/* AVX registers are only usable if the OS saves XMM and YMM state
	 * (XCR0 bits 1 and 2). */
	const unsigned long long xcr0 = osxsave && avx ? read_xcr0() : 0;
	const bool ymm_saved = (xcr0 & 0x6) == 0x6;
	/* AVX-512 also needs the opmask and both ZMM states (bits 5..7). */
	const bool zmm_saved = ymm_saved && (xcr0 & 0xe0) == 0xe0;

	if (__get_cpuid_max(0, NULL) < 7)
		return;
	__cpuid_count(7, 0, a, b, c, d);
	cpu->x86_sha = (b >> 29) & 1;                /* CPUID.7.0:EBX.SHA[bit 29] */
	cpu->x86_avx2 = ymm_saved && ((b >> 5) & 1); /* CPUID.7.0:EBX.AVX2[bit 5] */
	/* CPUID.7.0:EBX.BMI2[bit 8], with BMI1[bit 3]: every CPU with BMI2
	 * has BMI1, and the kernels built with -mbmi2 may use both. */
	cpu->x86_bmi2 = ((b >> 8) & 1) && ((b >> 3) & 1);
	/* CPUID.7.0:EBX.AVX512F[bit 16] and AVX512VL[bit 31] */
	cpu->x86_avx512vl = zmm_saved && ((b >> 16) & 1) && ((b >> 31) & 1);
	/* CPUID.7.0:EBX.AVX512BW[bit 30] */
	cpu->x86_avx512bw = zmm_saved && ((b >> 16) & 1) && ((b >> 30) & 1);
	/* CPUID.7.0:ECX.VPCLMULQDQ[bit 10]: VEX and EVEX encodings only, so
	 * of no use unless the OS saves the YMM state. */
	cpu->x86_vpclmul = ymm_saved && ((c >> 10) & 1);
	/* CPUID.7.0:ECX.AVX512_VBMI[bit 1], with AVX512F */
	cpu->x86_avx512vbmi = zmm_saved && ((b >> 16) & 1) && ((c >> 1) & 1);
	/* CPUID.7.0:ECX.GFNI[bit 8]: sumac runs it only on zmm, so it counts
	 * only with the ZMM state saved. */
	cpu->x86_gfni = zmm_saved && ((c >> 8) & 1);
}

#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
/* Bit values of the Linux arm64 ABI (asm/hwcap.h), spelled out so that old
 * headers without them still build. */
#define SUMAC_HWCAP_PMULL  (1UL << 4)
#define SUMAC_HWCAP_SHA1   (1UL << 5)
#define SUMAC_HWCAP_SHA2   (1UL << 6)
#define SUMAC_HWCAP_SHA512 (1UL << 21)

static void detect(struct sumac_cpu *cpu)
{
	const unsigned long hw = getauxval(AT_HWCAP);
	cpu->arm_sha1 = (hw & SUMAC_HWCAP_SHA1) != 0;
	cpu->arm_sha2 = (hw & SUMAC_HWCAP_SHA2) != 0;
	cpu->arm_sha512 = (hw & SUMAC_HWCAP_SHA512) != 0;
	cpu->arm_pmull = (hw & SUMAC_HWCAP_PMULL) != 0;
}

#elif defined(__aarch64__) && defined(__FreeBSD__)
#include <sys/auxv.h>
#define SUMAC_HWCAP_PMULL  (1UL << 4)
#define SUMAC_HWCAP_SHA1   (1UL << 5)
#define SUMAC_HWCAP_SHA2   (1UL << 6)
#define SUMAC_HWCAP_SHA512 (1UL << 21)

static void detect(struct sumac_cpu *cpu)
{
	unsigned long hw = 0;
	if (elf_aux_info(AT_HWCAP, &hw, sizeof hw) != 0)
		return;
	cpu->arm_sha1 = (hw & SUMAC_HWCAP_SHA1) != 0;
	cpu->arm_sha2 = (hw & SUMAC_HWCAP_SHA2) != 0;
	cpu->arm_sha512 = (hw & SUMAC_HWCAP_SHA512) != 0;
	cpu->arm_pmull = (hw & SUMAC_HWCAP_PMULL) != 0;
}

#elif defined(__aarch64__) && defined(__APPLE__)
#include <sys/sysctl.h>

/* Newer macOS names features FEAT_*; older releases only had the
 * armv8_* keys.  A key that does not exist reads as absent. */
static bool sysctl_flag(const char *name, const char *older)
{
	int v = 0;
	size_t len = sizeof v;
	if (sysctlbyname(name, &v, &len, NULL, 0) == 0)
		return v != 0;
	len = sizeof v;
	if (older && sysctlbyname(older, &v, &len, NULL, 0) == 0)
		return v != 0;
	return false;
}

static void detect(struct sumac_cpu *cpu)
{
	/* Every Apple arm64 CPU has SHA-1, SHA-256 and PMULL, and the oldest
	 * macOS releases for arm64 lack the FEAT_ keys: only SHA-512 varies. */
	cpu->arm_sha1 = true;
	cpu->arm_sha2 = true;
	cpu->arm_pmull = true;
	cpu->arm_sha512 = sysctl_flag("hw.optional.arm.FEAT_SHA512", "hw.optional.armv8_2_sha512");
}

#else
static void detect(struct sumac_cpu *cpu)
{
	(void)cpu;
}
#endif

/* The mask's names: those of GCC's x86 options (-mssse3, -msse4.1, -mavx2,
 * -mbmi2, -msha, -mavx512vl, -mpclmul, -mvpclmulqdq, -mavx512bw, -mavx512vbmi,
 * -mgfni), and the words of the
 * "Features" line of /proc/cpuinfo on Linux arm64.  No name is shared
 * between the two architectures.  "sse41" is taken too, as people drop the
 * dot, and the instructions' own names pclmulqdq and vpclmul (short for
 * GCC's). */
static const struct {
	const char *name;
	const char *alias; /* or NULL */
	const char *arch;
	size_t offset;
} features[SUMAC_CPU_NFEATURES] = {
	[SUMAC_CPU_X86_SSSE3] = {"ssse3", NULL, "x86", offsetof(struct sumac_cpu, x86_ssse3)},
	[SUMAC_CPU_X86_SSE41] = {"sse4.1", "sse41", "x86", offsetof(struct sumac_cpu, x86_sse41)},
	[SUMAC_CPU_X86_AVX2] = {"avx2", NULL, "x86", offsetof(struct sumac_cpu, x86_avx2)},
	[SUMAC_CPU_X86_BMI2] = {"bmi2", NULL, "x86", offsetof(struct sumac_cpu, x86_bmi2)},
	[SUMAC_CPU_X86_SHA] = {"sha", NULL, "x86", offsetof(struct sumac_cpu, x86_sha)},
	[SUMAC_CPU_X86_AVX512VL] = {"avx512vl", NULL, "x86",
				    offsetof(struct sumac_cpu, x86_avx512vl)},
	[SUMAC_CPU_X86_PCLMUL] = {"pclmul", "pclmulqdq", "x86",
				  offsetof(struct sumac_cpu, x86_pclmul)},
	[SUMAC_CPU_X86_VPCLMUL] = {"vpclmulqdq", "vpclmul", "x86",
				   offsetof(struct sumac_cpu, x86_vpclmul)},
	[SUMAC_CPU_X86_AVX512BW] = {"avx512bw", NULL, "x86",
				    offsetof(struct sumac_cpu, x86_avx512bw)},
	[SUMAC_CPU_X86_AVX512VBMI] = {"avx512vbmi", NULL, "x86",
				      offsetof(struct sumac_cpu, x86_avx512vbmi)},
	[SUMAC_CPU_X86_GFNI] = {"gfni", NULL, "x86", offsetof(struct sumac_cpu, x86_gfni)},
	[SUMAC_CPU_ARM_SHA1] = {"sha1", NULL, "arm", offsetof(struct sumac_cpu, arm_sha1)},
	[SUMAC_CPU_ARM_SHA2] = {"sha2", NULL, "arm", offsetof(struct sumac_cpu, arm_sha2)},
	[SUMAC_CPU_ARM_SHA512] = {"sha512", NULL, "arm", offsetof(struct sumac_cpu, arm_sha512)},
	[SUMAC_CPU_ARM_PMULL] = {"pmull", NULL, "arm", offsetof(struct sumac_cpu, arm_pmull)},
};

/* A field added to struct sumac_cpu without its enum value fails here; an
 * enum value without its row (no name) fails tests/unit/test_cpu. */
_Static_assert(sizeof(struct sumac_cpu) == SUMAC_CPU_NFEATURES * sizeof(bool),
	       "struct sumac_cpu and enum sumac_cpu_feature are out of step");
_Static_assert(SUMAC_CPU_NFEATURES <= sizeof(unsigned) * CHAR_BIT, "too many CPU features");

static bool *feature_field(struct sumac_cpu *cpu, enum sumac_cpu_feature f)
{
	return (bool *)((char *)cpu + features[f].offset);
}

static bool feature_set(const struct sumac_cpu *cpu, enum sumac_cpu_feature f)
{
	return *(const bool *)((const char *)cpu + features[f].offset);
}

/* The process's one view of the CPU.  pthread_once, not a flag, because
 * -j workers and the read-ahead thread may be the first to ask; the mask
 * and the model are only written before they start (cpu.h). */
static struct {
	pthread_once_t once;
	struct sumac_cpu real;   /* as detected */
	struct sumac_cpu seen;   /* real, or the simulated model's */
	struct sumac_cpu masked; /* seen less the mask */
	struct sumac_cpu host;   /* real less the mask */
	unsigned cleared;
	bool x86_amd;
	unsigned x86_family;
	const struct sumac_cpu_model *model;
} state = {PTHREAD_ONCE_INIT, {0}, {0}, {0}, {0}, 0, false, 0, NULL};

static void set_bits(struct sumac_cpu *cpu, unsigned bits)
{
	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++)
		*feature_field(cpu, (enum sumac_cpu_feature)f) = (bits & SUMAC_CPU_BIT(f)) != 0;
}

/* seen, masked and host from real, the model and the mask. */
static void derive(void)
{
	state.seen = state.real;
	if (state.model)
		set_bits(&state.seen, state.model->features);
	set_bits(&state.masked, sumac_cpu_bits(&state.seen) & ~state.cleared);
	set_bits(&state.host, sumac_cpu_bits(&state.real) & ~state.cleared);
}

static void detect_once(void)
{
#if defined(__x86_64__) || defined(__i386__)
	detect(&state.real, &state.x86_amd, &state.x86_family);
#else
	detect(&state.real);
#endif
	derive();
}

bool sumac_cpu_x86_amd(void)
{
	pthread_once(&state.once, detect_once);
	return state.model ? state.model->x86_amd : state.x86_amd;
}

unsigned sumac_cpu_x86_family(void)
{
	pthread_once(&state.once, detect_once);
	return state.model ? state.model->x86_family : state.x86_family;
}

const struct sumac_cpu *sumac_cpu_detected(void)
{
	pthread_once(&state.once, detect_once);
	return &state.seen;
}

const struct sumac_cpu *sumac_cpu_features(void)
{
	pthread_once(&state.once, detect_once);
	return &state.masked;
}

const struct sumac_cpu *sumac_cpu_host(void)
{
	pthread_once(&state.once, detect_once);
	return &state.host;
}

const char *sumac_cpu_feature_name(enum sumac_cpu_feature f)
{
	return (unsigned)f < SUMAC_CPU_NFEATURES ? features[f].name : NULL;
}

const char *sumac_cpu_feature_arch(enum sumac_cpu_feature f)
{
	return (unsigned)f < SUMAC_CPU_NFEATURES ? features[f].arch : NULL;
}

unsigned sumac_cpu_bits(const struct sumac_cpu *cpu)
{
	unsigned bits = 0;
	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++)
		if (feature_set(cpu, (enum sumac_cpu_feature)f))
			bits |= SUMAC_CPU_BIT(f);
	return bits;
}

unsigned sumac_cpu_cleared(void)
{
	pthread_once(&state.once, detect_once);
	return state.cleared;
}

/* ASCII only: a locale must not change what a name matches. */
static bool same_name(const char *item, size_t len, const char *name)
{
	if (strlen(name) != len)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)item[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		if (c != (unsigned char)name[i])
			return false;
	}
	return true;
}

static enum sumac_cpu_mask_status parse_mask(const char *spec, unsigned *bits, const char **bad,
					     size_t *badlen)
{
	const char *p = spec;

	*bits = 0;
	for (;;) {
		const size_t n = strcspn(p, ",");
		bool known = false;

		*bad = p;
		*badlen = n;
		if (n == 0) {
			*bad = spec;
			*badlen = strlen(spec);
			return SUMAC_CPU_MASK_EMPTY_ITEM;
		}
		if (p[0] != '-')
			return SUMAC_CPU_MASK_NOT_CLEARING;
		if (n == 1)
			return SUMAC_CPU_MASK_NO_NAME;
		for (int f = 0; f < SUMAC_CPU_NFEATURES; f++)
			if (same_name(p + 1, n - 1, features[f].name) ||
			    (features[f].alias && same_name(p + 1, n - 1, features[f].alias))) {
				*bits |= SUMAC_CPU_BIT(f);
				known = true;
			}
		if (!known)
			return SUMAC_CPU_MASK_UNKNOWN;
		if (p[n] == '\0')
			return SUMAC_CPU_MASK_OK;
		p += n + 1;
	}
}

enum sumac_cpu_mask_status sumac_cpu_set_mask(const char *spec, const char **bad, size_t *badlen)
{
	const char *where = NULL;
	size_t len = 0;
	unsigned bits = 0;

	if (spec && *spec) {
		const enum sumac_cpu_mask_status st = parse_mask(spec, &bits, &where, &len);
		if (st != SUMAC_CPU_MASK_OK) {
			if (bad)
				*bad = where;
			if (badlen)
				*badlen = len;
			return st;
		}
	}
	pthread_once(&state.once, detect_once);
	state.cleared = bits;
	derive();
	return SUMAC_CPU_MASK_OK;
}

/* The CPU models the tests simulate: one for each set of features and
 * each vendor-and-family rule (slower_here(), the SHA-1 filter's AMD rule)
 * that changes a choice, from the vendors' feature lists.  A model added
 * here is simulated by every test that loops over sumac_cpu_model(). */
#define X86(f)     SUMAC_CPU_BIT(SUMAC_CPU_X86_##f)
#define ARM(f)     SUMAC_CPU_BIT(SUMAC_CPU_ARM_##f)
#define X86_SSE4   (X86(SSSE3) | X86(SSE41) | X86(PCLMUL))
#define X86_AVX2   (X86_SSE4 | X86(AVX2) | X86(BMI2))
#define X86_AVX512 (X86(AVX512VL) | X86(AVX512BW) | X86(AVX512VBMI) | X86(GFNI) | X86(VPCLMUL))
static const struct sumac_cpu_model models[] = {
	{"intel-sse4", "Intel Sandy Bridge (family 6): SSE4.1, PCLMULQDQ, no AVX2", false, 6,
	 X86_SSE4},
	{"intel-avx2", "Intel Haswell to Comet Lake (family 6): AVX2, no SHA-NI, no AVX-512", false,
	 6, X86_AVX2},
	{"intel-avx512", "Intel Xeon, Ice Lake to Emerald Rapids (family 6): SHA-NI, AVX-512, GFNI",
	 false, 6, X86_AVX2 | X86(SHA) | X86_AVX512},
	{"zen2", "AMD Zen 2 (family 17h): SHA-NI, AVX2, no VPCLMULQDQ", true, 0x17,
	 X86_AVX2 | X86(SHA)},
	{"zen3", "AMD Zen 3 (family 19h): SHA-NI, AVX2, VPCLMULQDQ, no AVX-512", true, 0x19,
	 X86_AVX2 | X86(SHA) | X86(VPCLMUL)},
	{"zen4", "AMD Zen 4 (family 19h): SHA-NI, AVX-512, GFNI", true, 0x19,
	 X86_AVX2 | X86(SHA) | X86_AVX512},
	{"zen5", "AMD Zen 5 (family 1Ah): as Zen 4, two-cycle vector adds", true, 0x1a,
	 X86_AVX2 | X86(SHA) | X86_AVX512},
	{"armv8-crypto", "ARMv8 with the Crypto Extensions (Cortex-A72, Neoverse N1)", false, 0,
	 ARM(SHA1) | ARM(SHA2) | ARM(PMULL)},
	{"armv8.2-sha512", "ARMv8.2 with SHA-512 too (Neoverse V1, Apple M1)", false, 0,
	 ARM(SHA1) | ARM(SHA2) | ARM(PMULL) | ARM(SHA512)},
};

const struct sumac_cpu_model *sumac_cpu_model(size_t i)
{
	return i < sizeof models / sizeof models[0] ? &models[i] : NULL;
}

const struct sumac_cpu_model *sumac_cpu_model_find(const char *name)
{
	for (size_t i = 0; i < sizeof models / sizeof models[0]; i++)
		if (same_name(name, strlen(name), models[i].name))
			return &models[i];
	return NULL;
}

void sumac_cpu_simulate(const struct sumac_cpu_model *model)
{
	pthread_once(&state.once, detect_once);
	state.model = model;
	derive();
}

const struct sumac_cpu_model *sumac_cpu_simulated(void)
{
	pthread_once(&state.once, detect_once);
	return state.model;
}
