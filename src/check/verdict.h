/* SPDX-License-Identifier: MIT */
/* The verdict on one --check line, from the line and what hashing the file
 * it names gave, and the counters it adds to; prints nothing.  The CLI
 * words each verdict, as GNU coreutils 9.1 does. */
#ifndef SUMAC_CHECK_VERDICT_H
#define SUMAC_CHECK_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "check/parse.h"
#include "check/verify.h"

enum check_verdict {
	CHECK_OK,              /* the digest matches: counts as matched */
	CHECK_MISMATCH,        /* it does not: mismatched */
	CHECK_UNREADABLE,      /* the file could not be opened or read: unreadable */
	CHECK_MISSING_IGNORED, /* it does not exist, under --ignore-missing: not counted */
	CHECK_MALFORMED,       /* an improperly formatted line: malformed */
	/* The digest matches, but the file is half of a SHA-1 collision
	 * attack, so the match proves nothing (its twin matches too): with
	 * the policy's collisions_fail, a failure of its own (collided, not
	 * matched); without, CHECK_OK_COLLISION: matched, and collided. */
	CHECK_COLLISION,
	CHECK_OK_COLLISION,
};

/* What became of the file a valid line names. */
struct check_outcome {
	int err;                     /* 0, or the error of opening, reading or hashing it */
	const unsigned char *digest; /* when err is 0: digest_len bytes */
	size_t digest_len;
	const char *expected; /* the line's 2 * digest_len hex digits, either case */
	bool collision;       /* SHA-1 detection found the file half of a collision attack */
};

/* kind is CHECK_LINE_VALID or CHECK_LINE_MALFORMED (ignored lines are not
 * classified; anything but a valid line is malformed); res is looked at
 * only for a valid line.  Adds the line to c (a valid line also sets
 * any_valid) and returns its verdict. */
enum check_verdict check_classify(enum check_line_kind kind, const struct check_outcome *res,
				  const struct check_policy *p, struct check_counts *c);

#endif
