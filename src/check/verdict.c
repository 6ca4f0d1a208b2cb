/* SPDX-License-Identifier: MIT */
/* One --check line's verdict, with GNU coreutils 9.1's counting. */
#include "config.h"

#include <errno.h>

#include "check/verdict.h"

enum check_verdict check_classify(enum check_line_kind kind, const struct check_outcome *res,
				  const struct check_policy *p, struct check_counts *c)
{
	if (kind != CHECK_LINE_VALID) {
		c->malformed++;
		return CHECK_MALFORMED;
	}
	c->any_valid = true;
	if (res->err) {
		/* Only a file that is not there is skipped: one that cannot
		 * be read for any other reason still fails the list. */
		if (res->err == ENOENT)
			c->missing++;
		if (res->err == ENOENT && p->ignore_missing)
			return CHECK_MISSING_IGNORED;
		c->unreadable++;
		return CHECK_UNREADABLE;
	}
	if (check_digest_matches(res->expected, res->digest, res->digest_len)) {
		/* A digest that does not match is an ordinary mismatch, whatever
		 * detection found: only a match can be a false proof. */
		if (res->collision) {
			c->collided++;
			if (p->collisions_fail)
				return CHECK_COLLISION;
			c->matched++;
			return CHECK_OK_COLLISION;
		}
		c->matched++;
		return CHECK_OK;
	}
	c->mismatched++;
	return CHECK_MISMATCH;
}
