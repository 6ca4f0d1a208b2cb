/* SPDX-License-Identifier: MIT */
/* "Never a false OK": the property test of --check (TAP).
 *
 * A corpus of files of varied sizes and awkward names is hashed here (the
 * portable implementation is the oracle).  From the valid check lines for
 * it, every single-step mutation is generated: each byte replaced by a few
 * other values, deleted, inserted before or doubled; every truncation;
 * extensions; and structural changes (mode marker, tag, spacing, escaping,
 * the name or the digest swapped for another file's, another algorithm's
 * digest).  The mutated lines are verified in batches by sumac -c -w, once
 * as sha256sum, once as sumac without -a (every algorithm), and once as
 * cksum without -a (tagged lines of every digest algorithm; its own
 * mutations too: base64 digests, and fixed-length tags given a length,
 * "SHA256-8 (f) = 58", which GNU's cksum verifies by that prefix and
 * sumac must never call OK), each batch
 * after a first line that fixes the untagged style to standard or to
 * BSD-reversed.  Each status line on stdout is attributed to its list line
 * (ignored lines are known, malformed ones are named by -w), and:
 *   - an OK must name a file whose real digest, for an algorithm the run
 *     accepts, the line holds (hex case aside, or in exact base64 for
 *     cksum): anything else is a false OK;
 *   - the exit status must be 0 exactly when every checked line was OK;
 *   - --status must give the same exit status, and nothing may crash.
 * The number of mutations tried is printed.  Then the twin case (issue 19):
 * lists made from one half of a SHA-1 collision, naming the other half,
 * must never print OK (twin_case()). */
#include "config.h"

#include <ctype.h>
#include <sys/stat.h>

#include "check/base64.h"
#include "hash/hash.h"
#include "hash/registry.h"
#include "spawn.h"
#include "../unit/tap.h"

#define MAX_FILES 48

struct corpus_file {
	const char *name;
	ino_t ino; /* names are matched by inode: "./f01" is f01 */
	size_t size;
	bool same_as_prev; /* same content as the file before it */
	char hex[SUMAC_NALGO][2 * SUMAC_MAX_DIGEST + 1];
	char b64[SUMAC_NALGO][4 * ((SUMAC_MAX_DIGEST + 2) / 3) + 1];
};

static struct corpus_file files[MAX_FILES + 1]; /* + "-" (stdin: empty) */
static size_t nfiles;
static char dir[4096];
static const char *sumac;

struct mline {
	char *text;
	size_t len;
	const char *what; /* kind of mutation, for reports */
};

struct batch {
	struct mline *lines;
	size_t n, cap;
};

static struct {
	unsigned long mutations, checked_lines, oks, legit_oks, false_oks, runs, bad_status,
		attribution_errors, crashes;
} stats;

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static void to_hex(const unsigned char *d, size_t len, char *hex)
{
	for (size_t i = 0; i < len; i++)
		sprintf(hex + 2 * i, "%02x", d[i]);
}

static void add_file(const char *name, size_t size, bool same_as_prev)
{
	struct corpus_file *f = &files[nfiles++];
	unsigned char *data = malloc(size + 1);
	if (same_as_prev) {
		rng_state -= 1; /* replay the previous file's stream */
	}
	const uint64_t seed = rng_state;
	for (size_t i = 0; i < size; i++)
		data[i] = (unsigned char)rng();
	rng_state = seed + 1; /* the next file gets another stream */
	f->name = name;
	f->size = size;
	f->same_as_prev = same_as_prev;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		unsigned char d[SUMAC_MAX_DIGEST];
		const enum sumac_algo algo = (enum sumac_algo)a;
		sumac_digest_portable(algo, data, size, d);
		to_hex(d, sumac_algo_info(algo)->digest_len, f->hex[a]);
		base64_encode(d, sumac_algo_info(algo)->digest_len, f->b64[a]);
	}
	if (strcmp(name, "-") != 0) {
		char path[8192];
		snprintf(path, sizeof path, "%s/files/%s", dir, name);
		FILE *fp = fopen(path, "wb");
		struct stat st;
		if (!fp || fwrite(data, 1, size, fp) != size || fclose(fp) != 0 ||
		    stat(path, &st) != 0) {
			perror(path);
			exit(99);
		}
		f->ino = st.st_ino;
	}
	free(data);
}

