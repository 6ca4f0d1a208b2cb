/* SPDX-License-Identifier: MIT */
/* The GNU compatibility level: which GNU coreutils release the GNU program
 * names behave as, where releases differ (../shared/compat/GNU-EVOLUTION.md
 * §4).  A level is a release number, major * 100 + minor (9.4 is 904), and
 * each behaviour that changed is keyed to the release that changed it. */
#ifndef SUMAC_CLI_LEVEL_H
#define SUMAC_CLI_LEVEL_H

#include <stdbool.h>

#define GNU_LEVEL_OLDEST 901
#define GNU_LEVEL_LATEST 911

/* The releases whose changes sumac knows: the behaviours below test the
 * level against these. */
enum {
	GNU_9_2 = 902,  /* a NUL may end the digest of an untagged check line;
			 * cksum --base64 and --raw */
	GNU_9_4 = 904,  /* check lines escape names holding \, LF or CR;
			 * cksum -b and -t */
	GNU_9_5 = 905,  /* b2sum: only the last -l is checked; cksum
			 * --untagged after --tag drops --tag's binary mark */
	GNU_9_6 = 906,  /* cksum -a crc32b */
	GNU_9_8 = 908,  /* b2sum: -l over 512 always "maximum digest length";
			 * cksum -a sha2 and sha3 with -l */
	GNU_9_9 = 909,  /* b2sum: a tag is TAG, at most one space, then (;
			 * cksum --check: untagged base64 of any length */
	GNU_9_10 = 910, /* -t --tag refused, conflicts in the new order; a write
			 * error stops the run */
	GNU_9_11 = 911, /* check lines shell-quote names; b2sum: a digit after
			 * the tag's "-" */
};

/* "9.1" ... "9.11" or "latest": true and the level, else false. */
bool gnu_level_parse(const char *text, unsigned *level);

/* SUMAC_GNU_COMPAT if set and not empty, else configure's default.  False
 * for a bad value (*level then holds the default). */
bool gnu_level_from_env(unsigned *level, const char **bad_value);

/* "9.11": into buf, which has room for 8 bytes. */
const char *gnu_level_text(unsigned level, char buf[8]);

#endif
