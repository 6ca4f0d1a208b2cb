/* SPDX-License-Identifier: MIT */
/* Per-list results of --check and the exit decision; prints nothing. */
#ifndef SUMAC_CHECK_VERIFY_H
#define SUMAC_CHECK_VERIFY_H

#include <stdbool.h>
#include <stdint.h>

struct check_counts {
	uintmax_t malformed;  /* improperly formatted lines */
	uintmax_t unreadable; /* listed files that could not be opened or read */
	/* Listed files that do not exist (ENOENT): skipped under
	 * --ignore-missing, otherwise among the unreadable too. */
	uintmax_t missing;
	uintmax_t mismatched;
	uintmax_t matched;
	/* Files whose digest matches, found half of a SHA-1 collision attack
	 * (among the matched too unless the policy's collisions_fail). */
	uintmax_t collided;
	bool any_valid; /* at least one properly formatted line */
};

struct check_policy {
	bool strict;          /* malformed lines fail the list */
	bool ignore_missing;  /* a list where nothing was verified fails */
	bool collisions_fail; /* a file half of a SHA-1 collision attack fails */
};

/* Whether a list with these counts passes. */
bool check_list_passed(const struct check_counts *c, const struct check_policy *p);

/* sumac --summary: the lines of every list, each in exactly one class,
 * so that the six add up to the lines that were not ignored. */
struct check_summary {
	uintmax_t verified;   /* the digest matches */
	uintmax_t failed;     /* it does not */
	uintmax_t unreadable; /* the file exists but could not be opened or read */
	uintmax_t missing;    /* the file does not exist (--ignore-missing or not) */
	uintmax_t malformed;  /* improperly formatted lines */
	/* the digest matches, but the file is half of a SHA-1 collision
	 * attack, and that fails it (under warn such a line is verified) */
	uintmax_t collided;
};

/* Adds one list's counts, taken under policy p, to s. */
void check_summary_add(struct check_summary *s, const struct check_counts *c,
		       const struct check_policy *p);

#endif
