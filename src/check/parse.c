/* SPDX-License-Identifier: MIT */
/* --check line parser.  The grammar is GNU coreutils 9.1's; the code
 * is ours.  In outline, after leading blanks and an optional '\' that marks
 * an escaped name, a line is either
 *   TAG [ ] ( NAME ) [blanks] = [blanks] HEX          (BSD / --tag / OpenSSL)
 *   HEX blank [ |*] NAME                            (GNU; '*' = binary)
 *   HEX blank NAME                                  (BSD reversed, 'md5 -r')
 * where NAME runs to the end of the line, or to the last ')' when tagged. */
#include "config.h"

#include <string.h>

#include "check/parse.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static size_t hex_run(const char *s, size_t len)
{
	size_t n = 0;
	while (n < len && hex_value(s[n]) >= 0)
		n++;
	return n;
}

void check_parser_init(struct check_parser *p, unsigned algos, bool infer_untagged,
		       enum sumac_algo untagged)
{
	p->algos = algos;
	p->infer_untagged = infer_untagged;
	p->untagged = untagged;
	p->style = CHECK_STYLE_UNSET;
}

/* Undoes the escaping of generation mode: only \\, \n and \r exist; any
 * other escape, a lone trailing backslash or a NUL byte is malformed. */
static bool unescape_name(char *s, size_t len, size_t *out_len)
{
	char *dst = s;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\0')
			return false;
		if (s[i] != '\\') {
			*dst++ = s[i];
			continue;
		}
		if (++i == len)
			return false;
		switch (s[i]) {
		case '\\':
			*dst++ = '\\';
			break;
		case 'n':
			*dst++ = '\n';
			break;
		case 'r':
			*dst++ = '\r';
			break;
		default:
			return false;
		}
	}
	*dst = '\0';
	*out_len = (size_t)(dst - s);
	return true;
}

/* An unescaped name ends at a NUL byte, as it does for GNU, which handles
 * names as C strings. */
static bool plain_name(char *s, size_t len, size_t *out_len)
{
	s[len] = '\0';
	*out_len = strlen(s);
	return true;
}

static bool finish_name(char *s, size_t len, bool escaped, struct check_line *out)
{
	out->name = s;
	return escaped ? unescape_name(s, len, &out->name_len) : plain_name(s, len, &out->name_len);
}

/* Which accepted algorithm's tag starts s, followed by ' ' or '('.  A
 * GNU-named program knows only its own tag: "SHA1 (f) = ..." given to
 * sha256sum is malformed, as in GNU. */
static bool match_tag(const struct check_parser *p, const char *s, size_t len,
		      enum sumac_algo *algo, size_t *taglen)
{
	bool found = false;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		if (!(p->algos & (1u << a)))
			continue;
		const char *tag = sumac_algo_info((enum sumac_algo)a)->tag;
		size_t n = strlen(tag);
		if (n >= len || memcmp(s, tag, n) != 0 || (s[n] != ' ' && s[n] != '('))
			continue;
		if (!found || n > *taglen) {
			*algo = (enum sumac_algo)a;
			*taglen = n;
			found = true;
		}
	}
	return found;
}

static enum check_line_kind parse_tagged(char *s, size_t len, bool escaped, enum sumac_algo algo,
					 struct check_line *out)
{
	/* s points just past '('.  The name ends at the last ')': BSD tools do
	 * not escape names, so a ')' inside one is common. */
	size_t close = len;
	while (close > 0 && s[close - 1] != ')')
		close--;
	if (close == 0)
		return CHECK_LINE_MALFORMED;
	close--;

	size_t i = close + 1;
	while (i < len && is_blank(s[i]))
		i++;
	if (i >= len || s[i] != '=')
		return CHECK_LINE_MALFORMED;
	i++;
	while (i < len && is_blank(s[i]))
		i++;

