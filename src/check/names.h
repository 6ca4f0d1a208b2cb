/* SPDX-License-Identifier: MIT */
/* The names the lines of checksum lists give, as a set, for --unlisted:
 * which files under a directory no list names.  Names are compared as
 * paths written relative to the same directory, lexically: "./" and "."
 * components and repeated or trailing '/' do not count ("./a//b/" is
 * "a/b"); ".." and links are not resolved, and an absolute name matches
 * only an absolute one.  No printing; errors are errno values. */
#ifndef SUMAC_CHECK_NAMES_H
#define SUMAC_CHECK_NAMES_H

#include <stdbool.h>
#include <stddef.h>

struct name_set;

struct name_set *name_set_create(void);
void name_set_free(struct name_set *s);

/* Adds the name of len bytes.  0 or ENOMEM. */
int name_set_add(struct name_set *s, const char *name, size_t len);
/* Whether a name equal to this one, compared as above, was added. */
bool name_set_has(const struct name_set *s, const char *name);

/* The comparison form of name[0..len) written into dst (room for len + 1
 * bytes, NUL-terminated); returns its length.  "." for a name that is
 * only "./" components. */
size_t name_normalize(const char *name, size_t len, char *dst);

#endif
