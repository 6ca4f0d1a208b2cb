/* SPDX-License-Identifier: MIT */
/* Fuzz target: file-name escaping and quoting (src/cli/out.c, quote.c).
 *
 * Input: one configuration byte, then a file name (up to the first NUL:
 * names cannot hold one).
 *   bit 0     LC_CTYPE C.UTF-8 rather than C (quotef shows printable
 *             multibyte characters as they are)
 *   bits 1-3  the algorithm of the generated check line (mod SUMAC_NALGO;
 *             reaching the first eight rows), unless a first line
 *             "=NAME\n" before the byte names it (named.h)
 *   bit 4     binary mode marker '*'
 * Invariants:
 *   - out_name_needs_escape() is true exactly for names holding \, LF, CR;
 *   - out_escape() (what out_put_escaped() writes) gives no LF or CR,
 *     and undoing \\, \n, \r gives the name back;
 *   - the line generation mode prints for the name (untagged and --tag,
 *     with the leading \ when escaped) parses back through
 *     check_parse_line() to the same name, digest and mode;
 *   - out_quotef() never crashes, returns a word with no raw control
 *     character, and reading that word as bash/ksh would (quotes, $'...',
 *     backslashes) gives back the name, with no unquoted character that a
 *     shell would expand or split on.  tests/fault/quote-shell.bats feeds a
 *     sample of names through a real bash for the same property. */
#include "config.h"

#include <locale.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "check/parse.h"
#include "cli/out.h"
#include "fuzz.h"
#include "named.h"

const char fuzz_target_name[] = "escape";

/* Undoes generation-mode escaping; false on anything it never writes. */
static bool unescape(const char *s, size_t len, char *out, size_t *outlen)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\\') {
			out[n++] = s[i];
			continue;
		}
		if (++i == len)
			return false;
		if (s[i] == '\\')
			out[n++] = '\\';
		else if (s[i] == 'n')
			out[n++] = '\n';
		else if (s[i] == 'r')
			out[n++] = '\r';
		else
			return false;
	}
	*outlen = n;
	return true;
}

/* What out_put_escaped() writes: out_escape() of the name. */
static char *capture_escaped(const char *name, size_t *len)
{
	char *mem = malloc(2 * strlen(name) + 1);
	FUZZ_CHECK(mem != NULL);
	*len = out_escape(name, mem);
	return mem;
}

/* The algorithm sumac without -a takes an untagged digest of hexlen
 * digits to be: the first row with a GNU program of that width (SHA-512
 * for 128 digits, not BLAKE2b); -1 for none. */
static int inferred_algo(size_t hexlen)
{
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const struct sumac_algo_info *ai = sumac_algo_info((enum sumac_algo)a);
		if (ai->progname && hexlen == 2 * (size_t)ai->digest_len)
			return a;
	}
	return -1;
}

