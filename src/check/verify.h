/* SPDX-License-Identifier: MIT */
/* Per-list results of --check and the exit decision; prints nothing. */
#ifndef SUMAC_CHECK_VERIFY_H
#define SUMAC_CHECK_VERIFY_H

#include <stdbool.h>
#include <stdint.h>

struct check_counts {
	uintmax_t malformed;  /* improperly formatted lines */
	uintmax_t unreadable; /* listed files that could not be opened or read */
	uintmax_t mismatched;
	uintmax_t matched;
	bool any_valid; /* at least one properly formatted line */
};

struct check_policy {
	bool strict;         /* malformed lines fail the list */
	bool ignore_missing; /* a list where nothing was verified fails */
};

/* Whether a list with these counts passes. */
bool check_list_passed(const struct check_counts *c, const struct check_policy *p);

#endif
