/* SPDX-License-Identifier: MIT */
/* Translations.  The messages sumac shares with GNU are looked up at run
 * time in the system's catalogues under GNU's own message ids: coreutils'
 * domain for coreutils' messages, gnulib's for the gnulib texts GNU prints
 * (its own "gnulib" domain from 9.6, coreutils' before), glibc's "libc"
 * domain for the getopt and errno texts GNU prints on glibc.  sumac ships
 * no translation, and its own messages stay English (they are not
 * wrapped).
 *
 * The ids are those of the GNU release sumac behaves as (the level): a
 * catalogue translates what the GNU of its release translates.  Call
 * sites name a message by its 9.1 id; gnu_msgid() swaps in a later
 * release's id where that release changed it (the table in nls.c). */
#ifndef SUMAC_CLI_NLS_H
#define SUMAC_CLI_NLS_H

#include <stdint.h>

/* The 9.1 id msgid91 as the level's release spells it (English text
 * included: ids are GNU's English messages). */
const char *gnu_msgid(const char *msgid91) __attribute__((format_arg(1)));

#if ENABLE_NLS
#include <libintl.h>
#define gnu_(msgid)             dgettext("coreutils", gnu_msgid(msgid))
#define P_(singular, plural, n) dngettext("coreutils", gnu_msgid(singular), gnu_msgid(plural), n)
#define gnulib_(msgid)          dgettext(nls_gnulib_domain(), msgid)
#define libc_(msgid)            dgettext("libc", msgid)
#else
#define gnu_(msgid)             gnu_msgid(msgid)
#define P_(singular, plural, n) ((n) == 1 ? gnu_msgid(singular) : gnu_msgid(plural))
#define gnulib_(msgid)          (msgid)
#define libc_(msgid)            (msgid)
#endif

/* setlocale(LC_ALL, "") and the catalogues' directories; call first. */
void nls_init(void);

/* The GNU level (level.h) whose message ids and domains the lookups use,
 * once it is known; until then, the latest. */
void nls_set_level(unsigned level);

/* The domain of gnulib's messages at the level. */
const char *nls_gnulib_domain(void);

/* ngettext's count is an unsigned long: GNU reduces a larger count as
 * its select_plural() does, so that the plural form stays right. */
static inline unsigned long nls_plural(uintmax_t n)
{
	return n <= (uintmax_t)-1UL ? (unsigned long)n : (unsigned long)(n % 1000000 + 1000000);
}

#endif
