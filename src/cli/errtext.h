/* SPDX-License-Identifier: MIT */
/* The text of an errno value as GNU's programs print it on glibc. */
#ifndef SUMAC_CLI_ERRTEXT_H
#define SUMAC_CLI_ERRTEXT_H

/* glibc's English wording (translated through glibc's catalogue) for the
 * errno values a file can fail with, whatever the libc: musl, macOS and
 * the BSDs word them differently.  Others come from strerror(), and the
 * hash layer's negative SUMAC_E_* statuses have words of their own. */
const char *errtext(int errnum);

#endif
