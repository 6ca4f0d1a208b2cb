/* SPDX-License-Identifier: MIT */
/* Fuzz target: the --check line parser (src/check/parse.c).
 *
 * Input: one configuration byte, then any bytes, cut into lines at LF the
 * way getline() cuts a list (NUL, CR, backslashes and all kept), parsed in
 * order through one parser so that the untagged-style state carries over.
 * An optional first line "=NAME\n" names the algorithm (named.h), in place
 * of bits 0-2, which reach the first eight rows only.
 *   bits 0-2  the algorithm of a GNU-named program (index mod SUMAC_NALGO)
 *   bit 3     sumac without -a: every tag, other tools' words too
 *             (OpenSSL's SHA2-256, FreeBSD's SHA512t256), untagged
 *             algorithm from length, base64 digests as sumac --base64
 *             writes them
 *   bit 4     the list is standard input (a name of "-" is malformed)
 *   bits 5-6  initial untagged style (0/3 unset, 1 standard, 2 reversed)
 *   bit 7     cksum's rules: base64 digests (any width), SHA2-N/SHA2/SHA3
 *             tags, and with bit 3 tagged lines only
 * Invariants checked on every line:
 *   - comment and empty lines, and only they, are ignored;
 *   - a valid line's hex is exactly 2 * digest_len hex digits (in the line,
 *     or decoded from base64 into the result; a base64 text no digest
 *     encodes to is all 'g', which nothing matches), of an algorithm the
 *     run accepts (the program's own when untagged), of at most its length;
 *   - its name lies inside the line, holds no NUL, and name_len is its length;
 *   - check_digest_matches accepts the hex's own value and rejects it with
 *     any one nibble changed;
 *   - re-escaping the name as generation mode would and re-parsing the
 *     result gives back the same algorithm, hex, name and mode. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check/parse.h"
#include "fuzz.h"
#include "named.h"

const char fuzz_target_name[] = "parse";

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Generation mode's escaping, as GNU's: \ -> \\, LF -> \n, CR -> \r. */
static size_t escape_into(char *dst, const char *name, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		switch (name[i]) {
		case '\\':
			dst[n++] = '\\';
			dst[n++] = '\\';
			break;
		case '\n':
			dst[n++] = '\\';
			dst[n++] = 'n';
			break;
		case '\r':
			dst[n++] = '\\';
			dst[n++] = 'r';
			break;
		default:
			dst[n++] = name[i];
		}
	}
	return n;
}

static bool needs_escape(const char *name, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (name[i] == '\\' || name[i] == '\n' || name[i] == '\r')
			return true;
	return false;
}

/* Writes the line generation mode would print for this parse result and
 * parses it with a fresh parser of the same configuration. */
static void check_round_trip(const struct check_parser *orig, const struct check_line *l,
			     bool list_is_stdin)
{
	const struct sumac_algo_info *ai = sumac_algo_info(l->algo);
	const size_t hexlen = 2 * (size_t)l->digest_len;
	char tag[48];
	if (l->digest_len == ai->digest_len)
		snprintf(tag, sizeof tag, "%s", ai->tag);
	else
		snprintf(tag, sizeof tag, "%s-%u", ai->tag, 8 * l->digest_len);
	/* A base64 text that no digest encodes to has no hex to write. */
	if (l->hex[0] == 'g')
		return;
	/* An empty name cannot be written in the untagged form: "HEX  " reads
	 * back as the reversed form of the name " ".  No file has that name. */
	if (!l->tagged && l->name_len == 0)
		return;
	const size_t cap = 1 + strlen(tag) + 2 + 2 * l->name_len + 4 + hexlen + 2;
	char *buf = malloc(cap);
	FUZZ_CHECK(buf != NULL);
	size_t n = 0;
	const bool esc = needs_escape(l->name, l->name_len);
	if (esc)
		buf[n++] = '\\';
	if (l->tagged) {
		memcpy(buf + n, tag, strlen(tag));
		n += strlen(tag);
		memcpy(buf + n, " (", 2);
		n += 2;
	} else {
		memcpy(buf + n, l->hex, hexlen);
		n += hexlen;
		buf[n++] = ' ';
		buf[n++] = l->binary ? '*' : ' ';
	}
	n += esc ? escape_into(buf + n, l->name, l->name_len)
		 : (memcpy(buf + n, l->name, l->name_len), l->name_len);
	if (l->tagged) {
		memcpy(buf + n, ") = ", 4);
		n += 4;
		memcpy(buf + n, l->hex, hexlen);
		n += hexlen;
	}
	buf[n++] = '\n';
	FUZZ_CHECK(n < cap);

	struct check_parser p;
	struct check_line again;
	check_parser_init(&p, orig->algos, orig->infer_untagged, orig->untagged);
	p.tagged_only = orig->tagged_only;
	p.untagged_family = orig->untagged_family;
	p.base64 = orig->base64;
	p.base64_any_width = orig->base64_any_width;
	p.family_tags = orig->family_tags;
	p.lenient_tags = orig->lenient_tags;
	p.foreign_tags = orig->foreign_tags;
	const enum check_line_kind kind = check_parse_line(&p, buf, n, list_is_stdin, &again);
	FUZZ_CHECK(kind == CHECK_LINE_VALID);
	FUZZ_CHECK(again.algo == l->algo);
	FUZZ_CHECK(again.digest_len == l->digest_len);
	FUZZ_CHECK(again.tagged == l->tagged);
	FUZZ_CHECK(again.binary == l->binary);
	FUZZ_CHECK(memcmp(again.hex, l->hex, hexlen) == 0);
	FUZZ_CHECK(again.name_len == l->name_len);
	FUZZ_CHECK(memcmp(again.name, l->name, l->name_len) == 0);
	free(buf);
}