static void make_corpus(void)
{
	static const size_t sizes[] = {0,    1,    2,    3,    55,    56,     57,     63,
				       64,   65,   111,  112,  113,   119,    120,    127,
				       128,  129,  191,  255,  256,   257,    1000,   4095,
				       4096, 4097, 8191, 9999, 65536, 131071, 131072, 131073};
	static char names[40][16];
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		snprintf(names[k], sizeof names[k], "f%02zu", k);
		add_file(names[k], sizes[k], false);
	}
	/* Awkward names: each must survive generation-mode escaping. */
	add_file("sp ace", 10, false);
	add_file(" lead", 11, false);
	add_file("back\\slash", 12, false);
	add_file("new\nline", 13, false);
	add_file("cr\rname", 14, false);
	add_file("par)en (x)", 15, false);
	add_file("star*", 16, false);
	add_file("tab\tname", 17, false);
	add_file("dup1", 300, false);
	add_file("dup2", 300, true); /* same content: naming either is right */
	/* "-" is standard input, /dev/null here: the empty message. */
	add_file("-", 0, false);
}

/* The corpus file that a name in a list opens (relative to files/), or
 * "-" for standard input. */
static const struct corpus_file *find_file(const char *name)
{
	char path[8192];
	struct stat st;
	if (strcmp(name, "-") == 0)
		return &files[nfiles - 1];
	snprintf(path, sizeof path, "%s/files/%s", dir, name);
	if (stat(path, &st) != 0)
		return NULL;
	for (size_t i = 0; i + 1 < nfiles; i++)
		if (files[i].ino == st.st_ino)
			return &files[i];
	return NULL;
}

/* ---- Building lines. */

enum form { FORM_TEXT, FORM_BINARY, FORM_TAGGED, FORM_REVERSED, FORM_TAGGED_TIGHT };

struct buf {
	char *p;
	size_t len, cap;
};

