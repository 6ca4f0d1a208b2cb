/* SPDX-License-Identifier: MIT */
/* The directory walk behind -r and --unlisted: every entry under a
 * directory, in the order `find DIR | LC_ALL=C sort` lists their paths,
 * handed to a callback one at a time.  Never prints; the caller words
 * what it is told.
 *
 * Order: the entries of a directory are sorted bytewise by name, a
 * subdirectory's name compared as if it ended in '/', and a subdirectory
 * is walked where it sorts.  That is exactly the bytewise order of the
 * whole paths, so output does not depend on the file system or on the
 * locale.
 *
 * Symbolic links met in the walk are skipped unless follow is set (as
 * `find -type f` skips them); with follow, a link is what it points to,
 * and a directory that is one of its own ancestors is reported as an
 * error (ELOOP) rather than walked again.  Only one directory is open at a
 * time, whatever the depth. */
#ifndef SUMAC_IO_WALK_H
#define SUMAC_IO_WALK_H

#include <stdbool.h>

enum io_walk_kind {
	IO_WALK_FILE,    /* a regular file */
	IO_WALK_SPECIAL, /* a FIFO, socket or device: not to be read */
	IO_WALK_ERROR,   /* a directory that could not be read, an entry that
			  * could not be looked up, a loop: err says which */
};

struct io_walk_entry {
	const char *path; /* the directory as given, '/', the names below it;
			   * valid during the callback only */
	enum io_walk_kind kind;
	int err; /* IO_WALK_ERROR: an errno value */
};

/* Returns 0 to go on; anything else stops the walk, which returns it. */
typedef int io_walk_fn(void *ctx, const struct io_walk_entry *e);

/* Walks the directory dir (the caller has found it to be one; if it
 * cannot be read, that is the first entry, an error).  Returns 0, what
 * the callback stopped it with, or ENOMEM. */
int io_walk(const char *dir, bool follow, io_walk_fn *fn, void *ctx);

#endif