static void check_line_round_trip(const char *name, size_t namelen, const char *esc, size_t esclen,
				  bool escaped, enum sumac_algo algo, bool tagged, bool binary)
{
	const struct sumac_algo_info *ai = sumac_algo_info(algo);
	const size_t hexlen = 2 * (size_t)ai->digest_len;
	char hex[2 * SUMAC_MAX_DIGEST + 1];
	for (size_t i = 0; i < hexlen; i++)
		hex[i] = "0123456789abcdefABCDEF"[(i * 7 + namelen) % 22];
	hex[hexlen] = '\0';

	const size_t cap = esclen + hexlen + strlen(ai->tag) + 16;
	char *line = malloc(cap);
	FUZZ_CHECK(line != NULL);
	size_t n = 0;
	if (escaped)
		line[n++] = '\\';
	if (tagged) {
		n += (size_t)sprintf(line + n, "%s (", ai->tag);
	} else {
		memcpy(line + n, hex, hexlen);
		n += hexlen;
		line[n++] = ' ';
		line[n++] = binary ? '*' : ' ';
	}
	memcpy(line + n, esc, esclen);
	n += esclen;
	if (tagged)
		n += (size_t)sprintf(line + n, ") = %s", hex);
	line[n++] = '\n';
	FUZZ_CHECK(n < cap);

	/* As a GNU-named program, and as sumac reading every algorithm. */
	for (int infer = 0; infer < 2; infer++) {
		struct check_parser p;
		struct check_line l;
		char *copy = malloc(n + 1);
		FUZZ_CHECK(copy != NULL);
		memcpy(copy, line, n);
		check_parser_init(&p, infer ? (1u << SUMAC_NALGO) - 1 : 1u << algo, infer, algo);
		const enum check_line_kind kind = check_parse_line(&p, copy, n, false, &l);
		/* "HEX  " (an empty name) reads back as a reversed line naming " ".
		 * An untagged line whose width no GNU program writes (the sums'
		 * and CRCs' 4 and 8 digits, shared by two rows) names no
		 * algorithm without -a: sumac -c calls it improperly formatted. */
		if ((namelen == 0 && !tagged) || (infer && !tagged && inferred_algo(hexlen) < 0)) {
			free(copy);
			continue;
		}
		FUZZ_CHECK(kind == CHECK_LINE_VALID);
		FUZZ_CHECK(l.tagged == tagged);
		FUZZ_CHECK(l.binary == (binary && !tagged));
		FUZZ_CHECK(memcmp(l.hex, hex, hexlen) == 0 && l.hex[hexlen] == '\0');
		FUZZ_CHECK(l.name_len == namelen && memcmp(l.name, name, namelen) == 0);
		if (!infer || tagged)
			FUZZ_CHECK(l.algo == algo);
		else
			FUZZ_CHECK((int)l.algo == inferred_algo(hexlen));
		free(copy);
	}
	free(line);
}

static bool shell_special_unquoted(unsigned char c, bool word_start)
{
	if (c < 0x20 || c == 0x7f)
		return true;
	if (strchr(" \t|&;()<>*?[$`\"'\\!=^", c))
		return true;
	return word_start && (c == '~' || c == '#');
}

/* Reads s as one bash word made of quoted and unquoted pieces; returns
 * false if s is not a literal word (something a shell would expand,
 * split, glob or choke on). */
