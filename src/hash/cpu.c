/* SPDX-License-Identifier: MIT */
/* Run-time CPU feature detection: the only place that asks the CPU or the
 * OS what the hardware can do.  Each platform branch fills the same struct;
 * anything unknown stays false, which leaves the portable backend. */
#include "config.h"

#include "hash/cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <stddef.h>

/* XGETBV with ECX=0 reads XCR0, the set of register states the OS saves on
 * a context switch.  Written as bytes so no -mxsave flag is needed. */
static unsigned long long read_xcr0(void)
{
	unsigned eax, edx;
	__asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(eax), "=d"(edx) : "c"(0));
	return (unsigned long long)edx << 32 | eax;
}

static void detect(struct sumac_cpu *cpu)
{
	unsigned a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return;
	cpu->x86_ssse3 = (c >> 9) & 1;      /* CPUID.1:ECX.SSSE3[bit 9] */
	cpu->x86_sse41 = (c >> 19) & 1;     /* CPUID.1:ECX.SSE4_1[bit 19] */
	const bool osxsave = (c >> 27) & 1; /* CPUID.1:ECX.OSXSAVE[bit 27] */
	const bool avx = (c >> 28) & 1;     /* CPUID.1:ECX.AVX[bit 28] */
	/* AVX registers are only usable if the OS saves XMM and YMM state
	 * (XCR0 bits 1 and 2). */
	const bool ymm_saved = osxsave && avx && (read_xcr0() & 0x6) == 0x6;

	if (__get_cpuid_max(0, NULL) < 7)
		return;
	__cpuid_count(7, 0, a, b, c, d);
	cpu->x86_sha = (b >> 29) & 1;                /* CPUID.7.0:EBX.SHA[bit 29] */
	cpu->x86_avx2 = ymm_saved && ((b >> 5) & 1); /* CPUID.7.0:EBX.AVX2[bit 5] */
	cpu->x86_bmi2 = (b >> 8) & 1;                /* CPUID.7.0:EBX.BMI2[bit 8] */
}

#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
/* Bit values of the Linux arm64 ABI (asm/hwcap.h), spelled out so that old
 * headers without them still build. */
#define SUMAC_HWCAP_SHA1   (1UL << 5)
#define SUMAC_HWCAP_SHA2   (1UL << 6)
#define SUMAC_HWCAP_SHA512 (1UL << 21)

static void detect(struct sumac_cpu *cpu)
{
	const unsigned long hw = getauxval(AT_HWCAP);
	cpu->arm_sha1 = (hw & SUMAC_HWCAP_SHA1) != 0;
	cpu->arm_sha2 = (hw & SUMAC_HWCAP_SHA2) != 0;
	cpu->arm_sha512 = (hw & SUMAC_HWCAP_SHA512) != 0;
}

#elif defined(__aarch64__) && defined(__FreeBSD__)
#include <sys/auxv.h>
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
}

#elif defined(__aarch64__) && defined(__APPLE__)
#include <stddef.h>
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
	/* Every Apple arm64 CPU has SHA-1 and SHA-256, and the oldest macOS
	 * releases for arm64 lack the FEAT_ keys: only SHA-512 varies. */
	cpu->arm_sha1 = true;
	cpu->arm_sha2 = true;
	cpu->arm_sha512 = sysctl_flag("hw.optional.arm.FEAT_SHA512", "hw.optional.armv8_2_sha512");
}

#else
static void detect(struct sumac_cpu *cpu)
{
	(void)cpu;
}
#endif

const struct sumac_cpu *sumac_cpu_features(void)
{
	static struct sumac_cpu cpu;
	static bool done;

	if (!done) {
		detect(&cpu);
		done = true;
	}
	return &cpu;
}