static void bput(struct buf *b, const void *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void bputs(struct buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

static bool needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

static void put_name(struct buf *b, const char *name, bool escape)
{
	for (const char *c = name; *c; c++) {
		if (escape && *c == '\\')
			bputs(b, "\\\\");
		else if (escape && *c == '\n')
			bputs(b, "\\n");
		else if (escape && *c == '\r')
			bputs(b, "\\r");
		else
			bput(b, c, 1);
	}
}

/* The line generation mode would write (escape: -1 as generation decides,
 * 0 never, 1 always). */
static struct buf make_line(enum sumac_algo algo, enum form form, const char *name, const char *hex,
			    int escape)
{
	struct buf b = {0};
	const bool esc = escape < 0 ? needs_escape(name) : escape == 1;
	const char *tag = sumac_algo_info(algo)->tag;
	if (esc)
		bputs(&b, "\\");
	switch (form) {
	case FORM_TEXT:
	case FORM_BINARY:
	case FORM_REVERSED:
		bputs(&b, hex);
		bputs(&b, form == FORM_TEXT ? "  " : form == FORM_BINARY ? " *" : " ");
		put_name(&b, name, esc);
		break;
	case FORM_TAGGED:
	case FORM_TAGGED_TIGHT:
		bputs(&b, tag);
		bputs(&b, form == FORM_TAGGED ? " (" : "(");
		put_name(&b, name, esc);
		bputs(&b, form == FORM_TAGGED ? ") = " : ")=");
		bputs(&b, hex);
		break;
	}
	return b;
}

static void batch_add(struct batch *bt, const char *text, size_t len, const char *what)
{
	/* A line feed would split the line in two: never generated. */
	if (memchr(text, '\n', len))
		return;
	if (bt->n == bt->cap) {
		bt->cap = bt->cap ? 2 * bt->cap : 4096;
		bt->lines = realloc(bt->lines, bt->cap * sizeof *bt->lines);
		if (!bt->lines)
			abort();
	}
	struct mline *m = &bt->lines[bt->n++];
	m->text = malloc(len + 1);
	memcpy(m->text, text, len);
	m->text[len] = '\0';
	m->len = len;
	m->what = what;
	stats.mutations++;
}

static void batch_add_buf(struct batch *bt, struct buf *b, const char *what)
{
	batch_add(bt, b->p, b->len, what);
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

static char flip_case(char c)
{
	return isupper((unsigned char)c) ? (char)tolower((unsigned char)c)
					 : (char)toupper((unsigned char)c);
}

/* Byte-level mutations of one line. */
static void mutate_bytes(struct batch *bt, const char *line, size_t len)
{
	char *tmp = malloc(len + 16);
	for (size_t i = 0; i < len; i++) {
		const char c = line[i];
		char vals[16];
		size_t nv = 0;
		if (isxdigit((unsigned char)c)) {
			static const char next[] = "123456789abcdef0";
			const char *pos = strchr("0123456789abcdef", tolower((unsigned char)c));
			vals[nv++] = next[pos - "0123456789abcdef"];
			vals[nv++] = 'g';
			vals[nv++] = ' ';
			if (isalpha((unsigned char)c))
				vals[nv++] = flip_case(c); /* a legitimate OK */
		} else {
			static const char others[] = "x *\\)(\t\r=0";
			for (const char *o = others; *o; o++)
				if (*o != c)
					vals[nv++] = *o;
			vals[nv++] = '\0';
			if (isalpha((unsigned char)c))
				vals[nv++] = flip_case(c);
		}
		for (size_t v = 0; v < nv; v++) {
			memcpy(tmp, line, len);
			tmp[i] = vals[v];
			batch_add(bt, tmp, len, "replace byte");
		}
		/* delete */
		memcpy(tmp, line, i);
		memcpy(tmp + i, line + i + 1, len - i - 1);
		batch_add(bt, tmp, len - 1, "delete byte");
		/* insert before, and double */
		const char ins[] = {'a', ' ', c};
		for (size_t v = 0; v < sizeof ins; v++) {
			memcpy(tmp, line, i);
			tmp[i] = ins[v];
			memcpy(tmp + i + 1, line + i, len - i);
			batch_add(bt, tmp, len + 1, v == 2 ? "double byte" : "insert byte");
		}
		/* truncate */
		batch_add(bt, line, i, "truncate");
	}
	static const char *const tails[] = {"0",  "a", "A", " ",  "\t",   "x",  "\r",
					    "\\", "*", ")", " )", "\r\r", "\\n"};
	for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
		memcpy(tmp, line, len);
		memcpy(tmp + len, tails[t], strlen(tails[t]));
		batch_add(bt, tmp, len + strlen(tails[t]), "extend");
	}
	memcpy(tmp, line, len);
	tmp[len] = '\0';
	batch_add(bt, tmp, len + 1, "extend NUL");
	free(tmp);
}

/* Structural mutations of the line for (algo, form, file). */
static void mutate_structure(struct batch *bt, enum sumac_algo algo, enum form form,
			     const struct corpus_file *f)
{
	const char *hex = f->hex[algo];
	struct buf b;
	char upper[2 * SUMAC_MAX_DIGEST + 1];

	for (int g = FORM_TEXT; g <= FORM_TAGGED_TIGHT; g++) {
		b = make_line(algo, (enum form)g, f->name, hex, -1);
		batch_add_buf(bt, &b, "other form");
	}
	for (size_t i = 0; hex[i]; i++)
		upper[i] = (char)toupper((unsigned char)hex[i]);
	upper[strlen(hex)] = '\0';
	b = make_line(algo, form, f->name, upper, -1);
	batch_add_buf(bt, &b, "upper-case hex");
	/* Escaping forced on and off. */
	b = make_line(algo, form, f->name, hex, 1);
	batch_add_buf(bt, &b, "escaped");
	b = make_line(algo, form, f->name, hex, 0);
	batch_add_buf(bt, &b, "not escaped");
	/* Other names, with this digest. */
	for (size_t i = 0; i < nfiles; i++) {
		if (&files[i] == f)
			continue;
		b = make_line(algo, form, files[i].name, hex, -1);
		batch_add_buf(bt, &b, "other name");
	}
	static const char *const name_edits[][2] = {{"", "x"},  {"x", ""}, {" ", ""}, {"", " "},
						    {"./", ""}, {"", "/"}, {"*", ""}};
	for (size_t i = 0; i < sizeof name_edits / sizeof name_edits[0]; i++) {
		char name[256];
		snprintf(name, sizeof name, "%s%s%s", name_edits[i][0], f->name, name_edits[i][1]);
		b = make_line(algo, form, name, hex, -1);
		batch_add_buf(bt, &b, "altered name");
	}
	b = make_line(algo, form, "", hex, -1);
	batch_add_buf(bt, &b, "empty name");
	if (strlen(f->name) > 1) {
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)strlen(f->name) - 1, f->name);
		b = make_line(algo, form, name, hex, -1);
		batch_add_buf(bt, &b, "shortened name");
		for (size_t i = 0; name[i]; i++)
			name[i] = (char)toupper((unsigned char)name[i]);
		b = make_line(algo, form, name, hex, -1);
		batch_add_buf(bt, &b, "upper-case name");
	}
	/* Other digests with this name: other files', other algorithms'. */
	for (size_t i = 0; i < nfiles; i++) {
		if (&files[i] == f)
			continue;
		b = make_line(algo, form, f->name, files[i].hex[algo], -1);
		batch_add_buf(bt, &b, "other file's digest");
	}
	for (int a = 0; a < SUMAC_NALGO; a++) {
		if (a == (int)algo)
			continue;
		b = make_line(algo, form, f->name, f->hex[a], -1);
		batch_add_buf(bt, &b, "other algorithm's digest");
		/* Another tag over this digest. */
		if (form == FORM_TAGGED) {
			b = make_line((enum sumac_algo)a, form, f->name, hex, -1);
			batch_add_buf(bt, &b, "other tag");
		}
	}
	/* Spacing and case of the tag. */
	if (form == FORM_TAGGED) {
		/* lead TAG a NAME b HEX */
		static const char *const fmts[][3] = {
			{"", "  (", ") = "}, {"", " (", ")  =  "}, {"", " (", ") =\t"},
			{"", " (", ")= "},   {"", "(", ") = "},    {" ", " (", ") = "},
			{"", " (", ") "},    {"", " ", " = "},     {"", " (", ")) = "}};
		const char *tag = sumac_algo_info(algo)->tag;
		char lower[32];
		size_t i;
		for (i = 0; tag[i] && i < sizeof lower - 1; i++)
			lower[i] = (char)tolower((unsigned char)tag[i]);
		lower[i] = '\0';
		if (!needs_escape(f->name)) {
			for (size_t k = 0; k < sizeof fmts / sizeof fmts[0]; k++) {
				char line[512];
				int n = snprintf(line, sizeof line, "%s%s%s%s%s%s", fmts[k][0], tag,
						 fmts[k][1], f->name, fmts[k][2], hex);
				batch_add(bt, line, (size_t)n, "tag spacing");
			}
			char line[512];
			int n = snprintf(line, sizeof line, "%s (%s) = %s", lower, f->name, hex);
			batch_add(bt, line, (size_t)n, "lower-case tag");
		}
	}
	/* Leading blanks. */
	b = make_line(algo, form, f->name, hex, -1);
	struct buf lead = {0};
	bputs(&lead, " \t");
	bput(&lead, b.p, b.len);
	free(b.p);
	batch_add_buf(bt, &lead, "leading blanks");
}

