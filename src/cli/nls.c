/* SPDX-License-Identifier: MIT */
/* Locale set-up for the messages of src/cli/nls.h. */
#include "config.h"

#include <locale.h>

#include "cli/nls.h"

void nls_init(void)
{
	setlocale(LC_ALL, "");
#if ENABLE_NLS
	/* The catalogues are coreutils' and glibc's, not sumac's: they live
	 * where those packages install them, whatever sumac's prefix. */
	bindtextdomain("coreutils", SUMAC_COREUTILS_LOCALEDIR);
	bindtextdomain("libc", SUMAC_LIBC_LOCALEDIR);
#endif
}
