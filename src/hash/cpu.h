/* SPDX-License-Identifier: MIT */
/* CPU features that decide which backends can run.  Detection lives only in
 * cpu.c; everything else reads this struct.  Unknown platforms report no
 * features, so only the portable backend is usable there.
 *
 * A mask can clear detected features before any backend is chosen, as
 * OpenSSL's OPENSSL_ia32cap and glibc's glibc.cpu.hwcaps tunable do: the
 * program then behaves as on a CPU without them (SUMAC_CPU=-sha,-avx2),
 * and the tests choose backends for every subset of what this CPU has. */
#ifndef SUMAC_CPU_H
#define SUMAC_CPU_H

#include <stdbool.h>
#include <stddef.h>

struct sumac_cpu {
	bool x86_ssse3;
	bool x86_sse41;
	bool x86_avx2;
	bool x86_bmi2;       /* BMI2, and BMI1 with it (cpu.c) */
	bool x86_sha;        /* SHA-NI: SHA-1 and SHA-256 instructions */
	bool x86_avx512vl;   /* AVX-512F and AVX-512VL, with the ZMM state saved */
	bool x86_pclmul;     /* PCLMULQDQ: 64 x 64-bit carry-less multiply on xmm */
	bool x86_vpclmul;    /* VPCLMULQDQ: the same on ymm (and zmm) registers */
	bool x86_avx512bw;   /* AVX-512BW: byte and word operations on zmm */
	bool x86_avx512vbmi; /* AVX-512VBMI: byte permutes across a zmm (vpermb) */
	bool x86_gfni;       /* GFNI: GF(2^8) affine maps, on zmm here (with AVX-512) */
	bool arm_sha1;
	bool arm_sha2;
	bool arm_sha512;
	bool arm_pmull; /* PMULL: 64 x 64-bit polynomial multiply */
};

/* One per field of struct sumac_cpu; bit (1u << f) in the masks below. */
enum sumac_cpu_feature {
	SUMAC_CPU_X86_SSSE3,
	SUMAC_CPU_X86_SSE41,
	SUMAC_CPU_X86_AVX2,
	SUMAC_CPU_X86_BMI2,
	SUMAC_CPU_X86_SHA,
	SUMAC_CPU_X86_AVX512VL,
	SUMAC_CPU_X86_PCLMUL,
	SUMAC_CPU_X86_VPCLMUL,
	SUMAC_CPU_X86_AVX512BW,
	SUMAC_CPU_X86_AVX512VBMI,
	SUMAC_CPU_X86_GFNI,
	SUMAC_CPU_ARM_SHA1,
	SUMAC_CPU_ARM_SHA2,
	SUMAC_CPU_ARM_SHA512,
	SUMAC_CPU_ARM_PMULL,
	SUMAC_CPU_NFEATURES
};

#define SUMAC_CPU_BIT(f) (1u << (f))

/* The features after the mask: what every usable() check sees (those of
 * the simulated model, if any; see below).  Detects the CPU on first use,
 * once per process whichever thread comes first. */
const struct sumac_cpu *sumac_cpu_features(void);
/* The features as detected (or simulated), whatever the mask. */
const struct sumac_cpu *sumac_cpu_detected(void);
/* Whether the CPU is an AMD (or Hygon) x86 one: not a feature, but where
 * a kernel's speed was measured on one vendor's cores only (a rule in
 * hash/sha1dc.c).  No mask changes it. */
bool sumac_cpu_x86_amd(void);
/* The x86 family number (CPUID.1, with the extended family added as the
 * vendors count it: 0x19 for Zen 3 and 4, 0x1a for Zen 5), 0 elsewhere.
 * No mask changes it either. */
unsigned sumac_cpu_x86_family(void);

/* ---- A test aid: a simulated CPU model.
 *
 * Which row auto takes depends on the CPU model (its features, and for
 * some rows its vendor and family: slower_here()), so the tests must see
 * the choice of every model a user or a CI machine may have, on whichever
 * machine runs them.  Simulating a model replaces what detection found
 * (features, vendor, family) for every choice and every listing; what may
 * actually run stays the real CPU's: sumac_cpu_host().  A mask applies to
 * both.  Nothing in the product simulates unless told to by a test
 * (SUMAC_TEST_CPU_MODEL, read by the CLI; man sumac, TEST AIDS). */
struct sumac_cpu_model {
	const char *name; /* "zen4" */
	const char *what; /* "AMD Zen 4 (family 19h): ..." */
	bool x86_amd;
	unsigned x86_family;
	unsigned features; /* SUMAC_CPU_BIT()s */
};

/* The models, i = 0, 1, ... until NULL. */
const struct sumac_cpu_model *sumac_cpu_model(size_t i);
/* The model of that name (ASCII case ignored), or NULL. */
const struct sumac_cpu_model *sumac_cpu_model_find(const char *name);
/* From now on the CPU is the model's (NULL: the real one again); the
 * mask is kept.  Not while other threads choose backends, as for
 * sumac_cpu_set_mask(). */
void sumac_cpu_simulate(const struct sumac_cpu_model *model);
/* The model simulated, or NULL. */
const struct sumac_cpu_model *sumac_cpu_simulated(void);
/* The real CPU's features after the mask: what a kernel needs to run.
 * The same as sumac_cpu_features() unless a model is simulated. */
const struct sumac_cpu *sumac_cpu_host(void);

/* The name a mask uses for f ("ssse3", "sse4.1", "sha", "sha512"...; the
 * mask also takes "sse41") and its architecture ("x86" or "arm"); NULL for
 * f out of range. */
const char *sumac_cpu_feature_name(enum sumac_cpu_feature f);
const char *sumac_cpu_feature_arch(enum sumac_cpu_feature f);
/* The features set in cpu, as SUMAC_CPU_BIT()s. */
unsigned sumac_cpu_bits(const struct sumac_cpu *cpu);
/* The features the mask names, detected or not, as SUMAC_CPU_BIT()s. */
unsigned sumac_cpu_cleared(void);

enum sumac_cpu_mask_status {
	SUMAC_CPU_MASK_OK,
	SUMAC_CPU_MASK_EMPTY_ITEM,   /* ",-sha", "-sha,", "-sha,,-avx2" */
	SUMAC_CPU_MASK_NOT_CLEARING, /* "sha" or "+sha": a mask only clears */
	SUMAC_CPU_MASK_NO_NAME,      /* "-" alone */
	SUMAC_CPU_MASK_UNKNOWN       /* "-shaa": no feature of any architecture */
};

/* Sets the mask from spec, a comma-separated list of "-NAME" items (names
 * in any case).  A name of the other architecture is accepted: it is never
 * detected here, so clearing it changes nothing, and one setting can serve
 * machines of both kinds.  NULL or "" means no mask.  On an error the mask
 * is left as it was, and *bad, *badlen (if not NULL) point at the
 * offending item inside spec (not NUL-terminated; the whole spec for an
 * empty item).  Not for use while other threads choose backends: set it at
 * start-up, or between the single-threaded steps of a test. */
enum sumac_cpu_mask_status sumac_cpu_set_mask(const char *spec, const char **bad, size_t *badlen);

#endif
