/* SPDX-License-Identifier: MIT */
/* errtext(): glibc's English wording for every errno GNU's messages show,
 * whatever the libc.  On glibc the table is checked against strerror()
 * itself, value by value; everywhere, a few texts the golden files hold. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/errtext.h"
#include "tap.h"

#ifdef __GLIBC__
static const int checked[] = {
	EPERM,  ENOENT,    EINTR,     EIO,        ENXIO,    E2BIG,      EBADF,        EAGAIN,
	ENOMEM, EACCES,    EFAULT,    EBUSY,      EEXIST,   EXDEV,      ENODEV,       ENOTDIR,
	EISDIR, EINVAL,    ENFILE,    EMFILE,     ENOTTY,   ETXTBSY,    EFBIG,        ENOSPC,
	ESPIPE, EROFS,     EMLINK,    EPIPE,      ERANGE,   EDEADLK,    ENAMETOOLONG, ENOLCK,
	ENOSYS, ELOOP,     EOVERFLOW, EILSEQ,     ENOTSOCK, EOPNOTSUPP, ETIMEDOUT,    ESTALE,
	EDQUOT, ECANCELED, ENOTEMPTY, ECONNRESET, ENOBUFS,  ENOTCONN,   EBADMSG,
};
#endif

int main(void)
{
	/* The C locale: the English texts, untranslated. */
	setlocale(LC_ALL, "C");

	tap_ok(strcmp(errtext(ENOENT), "No such file or directory") == 0, "ENOENT: %s",
	       errtext(ENOENT));
	tap_ok(strcmp(errtext(EISDIR), "Is a directory") == 0, "EISDIR: %s", errtext(EISDIR));
	tap_ok(strcmp(errtext(EACCES), "Permission denied") == 0, "EACCES: %s", errtext(EACCES));
	tap_ok(strcmp(errtext(ENOSPC), "No space left on device") == 0, "ENOSPC: %s",
	       errtext(ENOSPC));
	tap_ok(strcmp(errtext(EIO), "Input/output error") == 0, "EIO: %s", errtext(EIO));
	tap_ok(strcmp(errtext(EMFILE), "Too many open files") == 0, "EMFILE: %s", errtext(EMFILE));
	tap_ok(strcmp(errtext(EOVERFLOW), "Value too large for defined data type") == 0,
	       "EOVERFLOW: %s", errtext(EOVERFLOW));
	/* A value outside the table still gets the libc's text. */
	{
		/* strerror() may reuse its buffer: keep the first text. */
		char unknown[128];
		snprintf(unknown, sizeof unknown, "%s", errtext(12345));
		tap_ok(strcmp(unknown, strerror(12345)) == 0, "unknown errno: %s", unknown);
	}

#ifdef __GLIBC__
	for (size_t i = 0; i < sizeof checked / sizeof checked[0]; i++)
		tap_ok(strcmp(errtext(checked[i]), strerror(checked[i])) == 0,
		       "errno %d as glibc: %s", checked[i], errtext(checked[i]));
#endif
	return tap_done();
}
