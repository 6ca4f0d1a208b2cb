/* SPDX-License-Identifier: MIT */
/* Name quoting in diagnostics: each case was observed from GNU coreutils
 * 9.1 sha256sum's "No such file or directory" messages, in the C locale. */
#include "config.h"

#include <locale.h>

#include "cli/out.h"
#include "tap.h"

static const struct {
	const char *name, *quoted;
} cases[] = {
	{"plain.txt", "plain.txt"},
	{"a b", "'a b'"},
	{"a]b", "a]b"},
	{"a=b", "'a=b'"},
	{"a{b", "a{b"},
	{"{", "'{'"},
	{"}", "'}'"},
	{"#a", "'#a'"},
	{"a#", "a#"},
	{"~a", "'~a'"},
	{"a~", "a~"},
	{"a%b", "a%b"},
	{"a,b", "a,b"},
	{"a:b", "'a:b'"},
	{"a@b", "a@b"},
	{"a+b", "a+b"},
	{"-a", "-a"},
	{"a'b", "\"a'b\""},
	{"a'b c", "\"a'b c\""},
	{"a'b:c", "\"a'b:c\""},
	{"'", "\"'\""},
	{"#a'b", "\"#a'b\""},
	{"a'b{", "'a'\\''b{'"},
	{"a'b#", "'a'\\''b#'"},
	{"a'b=", "'a'\\''b='"},
	{"a\"b", "'a\"b'"},
	{"a$b", "'a$b'"},
	{"a!b", "'a!b'"},
	{"a?b", "'a?b'"},
	{"a*b", "'a*b'"},
	{"a\\b", "'a\\b'"},
	{"a\tb", "'a'$'\\t''b'"},
	{"a\nb", "'a'$'\\n''b'"},
	{"a\001b", "'a'$'\\001''b'"},
	{"\303\251", "''$'\\303\\251'"},
	{"a\377b", "'a'$'\\377''b'"},
	{"a^b", "'a^b'"},
	{"a|b", "'a|b'"},
	{"a&b", "'a&b'"},
	{"a;b", "'a;b'"},
	{"a(b", "'a(b'"},
	{"a<b", "'a<b'"},
	{"a`b", "'a`b'"},
	{"a'b\"c", "'a'\\''b\"c'"},
	{"a'b\tc", "'a'\\''b'$'\\t''c'"},
	{"a[b", "'a[b'"},
	{"=a", "'=a'"},
	{"", "''"},
	{"standard input", "'standard input'"},
};

int main(void)
{
	/* The expectations are the C locale's: bytes above 127 unprintable. */
	setenv("LC_ALL", "C", 1);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *got = out_quotef(cases[i].name);
		if (!tap_ok(strcmp(got, cases[i].quoted) == 0, "quotef case %zu", i))
			tap_diag("want [%s] got [%s]", cases[i].quoted, got);
	}
	/* 9.1's carried state (quote.c) and the later releases' quoting of
	 * the same names, as /usr/bin and gnu-ref/9.7 print them. */
	static const struct {
		const char *name, *gnu91, *later;
	} carry[] = {
		{"x'\001", "'''x'\\'''$'\\001'", "'x'\\'''$'\\001'"},
		{"\001'\001", "'\\001'\\'''$'\\001'", "''$'\\001'\\'''$'\\001'"},
		{"\001'x", "''$'\\001'\\''x'", "''$'\\001'\\''x'"},
	};
	for (size_t i = 0; i < sizeof carry / sizeof carry[0]; i++) {
		out_quote_gnu91(true);
		const char *got = out_quotef(carry[i].name);
		if (!tap_ok(strcmp(got, carry[i].gnu91) == 0, "9.1 carried state, case %zu", i))
			tap_diag("want [%s] got [%s]", carry[i].gnu91, got);
		out_quote_gnu91(false);
		got = out_quotef(carry[i].name);
		if (!tap_ok(strcmp(got, carry[i].later) == 0, "later releases, case %zu", i))
			tap_diag("want [%s] got [%s]", carry[i].later, got);
	}
	return tap_done();
}
