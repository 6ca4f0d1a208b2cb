/* SPDX-License-Identifier: MIT */
/* check_classify() driven directly: each verdict from the line's kind, the
 * hash or open result and --ignore-missing, and exactly the counter that
 * verdict adds to; then a whole list's counts through check_list_passed(). */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "check/verdict.h"
#include "tap.h"

static const unsigned char digest[4] = {0xde, 0xad, 0xbe, 0xef};

struct counts_seen {
	uintmax_t malformed, unreadable, mismatched, matched;
	bool any_valid;
};

static bool counts_are(const struct check_counts *c, const struct counts_seen *want)
{
	return c->malformed == want->malformed && c->unreadable == want->unreadable &&
	       c->mismatched == want->mismatched && c->matched == want->matched &&
	       c->any_valid == want->any_valid;
}

/* One line on fresh counters: its verdict, and the counters after it. */
static void one(const char *what, enum check_line_kind kind, int err, const char *expected,
		bool ignore_missing, enum check_verdict want, struct counts_seen counts)
{
	const struct check_outcome res = {err, err ? NULL : digest, sizeof digest, expected, false};
	const struct check_policy p = {false, ignore_missing, true};
	struct check_counts c;
	memset(&c, 0, sizeof c);
	const enum check_verdict v = check_classify(kind, &res, &p, &c);
	tap_ok(v == want, "%s: verdict %d (want %d)", what, (int)v, (int)want);
	tap_ok(counts_are(&c, &counts), "%s: counters", what);
}

/* --summary over two lists, one under each --ignore-missing: every line
 * in exactly one class, a missing file as missing, never as unreadable. */
static void summary_cases(void)
{
	const struct check_outcome ok = {0, digest, sizeof digest, "deadbeef", false};
	const struct check_outcome bad = {0, digest, sizeof digest, "deadbeee", false};
	const struct check_outcome gone = {ENOENT, NULL, sizeof digest, "deadbeef", false};
	const struct check_outcome denied = {EACCES, NULL, sizeof digest, "deadbeef", false};
	const struct check_policy plain = {false, false, true}, ignore = {false, true, true};
	struct check_summary s;
	struct check_counts c;

	memset(&s, 0, sizeof s);
	memset(&c, 0, sizeof c);
	check_classify(CHECK_LINE_VALID, &ok, &plain, &c);
	check_classify(CHECK_LINE_VALID, &bad, &plain, &c);
	check_classify(CHECK_LINE_VALID, &gone, &plain, &c);
	check_classify(CHECK_LINE_VALID, &denied, &plain, &c);
	check_classify(CHECK_LINE_MALFORMED, &ok, &plain, &c);
	tap_ok(c.unreadable == 2 && c.missing == 1,
	       "without --ignore-missing a missing file is unreadable to GNU, and missing");
	check_summary_add(&s, &c, &plain);
	tap_ok(s.verified == 1 && s.failed == 1 && s.unreadable == 1 && s.missing == 1 &&
		       s.malformed == 1,
	       "summary of one list: one line in each class");

	memset(&c, 0, sizeof c);
	check_classify(CHECK_LINE_VALID, &gone, &ignore, &c);
	check_classify(CHECK_LINE_VALID, &gone, &ignore, &c);
	check_classify(CHECK_LINE_VALID, &ok, &ignore, &c);
	check_classify(CHECK_LINE_VALID, &denied, &ignore, &c);
	tap_ok(c.unreadable == 1 && c.missing == 2, "--ignore-missing: missing, not unreadable");
	check_summary_add(&s, &c, &ignore);
	tap_ok(s.verified == 2 && s.failed == 1 && s.unreadable == 2 && s.missing == 3 &&
		       s.malformed == 1,
	       "summary of two lists: the sums of both");
}

/* A file found half of a SHA-1 collision attack: a match fails it (fail)
 * or is verified and counted (warn); a mismatch stays a mismatch. */
