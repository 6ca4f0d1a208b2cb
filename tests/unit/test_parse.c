/* SPDX-License-Identifier: MIT */
/* Table-driven cases for the --check line parser (GNU 9.1's grammar). */
#include "config.h"

#include "check/parse.h"
#include "tap.h"

#define H64  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
#define H40  "da39a3ee5e6b4b0d3255bfef95601890afd80709"
#define H32  "d41d8cd98f00b204e9800998ecf8427e"
#define H56  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b"
#define H96  H64 H32
#define H128 H64 H64

/* SUMAC_FOREIGN: sumac's own name, which also reads other tools' tags. */
enum mode { GNU256, GNU1, SUMAC_ANY, SUMAC_FOREIGN };

struct pcase {
	enum mode mode;
	const char *line;
	enum check_line_kind kind;
	const char *name; /* expected name when valid */
	int binary;       /* expected marker when valid */
	enum sumac_algo algo;
};

static const struct pcase cases[] = {
	{GNU256, "# comment\n", CHECK_LINE_IGNORED, NULL, 0, 0},
	{GNU256, "\n", CHECK_LINE_IGNORED, NULL, 0, 0},
	{GNU256, "\r\n", CHECK_LINE_IGNORED, NULL, 0, 0},
	{GNU256, "   \n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, " # not a comment\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, H64 "  f\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, H64 " *f\n", CHECK_LINE_VALID, "f", 1, SUMAC_SHA256},
	{GNU256, H64 "  f\r\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, H64 "  f\r\r\n", CHECK_LINE_VALID, "f\r", 0, SUMAC_SHA256},
	{GNU256, H64 "\t f\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, " \t" H64 "  f\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, H64 "   f \n", CHECK_LINE_VALID, " f ", 0, SUMAC_SHA256},
	{GNU256, "\\" H64 "  a\\\\b\\nc\\rd\n", CHECK_LINE_VALID, "a\\b\nc\rd", 0, SUMAC_SHA256},
	{GNU256, "\\" H64 "  a\\tb\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "\\" H64 "  ab\\\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, H64 "  a\\b\n", CHECK_LINE_VALID, "a\\b", 0, SUMAC_SHA256},
	{GNU256, H64 "  \n", CHECK_LINE_VALID, " ", 0, SUMAC_SHA256}, /* reversed, name " " */
	{GNU256, H64 " \n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, H64 "0  f\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, H40 "  f\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "SHA256 (f) = " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, "SHA256(f)= " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, "SHA256 (f)=" H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, "SHA256 (a (1)) = " H64 "\n", CHECK_LINE_VALID, "a (1)", 0, SUMAC_SHA256},
	{GNU256, "\\SHA256 (a\\\\b) = " H64 "\n", CHECK_LINE_VALID, "a\\b", 0, SUMAC_SHA256},
	{GNU256, "SHA256 (f) = " H64 " \n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "SHA256 (f) = " H64 "0\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "SHA256  (f) = " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "SHA1 (f) = " H40 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU1, "SHA1 (f) = " H40 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA1},
	{GNU1, "SHA256 (f) = " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "sha256 (f) = " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_ANY, "SHA1 (f) = " H40 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA1},
	{SUMAC_ANY, "SHA512-256 (f) = " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512_256},
	{SUMAC_ANY, H40 "  f\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA1},
	{SUMAC_ANY, H64 "  f\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{SUMAC_ANY, H64 "0  f\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855  f\n",
	 CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{GNU256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b85g  f\n",
	 CHECK_LINE_MALFORMED, NULL, 0, 0},
	/* The BSD form with any algorithm sumac has. */
	{SUMAC_ANY, "SHA3-512 (f) = " H128 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA3_512},
	{SUMAC_ANY, "SHA512-224 (f) = " H56 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512_224},
	{SUMAC_ANY, "SM3 (f) = " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SM3},
	{SUMAC_ANY, "MD5(f)= " H32 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_MD5},
	{SUMAC_ANY, "SHA3-256(f)= " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA3_256},
	/* Other tools' words, only where the parser is told to read them. */
	{SUMAC_ANY, "SHA2-256(f)= " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_ANY, "BLAKE2B-512(f)= " H128 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "SHA2-256(f)= " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{GNU256, "SHA512t256 (f) = " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2-224(f)= " H56 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA224},
	{SUMAC_FOREIGN, "SHA2-256(f)= " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{SUMAC_FOREIGN, "SHA2-384 (f) = " H96 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA384},
	{SUMAC_FOREIGN, "SHA2-512(f)= " H128 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512},
	{SUMAC_FOREIGN, "SHA2-512/224(f)= " H56 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512_224},
	{SUMAC_FOREIGN, "SHA2-512/256(f)= " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512_256},
	{SUMAC_FOREIGN, "BLAKE2B-512(f)= " H128 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_BLAKE2B},
	{SUMAC_FOREIGN, "BLAKE2b512(f)= " H128 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_BLAKE2B},
	{SUMAC_FOREIGN, "SHA512t256 (f) = " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512_256},
	{SUMAC_FOREIGN, "SHA512t224 (f) = " H56 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA512_224},
	{SUMAC_FOREIGN, "SHA2-256 (a (1)) = " H64 "\n", CHECK_LINE_VALID, "a (1)", 0, SUMAC_SHA256},
	{SUMAC_FOREIGN, "\\SHA2-256(a\\nb)= " H64 "\n", CHECK_LINE_VALID, "a\nb", 0, SUMAC_SHA256},
	{SUMAC_FOREIGN, "SHA1(f)= " H40 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA1},
	{SUMAC_FOREIGN, "BLAKE2b-256 (f) = " H64 "\n", CHECK_LINE_VALID, "f", 0, SUMAC_BLAKE2B},
	{SUMAC_FOREIGN, H64 "  f\n", CHECK_LINE_VALID, "f", 0, SUMAC_SHA256},
	{SUMAC_FOREIGN, "SHA2-256(f)= " H40 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2-512/256(f)= " H128 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2-256x(f)= " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2-256-256(f)= " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2-256  (f) = " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2-256 f = " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "BLAKE2B-256(f)= " H64 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
	{SUMAC_FOREIGN, "SHA2(f)= " H128 "\n", CHECK_LINE_MALFORMED, NULL, 0, 0},
};

static void run_case(size_t i, const struct pcase *c)
{
	struct check_parser p;
	struct check_line out;
	char buf[512];
	size_t len = strlen(c->line);

	if (c->mode == GNU256)
		check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
	else if (c->mode == GNU1)
		check_parser_init(&p, 1u << SUMAC_SHA1, false, SUMAC_SHA1);
	else
		check_parser_init(&p, (1u << SUMAC_NALGO) - 1, true, SUMAC_SHA256);
	p.foreign_tags = c->mode == SUMAC_FOREIGN;
	memcpy(buf, c->line, len + 1);
	enum check_line_kind kind = check_parse_line(&p, buf, len, false, &out);
	bool ok = kind == c->kind;
	if (ok && kind == CHECK_LINE_VALID)
		ok = strcmp(out.name, c->name) == 0 && out.binary == (c->binary != 0) &&
		     out.algo == c->algo;
	/* TAP descriptions are one line: show control bytes as '.'. */
	char shown[41];
	size_t k = 0;
	for (; k < 40 && c->line[k]; k++)
		shown[k] = (unsigned char)c->line[k] < 0x20 ? '.' : c->line[k];
	shown[k] = '\0';
	tap_ok(ok, "case %zu: %s", i, shown);
}

/* The first untagged line fixes the style for the rest of the run. */
static void style_cases(void)
{
	struct check_parser p;
	struct check_line out;
	char a[200], b[200];

	check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
	strcpy(a, H64 " f\n");
	strcpy(b, H64 "  g\n");
	tap_ok(check_parse_line(&p, a, strlen(a), false, &out) == CHECK_LINE_VALID &&
		       strcmp(out.name, "f") == 0,
	       "reversed line first is valid");
	tap_ok(check_parse_line(&p, b, strlen(b), false, &out) == CHECK_LINE_VALID &&
		       strcmp(out.name, " g") == 0,
	       "after a reversed line, a standard one keeps its space in the name");

	check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
	strcpy(a, H64 "  f\n");
	strcpy(b, H64 " g\n");
	tap_ok(check_parse_line(&p, a, strlen(a), false, &out) == CHECK_LINE_VALID,
	       "standard line first is valid");
	tap_ok(check_parse_line(&p, b, strlen(b), false, &out) == CHECK_LINE_MALFORMED,
	       "after a standard line, a reversed one is malformed");

	strcpy(a, H64 "  -\n");
	tap_ok(check_parse_line(&p, a, strlen(a), true, &out) == CHECK_LINE_MALFORMED,
	       "'-' is malformed when the list is stdin");
	strcpy(a, H64 "  -\n");
	tap_ok(check_parse_line(&p, a, strlen(a), false, &out) == CHECK_LINE_VALID,
	       "'-' is stdin when the list is a file");

	char nul[100];
	size_t n = (size_t)snprintf(nul, sizeof nul, "%s  a", H64);
	nul[n++] = '\0';
	nul[n++] = 'b';
	nul[n] = '\0';
	tap_ok(check_parse_line(&p, nul, n, false, &out) == CHECK_LINE_VALID &&
		       strcmp(out.name, "a") == 0,
	       "an unescaped name ends at a NUL byte, as in GNU");
	n = (size_t)snprintf(nul, sizeof nul, "\\%s  a", H64);
	nul[n++] = '\0';
	nul[n++] = 'b';
	nul[n] = '\0';
	tap_ok(check_parse_line(&p, nul, n, false, &out) == CHECK_LINE_MALFORMED,
	       "a NUL byte in an escaped name is malformed");
}

/* GNU 9.2 on: a NUL after the digest separates as a blank does; 9.1
 * rejects the line. */
static void nul_separator_cases(void)
{
	struct check_parser p;
	struct check_line out;
	char line[100];

	for (int level = 0; level < 2; level++) {
		const bool on = level == 1;
		check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
		p.nul_separates = on;
		size_t n = (size_t)snprintf(line, sizeof line, "%s", H64);
		line[n++] = '\0';
		n += (size_t)snprintf(line + n, sizeof line - n, " f\n");
		enum check_line_kind k = check_parse_line(&p, line, n, false, &out);
		tap_ok(on ? k == CHECK_LINE_VALID && strcmp(out.name, "f") == 0 && !out.binary
			  : k == CHECK_LINE_MALFORMED,
		       "digest NUL ' ' name: %s", on ? "valid from 9.2" : "malformed at 9.1");

		check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
		p.nul_separates = on;
		n = (size_t)snprintf(line, sizeof line, "%s", H64);
		line[n++] = '\0';
		n += (size_t)snprintf(line + n, sizeof line - n, "*f\n");
		k = check_parse_line(&p, line, n, false, &out);
		tap_ok(on ? k == CHECK_LINE_VALID && strcmp(out.name, "f") == 0 && out.binary
			  : k == CHECK_LINE_MALFORMED,
		       "digest NUL '*' name: %s", on ? "binary from 9.2" : "malformed at 9.1");

		check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
		p.nul_separates = on;
		n = (size_t)snprintf(line, sizeof line, "%s", H64);
		line[n++] = '\0';
		n += (size_t)snprintf(line + n, sizeof line - n, "f\n");
		k = check_parse_line(&p, line, n, false, &out);
		tap_ok(on ? k == CHECK_LINE_VALID && strcmp(out.name, "f") == 0 &&
				       p.style == CHECK_STYLE_REVERSED
			  : k == CHECK_LINE_MALFORMED,
		       "digest NUL name: %s", on ? "reversed style from 9.2" : "malformed at 9.1");
	}
	/* Only right after the digest: a NUL inside it still cuts it short. */
	check_parser_init(&p, 1u << SUMAC_SHA256, false, SUMAC_SHA256);
	p.nul_separates = true;
	size_t n = (size_t)snprintf(line, sizeof line, "%.63s", H64);
	line[n++] = '\0';
	n += (size_t)snprintf(line + n, sizeof line - n, "  f\n");
	tap_ok(check_parse_line(&p, line, n, false, &out) == CHECK_LINE_MALFORMED,
	       "a NUL that shortens the digest is malformed");
}

static void digest_cases(void)
{
	unsigned char d[2] = {0xab, 0x0f};
	tap_ok(check_digest_matches("ab0f", d, 2), "lowercase hex matches");
	tap_ok(check_digest_matches("AB0F", d, 2), "uppercase hex matches");
	tap_ok(!check_digest_matches("ab0e", d, 2), "one nibble off does not match");
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(i, &cases[i]);
	style_cases();
	nul_separator_cases();
	digest_cases();
	return tap_done();
}