	/* The digest, like GNU's C string, ends at a NUL byte if there is one. */
	const char *nul = memchr(s + i, '\0', len - i);
	const size_t end = nul ? (size_t)(nul - s) : len;
	const size_t want = 2 * (size_t)sumac_algo_info(algo)->digest_len;
	if (end - i != want || hex_run(s + i, end - i) != want)
		return CHECK_LINE_MALFORMED;
	out->hex = s + i;
	out->algo = algo;
	out->tagged = true;
	out->binary = false;
	if (!finish_name(s, close, escaped, out))
		return CHECK_LINE_MALFORMED;
	return CHECK_LINE_VALID;
}

static bool untagged_algo(const struct check_parser *p, size_t hexlen, enum sumac_algo *algo)
{
	if (!p->infer_untagged) {
		*algo = p->untagged;
		return hexlen == 2 * (size_t)sumac_algo_info(p->untagged)->digest_len;
	}
	/* Where two algorithms share a length (SHA-224 and SHA-512/224), the
	 * one with a GNU program is meant: that is who writes such lists. */
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const struct sumac_algo_info *ai = sumac_algo_info((enum sumac_algo)a);
		if (ai->progname && (p->algos & (1u << a)) &&
		    hexlen == 2 * (size_t)ai->digest_len) {
			*algo = (enum sumac_algo)a;
			return true;
		}
	}
	return false;
}

static enum check_line_kind parse_untagged(struct check_parser *p, char *s, size_t len,
					   bool escaped, struct check_line *out)
{
	size_t hexlen = hex_run(s, len);
	enum sumac_algo algo = p->untagged;

	/* The digest, one blank, and a name of at least one byte. */
	if (!untagged_algo(p, hexlen, &algo) || len < hexlen + 2 || !is_blank(s[hexlen]))
		return CHECK_LINE_MALFORMED;
	out->hex = s;
	out->algo = algo;
	out->tagged = false;
	out->binary = false;

	size_t i = hexlen + 1;
	const bool reversed = len - i == 1 || (s[i] != ' ' && s[i] != '*');
	if (reversed) {
		if (p->style == CHECK_STYLE_STANDARD)
			return CHECK_LINE_MALFORMED;
		p->style = CHECK_STYLE_REVERSED;
	} else if (p->style != CHECK_STYLE_REVERSED) {
		/* Once the run is in reversed style, ' ' and '*' belong to the name. */
		p->style = CHECK_STYLE_STANDARD;
		out->binary = s[i] == '*';
		i++;
	}
	s[hexlen] = '\0';
	if (!finish_name(s + i, len - i, escaped, out))
		return CHECK_LINE_MALFORMED;
	return CHECK_LINE_VALID;
}

enum check_line_kind check_parse_line(struct check_parser *p, char *line, size_t len,
				      bool list_is_stdin, struct check_line *out)
{
	if (len > 0 && line[0] == '#')
		return CHECK_LINE_IGNORED;
	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (len > 0 && line[len - 1] == '\r')
		len--;
	line[len] = '\0';
	if (len == 0)
		return CHECK_LINE_IGNORED;

	size_t i = 0;
	while (i < len && is_blank(line[i]))
		i++;
	bool escaped = false;
	if (i < len && line[i] == '\\') {
		escaped = true;
		i++;
	}

	enum check_line_kind kind;
	enum sumac_algo algo = SUMAC_SHA256;
	size_t taglen = 0;
	if (match_tag(p, line + i, len - i, &algo, &taglen)) {
		size_t j = i + taglen;
		if (line[j] == ' ')
			j++;
		if (j >= len || line[j] != '(')
			return CHECK_LINE_MALFORMED;
		j++;
		kind = parse_tagged(line + j, len - j, escaped, algo, out);
	} else {
		kind = parse_untagged(p, line + i, len - i, escaped, out);
	}
	if (kind == CHECK_LINE_VALID && list_is_stdin && strcmp(out->name, "-") == 0)
		return CHECK_LINE_MALFORMED;
	return kind;
}

bool check_digest_matches(const char *hex, const unsigned char *digest, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (hex_value(hex[2 * i]) != digest[i] >> 4 ||
		    hex_value(hex[2 * i + 1]) != (digest[i] & 15))
			return false;
	return true;
}