/* ---- Running a batch and checking every result. */

/* The list line as written (first byte '#' or nothing left after one CR
 * is stripped: ignored, prints nothing). */
static bool line_ignored(const struct mline *m)
{
	size_t len = m->len;
	if (len && m->text[len - 1] == '\r')
		len--;
	return (m->len && m->text[0] == '#') || len == 0;
}

static bool contains_ci(const char *hay, size_t haylen, const char *needle)
{
	const size_t n = strlen(needle);
	for (size_t i = 0; i + n <= haylen; i++) {
		size_t k = 0;
		while (k < n && tolower((unsigned char)hay[i + k]) == needle[k])
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static void show_line(const char *label, const char *s, size_t len)
{
	printf("#   %s: ", label);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x7f || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('\n');
}

/* Reads back a name as GNU 9.11 shell-quotes it in status lines: runs of
 * bare bytes, '...', "..." and $'...' (with \n \t \r and \ooo), and \'.
 * False if the text is not such a word. */
static bool shell_unquote(char *text)
{
	char *d = text;
	const char *s = text;
	while (*s) {
		if (*s == '\'') {
			for (s++; *s && *s != '\''; s++)
				*d++ = *s;
			if (!*s++)
				return false;
		} else if (*s == '"') {
			for (s++; *s && *s != '"'; s++)
				*d++ = *s;
			if (!*s++)
				return false;
		} else if (s[0] == '$' && s[1] == '\'') {
			for (s += 2; *s && *s != '\''; s++) {
				if (*s != '\\') {
					*d++ = *s;
					continue;
				}
				s++;
				if (*s == 'n' || *s == 't' || *s == 'r') {
					*d++ = *s == 'n' ? '\n' : *s == 't' ? '\t' : '\r';
				} else if (*s >= '0' && *s <= '7') {
					int v = 0;
					for (int k = 0; k < 3 && *s >= '0' && *s <= '7'; k++, s++)
						v = v * 8 + (*s - '0');
					*d++ = (char)v;
					s--;
				} else if (*s) {
					*d++ = *s;
				} else {
					return false;
				}
			}
			if (!*s++)
				return false;
		} else if (*s == '\\' && s[1]) {
			*d++ = s[1];
			s += 2;
		} else {
			*d++ = *s++;
		}
	}
	*d = '\0';
	return true;
}

/* Parses "NAME: STATUS", NAME shell-quoted as GNU 9.11 shows it (the level
 * main() sets for every run). */
static bool parse_status(char *line, char **name, const char **status)
{
	static const char *const statuses[] = {": FAILED open or read", ": FAILED", ": OK"};
	const size_t len = strlen(line);
	for (size_t i = 0; i < 3; i++) {
		const size_t sl = strlen(statuses[i]);
		if (len >= sl && strcmp(line + len - sl, statuses[i]) == 0) {
			line[len - sl] = '\0';
			*status = statuses[i] + 2;
			break;
		}
		if (i == 2)
			return false;
	}
	if (!shell_unquote(line))
		return false;
	*name = line;
	return true;
}

struct mode {
	const char *argv0; /* "sha256sum", "sumac" or "cksum" for every algorithm */
	unsigned algos;    /* the algorithms whose digest may make an OK */
	bool base64;       /* ...or whose base64 may (cksum) */
};

/* Runs one list; returns the exit code. */
static int run_list(const struct mode *md, const char *list, bool status_only, const char *out,
		    const char *err)
{
	char filesdir[4200];
	struct run_result r;
	const char *args[] = {"-c", status_only ? "--status" : "-w", list, NULL};
	snprintf(filesdir, sizeof filesdir, "%s/files", dir);
	if (chdir(filesdir) != 0)
		exit(99);
	if (!spawn_run(sumac, md->argv0, args, true, "/dev/null", out, err, &r)) {
		tap_ok(false, "could not start %s", sumac);
		exit(1);
	}
	stats.runs++;
	const int code = spawn_exit_code(&r);
	size_t elen;
	char *e = slurp(err, &elen);
	if (code >= 128 || (e && (strstr(e, "Sanitizer") || strstr(e, "runtime error:")))) {
		stats.crashes++;
		printf("# crash or sanitizer report (exit %d) on %s\n", code, list);
		if (e)
			printf("# %.2000s\n", e);
	}
	free(e);
	return code;
}

static void run_batch(const struct mode *md, const struct batch *bt, size_t from, size_t to,
		      const char *first_line)
{
	char list[4200], out[4200], err[4200];
	snprintf(list, sizeof list, "%s/lists/list", dir);
	snprintf(out, sizeof out, "%s/out", dir);
	snprintf(err, sizeof err, "%s/err", dir);

	FILE *fp = fopen(list, "wb");
	fputs(first_line, fp);
	fputc('\n', fp);
	for (size_t i = from; i < to; i++) {
		fwrite(bt->lines[i].text, 1, bt->lines[i].len, fp);
		fputc('\n', fp);
	}
	if (fclose(fp) != 0)
		exit(99);

	const int code = run_list(md, list, false, out, err);

	/* Malformed lines, by number, from -w. */
	const size_t nlines = to - from + 1;
	bool *malformed = calloc(nlines + 1, 1);
	size_t elen;
	char *e = slurp(err, &elen);
	for (char *p = e; p && (p = strstr(p, ": improperly formatted ")); p++) {
		char *q = p;
		while (q > e && isdigit((unsigned char)q[-1]))
			q--;
		const unsigned long n = strtoul(q, NULL, 10);
		if (n >= 1 && n <= nlines)
			malformed[n - 1] = true;
	}
	free(e);

	size_t olen;
	char *o = slurp(out, &olen);
	char *cursor = o;
	bool all_ok = true, any_checked = false;
	for (size_t k = 0; k < nlines; k++) {
		const struct mline first = {(char *)first_line, strlen(first_line), "first line"};
		const struct mline *m = k == 0 ? &first : &bt->lines[from + k - 1];
		if (line_ignored(m) || malformed[k])
			continue;
		char *nl = cursor ? strchr(cursor, '\n') : NULL;
		char *name = NULL;
		const char *status = NULL;
		if (!nl) {
			stats.attribution_errors++;
			printf("# line %zu: no status line left for it\n", k + 1);
			show_line("line", m->text, m->len);
			break;
		}
		*nl = '\0';
		if (!parse_status(cursor, &name, &status)) {
			stats.attribution_errors++;
			show_line("unparsable status line", cursor, strlen(cursor));
			break;
		}
		cursor = nl + 1;
		stats.checked_lines++;
		any_checked = true;
		if (strcmp(status, "OK") != 0) {
			all_ok = false;
			continue;
		}
		stats.oks++;
		const struct corpus_file *f = find_file(name);
		bool legit = false;
		for (int a = 0; f && a < SUMAC_NALGO && !legit; a++)
			if (md->algos & (1u << a))
				legit = contains_ci(m->text, m->len, f->hex[a]) ||
					(md->base64 && memmem(m->text, m->len, f->b64[a],
							      strlen(f->b64[a])) != NULL);
		if (legit) {
			stats.legit_oks++;
		} else {
			stats.false_oks++;
			if (stats.false_oks <= 20) {
				printf("# FALSE OK (%s, %s, list line %zu):\n", md->argv0, m->what,
				       k + 1);
				show_line("line", m->text, m->len);
				show_line("said", name, strlen(name));
			}
		}
	}
	if (cursor && *cursor) {
		stats.attribution_errors++;
		show_line("status lines left over", cursor,
			  strlen(cursor) > 200 ? 200 : strlen(cursor));
	}
	free(o);
	free(malformed);

	const int want = any_checked && all_ok ? 0 : 1;
	if (code != want) {
		stats.bad_status++;
		printf("# exit status %d, expected %d (%s, lines %zu-%zu)\n", code, want, md->argv0,
		       from, to);
	}
	/* --status: same verdict, in the exit status alone. */
	if (first_line[0] != '\0' && strstr(first_line, "  ")) {
		const int scode = run_list(md, list, true, out, err);
		if (scode != code) {
			stats.bad_status++;
			printf("# --status exit status %d, without it %d (%s)\n", scode, code,
			       md->argv0);
		}
	}
}

static void run_mode(const struct mode *md, const struct batch *bt)
{
	/* A first line that fixes the untagged style: standard, then
	 * BSD-reversed (GNU keeps the first one for the whole run). */
	const struct corpus_file *f = &files[5];
	enum sumac_algo algo = SUMAC_SHA256;
	char standard[256], reversed[256];
	snprintf(standard, sizeof standard, "%s  %s", f->hex[algo], f->name);
	snprintf(reversed, sizeof reversed, "%s %s", f->hex[algo], f->name);
	const size_t per_run = 4000;
	for (size_t from = 0; from < bt->n; from += per_run) {
		const size_t to = from + per_run < bt->n ? from + per_run : bt->n;
		run_batch(md, bt, from, to, standard);
		run_batch(md, bt, from, to, reversed);
	}
}

static void free_batch(struct batch *bt)
{
	for (size_t i = 0; i < bt->n; i++)
		free(bt->lines[i].text);
	free(bt->lines);
	memset(bt, 0, sizeof *bt);
}

/* cksum's own lines for (algo, file): the tagged line with a base64
 * digest, mutated byte by byte, and the tag given lengths: the digest's
 * prefix of that many bits, its whole, or another length's. */
static void mutate_cksum(struct batch *bt, enum sumac_algo algo, const struct corpus_file *f)
{
	const struct sumac_algo_info *ai = sumac_algo_info(algo);
	const unsigned bits = 8 * ai->digest_len;
	struct buf b = make_line(algo, FORM_TAGGED, f->name, f->b64[algo], -1);
	mutate_bytes(bt, b.p, b.len);
	free(b.p);
	if (sumac_algo_takes_length(algo) || needs_escape(f->name))
		return;
	static const unsigned lengths[] = {8, 16, 32, 64, 128, 160, 224, 256, 384, 512};
	for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
		const unsigned n = lengths[k];
		char line[512], digest[2 * SUMAC_MAX_DIGEST + 1];
		if (n > bits)
			break;
		/* The prefix of n bits, hex and base64. */
		snprintf(digest, sizeof digest, "%.*s", (int)(n / 4), f->hex[algo]);
		int len =
			snprintf(line, sizeof line, "%s-%u (%s) = %s", ai->tag, n, f->name, digest);
		batch_add(bt, line, (size_t)len, "length on a fixed tag");
		if (k == 0)
			mutate_bytes(bt, line, (size_t)len);
		unsigned char bytes[SUMAC_MAX_DIGEST];
		char b64[4 * ((SUMAC_MAX_DIGEST + 2) / 3) + 1];
		for (unsigned i = 0; i < n / 8; i++)
			bytes[i] = (unsigned char)strtoul(
				(char[]){digest[2 * i], digest[2 * i + 1], 0}, NULL, 16);
		base64_encode(bytes, n / 8, b64);
		len = snprintf(line, sizeof line, "%s-%u (%s) = %s", ai->tag, n, f->name, b64);
		batch_add(bt, line, (size_t)len, "length on a fixed tag, base64");
	}
}

/* The twin case (issue 19): a list made from one half of a SHA-1 collision
 * (SHAttered, SHA-mbles) holds the right SHA-1 of the other half, so only
 * collision detection keeps it from a false OK.  Lists made from each twin,
 * naming itself and its twin, in every SHA-1 form each program reads, are
 * checked as sha1sum, sumac (with and without -a sha1), cksum, under -j 2
 * and lanes forced: no line may say OK, and the exit status must be 1 (with
 * --status too).  Returns the number of list lines checked, or 0 when the
 * collision files are not there (a skip, told). */
static unsigned long twin_case(void)
{
	static const char *const twins[][2] = {
		{"shattered-1.pdf", "shattered-2.pdf"},
		{"sha-mbles-1.bin", "sha-mbles-2.bin"},
	};
	const char *vectors = getenv("SUMAC_VECTORS");
	char path[8192], list[4200], out[4200], err[4200];
	unsigned long lines = 0;

	snprintf(list, sizeof list, "%s/lists/twins", dir);
	snprintf(out, sizeof out, "%s/out", dir);
	snprintf(err, sizeof err, "%s/err", dir);
	FILE *lp = fopen(list, "wb");
	if (!lp)
		exit(99);
	for (size_t t = 0; t < 2; t++) {
		for (size_t k = 0; k < 2; k++) {
			size_t len;
			snprintf(path, sizeof path, "%s/sha1-collisions/%s",
				 vectors ? vectors : ".", twins[t][k]);
			char *data = slurp(path, &len);
			if (!data) {
				fclose(lp);
				tap_diag("no %s: the twin case is skipped", path);
				return 0;
			}
			snprintf(path, sizeof path, "%s/files/%s", dir, twins[t][k]);
			FILE *fp = fopen(path, "wb");
			if (!fp || fwrite(data, 1, len, fp) != len || fclose(fp) != 0)
				exit(99);
			unsigned char d[SUMAC_MAX_DIGEST];
			char hex[2 * SUMAC_MAX_DIGEST + 1], b64[64];
			sumac_digest_portable(SUMAC_SHA1, data, len, d);
			free(data);
			to_hex(d, 20, hex);
			base64_encode(d, 20, b64);
			/* The digest of this twin, for itself and for the
			 * other: the same SHA-1, every form. */
			for (size_t n = 0; n < 2; n++) {
				const char *name = twins[t][n];
				fprintf(lp, "%s  %s\n%s *%s\nSHA1 (%s) = %s\nSHA1 (%s) = %s\n", hex,
					name, hex, name, name, hex, name, b64);
				lines += 4;
			}
		}
	}
	if (fclose(lp) != 0)
		exit(99);
	tap_diag("twins: a list of %lu lines, each naming a file half of a collision", lines);

	/* Detection on, as sha1sum runs by default; the library a CI lane
	 * may force for the other cases cannot detect. */
	setenv("SUMAC_SHA1_COLLISIONS", "fail", 1);
	unsetenv("SUMAC_BACKEND");
	/* cksum alone reads the base64 lines; each program its forms. */
	static const struct twin_run {
		const char *argv0, *a, *b, *lanes;
	} runs[] = {
		{"sha1sum", "-c", "-w", "auto"},    {"sumac", "-c", "-w", "auto"},
		{"sumac", "-c", "-asha1", "off"},   {"cksum", "-c", "-w", "auto"},
		{"sha1sum", "-c", "-j2", "always"}, {"sumac", "-c", "-j2", "off"},
	};
	char filesdir[4200];
	snprintf(filesdir, sizeof filesdir, "%s/files", dir);
	if (chdir(filesdir) != 0)
		exit(99);
	unsigned long oks = 0, bad_status = 0, checked = 0;
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		for (int status_only = 0; status_only < 2; status_only++) {
			const char *args[] = {runs[i].a, runs[i].b, status_only ? "--status" : list,
					      status_only ? list : NULL, NULL};
			struct run_result rr;
			setenv("SUMAC_LANES", runs[i].lanes, 1);
			if (!spawn_run(sumac, runs[i].argv0, args, true, "/dev/null", out, err,
				       &rr)) {
				tap_ok(false, "could not start %s", sumac);
				exit(1);
			}
			stats.runs++;
			const int code = spawn_exit_code(&rr);
			if (code != 1) {
				bad_status++;
				printf("# twins: %s %s %s%s: exit %d, expected 1\n", runs[i].argv0,
				       runs[i].a, runs[i].b, status_only ? " --status" : "", code);
			}
			if (code >= 128)
				stats.crashes++;
			size_t olen;
			char *o = slurp(out, &olen);
			for (char *p = o; p && *p;) {
				char *nl = strchr(p, '\n');
				if (nl)
					*nl = '\0';
				checked++;
				if (strlen(p) >= 4 && strcmp(p + strlen(p) - 4, ": OK") == 0) {
					oks++;
					if (oks <= 10)
						printf("# FALSE OK on a twin (%s %s %s): %s\n",
						       runs[i].argv0, runs[i].a, runs[i].b, p);
				}
				p = nl ? nl + 1 : NULL;
			}
			free(o);
		}
	}
	unsetenv("SUMAC_LANES");
	tap_ok(oks == 0, "twins: no OK for a file half of a SHA-1 collision (%lu of %lu lines)",
	       oks, checked);
	tap_ok(bad_status == 0, "twins: exit status 1 every time, --status too (%lu wrong)",
	       bad_status);
	return checked;
}

