/* SPDX-License-Identifier: MIT */
/* Locale set-up for the messages of src/cli/nls.h, and the message ids
 * GNU changed after 9.1. */
#include "config.h"

#include <inttypes.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "cli/level.h"
#include "cli/nls.h"

static unsigned nls_level = GNU_LEVEL_LATEST;

/* A message id that a GNU release changed: from release `since` on,
 * GNU looks up `msgid` where 9.1 looked up `msgid91`.  The facts come from
 * GNU's sources at each release tag (issue 37 lists them); the rows of one
 * message go newest first.  9.1's counts are PRIuMAX: its catalogues hold
 * them as "system-dependent" ids, which glibc expands on loading, so the
 * key sumac asks for is the expanded one ("%lu" on LP64). */
struct msgid_change {
	const char *msgid91;
	unsigned since;
	const char *msgid;
};

#define W_MALFORMED_1 "WARNING: %" PRIuMAX " line is improperly formatted"
#define W_MALFORMED_N "WARNING: %" PRIuMAX " lines are improperly formatted"
#define W_UNREAD_1    "WARNING: %" PRIuMAX " listed file could not be read"
#define W_UNREAD_N    "WARNING: %" PRIuMAX " listed files could not be read"
#define W_MISMATCH_1  "WARNING: %" PRIuMAX " computed checksum did NOT match"
#define W_MISMATCH_N  "WARNING: %" PRIuMAX " computed checksums did NOT match"
#define BAD_LINE      "%s: %" PRIuMAX ": improperly formatted %s checksum line"

static const struct msgid_change msgid_changes[] = {
	/* 9.5 spelt the counts %ju, 9.11 %jd (an intmax_t). */
	{BAD_LINE, GNU_9_11, "%s: %jd: improperly formatted %s checksum line"},
	{BAD_LINE, GNU_9_5, "%s: %ju: improperly formatted %s checksum line"},
	{W_MALFORMED_1, GNU_9_11, "WARNING: %jd line is improperly formatted"},
	{W_MALFORMED_1, GNU_9_5, "WARNING: %ju line is improperly formatted"},
	{W_MALFORMED_N, GNU_9_11, "WARNING: %jd lines are improperly formatted"},
	{W_MALFORMED_N, GNU_9_5, "WARNING: %ju lines are improperly formatted"},
	{W_UNREAD_1, GNU_9_11, "WARNING: %jd listed file could not be read"},
	{W_UNREAD_1, GNU_9_5, "WARNING: %ju listed file could not be read"},
	{W_UNREAD_N, GNU_9_11, "WARNING: %jd listed files could not be read"},
	{W_UNREAD_N, GNU_9_5, "WARNING: %ju listed files could not be read"},
	{W_MISMATCH_1, GNU_9_11, "WARNING: %jd computed checksum did NOT match"},
	{W_MISMATCH_1, GNU_9_5, "WARNING: %ju computed checksum did NOT match"},
	{W_MISMATCH_N, GNU_9_11, "WARNING: %jd computed checksums did NOT match"},
	{W_MISMATCH_N, GNU_9_5, "WARNING: %ju computed checksums did NOT match"},
	/* cksum -a crc32b came in 9.6, -l for sha2 and sha3 in 9.8. */
	{"--check is not supported with --algorithm={bsd,sysv,crc}", GNU_9_6,
	 "--check is not supported with --algorithm={bsd,sysv,crc,crc32b}"},
	{"--length is only supported with --algorithm=blake2b", GNU_9_8,
	 "--length is only supported with --algorithm blake2b, sha2, or sha3"},
};

const char *gnu_msgid(const char *msgid91)
{
	for (size_t i = 0; i < sizeof msgid_changes / sizeof msgid_changes[0]; i++) {
		const struct msgid_change *c = &msgid_changes[i];
		if (nls_level >= c->since && strcmp(c->msgid91, msgid91) == 0)
			return c->msgid;
	}
	return msgid91;
}

void nls_set_level(unsigned level)
{
	nls_level = level;
}

/* gnulib took its messages into a "gnulib" domain of their own in
 * December 2024; coreutils 9.6 is the first release built with it (and
 * binds no directory to it: the libc's default one, as below). */
const char *nls_gnulib_domain(void)
{
	return nls_level >= GNU_9_6 ? "gnulib" : "coreutils";
}

void nls_init(void)
{
	setlocale(LC_ALL, "");
	/* GNU's messages print only integers, which LC_NUMERIC leaves alone;
	 * sumac's own figures (--benchmark) stay parseable: "2053.6", never
	 * "2053,6". */
	setlocale(LC_NUMERIC, "C");
#if ENABLE_NLS
	/* The catalogues are coreutils' (and gnulib's, which distributions
	 * install beside them), not sumac's: they live where those packages
	 * install them, whatever sumac's prefix.  SUMAC_TEST_LOCALEDIR is a
	 * test aid (tests/cli/nls.bats): a directory of made-up catalogues
	 * standing for another release's, for the GNU domains only. */
	const char *test_dir = getenv("SUMAC_TEST_LOCALEDIR");
	const char *dir = test_dir && *test_dir ? test_dir : SUMAC_COREUTILS_LOCALEDIR;
	bindtextdomain("coreutils", dir);
	bindtextdomain("gnulib", dir);
	bindtextdomain("libc", SUMAC_LIBC_LOCALEDIR);
#endif
}
