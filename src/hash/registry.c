/* SPDX-License-Identifier: MIT */
/* The registry table and the choice of an implementation.
 *
 * Entries for backends that configure did not build are left out by the
 * preprocessor; a backend token that is known but not compiled in is still
 * reported as such, so that --backend and --list-backends can say so. */
#include "config.h"

#include <string.h>

#include "hash/portable/portable.h"
#include "hash/registry.h"
#if HAVE_X86_SHA
#include "hash/x86/shani.h"
#endif
#if HAVE_X86_AVX2
#include "hash/x86/avx2.h"
#endif
#if HAVE_ARM_SHA2 || HAVE_ARM_SHA512
#include "hash/arm/armv8.h"
#endif
#if HAVE_COMMONCRYPTO
#include "hash/apple/commoncrypto.h"
#endif
#if HAVE_OPENSSL
#include "hash/openssl/openssl.h"
#endif

#define ALGOS_MD5        SUMAC_ALGO_BIT(SUMAC_MD5)
#define ALGOS_SHA1       SUMAC_ALGO_BIT(SUMAC_SHA1)
#define ALGOS_SHA256     (SUMAC_ALGO_BIT(SUMAC_SHA224) | SUMAC_ALGO_BIT(SUMAC_SHA256))
#define ALGOS_SHA384_512 (SUMAC_ALGO_BIT(SUMAC_SHA384) | SUMAC_ALGO_BIT(SUMAC_SHA512))
#define ALGOS_SHA512                                                                               \
	(ALGOS_SHA384_512 | SUMAC_ALGO_BIT(SUMAC_SHA512_224) | SUMAC_ALGO_BIT(SUMAC_SHA512_256))

#if HAVE_X86_SHA
/* SHA-NI (CPUID.7.0:EBX bit 29) code also uses SSSE3 shuffles and SSE4.1
 * blends and extracts, so all three must be present. */
static bool shani_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_sha && cpu->x86_ssse3 && cpu->x86_sse41;
}
#endif

#if HAVE_X86_AVX2
/* AVX2 message schedule (with the OS saving YMM state) and BMI2 rorx rounds. */
static bool avx2_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_avx2 && cpu->x86_bmi2;
}
#endif

#if HAVE_ARM_SHA2
static bool armv8_sha1_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_sha1;
}

static bool armv8_sha2_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_sha2;
}
#endif

#if HAVE_ARM_SHA512
static bool armv8_sha512_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_sha512;
}
#endif