static void collision_cases(void)
{
	const struct check_outcome twin = {0, digest, sizeof digest, "deadbeef", true};
	const struct check_outcome twin_bad = {0, digest, sizeof digest, "deadbeee", true};
	const struct check_policy fail = {false, false, true}, warn = {false, false, false};
	struct check_counts c;
	struct check_summary s;

	memset(&c, 0, sizeof c);
	tap_ok(check_classify(CHECK_LINE_VALID, &twin, &fail, &c) == CHECK_COLLISION &&
		       c.collided == 1 && c.matched == 0 && c.mismatched == 0,
	       "collision, fail: its own verdict, not matched");
	tap_ok(!check_list_passed(&c, &fail), "collision, fail: the list fails");
	memset(&s, 0, sizeof s);
	check_summary_add(&s, &c, &fail);
	tap_ok(s.collided == 1 && s.verified == 0 && s.failed == 0,
	       "collision, fail: the summary's own class");

	memset(&c, 0, sizeof c);
	tap_ok(check_classify(CHECK_LINE_VALID, &twin, &warn, &c) == CHECK_OK_COLLISION &&
		       c.collided == 1 && c.matched == 1,
	       "collision, warn: verified, and counted");
	tap_ok(check_list_passed(&c, &warn), "collision, warn: the list passes, as GNU's");
	memset(&s, 0, sizeof s);
	check_summary_add(&s, &c, &warn);
	tap_ok(s.collided == 0 && s.verified == 1, "collision, warn: verified in the summary");

	memset(&c, 0, sizeof c);
	tap_ok(check_classify(CHECK_LINE_VALID, &twin_bad, &fail, &c) == CHECK_MISMATCH &&
		       c.mismatched == 1 && c.collided == 0,
	       "collision with a digest that does not match: an ordinary mismatch");
}

int main(void)
{
	one("match", CHECK_LINE_VALID, 0, "deadbeef", false, CHECK_OK,
	    (struct counts_seen){.matched = 1, .any_valid = true});
	one("match, upper-case hex", CHECK_LINE_VALID, 0, "DEADBEEF", false, CHECK_OK,
	    (struct counts_seen){.matched = 1, .any_valid = true});
	one("mismatch", CHECK_LINE_VALID, 0, "deadbeee", false, CHECK_MISMATCH,
	    (struct counts_seen){.mismatched = 1, .any_valid = true});
	one("mismatch, ignore-missing", CHECK_LINE_VALID, 0, "00000000", true, CHECK_MISMATCH,
	    (struct counts_seen){.mismatched = 1, .any_valid = true});
	one("read error", CHECK_LINE_VALID, EIO, "deadbeef", false, CHECK_UNREADABLE,
	    (struct counts_seen){.unreadable = 1, .any_valid = true});
	one("missing", CHECK_LINE_VALID, ENOENT, "deadbeef", false, CHECK_UNREADABLE,
	    (struct counts_seen){.unreadable = 1, .any_valid = true});
	one("missing, ignore-missing", CHECK_LINE_VALID, ENOENT, "deadbeef", true,
	    CHECK_MISSING_IGNORED, (struct counts_seen){.any_valid = true});
	/* Only ENOENT is "missing": a file there but unreadable still fails. */
	one("permission denied, ignore-missing", CHECK_LINE_VALID, EACCES, "deadbeef", true,
	    CHECK_UNREADABLE, (struct counts_seen){.unreadable = 1, .any_valid = true});
	one("directory, ignore-missing", CHECK_LINE_VALID, EISDIR, "deadbeef", true,
	    CHECK_UNREADABLE, (struct counts_seen){.unreadable = 1, .any_valid = true});
	/* A negative status (a library backend that failed) is an error too. */
	one("hash status", CHECK_LINE_VALID, -1, "deadbeef", true, CHECK_UNREADABLE,
	    (struct counts_seen){.unreadable = 1, .any_valid = true});
	/* A malformed line's result is never looked at, whatever it holds. */
	one("malformed", CHECK_LINE_MALFORMED, 0, "deadbeef", false, CHECK_MALFORMED,
	    (struct counts_seen){.malformed = 1});
	one("malformed with an error", CHECK_LINE_MALFORMED, ENOENT, NULL, true, CHECK_MALFORMED,
	    (struct counts_seen){.malformed = 1});

	/* A list: the verdicts add up, and decide the exit as GNU does. */
	struct check_counts c;
	memset(&c, 0, sizeof c);
	const struct check_policy lax = {false, true, true}, strict = {true, true, true};
	const struct check_outcome ok = {0, digest, sizeof digest, "deadbeef", false};
	const struct check_outcome gone = {ENOENT, NULL, sizeof digest, "deadbeef", false};
	check_classify(CHECK_LINE_MALFORMED, &ok, &lax, &c);
	tap_ok(!check_list_passed(&c, &lax), "only a malformed line: fails");
	check_classify(CHECK_LINE_VALID, &gone, &lax, &c);
	tap_ok(c.any_valid && !check_list_passed(&c, &lax),
	       "a missing file ignored, nothing verified: fails");
	check_classify(CHECK_LINE_VALID, &ok, &lax, &c);
	tap_ok(check_list_passed(&c, &lax), "one verified: passes");
	tap_ok(!check_list_passed(&c, &strict), "one verified, one malformed, --strict: fails");
	tap_ok(counts_are(&c,
			  &(struct counts_seen){.malformed = 1, .matched = 1, .any_valid = true}),
	       "list counters");
	summary_cases();
	collision_cases();
	return tap_done();
}
