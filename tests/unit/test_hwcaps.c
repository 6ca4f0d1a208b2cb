/* SPDX-License-Identifier: MIT */
/* glibc.cpu.hwcaps as GNU cksum 9.8+ reads it (src/hash/hwcaps.c): every
 * form of the GLIBC_TUNABLES text, each case checked live against GNU
 * 9.10 and 9.11 by tests/cli/cksum.bats; then what the names do to the
 * choice of CRC row (only CRC rows, only the paths GNU checks them for),
 * and that the mask and SUMAC_CPU combine. */
#include "config.h"

#include <string.h>

#include "hash/cpu.h"
#include "hash/hwcaps.h"
#include "hash/registry.h"
#include "tap.h"

#define B(h) SUMAC_HWCAP_BIT(SUMAC_HWCAP_##h)

static const struct {
	const char *text; /* NULL: the variable unset */
	unsigned off;
	const char *why;
} cases[] = {
	{NULL, 0, "unset"},
	{"", 0, "empty"},
	{"glibc.cpu.hwcaps=", 0, "an empty value"},
	{"glibc.cpu.hwcaps=-AVX512F,-AVX2,-AVX,-PMULL", B(AVX512F) | B(AVX2) | B(AVX) | B(PMULL),
	 "GNU's test value: each item is whole, -AVX is not a prefix of -AVX2"},
	{"glibc.cpu.hwcaps=-AVX", B(AVX), "one item"},
	{"glibc.cpu.hwcaps=-AVX2", B(AVX2), "-AVX2 does not clear AVX"},
	{"glibc.cpu.hwcaps=-PCLMULQDQ", B(PCLMULQDQ), "glibc's name"},
	{"glibc.cpu.hwcaps=-PCLMUL", 0, "a prefix of a name is no name"},
	{"glibc.cpu.hwcaps=-VPCLMULQDQ", B(VPCLMULQDQ), "-VPCLMULQDQ is not -PCLMULQDQ"},
	{"glibc.cpu.hwcaps=-AVX512BW", B(AVX512BW), "AVX512BW"},
	{"glibc.cpu.hwcaps=-avx512f", 0, "names are case-sensitive"},
	{"glibc.cpu.hwcaps=AVX512F", 0, "without '-' nothing is cleared"},
	{"glibc.cpu.hwcaps=+AVX512F", 0, "'+' clears nothing"},
	{"glibc.cpu.hwcaps=-AVX512F,", B(AVX512F), "a trailing ','"},
	{"glibc.cpu.hwcaps=,-AVX512F", B(AVX512F), "a leading ','"},
	{"glibc.cpu.hwcaps=-AVX512FX,-AVX512F", B(AVX512F), "a longer name, then the name"},
	{"glibc.cpu.hwcaps=-AVX512FX", 0, "a longer name only"},
	{"glibc.cpu.hwcaps=-AVX512F=1", 0, "a name followed by anything but ',' or ':'"},
	{"glibc.cpu.hwcaps=x,-AVX512F,-AVX2", B(AVX512F) | B(AVX2), "unknown items are skipped"},
	{"glibc.cpu.hwcaps=-SSE4_2,-AVX2", B(AVX2), "names cksum does not check are ignored"},
	{"glibc.cpu.hwcaps= -AVX512F", B(AVX512F), "a blank before the item"},
	{"glibc.cpu.hwcaps=-FOO-AVX512F", B(AVX512F),
	 "what stands before the '-' is not looked at"},
	{"glibc.malloc.check=0:glibc.cpu.hwcaps=-AVX512F", B(AVX512F),
	 "several tunables, separated by ':'"},
	{"glibc.cpu.hwcaps=-AVX2:glibc.malloc.check=0", B(AVX2), "the value ends at ':'"},
	{"glibc.cpu.hwcaps=-AVX2:-AVX512F", B(AVX2), "an item after ':' belongs to no value"},
	{"glibc.cpu.hwcaps=-AVX512F:glibc.cpu.hwcaps=-AVX2", B(AVX2), "the last setting wins"},
	{"glibc.cpu.hwcaps=-AVX2:glibc.cpu.hwcaps=", 0, "the last setting wins, even empty"},
	{"xglibc.cpu.hwcaps=-AVX512F", B(AVX512F), "the key inside a longer word still counts"},
	{"glibc.cpu.x86_foo=glibc.cpu.hwcaps=-AVX512F", B(AVX512F), "the key inside a value too"},
	{"glibc.cpu.hwcaps-AVX512F", 0, "no '=': no setting"},
	{"glibc.malloc.check=0", 0, "other tunables only"},
	{"-AVX512F", 0, "items without the key"},
	{"glibc.cpu.hwcaps=-AVX512F-AVX512F", B(AVX512F), "a name running into its own repeat"},
	{"glibc.cpu.hwcaps=-PMULL", B(PMULL), "arm64's name"},
	{"glibc.cpu.hwcaps=-AVX,-AVX2,-AVX512F,-AVX512BW,-PCLMULQDQ,-VPCLMULQDQ,-PMULL",
	 (1u << SUMAC_HWCAP_N) - 1, "every name"},
};

static void test_parse(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const unsigned got = sumac_hwcaps_parse(cases[i].text);
		tap_ok(got == cases[i].off, "%s: '%s' -> 0x%x (want 0x%x)", cases[i].why,
		       cases[i].text ? cases[i].text : "(unset)", got, cases[i].off);
	}
	bool named = true;
	for (int h = 0; h < SUMAC_HWCAP_N; h++)
		named = named && sumac_hwcap_name((enum sumac_hwcap)h) != NULL;
	tap_ok(named && sumac_hwcap_name(SUMAC_HWCAP_N) == NULL, "every name has its text");
}

