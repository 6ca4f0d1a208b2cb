/* SPDX-License-Identifier: MIT */
/* glibc.cpu.hwcaps as GNU cksum reads it.  From GNU 9.8, cksum asks
 * gnulib's cpu_supports() before each hardware CRC path, and that honours
 * the GLIBC_TUNABLES setting glibc.cpu.hwcaps=-AVX2,... on any libc: a
 * user's way to keep a path off.  sumac's CRC rows carry the names GNU
 * checks for the matching path (registry.h, hwcaps), so that the same
 * setting turns the same path off here; no other row reads it.
 *
 * This layer never reads the environment: the CLI passes the variable's
 * text to sumac_hwcaps_parse() and the result to sumac_hwcaps_set_off(),
 * for the GNU releases that honour it (src/cli/cpumask.c). */
#ifndef SUMAC_HWCAPS_H
#define SUMAC_HWCAPS_H

/* The glibc names GNU's cksum consults, spelt as glibc spells them. */
enum sumac_hwcap {
	SUMAC_HWCAP_AVX,
	SUMAC_HWCAP_AVX2,
	SUMAC_HWCAP_AVX512F,
	SUMAC_HWCAP_AVX512BW,
	SUMAC_HWCAP_PCLMULQDQ,
	SUMAC_HWCAP_VPCLMULQDQ,
	SUMAC_HWCAP_PMULL,
	SUMAC_HWCAP_N
};

#define SUMAC_HWCAP_BIT(h) (1u << (h))

/* "AVX512F" for SUMAC_HWCAP_AVX512F; NULL out of range. */
const char *sumac_hwcap_name(enum sumac_hwcap h);

/* The SUMAC_HWCAP_BIT()s that tunables (GLIBC_TUNABLES's text, or NULL)
 * turns off, read as gnulib reads it: the value of the last
 * "glibc.cpu.hwcaps=" anywhere in the text, up to the next ':'; a name
 * is off where "-NAME" occurs in that value followed by ',', ':' or the
 * end.  Names are case-sensitive, unknown ones and anything else are
 * ignored, and nothing is ever an error. */
unsigned sumac_hwcaps_parse(const char *tunables);

/* The names turned off for this process (0 at start).  Set it before
 * anything chooses a backend, as with sumac_cpu_set_mask(). */
void sumac_hwcaps_set_off(unsigned bits);
unsigned sumac_hwcaps_off(void);

#endif
