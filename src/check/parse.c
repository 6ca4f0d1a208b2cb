/* SPDX-License-Identifier: MIT */
/* --check line parser.  The grammar is GNU coreutils 9.1's; the code
 * is ours.  In outline, after leading blanks and an optional '\' that marks
 * an escaped name, a line is either
 *   TAG [ ] ( NAME ) [blanks] = [blanks] HEX          (BSD / --tag / OpenSSL)
 *   HEX blank [ |*] NAME                            (GNU; '*' = binary)
 *   HEX blank NAME                                  (BSD reversed, 'md5 -r')
 * Under sumac's own name TAG may also be another tool's word for one of
 * sumac's algorithms (foreign_tag()).
 * where NAME runs to the end of the line, or to the last ')' when tagged. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "check/base64.h"
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
	p->nul_separates = false;
	p->strict_tag_space = true;
	p->tag_length_digit = true;
	p->tagged_only = false;
	p->untagged_family = 0;
	p->base64 = false;
	p->base64_any_width = false;
	p->family_tags = false;
	p->lenient_tags = false;
	p->foreign_tags = false;
}

/* The digest of a line, text[0..len), for digest_len bytes: hex of that
 * width, or (cksum, sumac) its base64.  Points out->hex at hex digits. */
static bool digest_text(const struct check_parser *p, const char *text, size_t len,
			unsigned digest_len, struct check_line *out)
{
	if (len == 2 * (size_t)digest_len && hex_run(text, len) == len) {
		out->hex = text;
		return true;
	}
	if (!p->base64 || len != base64_len(digest_len) ||
	    base64_decoded_len(text, len) != digest_len)
		return false;
	static const char digits[] = "0123456789abcdef";
	unsigned char bytes[SUMAC_MAX_DIGEST];
	if (base64_decode(text, len, bytes)) {
		for (unsigned k = 0; k < digest_len; k++) {
			out->hexbuf[2 * k] = digits[bytes[k] >> 4];
			out->hexbuf[2 * k + 1] = digits[bytes[k] & 15];
		}
	} else {
		/* GNU compares encodings, so a text no digest encodes to
		 * fails: 'g' is no hex digit, and matches no digest. */
		memset(out->hexbuf, 'g', 2 * (size_t)digest_len);
	}
	out->hexbuf[2 * digest_len] = '\0';
	out->hex = out->hexbuf;
	return true;
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
		/* What may follow a tag of variable length is decided by
		 * check_parse_line. */
		if (n >= len || memcmp(s, tag, n) != 0)
			continue;
		const bool sep = s[n] == ' ' || s[n] == '(' ||
				 (sumac_algo_takes_length((enum sumac_algo)a) &&
				  (!p->tagged_only || s[n] == '-'));
		if (!sep && !(p->lenient_tags && !p->tagged_only))
			continue;
		if (!found || n > *taglen) {
			*algo = (enum sumac_algo)a;
			*taglen = n;
			found = true;
		}
	}
	return found;
}

/* Other tools' words for sumac's algorithms, where they differ from
 * sumac's own tags (the rest, "MD5", "SHA1", "SHA256", "SHA3-256",
 * "SM3", are the same): OpenSSL 3's "SHA2-N" and "SHA2-512/N",
 * "BLAKE2B-512" (OpenSSL 1.1: "BLAKE2b512"), FreeBSD's "SHA512tN". */
static const struct {
	const char *word;
	enum sumac_algo algo;
} foreign_words[] = {
	{"SHA2-224", SUMAC_SHA224},         {"SHA2-256", SUMAC_SHA256},
	{"SHA2-384", SUMAC_SHA384},         {"SHA2-512", SUMAC_SHA512},
	{"SHA2-512/224", SUMAC_SHA512_224}, {"SHA2-512/256", SUMAC_SHA512_256},
	{"BLAKE2B-512", SUMAC_BLAKE2B},     {"BLAKE2b512", SUMAC_BLAKE2B},
	{"SHA512t224", SUMAC_SHA512_224},   {"SHA512t256", SUMAC_SHA512_256},
};

/* The longest foreign word of an accepted algorithm that starts s and is
 * followed by ' ' or '(' (so "SHA2-512/256(" is not taken for "SHA2-512"
 * and a name). */
static bool foreign_tag(const struct check_parser *p, const char *s, size_t len,
			enum sumac_algo *algo, size_t *taglen)
{
	bool found = false;
	for (size_t k = 0; k < sizeof foreign_words / sizeof foreign_words[0]; k++) {
		const size_t n = strlen(foreign_words[k].word);
		if (!(p->algos & SUMAC_ALGO_BIT(foreign_words[k].algo)) || n >= len ||
		    memcmp(s, foreign_words[k].word, n) != 0 || (s[n] != ' ' && s[n] != '('))
			continue;
		if (!found || n > *taglen) {
			*algo = foreign_words[k].algo;
			*taglen = n;
			found = true;
		}
	}
	return found;
}