static bool is_crc(const struct sumac_impl *impl)
{
	return impl->family == SUMAC_FAMILY_CRC || impl->family == SUMAC_FAMILY_CRC32B;
}

/* The choice for algo with names off, and sumac's own mask spec. */
static const struct sumac_impl *chosen(enum sumac_algo algo, unsigned off, const char *mask)
{
	struct sumac_selection sel;
	sumac_hwcaps_set_off(off);
	sumac_cpu_set_mask(mask, NULL, NULL);
	const enum sumac_select_status st = sumac_select(algo, NULL, &sel);
	sumac_hwcaps_set_off(0);
	sumac_cpu_set_mask(NULL, NULL, NULL);
	return st == SUMAC_SELECT_OK ? sel.impl : NULL;
}

/* Only the CRC rows read the names, and no other algorithm's choice moves
 * with every name off. */
static void test_rows(void)
{
	bool only_crc = true;
	for (size_t i = 0; i < sumac_nimpls; i++)
		if (sumac_impls[i].hwcaps && !is_crc(&sumac_impls[i]))
			only_crc = false;
	tap_ok(only_crc, "no row outside crc and crc32b reads glibc.cpu.hwcaps");

	bool same = true;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const struct sumac_impl *plain = chosen((enum sumac_algo)a, 0, NULL);
		if (plain && !is_crc(plain))
			same = same && chosen((enum sumac_algo)a, ~0u, NULL) == plain;
	}
	tap_ok(same, "every other algorithm's choice is the same with every name off");

	const struct sumac_impl *crc = chosen(SUMAC_CRC, ~0u, NULL);
	const struct sumac_impl *crc32b = chosen(SUMAC_CRC32B, ~0u, NULL);
	tap_ok(crc && strcmp(crc->backend, "portable") == 0 && crc32b &&
		       strcmp(crc32b->backend, "portable") == 0,
	       "every name off: crc and crc32b are portable");
}

static const char *backend_of(enum sumac_algo algo, unsigned off, const char *mask)
{
	const struct sumac_impl *impl = chosen(algo, off, mask);
	return impl ? impl->backend : "(none)";
}

/* Each GNU path's names against the rows, where this CPU and build have
 * the rows; the expectations are GNU's (cksum.bats compares them live). */
static void test_paths(void)
{
	const char *best = backend_of(SUMAC_CRC, 0, NULL);
	tap_diag("crc without names off: %s", best);
	if (strcmp(best, "x86-avx512") == 0) {
		/* GNU checks no AVX or AVX2 for the zmm path, no AVX for ymm. */
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(AVX) | B(AVX2), NULL), "x86-avx512") == 0,
		       "-AVX,-AVX2 leave crc's zmm path");
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(AVX512F), NULL), "x86-vpclmul") == 0 &&
			       strcmp(backend_of(SUMAC_CRC, B(AVX512BW), NULL), "x86-vpclmul") == 0,
		       "-AVX512F or -AVX512BW: crc's ymm path");
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(AVX512F) | B(AVX), NULL), "x86-vpclmul") == 0,
		       "-AVX512F,-AVX: still ymm");
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(VPCLMULQDQ), NULL), "x86-pclmul") == 0,
		       "-VPCLMULQDQ: crc's xmm path");
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(PCLMULQDQ), NULL), "x86-avx512") == 0,
		       "-PCLMULQDQ leaves crc's zmm path");
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(AVX512F) | B(AVX2) | B(AVX), NULL),
			      "portable") == 0,
		       "-AVX512F,-AVX2,-AVX: crc portable");
		/* crc32b: GNU's one path is gnulib's, checked by AVX and
		 * PCLMULQDQ; the wider rows also by their own names. */
		tap_ok(strcmp(backend_of(SUMAC_CRC32B, B(AVX), NULL), "portable") == 0 &&
			       strcmp(backend_of(SUMAC_CRC32B, B(PCLMULQDQ), NULL), "portable") ==
				       0,
		       "-AVX or -PCLMULQDQ: crc32b portable");
		tap_ok(strcmp(backend_of(SUMAC_CRC32B, B(AVX512F), NULL), "x86-vpclmul") == 0 &&
			       strcmp(backend_of(SUMAC_CRC32B, B(AVX512F) | B(AVX2), NULL),
				      "x86-pclmul") == 0,
		       "-AVX512F: crc32b ymm; with -AVX2, xmm");
		/* Both masks at once: SUMAC_CPU's avx2 and the names' AVX512F
		 * leave only xmm. */
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(AVX512F), "-avx2"), "x86-pclmul") == 0,
		       "glibc.cpu.hwcaps -AVX512F with SUMAC_CPU=-avx2: crc's xmm path");
	} else if (strcmp(best, "armv8") == 0) {
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(PMULL), NULL), "portable") == 0 &&
			       strcmp(backend_of(SUMAC_CRC32B, B(PMULL), NULL), "portable") == 0,
		       "-PMULL: crc and crc32b portable");
		tap_ok(strcmp(backend_of(SUMAC_CRC, B(AVX512F) | B(AVX2) | B(AVX), NULL),
			      "armv8") == 0,
		       "x86 names leave arm64's path");
	} else {
		tap_diag("no zmm or PMULL CRC row chosen here: the path cases need one");
	}
}

int main(void)
{
	test_parse();
	test_rows();
	test_paths();
	return tap_done();
}
