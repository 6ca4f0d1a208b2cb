/* SPDX-License-Identifier: MIT */
/* The set of listed names behind --unlisted (check/names.h): the lexical
 * comparison rule, and a set large enough to grow. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "check/names.h"
#include "tap.h"

static void normalizes(const char *in, const char *want)
{
	char out[64];
	const size_t n = name_normalize(in, strlen(in), out);
	tap_ok(strcmp(out, want) == 0 && n == strlen(want), "'%s' compares as '%s' (got '%s')", in,
	       want, out);
}

int main(void)
{
	normalizes("a/b", "a/b");
	normalizes("./a/b", "a/b");
	normalizes("././a//b/", "a/b");
	normalizes("a/./b/.", "a/b");
	normalizes("./", ".");
	normalizes(".", ".");
	normalizes("/abs//x", "/abs/x");
	normalizes("//x", "/x");
	normalizes("../x", "../x");
	normalizes(".hidden/.x", ".hidden/.x");
	normalizes("a\nb/ c", "a\nb/ c");

	struct name_set *s = name_set_create();
	if (!tap_ok(s != NULL, "a set is made"))
		return tap_done();
	char name[32];
	bool added = true;
	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof name, "./d%d//f%d", i % 37, i);
		added &= name_set_add(s, name, strlen(name)) == 0;
	}
	tap_ok(added, "5000 names are added (the set grows)");
	bool all = true;
	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof name, "d%d/f%d", i % 37, i);
		all &= name_set_has(s, name);
	}
	tap_ok(all, "each is found under its other spelling");
	tap_ok(!name_set_has(s, "d0/f1") && !name_set_has(s, "d1/f0x") &&
		       !name_set_has(s, "/d1/f1"),
	       "names not added are not found, an absolute one neither");
	name_set_free(s);
	return tap_done();
}
