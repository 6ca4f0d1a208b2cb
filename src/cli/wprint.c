/* SPDX-License-Identifier: MIT */
/* glibc's printable characters, from a generated range table. */
#include "config.h"

#include <stddef.h>
#include <wctype.h>

#include "cli/wprint.h"
#include "cli/wprint_table.h"

bool wprint_table(wchar_t wc)
{
	if (wc < 0x80)
		return wc >= 0x20 && wc < 0x7f;
	const unsigned c = (unsigned)wc;
	size_t lo = 0, hi = sizeof wprint_ranges / sizeof wprint_ranges[0];
	while (lo < hi) {
		const size_t mid = lo + (hi - lo) / 2;
		if (c < wprint_ranges[mid][0])
			hi = mid;
		else if (c > wprint_ranges[mid][1])
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

bool wprint(wchar_t wc)
{
#ifdef __GLIBC__
	return iswprint((wint_t)wc) != 0;
#else
	return wprint_table(wc);
#endif
}