const struct sumac_impl sumac_impls[] = {
#if HAVE_X86_SHA
	{"sha1-x86-shani", "x86-shani", SUMAC_FAMILY_SHA1, ALGOS_SHA1, 250, shani_usable,
	 sumac_sha1_blocks_shani, NULL},
	{"sha256-x86-shani", "x86-shani", SUMAC_FAMILY_SHA256, ALGOS_SHA256, 250, shani_usable,
	 sumac_sha256_blocks_shani, NULL},
#endif
#if HAVE_X86_AVX2
	/* Measured 1.45-1.53x portable on 64 MiB, 1.19x at 1 KiB, and at
	 * least even with it for a single-block message (1.02x at 16 B). */
	{"sha512-x86-avx2", "x86-avx2", SUMAC_FAMILY_SHA512, ALGOS_SHA512, 240, avx2_usable,
	 sumac_sha512_blocks_avx2, NULL},
#endif
#if HAVE_ARM_SHA2
	{"sha1-armv8", "armv8", SUMAC_FAMILY_SHA1, ALGOS_SHA1, 200, armv8_sha1_usable,
	 sumac_sha1_blocks_armv8, NULL},
	{"sha256-armv8", "armv8", SUMAC_FAMILY_SHA256, ALGOS_SHA256, 200, armv8_sha2_usable,
	 sumac_sha256_blocks_armv8, NULL},
#endif
#if HAVE_ARM_SHA512
	{"sha512-armv8", "armv8", SUMAC_FAMILY_SHA512, ALGOS_SHA512, 200, armv8_sha512_usable,
	 sumac_sha512_blocks_armv8, NULL},
#endif
#if HAVE_COMMONCRYPTO
	/* CommonCrypto has no SHA-512/t and no MD5 here (deprecated there). */
	{"sha1-commoncrypto", "commoncrypto", SUMAC_FAMILY_SHA1, ALGOS_SHA1, 180, NULL, NULL,
	 &sumac_commoncrypto_stream},
	{"sha256-commoncrypto", "commoncrypto", SUMAC_FAMILY_SHA256, ALGOS_SHA256, 180, NULL, NULL,
	 &sumac_commoncrypto_stream},
	{"sha512-commoncrypto", "commoncrypto", SUMAC_FAMILY_SHA512, ALGOS_SHA384_512, 180, NULL,
	 NULL, &sumac_commoncrypto_stream},
#endif
#if HAVE_OPENSSL
	{"md5-openssl", "openssl", SUMAC_FAMILY_MD5, ALGOS_MD5, 150, NULL, NULL,
	 &sumac_openssl_stream},
	{"sha1-openssl", "openssl", SUMAC_FAMILY_SHA1, ALGOS_SHA1, 150, NULL, NULL,
	 &sumac_openssl_stream},
	{"sha256-openssl", "openssl", SUMAC_FAMILY_SHA256, ALGOS_SHA256, 150, NULL, NULL,
	 &sumac_openssl_stream},
	{"sha512-openssl", "openssl", SUMAC_FAMILY_SHA512, ALGOS_SHA512, 150, NULL, NULL,
	 &sumac_openssl_stream},
#endif
	{"md5-portable", "portable", SUMAC_FAMILY_MD5, ALGOS_MD5, 100, NULL,
	 sumac_md5_blocks_portable, NULL},
	{"sha1-portable", "portable", SUMAC_FAMILY_SHA1, ALGOS_SHA1, 100, NULL,
	 sumac_sha1_blocks_portable, NULL},
	{"sha256-portable", "portable", SUMAC_FAMILY_SHA256, ALGOS_SHA256, 100, NULL,
	 sumac_sha256_blocks_portable, NULL},
	{"sha512-portable", "portable", SUMAC_FAMILY_SHA512, ALGOS_SHA512, 100, NULL,
	 sumac_sha512_blocks_portable, NULL},
};

const size_t sumac_nimpls = sizeof sumac_impls / sizeof sumac_impls[0];

const char *const sumac_known_backends[] = {
	"x86-shani", "x86-avx2", "armv8", "commoncrypto", "openssl", "portable", NULL,
};

bool sumac_impl_serves(const struct sumac_impl *impl, enum sumac_algo algo)
{
	return (impl->algos & SUMAC_ALGO_BIT(algo)) != 0;
}

bool sumac_impl_usable(const struct sumac_impl *impl)
{
	return impl->usable == NULL || impl->usable(sumac_cpu_features());
}

bool sumac_backend_known(const char *backend)
{
	for (size_t i = 0; sumac_known_backends[i]; i++)
		if (strcmp(sumac_known_backends[i], backend) == 0)
			return true;
	return false;
}

const struct sumac_impl *sumac_portable_impl(enum sumac_family family)
{
	for (size_t i = 0; i < sumac_nimpls; i++)
		if (sumac_impls[i].family == family &&
		    strcmp(sumac_impls[i].backend, "portable") == 0)
			return &sumac_impls[i];
	return NULL;
}

void sumac_digest_portable(enum sumac_algo algo, const void *data, size_t len, uint8_t *out)
{
	(void)sumac_digest(algo, sumac_portable_impl(sumac_algo_info(algo)->family), data, len,
			   out);
}

/* Like Linux's testmgr, an accelerated implementation must reproduce the
 * portable answer on a known input before it is trusted: a CPU or VM that
 * advertises an instruction it executes wrongly then costs speed, not
 * correctness.  Two blocks plus a tail cover the multi-block loop. */