int main(void)
{
	sumac = getenv("SUMAC");
	if (!sumac) {
		printf("1..0 # SKIP SUMAC not set\n");
		return 0;
	}
	/* Status lines in 9.11's shell quoting: every name reads back
	 * unambiguously (parse_status()).  The verdicts do not depend on the
	 * level. */
	setenv("SUMAC_GNU_COMPAT", "9.11", 1);
	const double t0 = spawn_now();
	snprintf(dir, sizeof dir, "%s", make_temp_dir("false-ok"));
	char sub[4200];
	snprintf(sub, sizeof sub, "%s/files", dir);
	mkdir(sub, 0755);
	snprintf(sub, sizeof sub, "%s/lists", dir);
	mkdir(sub, 0755);

	if (!spawn_can_run(sumac)) {
		printf("1..0 # SKIP cannot run %s here\n", sumac);
		remove_tree(dir);
		return 0;
	}
	make_corpus();
	const size_t real_files = nfiles - 1; /* not "-" */

	/* As sha256sum: SHA-256 lines in every form. */
	const struct mode gnu = {"sha256sum", 1u << SUMAC_SHA256, false};
	struct batch bt = {0};
	static const enum form forms[] = {FORM_TEXT, FORM_BINARY, FORM_TAGGED};
	for (size_t i = 0; i < real_files; i++)
		for (size_t k = 0; k < 3; k++) {
			struct buf b = make_line(SUMAC_SHA256, forms[k], files[i].name,
						 files[i].hex[SUMAC_SHA256], -1);
			mutate_bytes(&bt, b.p, b.len);
			free(b.p);
			mutate_structure(&bt, SUMAC_SHA256, forms[k], &files[i]);
		}
	const unsigned long gnu_mutations = stats.mutations;
	run_mode(&gnu, &bt);
	free_batch(&bt);

	/* As sumac without -a: every algorithm, told apart by tag or length. */
	const struct mode any = {"sumac", (1u << SUMAC_NALGO) - 1, false};
	static const enum sumac_algo others[] = {SUMAC_MD5,    SUMAC_SHA1,   SUMAC_SHA224,
						 SUMAC_SHA384, SUMAC_SHA512, SUMAC_SHA512_256};
	for (size_t i = 0; i < real_files; i += 5)
		for (size_t a = 0; a < sizeof others / sizeof others[0]; a++) {
			const enum sumac_algo algo = others[a];
			/* SHA-512/256 has no untagged form of its own (its
			 * length is SHA-256's). */
			const enum form form =
				algo == SUMAC_SHA512_256 || (i / 5) % 2 ? FORM_TAGGED : FORM_TEXT;
			struct buf b = make_line(algo, form, files[i].name, files[i].hex[algo], -1);
			mutate_bytes(&bt, b.p, b.len);
			free(b.p);
			mutate_structure(&bt, algo, form, &files[i]);
		}
	run_mode(&any, &bt);
	free_batch(&bt);
	const unsigned long sumac_mutations = stats.mutations - gnu_mutations;

	/* As cksum without -a: tagged lines of every digest algorithm, hex
	 * and base64, and lengths on fixed-length tags. */
	unsigned cksum_algos = 0;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const char *name = sumac_algo_info((enum sumac_algo)a)->name;
		if (strcmp(name, "sha512-224") != 0 && strcmp(name, "sha512-256") != 0 &&
		    strcmp(name, "crc") != 0 && strcmp(name, "crc32b") != 0 &&
		    strcmp(name, "sysv") != 0 && strcmp(name, "bsd") != 0)
			cksum_algos |= 1u << a;
	}
	const struct mode ck = {"cksum", cksum_algos, true};
	for (size_t i = 0; i < real_files; i += 7)
		for (int a = 0; a < SUMAC_NALGO; a++) {
			if (!(cksum_algos & (1u << a)))
				continue;
			const enum sumac_algo algo = (enum sumac_algo)a;
			struct buf b =
				make_line(algo, FORM_TAGGED, files[i].name, files[i].hex[algo], -1);
			mutate_bytes(&bt, b.p, b.len);
			free(b.p);
			mutate_cksum(&bt, algo, &files[i]);
		}
	/* And every structural change, for SHA-256 and BLAKE2b. */
	for (size_t i = 0; i < real_files; i += 7) {
		mutate_structure(&bt, SUMAC_SHA256, FORM_TAGGED, &files[i]);
		mutate_structure(&bt, SUMAC_BLAKE2B, FORM_TAGGED, &files[i]);
	}
	run_mode(&ck, &bt);
	free_batch(&bt);

	const unsigned long twin_lines = twin_case();
	tap_diag("%lu status lines of twin lists checked", twin_lines);
	tap_diag("%lu mutations tried (%lu as sha256sum, %lu as sumac, %lu as cksum), %lu files, "
		 "%lu runs, %.1f s",
		 stats.mutations, gnu_mutations, sumac_mutations,
		 stats.mutations - gnu_mutations - sumac_mutations, (unsigned long)real_files,
		 stats.runs, spawn_now() - t0);
	tap_diag("%lu list lines checked, %lu OK (all legitimate: %s)", stats.checked_lines,
		 stats.oks, stats.false_oks ? "no" : "yes");
	tap_ok(stats.mutations >= 10000, "%lu mutations tried", stats.mutations);
	tap_ok(stats.legit_oks > 0, "%lu legitimate OKs seen (case, form, escaping, same content)",
	       stats.legit_oks);
	tap_ok(stats.false_oks == 0, "no false OK (%lu)", stats.false_oks);
	tap_ok(stats.bad_status == 0,
	       "exit status 0 exactly when every checked line was OK (%lu wrong)",
	       stats.bad_status);
	tap_ok(stats.attribution_errors == 0,
	       "every status line attributed to its list line (%lu errors)",
	       stats.attribution_errors);
	tap_ok(stats.crashes == 0, "no crash, no sanitizer report (%lu)", stats.crashes);
	if (chdir("/") != 0)
		return 99;
	remove_tree(dir);
	return tap_done();
}
