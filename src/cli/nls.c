/* SPDX-License-Identifier: MIT */
/* Locale set-up for the messages of src/cli/nls.h. */
#include "config.h"

#include <locale.h>

#include "cli/nls.h"

void nls_init(void)
{
	setlocale(LC_ALL, "");
	/* GNU's messages print only integers, which LC_NUMERIC leaves alone;
	 * sumac's own figures (--benchmark) stay parseable: "2053.6", never
	 * "2053,6". */
	setlocale(LC_NUMERIC, "C");
#if ENABLE_NLS
	/* The catalogues are coreutils' and glibc's, not sumac's: they live
	 * where those packages install them, whatever sumac's prefix. */
	bindtextdomain("coreutils", SUMAC_COREUTILS_LOCALEDIR);
	bindtextdomain("libc", SUMAC_LIBC_LOCALEDIR);
#endif
}
