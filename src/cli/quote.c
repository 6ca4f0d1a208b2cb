/* SPDX-License-Identifier: MIT */
/* coreutils' quotef(): shell-escape quoting of file names in diagnostics,
 * with ':' quoted as well.  The rules below reproduce the observed output
 * of GNU coreutils 9.1 (the cases are in tests/unit/test_quote.c):
 *   - a name made only of safe characters is printed as it is;
 *   - otherwise it is wrapped in '...', a ' inside becoming '\'' ;
 *   - unprintable bytes become $'\t' or $'\ooo' escapes between quotes;
 *   - a name whose only problems are ' , spaces and colons gets "..." . */
#include "config.h"

#include <langinfo.h>
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "cli/nls.h"
#include "cli/out.h"
#include "cli/wprint.h"

struct char_props {
	bool needs_quotes; /* the name cannot be pasted into a shell as is */
	bool dq_compat;    /* the character means the same inside "..." */
	bool escape;       /* unprintable: needs $'...' */
	size_t len;        /* bytes in the character */
};

static bool is_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Printable multibyte characters are shown as they are, as GNU does in the
 * user's locale; the locale is loaded only when a name needs it. */
static size_t printable_multibyte(const char *s, size_t left)
{
	static bool locale_loaded;
	if (!locale_loaded) {
		setlocale(LC_CTYPE, "");
		locale_loaded = true;
	}
	mbstate_t st;
	memset(&st, 0, sizeof st);
	wchar_t wc;
	size_t n = mbrtowc(&wc, s, left, &st);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0 || !wprint(wc))
		return 0;
	return n;
}

static struct char_props classify(const char *s, size_t i, size_t len)
{
	const unsigned char c = (unsigned char)s[i];
	struct char_props p = {false, true, false, 1};

	if (c >= 0x80) {
		size_t n = printable_multibyte(s + i, len - i);
		if (n) {
			p.len = n;
			return p;
		}
		p.needs_quotes = p.escape = true;
		p.dq_compat = false;
		return p;
	}
	if (c < 0x20 || c == 0x7f) {
		p.needs_quotes = p.escape = true;
		p.dq_compat = false;
		return p;
	}
	if (is_alnum(c))
		return p;
	switch (c) {
	case '%':
	case '+':
	case ',':
	case '-':
	case '.':
	case '/':
	case '@':
	case ']':
	case '_':
		return p;
	case ':': /* quotef's addition: a message follows the name after ':' */
	case ' ':
	case '\'':
		p.needs_quotes = true;
		return p;
	case '#':
	case '~': /* special only where a shell word starts */
		p.needs_quotes = i == 0;
		p.dq_compat = i == 0;
		return p;
	case '{':
	case '}': /* special only as a word of their own */
		p.needs_quotes = len == 1;
		p.dq_compat = len == 1;
		return p;
	default: /* ! " $ & ( ) * ; < = > ? [ \ ^ ` | */
		p.needs_quotes = true;
		p.dq_compat = false;
		return p;
	}
}

/* Whether the quoting carries GNU 9.1's two-pass state (below).  Set once
 * at start-up from the compatibility level, before any thread starts. */
static bool carry_escape_state = true;

void out_quote_gnu91(bool carry)
{
	carry_escape_state = carry;
}

struct qbuf {
	char *data;
	size_t len, cap;
};

static void put(struct qbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->data, cap);
		if (!p)
			abort(); /* a file name cannot need gigabytes */
		b->data = p;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void put_escape(struct qbuf *b, unsigned char c)
{
	static const char named[] = "\a\b\f\n\r\t\v";
	static const char letters[] = "abfnrtv";
	const char *hit = c ? strchr(named, c) : NULL;
	char tmp[5];

	if (hit) {
		tmp[0] = '\\';
		tmp[1] = letters[hit - named];
		put(b, tmp, 2);
		return;
	}
	tmp[0] = '\\';
	tmp[1] = (char)('0' + (c >> 6));
	tmp[2] = (char)('0' + ((c >> 3) & 7));
	tmp[3] = (char)('0' + (c & 7));
	put(b, tmp, 4);
}

const char *out_quotef(const char *name)
{
	static struct qbuf b;
	const size_t len = strlen(name);
	bool needs = len == 0, has_quote = false, all_compat = true, last_escape = false;

	b.len = 0;
	for (size_t i = 0; i < len;) {
		struct char_props p = classify(name, i, len);
		needs |= p.needs_quotes;
		all_compat &= p.dq_compat;
		has_quote |= name[i] == '\'';
		last_escape = p.escape;
		i += p.len;
	}
	if (!needs) {
		put(&b, name, len);
		return b.data;
	}
	if (has_quote && all_compat) {
		put(&b, "\"", 1);
		put(&b, name, len);
		put(&b, "\"", 1);
		return b.data;
	}

	/* Inside a $'...' section.  GNU 9.1 (gnulib's quotearg) quotes a name
	 * holding ' in two passes and starts the second in the state the first
	 * ended in: when the last character needed $'...', the output begins as
	 * if a $'...' section were open.  A leading safe character then gets ''
	 * first ("'''a'\''..."), and a leading unprintable one is written as
	 * \ooo inside plain quotes ("'\001'\''..."), which a shell reads
	 * literally: a GNU bug, reproduced at the 9.1 level for byte
	 * compatibility (tests/fault/quote-shell.bats).  gnulib has fixed it
	 * by coreutils 9.7 (the oldest later release checked). */
	bool in_escape = carry_escape_state && has_quote && last_escape;
	put(&b, "'", 1);
	for (size_t i = 0; i < len;) {
		struct char_props p = classify(name, i, len);
		if (p.escape) {
			if (!in_escape)
				put(&b, "'$'", 3);
			in_escape = true;
			put_escape(&b, (unsigned char)name[i]);
		} else if (name[i] == '\'') {
			/* Close whichever quotes are open, \', reopen: GNU writes
			 * '\'' straight after a $'...' section too. */
			put(&b, "'\\''", 4);
			in_escape = false;
		} else {
			if (in_escape)
				put(&b, "''", 2);
			in_escape = false;
			put(&b, name + i, p.len);
		}
		i += p.len;
	}
	put(&b, "'", 1);
	return b.data;
}

/* gnulib's quote(): the locale's quotation marks around arg, as GNU's
 * "invalid length: %s" shows an argument.  The marks are the catalogue's
 * translations of ` and ' (German „…“); untranslated, ‘…’ in a UTF-8
 * locale and '…' otherwise.  Control bytes inside become C escapes. */
const char *out_quote(const char *arg)
{
	static struct qbuf b;
	const char *open = gnulib_("`"), *close = gnulib_("'");

	setlocale(LC_CTYPE, "");
	if (strcmp(open, "`") == 0 || strcmp(close, "'") == 0) {
		const char *cs = nl_langinfo(CODESET);
		const bool utf8 = strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0;
		open = utf8 ? "\xe2\x80\x98" : "'";
		close = utf8 ? "\xe2\x80\x99" : "'";
	}
	b.len = 0;
	put(&b, open, strlen(open));
	for (const char *p = arg; *p; p++) {
		const unsigned char c = (unsigned char)*p;
		if (c < 0x20 || c == 0x7f)
			put_escape(&b, c);
		else if (c == '\\')
			put(&b, "\\\\", 2);
		else
			put(&b, p, 1);
	}
	put(&b, close, strlen(close));
	return b.data;
}
