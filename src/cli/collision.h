/* SPDX-License-Identifier: MIT */
/* SHA-1 collision detection as the user sees it: the switch (fail, warn,
 * ignore) and the words of a file found to be half of a collision attack.
 * The detection itself is the hash layer's (hash/sha1dc.h). */
#ifndef SUMAC_CLI_COLLISION_H
#define SUMAC_CLI_COLLISION_H

#include <stdbool.h>

#include "hash/hash.h"
#include "hash/sha1dc.h"

/* What a SHA-1 input found to be half of a collision attack means. */
enum collision_mode {
	COLLISION_FAIL,   /* the default: a message, and the file fails */
	COLLISION_WARN,   /* the message only; the exit status is GNU's */
	COLLISION_IGNORE, /* no detection at all (a library backend may hash SHA-1) */
};

/* "fail", "warn" or "ignore"; false for anything else. */
bool collision_mode_parse(const char *s, enum collision_mode *mode);
/* The names, in order (0, 1, 2, then NULL), for the usage error. */
const char *collision_mode_name(unsigned i);

/* sumac's --sha1-collisions if given (option, already parsed into
 * *mode), else SUMAC_SHA1_COLLISIONS if set and not empty, else fail.
 * False after the error of a bad SUMAC_SHA1_COLLISIONS. */
bool collision_mode_resolve(bool option_given, enum collision_mode *mode);

/* Whether jobs of algo detect collisions under mode. */
bool collision_detects(enum collision_mode mode, enum sumac_algo algo);

/* On stderr: "NAME: appears to be part of a SHA-1 collision attack". */
void collision_tell(const char *name);
/* --debug, on stderr: where the block is, its disturbance vector and the
 * filter kernel that found it. */
void collision_tell_debug(const char *name, const struct sumac_sha1dc_hit *hit);

#endif