static bool impl_selftest(const struct sumac_impl *impl, enum sumac_algo algo)
{
	uint8_t msg[2 * SUMAC_MAX_BLOCK + 17];
	uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
	const unsigned len = sumac_algo_info(algo)->digest_len;

	for (size_t i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 131u + 7u);
	sumac_digest_portable(algo, msg, sizeof msg, want);
	if (sumac_digest(algo, impl, msg, sizeof msg, got) != 0)
		return false;
	return memcmp(want, got, len) == 0;
}

static bool is_portable(const struct sumac_impl *impl)
{
	return strcmp(impl->backend, "portable") == 0;
}

static bool library_refuses(const struct sumac_impl *impl, enum sumac_algo algo)
{
	return impl->stream && impl->stream->supports && !impl->stream->supports(algo);
}

bool sumac_impl_available(const struct sumac_impl *impl, enum sumac_algo algo)
{
	return sumac_impl_usable(impl) && !library_refuses(impl, algo);
}

static enum sumac_select_status select_forced(enum sumac_algo algo, const char *backend,
					      struct sumac_selection *sel)
{
	bool compiled = false;

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (strcmp(impl->backend, backend) != 0)
			continue;
		compiled = true;
		if (!sumac_impl_serves(impl, algo))
			continue;
		if (!sumac_impl_usable(impl))
			return sel->status = SUMAC_SELECT_UNUSABLE;
		if (library_refuses(impl, algo))
			return sel->status = SUMAC_SELECT_REFUSED;
		if (!is_portable(impl) && !impl_selftest(impl, algo))
			return sel->status = SUMAC_SELECT_SELFTEST_FAILED;
		sel->impl = impl;
		return sel->status = SUMAC_SELECT_OK;
	}
	if (!compiled)
		return sel->status = sumac_backend_known(backend) ? SUMAC_SELECT_NOT_COMPILED
								  : SUMAC_SELECT_UNKNOWN_BACKEND;
	return sel->status = SUMAC_SELECT_NO_ALGO;
}

static void note_skipped(struct sumac_selection *sel, const struct sumac_impl *impl,
			 enum sumac_select_status why)
{
	if (sel->nskipped < sizeof sel->skipped / sizeof sel->skipped[0]) {
		sel->skipped[sel->nskipped] = impl;
		sel->skipped_why[sel->nskipped] = why;
		sel->nskipped++;
	}
}

enum sumac_select_status sumac_select(enum sumac_algo algo, const char *backend,
				      struct sumac_selection *sel)
{
	memset(sel, 0, sizeof *sel);
	if (backend && strcmp(backend, "auto") != 0)
		return select_forced(algo, backend, sel);

	/* Try candidates from the highest priority down. */
	int ceiling = 1 << 30;
	for (;;) {
		const struct sumac_impl *best = NULL;
		for (size_t i = 0; i < sumac_nimpls; i++) {
			const struct sumac_impl *impl = &sumac_impls[i];
			if (!sumac_impl_serves(impl, algo) || impl->priority >= ceiling)
				continue;
			if (!best || impl->priority > best->priority)
				best = impl;
		}
		/* No portable entry: a build bug. */
		if (!best)
			return sel->status = SUMAC_SELECT_NO_ALGO;
		ceiling = best->priority;
		if (!sumac_impl_usable(best)) {
			note_skipped(sel, best, SUMAC_SELECT_UNUSABLE);
			continue;
		}
		if (library_refuses(best, algo)) {
			note_skipped(sel, best, SUMAC_SELECT_REFUSED);
			continue;
		}
		if (!is_portable(best) && !impl_selftest(best, algo)) {
			note_skipped(sel, best, SUMAC_SELECT_SELFTEST_FAILED);
			continue;
		}
		sel->impl = best;
		return sel->status = SUMAC_SELECT_OK;
	}
}
