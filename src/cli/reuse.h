/* SPDX-License-Identifier: MIT */
/* sumac -c over several lists: a regular file that more than one line
 * names (SHA256SUMS and SHA512SUMS over the same files) is read once, when
 * its first line is checked, for every algorithm its lines need; the later
 * lines take their digest from that read.  The plan comes from reading the
 * lists once before checking them.  Names are compared byte for byte.
 * Prints nothing. */
#ifndef SUMAC_CLI_REUSE_H
#define SUMAC_CLI_REUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/hash.h"
#include "hash/sha1dc.h"
#include "run/hash.h"

enum reuse_state {
	REUSE_PLANNED, /* no line of it queued yet */
	REUSE_ISSUED,  /* its first line hashes it for every algorithm */
	REUSE_FILLED,  /* ...and is reported: err and digests hold */
	REUSE_OFF,     /* read as usual: not a regular file, or done with */
};

struct reuse_entry {
	enum reuse_state state;
	uint32_t mask;               /* the algorithms its lines give (SUMAC_ALGO_BIT) */
	size_t left;                 /* lines of the plan not yet queued */
	size_t pending;              /* lines queued, not yet reported */
	int err;                     /* REUSE_FILLED: the read's error, or 0 */
	struct run_algo_list *algos; /* REUSE_ISSUED on: one per bit of mask */
	unsigned char (*digests)[SUMAC_MAX_DIGEST]; /* REUSE_FILLED, no err */
	/* REUSE_FILLED: the read found the file's SHA-1 half of a collision
	 * attack (its SHA-1 row), and where. */
	bool collision;
	struct sumac_sha1dc_hit hit;
	size_t len;
	char name[];
};

/* The names a plan holds at most, about 130 bytes each: lists of more
 * distinct names than this read the later ones per line, as before, so
 * that memory stays bounded (about 35 MiB) however long the lists are. */
#define REUSE_MAX_NAMES (1u << 18)

struct reuse_plan;

struct reuse_plan *reuse_plan_create(void);
void reuse_plan_free(struct reuse_plan *p);

/* One valid line of a list read ahead: its name and algorithm.  0 or
 * ENOMEM. */
int reuse_plan_note(struct reuse_plan *p, const char *name, size_t len, enum sumac_algo algo);

/* The entry of a name that the plan saw on more than one line, or NULL. */
struct reuse_entry *reuse_plan_find(struct reuse_plan *p, const char *name, size_t len);

/* The row of algo in e->algos (and in the digests), or -1. */
int reuse_row(const struct reuse_entry *e, enum sumac_algo algo);

/* Ends what e holds once none of its lines are left or pending. */
void reuse_release(struct reuse_entry *e);

#endif