static bool shell_decode(const char *s, char *out, size_t *outlen)
{
	size_t n = 0, i = 0;
	const size_t len = strlen(s);
	while (i < len) {
		const unsigned char c = (unsigned char)s[i];
		if (c == '\'') {
			const char *end = memchr(s + i + 1, '\'', len - i - 1);
			if (!end)
				return false;
			memcpy(out + n, s + i + 1, (size_t)(end - s - i - 1));
			n += (size_t)(end - s - i - 1);
			i = (size_t)(end - s) + 1;
		} else if (c == '"') {
			for (i++;; i++) {
				if (i >= len)
					return false;
				if (s[i] == '"')
					break;
				if (s[i] == '$' || s[i] == '`' || s[i] == '!')
					return false;
				if (s[i] == '\\' && i + 1 < len && strchr("$`\"\\\n", s[i + 1]))
					i++;
				out[n++] = s[i];
			}
			i++;
		} else if (c == '$' && i + 1 < len && s[i + 1] == '\'') {
			for (i += 2;; i++) {
				if (i >= len)
					return false;
				if (s[i] == '\'')
					break;
				if (s[i] != '\\') {
					out[n++] = s[i];
					continue;
				}
				if (++i >= len)
					return false;
				const char *named = strchr("abfnrtv\\'\"?", s[i]);
				if (named && s[i]) {
					static const char vals[] = "\a\b\f\n\r\t\v\\'\"?";
					out[n++] = vals[named - "abfnrtv\\'\"?"];
				} else if (s[i] >= '0' && s[i] <= '7') {
					unsigned v = 0;
					for (int k = 0;
					     k < 3 && i < len && s[i] >= '0' && s[i] <= '7';
					     k++, i++)
						v = v * 8 + (unsigned)(s[i] - '0');
					i--;
					if (v == 0 || v > 255)
						return false; /* bash ends the string at \0 */
					out[n++] = (char)v;
				} else {
					return false; /* quotef never writes \x, \u, \c... */
				}
			}
			i++;
		} else if (c == '\\') {
			if (i + 1 >= len || s[i + 1] == '\n')
				return false;
			out[n++] = s[i + 1];
			i += 2;
		} else {
			if (shell_special_unquoted(c, i == 0))
				return false;
			out[n++] = (char)c;
			i++;
		}
	}
	*outlen = n;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool init;
	if (!init) {
		/* quotef loads the user's locale once, on its first call; after
		 * that the locale chosen below for each input holds. */
		(void)out_quotef("\303\251");
		init = true;
	}
	enum sumac_algo algo;
	const int named = fuzz_named_algo(&data, &size, &algo);
	if (named < 0 || size < 1)
		return 0;
	const uint8_t cfg = data[0];
	if (!named)
		algo = (enum sumac_algo)(((cfg >> 1) & 7) % SUMAC_NALGO);
	const char *nul = memchr(data + 1, '\0', size - 1);
	const size_t namelen = nul ? (size_t)(nul - (const char *)data - 1) : size - 1;
	char *name = malloc(namelen + 1);
	FUZZ_CHECK(name != NULL);
	memcpy(name, data + 1, namelen);
	name[namelen] = '\0';

	bool special = false;
	for (size_t i = 0; i < namelen; i++)
		special |= name[i] == '\\' || name[i] == '\n' || name[i] == '\r';
	FUZZ_CHECK(out_name_needs_escape(name) == special);

	size_t esclen;
	char *esc = capture_escaped(name, &esclen);
	FUZZ_CHECK(memchr(esc, '\n', esclen) == NULL && memchr(esc, '\r', esclen) == NULL);
	char *back = malloc(esclen + 1);
	size_t backlen = 0;
	FUZZ_CHECK(back != NULL);
	FUZZ_CHECK(unescape(esc, esclen, back, &backlen));
	FUZZ_CHECK(backlen == namelen && memcmp(back, name, namelen) == 0);
	free(back);

	/* What generation mode prints: escaped only when needed. */
	const bool binary = cfg & 16;
	const char *shown = special ? esc : name;
	const size_t shownlen = special ? esclen : namelen;
	check_line_round_trip(name, namelen, shown, shownlen, special, algo, false, binary);
	check_line_round_trip(name, namelen, shown, shownlen, special, algo, true, binary);
	free(esc);

	if (!setlocale(LC_CTYPE, (cfg & 1) ? "C.UTF-8" : "C"))
		setlocale(LC_CTYPE, "C");
	const char *q = out_quotef(name);
	FUZZ_CHECK(q != NULL && q[0] != '\0');
	for (const char *c = q; *c; c++)
		FUZZ_CHECK((unsigned char)*c >= 0x20 && *c != 0x7f);
	char *word = malloc(strlen(q) + 1);
	size_t wordlen = 0;
	FUZZ_CHECK(word != NULL);
	/* GNU 9.1 writes a name holding ' that starts and ends with a byte
	 * needing $'...' as '\ooo...: the first byte inside plain quotes, where
	 * a shell reads it literally (a gnulib bug that quote.c reproduces for
	 * byte compatibility).  Only that shape is excused from reading back. */
	const bool gnu_bug_shape =
		q[0] == '\'' && q[1] == '\\' && name[0] != '\\' && strchr(name, '\'') != NULL;
	if (!gnu_bug_shape) {
		FUZZ_CHECK(shell_decode(q, word, &wordlen));
		FUZZ_CHECK(wordlen == namelen && memcmp(word, name, namelen) == 0);
	}
	/* A name that needs no quoting is shown as it is. */
	if (strpbrk(q, "'\"$\\") == NULL)
		FUZZ_CHECK(strcmp(q, name) == 0);
	free(word);
	free(name);
	return 0;
}