static void check_valid(const struct check_parser *p, const char *line, size_t len,
			const struct check_line *l, bool list_is_stdin)
{
	FUZZ_CHECK((unsigned)l->algo < SUMAC_NALGO);
	FUZZ_CHECK(p->algos & (1u << l->algo));
	if (!l->tagged && !p->infer_untagged)
		FUZZ_CHECK(l->algo == p->untagged);
	if (!l->tagged)
		FUZZ_CHECK(!p->tagged_only);

	const size_t dlen = l->digest_len;
	FUZZ_CHECK(dlen >= 1 && dlen <= sumac_algo_info(l->algo)->digest_len);
	const bool decoded = l->hex == l->hexbuf;
	FUZZ_CHECK(decoded ? p->base64 : l->hex >= line && l->hex + 2 * dlen <= line + len);
	if (decoded && l->hex[0] == 'g') {
		for (size_t i = 0; i < 2 * dlen; i++)
			FUZZ_CHECK(l->hex[i] == 'g');
		FUZZ_CHECK(l->hex[2 * dlen] == '\0');
		return;
	}
	for (size_t i = 0; i < 2 * dlen; i++)
		FUZZ_CHECK(hexval(l->hex[i]) >= 0);
	/* Exactly 2 * dlen digits: the text ends there (NUL-terminated). */
	FUZZ_CHECK(l->hex[2 * dlen] == '\0');

	FUZZ_CHECK(l->name >= line && l->name + l->name_len <= line + len);
	FUZZ_CHECK(l->name[l->name_len] == '\0');
	FUZZ_CHECK(strlen(l->name) == l->name_len);
	if (list_is_stdin)
		FUZZ_CHECK(strcmp(l->name, "-") != 0);

	unsigned char digest[SUMAC_MAX_DIGEST];
	for (size_t i = 0; i < dlen; i++)
		digest[i] = (unsigned char)(hexval(l->hex[2 * i]) << 4 | hexval(l->hex[2 * i + 1]));
	FUZZ_CHECK(check_digest_matches(l->hex, digest, dlen));
	for (size_t i = 0; i < dlen; i++) {
		digest[i] ^= 0x10;
		FUZZ_CHECK(!check_digest_matches(l->hex, digest, dlen));
		digest[i] ^= 0x11;
		FUZZ_CHECK(!check_digest_matches(l->hex, digest, dlen));
		digest[i] ^= 0x01;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum sumac_algo algo;
	const int named = fuzz_named_algo(&data, &size, &algo);
	if (named < 0 || size < 1)
		return 0;
	const uint8_t cfg = data[0];
	if (!named)
		algo = (enum sumac_algo)((cfg & 7) % SUMAC_NALGO);
	const bool infer = cfg & 8;
	const bool list_is_stdin = cfg & 16;
	struct check_parser p;

	if (infer)
		check_parser_init(&p, (1u << SUMAC_NALGO) - 1, true, algo);
	else
		check_parser_init(&p, 1u << algo, false, algo);
	p.foreign_tags = infer && !(cfg & 128);
	/* sumac's name reads base64 as cksum does (src/cli/check.c). */
	p.base64 = p.base64_any_width = infer;
	if (cfg & 128) {
		p.base64 = true;
		p.base64_any_width = true;
		p.family_tags = true;
		p.tagged_only = infer;
		p.infer_untagged = false;
	}
	switch ((cfg >> 5) & 3) {
	case 1:
		p.style = CHECK_STYLE_STANDARD;
		break;
	case 2:
		p.style = CHECK_STYLE_REVERSED;
		break;
	default:
		break;
	}

	const uint8_t *s = data + 1;
	size_t left = size - 1;
	while (left > 0) {
		const uint8_t *lf = memchr(s, '\n', left);
		const size_t len = lf ? (size_t)(lf - s) + 1 : left;
		/* Exactly the room the parser may use: the line and one NUL. */
		char *line = malloc(len + 1);
		FUZZ_CHECK(line != NULL);
		memcpy(line, s, len);
		line[len] = 'X'; /* the parser must write its NUL here, not rely on one */

		size_t body = len;
		if (body && s[body - 1] == '\n')
			body--;
		if (body && s[body - 1] == '\r')
			body--;
		const bool ignored = s[0] == '#' || body == 0;

		struct check_line l;
		memset(&l, 0, sizeof l);
		const enum check_line_kind kind =
			check_parse_line(&p, line, len, list_is_stdin, &l);
		FUZZ_CHECK(kind == CHECK_LINE_IGNORED || kind == CHECK_LINE_VALID ||
			   kind == CHECK_LINE_MALFORMED);
		FUZZ_CHECK((kind == CHECK_LINE_IGNORED) == ignored);
		if (kind == CHECK_LINE_VALID) {
			check_valid(&p, line, len, &l, list_is_stdin);
			check_round_trip(&p, &l, list_is_stdin);
		}
		free(line);
		s += len;
		left -= len;
	}
	return 0;
}
