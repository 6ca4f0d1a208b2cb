/* SPDX-License-Identifier: MIT */
/* Translations.  The messages sumac shares with GNU are looked up at run
 * time in the system's catalogues under GNU's own message ids: coreutils'
 * domain for coreutils' messages, glibc's "libc" domain for the getopt and
 * errno texts GNU prints on glibc.  sumac ships no translation, and its own
 * messages stay English (they are not wrapped). */
#ifndef SUMAC_CLI_NLS_H
#define SUMAC_CLI_NLS_H

#include <stdint.h>

#if ENABLE_NLS
#include <libintl.h>
#define gnu_(msgid)             dgettext("coreutils", msgid)
#define P_(singular, plural, n) dngettext("coreutils", singular, plural, n)
#define libc_(msgid)            dgettext("libc", msgid)
#else
#define gnu_(msgid)             (msgid)
#define P_(singular, plural, n) ((n) == 1 ? (singular) : (plural))
#define libc_(msgid)            (msgid)
#endif

/* setlocale(LC_ALL, "") and the catalogues' directories; call first. */
void nls_init(void);

/* ngettext's count is an unsigned long: GNU reduces a larger count as
 * its select_plural() does, so that the plural form stays right. */
static inline unsigned long nls_plural(uintmax_t n)
{
	return n <= (uintmax_t)-1UL ? (unsigned long)n : (unsigned long)(n % 1000000 + 1000000);
}

#endif
