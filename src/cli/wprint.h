/* SPDX-License-Identifier: MIT */
/* Which characters a file name may show unquoted, as on glibc. */
#ifndef SUMAC_CLI_WPRINT_H
#define SUMAC_CLI_WPRINT_H

#include <stdbool.h>
#include <wchar.h>

/* iswprint() as glibc answers it in a UTF-8 locale: glibc's own on glibc,
 * elsewhere wprint_table()'s, since musl, for one, calls unassigned
 * characters printable and GNU's quoting of names follows glibc. */
bool wprint(wchar_t wc);

/* glibc 2.36's answer (Debian 12, where GNU 9.1 runs), from a table that
 * tests/unit/test_wprint.c checks and regenerates (--generate). */
bool wprint_table(wchar_t wc);

#endif
