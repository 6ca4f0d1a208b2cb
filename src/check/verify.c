/* SPDX-License-Identifier: MIT */
/* The pass/fail rule of a check list, as GNU coreutils 9.1 decides it. */
#include "config.h"

#include "check/verify.h"

bool check_list_passed(const struct check_counts *c, const struct check_policy *p)
{
	if (!c->any_valid)
		return false;
	if (c->mismatched || c->unreadable)
		return false;
	if (p->strict && c->malformed)
		return false;
	/* With --ignore-missing, a list that verified nothing is no proof. */
	if (p->ignore_missing && c->matched == 0)
		return false;
	return true;
}
