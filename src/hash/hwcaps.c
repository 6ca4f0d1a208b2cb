/* SPDX-License-Identifier: MIT */
/* glibc.cpu.hwcaps, read the way GNU cksum 9.8+ reads it (hwcaps.h).  The
 * rules are gnulib's (lib/cpu-supports.c), including its leniencies: a
 * "glibc.cpu.hwcaps=" inside another word still counts, and what comes
 * before the '-' of an item is not looked at.  Matching them exactly is
 * the point: any setting must turn off the paths GNU turns off. */
#include "config.h"

#include "hash/hwcaps.h"

#include <limits.h>
#include <stdbool.h>
#include <string.h>

_Static_assert(SUMAC_HWCAP_N <= sizeof(unsigned) * CHAR_BIT, "too many hwcap names");

static const char *const names[SUMAC_HWCAP_N] = {
	[SUMAC_HWCAP_AVX] = "AVX",
	[SUMAC_HWCAP_AVX2] = "AVX2",
	[SUMAC_HWCAP_AVX512F] = "AVX512F",
	[SUMAC_HWCAP_AVX512BW] = "AVX512BW",
	[SUMAC_HWCAP_PCLMULQDQ] = "PCLMULQDQ",
	[SUMAC_HWCAP_VPCLMULQDQ] = "VPCLMULQDQ",
	[SUMAC_HWCAP_PMULL] = "PMULL",
};

static unsigned off_bits;

const char *sumac_hwcap_name(enum sumac_hwcap h)
{
	return (unsigned)h < SUMAC_HWCAP_N ? names[h] : NULL;
}

/* The text after the last "glibc.cpu.hwcaps=" in tunables, and its
 * length up to the next ':' (glibc separates tunables with ':', and the
 * last setting of one wins); NULL if there is none. */
static const char *hwcaps_value(const char *tunables, size_t *len)
{
	static const char key[] = "glibc.cpu.hwcaps=";
	const char *value = NULL;

	for (const char *p = tunables; (p = strstr(p, key)) != NULL; p++)
		value = p + sizeof key - 1;
	if (value)
		*len = strcspn(value, ":");
	return value;
}

/* Whether "-name" stands in value[0, len) as a whole item: followed by
 * ',' or the end of the value (a ':' ends the value too). */
static bool item_off(const char *value, size_t len, const char *name)
{
	const size_t n = strlen(name);

	for (size_t i = 0; i + 1 + n <= len; i++) {
		if (value[i] != '-' || strncmp(value + i + 1, name, n) != 0)
			continue;
		const char after = value[i + 1 + n];
		if (i + 1 + n == len || after == ',')
			return true;
	}
	return false;
}

unsigned sumac_hwcaps_parse(const char *tunables)
{
	size_t len = 0;
	const char *value = tunables ? hwcaps_value(tunables, &len) : NULL;
	unsigned bits = 0;

	if (!value)
		return 0;
	for (int h = 0; h < SUMAC_HWCAP_N; h++)
		if (item_off(value, len, names[h]))
			bits |= SUMAC_HWCAP_BIT(h);
	return bits;
}

void sumac_hwcaps_set_off(unsigned bits)
{
	off_bits = bits;
}

unsigned sumac_hwcaps_off(void)
{
	return off_bits;
}