static enum check_line_kind parse_tagged(const struct check_parser *p, char *s, size_t len,
					 bool escaped, enum sumac_algo algo, unsigned digest_len,
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

	/* The digest, like GNU 9.1's C string, ends at a NUL byte if there is
	 * one; from 9.2 a NUL after it is one byte too many. */
	const char *nul = p->nul_separates ? NULL : memchr(s + i, '\0', len - i);
	const size_t end = nul ? (size_t)(nul - s) : len;
	if (!digest_text(p, s + i, end - i, digest_len, out))
		return CHECK_LINE_MALFORMED;
	out->algo = algo;
	out->digest_len = digest_len;
	out->tagged = true;
	out->binary = false;
	if (!finish_name(s, close, escaped, out))
		return CHECK_LINE_MALFORMED;
	return CHECK_LINE_VALID;
}

static bool untagged_algo(const struct check_parser *p, size_t hexlen, enum sumac_algo *algo)
{
	if (p->untagged_family) {
		for (int a = 0; a < SUMAC_NALGO; a++) {
			if ((p->untagged_family & (1u << a)) &&
			    hexlen == 2 * (size_t)sumac_algo_info((enum sumac_algo)a)->digest_len) {
				*algo = (enum sumac_algo)a;
				return true;
			}
		}
		return false;
	}
	if (!p->infer_untagged) {
		const size_t full = 2 * (size_t)sumac_algo_info(p->untagged)->digest_len;
		*algo = p->untagged;
		/* b2sum: the digest's width is its length. */
		if (sumac_algo_takes_length(p->untagged))
			return hexlen >= 2 && hexlen <= full && hexlen % 2 == 0;
		return hexlen == full;
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

/* cksum and sumac: an untagged base64 digest of toklen characters.  Its width
 * gives the length only from 9.9 (and for a family); before, only an
 * algorithm of one length has one. */
static bool untagged_base64(const struct check_parser *p, const char *s, size_t toklen,
			    enum sumac_algo *algo, unsigned *digest_len)
{
	const size_t n = base64_decoded_len(s, toklen);
	if (n == 0 || n > SUMAC_MAX_DIGEST)
		return false;
	if (p->infer_untagged) {
		/* sumac without -a: the algorithm its hex of that width
		 * would be. */
		*digest_len = (unsigned)n;
		return untagged_algo(p, 2 * n, algo);
	}
	if (p->untagged_family) {
		if (!p->base64_any_width)
			return false;
		for (int a = 0; a < SUMAC_NALGO; a++) {
			if ((p->untagged_family & (1u << a)) &&
			    n == sumac_algo_info((enum sumac_algo)a)->digest_len) {
				*algo = (enum sumac_algo)a;
				*digest_len = (unsigned)n;
				return true;
			}
		}
		return false;
	}
	*algo = p->untagged;
	const unsigned full = sumac_algo_info(p->untagged)->digest_len;
	if (sumac_algo_takes_length(p->untagged) ? !p->base64_any_width || n > full : n != full)
		return false;
	*digest_len = (unsigned)n;
	return true;
}

static enum check_line_kind parse_untagged(struct check_parser *p, char *s, size_t len,
					   bool escaped, struct check_line *out)
{
	size_t hexlen = hex_run(s, len);
	enum sumac_algo algo = p->untagged;
	unsigned digest_len = (unsigned)(hexlen / 2);

	if (p->tagged_only)
		return CHECK_LINE_MALFORMED;
	size_t toklen = hexlen;
	if (p->base64) {
		/* The digest runs to a blank (or NUL); one of hex digits
		 * only is hex, whatever its width. */
		toklen = 0;
		while (toklen < len && !is_blank(s[toklen]) &&
		       !(p->nul_separates && s[toklen] == '\0'))
			toklen++;
		if (toklen == hexlen)
			toklen = hexlen;
		else if (!untagged_base64(p, s, toklen, &algo, &digest_len))
			return CHECK_LINE_MALFORMED;
	}
	/* The digest, one blank, and a name of at least one byte. */
	if ((toklen == hexlen && !untagged_algo(p, hexlen, &algo)) || len < toklen + 2 ||
	    !(is_blank(s[toklen]) || (p->nul_separates && s[toklen] == '\0')))
		return CHECK_LINE_MALFORMED;
	if (toklen != hexlen) {
		if (!digest_text(p, s, toklen, digest_len, out))
			return CHECK_LINE_MALFORMED;
	} else {
		out->hex = s;
	}
	hexlen = toklen;
	out->algo = algo;
	out->digest_len = digest_len;
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

/* After a variable-length tag, at line[*j]: "-N" (N in bits, read as C's
 * strtoumax with base 0 does, so 0x100 is 256, as in GNU), or before GNU
 * 9.9 any one character but "(" (GNU overwrote it).  Moves *j to where the
 * optional space and "(" are; false for a malformed length. */
static bool tag_length(const struct check_parser *p, const char *line, size_t len, size_t *j,
		       unsigned *digest_len)
{
	if (*j < len && line[*j] == '-') {
		const char *start = line + *j + 1;
		if (p->tag_length_digit && !(*start >= '0' && *start <= '9'))
			return false;
		char *end;
		errno = 0;
		const uintmax_t bits = strtoumax(start, &end, 0);
		if (end == start || errno || bits == 0 || bits % 8 ||
		    bits > 8 * (uintmax_t)*digest_len)
			return false;
		*digest_len = (unsigned)(bits / 8);
		*j = (size_t)(end - line);
		return true;
	}
	if (!p->strict_tag_space && *j < len && line[*j] != '(')
		(*j)++;
	return true;
}

/* An accepted fixed-length algorithm's tag followed by "-". */
static bool fixed_tag_with_length(const struct check_parser *p, const char *s, size_t len,
				  enum sumac_algo *algo)
{
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const char *tag = sumac_algo_info((enum sumac_algo)a)->tag;
		const size_t n = strlen(tag);
		if ((p->algos & (1u << a)) && !sumac_algo_takes_length((enum sumac_algo)a) &&
		    n < len && memcmp(s, tag, n) == 0 && s[n] == '-') {
			*algo = (enum sumac_algo)a;
			return true;
		}
	}
	return false;
}

static bool row_named(const char *name, enum sumac_algo *algo)
{
	for (int a = 0; a < SUMAC_NALGO; a++) {
		if (strcmp(sumac_algo_info((enum sumac_algo)a)->name, name) == 0) {
			*algo = (enum sumac_algo)a;
			return true;
		}
	}
	return false;
}

/* cksum's family tags at line[*j]: "SHA2-N" and "SHA3-N" with N 224,
 * 256, 384 or 512 (read as tag_length reads it), and "SHA2" or "SHA3"
 * alone for 512.  -1 if there is none; 0 for one that is malformed; 1 for
 * one of an accepted algorithm (*algo), *j moved past it. */
static int family_tag(const struct check_parser *p, const char *line, size_t len, size_t *j,
		      enum sumac_algo *algo)
{
	const char *s = line + *j;
	if (len - *j < 5 || memcmp(s, "SHA", 3) != 0 || (s[3] != '2' && s[3] != '3') ||
	    (s[4] != '-' && s[4] != ' ' && s[4] != '('))
		return -1;
	uintmax_t bits = 512;
	size_t k = *j + 4;
	if (s[4] == '-') {
		const char *start = s + 5;
		char *end;
		if (p->tag_length_digit && !(*start >= '0' && *start <= '9'))
			return 0;
		errno = 0;
		bits = strtoumax(start, &end, 0);
		if (end == start || errno ||
		    (bits != 224 && bits != 256 && bits != 384 && bits != 512))
			return 0;
		k = (size_t)(end - line);
	}
	char name[16];
	snprintf(name, sizeof name, s[3] == '2' ? "sha%u" : "sha3-%u", (unsigned)bits);
	if (!row_named(name, algo) || !(p->algos & (1u << *algo)))
		return 0;
	*j = k;
	return 1;
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
	out->tag_algo = -1;
	out->tag_family = 0;
	size_t taglen = 0;
	size_t j = i;
	int ftag;
	if (p->foreign_tags && foreign_tag(p, line + i, len - i, &algo, &taglen)) {
		/* A fixed length: no "-N" after the word. */
		j = i + taglen;
		out->tag_algo = (int)algo;
		if (line[j] == ' ')
			j++;
		if (j >= len || line[j] != '(')
			return CHECK_LINE_MALFORMED;
		j++;
		kind = parse_tagged(p, line + j, len - j, escaped, algo,
				    sumac_algo_info(algo)->digest_len, out);
	} else if (match_tag(p, line + i, len - i, &algo, &taglen)) {
		j = i + taglen;
		out->tag_algo = (int)algo;
		unsigned digest_len = sumac_algo_info(algo)->digest_len;
		if (sumac_algo_takes_length(algo) && !tag_length(p, line, len, &j, &digest_len))
			return CHECK_LINE_MALFORMED;
		if (!sumac_algo_takes_length(algo) && p->lenient_tags && j < len && line[j] != '(')
			j++;
		if (line[j] == ' ')
			j++;
		if (j >= len || line[j] != '(')
			return CHECK_LINE_MALFORMED;
		j++;
		kind = parse_tagged(p, line + j, len - j, escaped, algo, digest_len, out);
	} else if (p->family_tags && (ftag = family_tag(p, line, len, &j, &algo)) >= 0) {
		out->tag_family = line[i + 3];
		if (ftag == 0)
			return CHECK_LINE_MALFORMED;
		out->tag_algo = (int)algo;
		if (line[j] == ' ')
			j++;
		if (j >= len || line[j] != '(')
			return CHECK_LINE_MALFORMED;
		j++;
		kind = parse_tagged(p, line + j, len - j, escaped, algo,
				    sumac_algo_info(algo)->digest_len, out);
	} else if (fixed_tag_with_length(p, line + i, len - i, &algo)) {
		/* "SHA256-8 (f) = 58": GNU's cksum compares the first 8 bits
		 * only; sumac takes no length on a fixed-length tag. */
		out->tag_algo = (int)algo;
		return CHECK_LINE_MALFORMED;
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
