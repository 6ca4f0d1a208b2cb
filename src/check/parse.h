/* SPDX-License-Identifier: MIT */
/* The --check line grammar of GNU coreutils 9.1.
 * A pure parser: it takes one line and returns what it holds, keeping only
 * the state GNU keeps across lines (which untagged style came first). */
#ifndef SUMAC_CHECK_PARSE_H
#define SUMAC_CHECK_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "hash/hash.h"

enum check_line_kind {
	CHECK_LINE_IGNORED,   /* comment or empty line */
	CHECK_LINE_VALID,     /* properly formatted */
	CHECK_LINE_MALFORMED, /* counts as improperly formatted */
};

/* Which untagged style the first untagged line of the run used.  GNU
 * refuses to mix "HEX  NAME" with BSD-reversed "HEX NAME" so that a
 * renamed file with a leading space cannot pass for another. */
enum check_style { CHECK_STYLE_UNSET, CHECK_STYLE_STANDARD, CHECK_STYLE_REVERSED };

struct check_parser {
	/* Algorithms this run accepts.  A GNU-named program accepts its own
	 * only; sumac without -a accepts every tagged algorithm and infers
	 * untagged ones from the digest length. */
	unsigned algos;
	bool infer_untagged;      /* sumac without -a */
	enum sumac_algo untagged; /* the algorithm of untagged lines otherwise */
	enum check_style style;   /* persists across check files, as in GNU 9.1 */
	/* GNU 9.2 on: a NUL straight after an untagged digest separates it
	 * from the name as a blank does (set after check_parser_init). */
	bool nul_separates;
	/* BLAKE2b tags (GNU 9.9 on): "BLAKE2b" then at most one space, then
	 * "(" (before, any one character could stand after the tag). */
	bool strict_tag_space;
	/* GNU 9.11 on: the length of a "BLAKE2b-N" tag starts with a digit. */
	bool tag_length_digit;
	/* cksum's rules (set after check_parser_init, all false for the
	 * other programs).  Without -a cksum reads tagged lines only. */
	bool tagged_only;
	/* cksum -a sha2 or sha3 without -l: untagged lines of any of these
	 * algorithms, told apart by their width (0: untagged). */
	unsigned untagged_family;
	/* GNU 9.2 on: a digest may be base64 (exact padding) where it is not
	 * hex; 9.9 on also where only its width tells the length.  cksum's
	 * rules, and sumac's own name's (both set). */
	bool base64;
	bool base64_any_width;
	/* GNU 9.8 on: "SHA2-N", "SHA2" (512) and "SHA3" (512) tags. */
	bool family_tags;
	/* cksum before 9.9: any one character after a tag is passed over
	 * (GNU overwrote it), as b2sum's BLAKE2b tags; with tagged_only the
	 * tag must still be followed by ' ' or '(' to be found. */
	bool lenient_tags;
	/* sumac's own name: the tags other tools write for algorithms sumac
	 * has, OpenSSL 3's "SHA2-256(f)= ..." and FreeBSD's "SHA512t256 (f)
	 * = ..." (GNU reads them as improperly formatted). */
	bool foreign_tags;
};

struct check_line {
	enum sumac_algo algo;
	unsigned digest_len; /* bytes: from "BLAKE2b-N" or an untagged width */
	const char *hex;     /* digest_len * 2 hex digits, either case */
	char *name;          /* NUL-terminated, unescaped in place */
	size_t name_len;     /* names may not hold NUL, but keep the length anyway */
	bool tagged;
	bool binary;
	/* The tag the line starts with, even if the rest is malformed:
	 * its algorithm, or -1; for a family tag ("SHA2-256") '2' or '3'. */
	int tag_algo;
	char tag_family;
	/* A base64 digest's bytes, as hex (hex then points here). */
	char hexbuf[2 * SUMAC_MAX_DIGEST + 1];
};

void check_parser_init(struct check_parser *p, unsigned algos, bool infer_untagged,
		       enum sumac_algo untagged);

/* line[0..len) without its terminator handling: the function strips one
 * trailing LF, then one CR.  line must have room for one more byte (a NUL
 * at line[len]), and is modified in place.  list_is_stdin makes a name of
 * "-" malformed, since stdin is already taken by the list. */
enum check_line_kind check_parse_line(struct check_parser *p, char *line, size_t len,
				      bool list_is_stdin, struct check_line *out);

/* Case-insensitive comparison of hex text with a binary digest. */
bool check_digest_matches(const char *hex, const unsigned char *digest, size_t len);

#endif
