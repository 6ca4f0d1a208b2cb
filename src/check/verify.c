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
	if (p->collisions_fail && c->collided)
		return false;
	if (p->strict && c->malformed)
		return false;
	/* With --ignore-missing, a list that verified nothing is no proof. */
	if (p->ignore_missing && c->matched == 0)
		return false;
	return true;
}

void check_summary_add(struct check_summary *s, const struct check_counts *c,
		       const struct check_policy *p)
{
	s->verified += c->matched;
	s->failed += c->mismatched;
	/* GNU counts a missing file as unreadable unless it is ignored;
	 * the summary keeps the two apart. */
	s->unreadable += c->unreadable - (p->ignore_missing ? 0 : c->missing);
	s->missing += c->missing;
	s->malformed += c->malformed;
	s->collided += p->collisions_fail ? c->collided : 0;
}
