/* SPDX-License-Identifier: MIT */
/* errno texts: the words are glibc's (facts: what GNU prints), the table
 * is searched in order so that aliases (EWOULDBLOCK, ENOTSUP) that share a
 * value on one system and not on another need no #if. */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "cli/errtext.h"
#include "cli/nls.h"
#include "hash/hash.h"

struct errtext_entry {
	int errnum;
	const char *text;
};

static const struct errtext_entry errtexts[] = {
	{EPERM, "Operation not permitted"},
	{ENOENT, "No such file or directory"},
	{EINTR, "Interrupted system call"},
	{EIO, "Input/output error"},
	{ENXIO, "No such device or address"},
	{E2BIG, "Argument list too long"},
	{EBADF, "Bad file descriptor"},
	{EAGAIN, "Resource temporarily unavailable"},
	{EWOULDBLOCK, "Resource temporarily unavailable"},
	{ENOMEM, "Cannot allocate memory"},
	{EACCES, "Permission denied"},
	{EFAULT, "Bad address"},
	{EBUSY, "Device or resource busy"},
	{EEXIST, "File exists"},
	{EXDEV, "Invalid cross-device link"},
	{ENODEV, "No such device"},
	{ENOTDIR, "Not a directory"},
	{EISDIR, "Is a directory"},
	{EINVAL, "Invalid argument"},
	{ENFILE, "Too many open files in system"},
	{EMFILE, "Too many open files"},
	{ENOTTY, "Inappropriate ioctl for device"},
	{ETXTBSY, "Text file busy"},
	{EFBIG, "File too large"},
	{ENOSPC, "No space left on device"},
	{ESPIPE, "Illegal seek"},
	{EROFS, "Read-only file system"},
	{EMLINK, "Too many links"},
	{EPIPE, "Broken pipe"},
	{ERANGE, "Numerical result out of range"},
	{EDEADLK, "Resource deadlock avoided"},
	{ENAMETOOLONG, "File name too long"},
	{ENOLCK, "No locks available"},
	{ENOSYS, "Function not implemented"},
	{ELOOP, "Too many levels of symbolic links"},
	{EOVERFLOW, "Value too large for defined data type"},
	{EILSEQ, "Invalid or incomplete multibyte or wide character"},
	{ENOTSOCK, "Socket operation on non-socket"},
	{EOPNOTSUPP, "Operation not supported"},
	{ENOTSUP, "Operation not supported"},
	{ETIMEDOUT, "Connection timed out"},
	{ESTALE, "Stale file handle"},
	{EDQUOT, "Disk quota exceeded"},
	{ECANCELED, "Operation canceled"},
	{ENOTEMPTY, "Directory not empty"},
	{ECONNRESET, "Connection reset by peer"},
	{ENOBUFS, "No buffer space available"},
	{ENOTCONN, "Transport endpoint is not connected"},
	{EBADMSG, "Bad message"},
#ifdef ENOMEDIUM
	{ENOMEDIUM, "No medium found"},
#endif
#ifdef EREMOTEIO
	{EREMOTEIO, "Remote I/O error"},
#endif
#ifdef EUCLEAN
	{EUCLEAN, "Structure needs cleaning"},
#endif
#ifdef ENODATA
	{ENODATA, "No data available"},
#endif
};

const char *errtext(int errnum)
{
	/* sumac's own: GNU's programs have no hash library that can fail. */
	if (errnum == SUMAC_E_LIBRARY)
		return "the hash library failed";
	for (size_t i = 0; i < sizeof errtexts / sizeof errtexts[0]; i++)
		if (errtexts[i].errnum == errnum)
			return libc_(errtexts[i].text);
	return strerror(errnum);
}
