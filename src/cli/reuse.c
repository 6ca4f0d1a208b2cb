/* SPDX-License-Identifier: MIT */
/* The plan of reuse.h: open addressing over FNV-1a hashes of the names. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/reuse.h"

struct reuse_plan {
	struct reuse_entry **slots; /* NULL: free */
	size_t cap;                 /* a power of two */
	size_t count;
};

static uint64_t hash_name(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
	return h;
}

struct reuse_plan *reuse_plan_create(void)
{
	return calloc(1, sizeof(struct reuse_plan));
}

void reuse_plan_free(struct reuse_plan *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->cap; i++) {
		if (p->slots[i]) {
			free(p->slots[i]->algos);
			free(p->slots[i]->digests);
			free(p->slots[i]);
		}
	}
	free(p->slots);
	free(p);
}

/* The slot that holds name, or the free one where it would go. */
static size_t slot_of(const struct reuse_plan *p, const char *name, size_t len)
{
	size_t i = (size_t)hash_name(name, len) & (p->cap - 1);
	while (p->slots[i] &&
	       !(p->slots[i]->len == len && memcmp(p->slots[i]->name, name, len) == 0))
		i = (i + 1) & (p->cap - 1);
	return i;
}

static int grow(struct reuse_plan *p)
{
	const size_t cap = p->cap ? 2 * p->cap : 64;
	struct reuse_entry **old = p->slots;
	const size_t old_cap = p->cap;

	p->slots = calloc(cap, sizeof(struct reuse_entry *));
	if (!p->slots) {
		p->slots = old;
		return ENOMEM;
	}
	p->cap = cap;
	for (size_t i = 0; i < old_cap; i++)
		if (old[i])
			p->slots[slot_of(p, old[i]->name, old[i]->len)] = old[i];
	free(old);
	return 0;
}

int reuse_plan_note(struct reuse_plan *p, const char *name, size_t len, enum sumac_algo algo)
{
	/* At most half full, so that a probe ends soon. */
	if (2 * (p->count + 1) > p->cap && grow(p) != 0)
		return ENOMEM;
	const size_t i = slot_of(p, name, len);
	struct reuse_entry *e = p->slots[i];
	if (!e && p->count >= REUSE_MAX_NAMES)
		return 0; /* read per line, as without a plan */
	if (!e) {
		e = calloc(1, sizeof *e + len + 1);
		if (!e)
			return ENOMEM;
		memcpy(e->name, name, len);
		e->len = len;
		p->slots[i] = e;
		p->count++;
	}
	e->mask |= SUMAC_ALGO_BIT(algo);
	e->left++;
	return 0;
}

struct reuse_entry *reuse_plan_find(struct reuse_plan *p, const char *name, size_t len)
{
	if (!p->cap)
		return NULL;
	struct reuse_entry *e = p->slots[slot_of(p, name, len)];
	return e && (e->left > 1 || e->state != REUSE_PLANNED) ? e : NULL;
}

int reuse_row(const struct reuse_entry *e, enum sumac_algo algo)
{
	for (unsigned i = 0; e->algos && i < e->algos->n; i++)
		if (e->algos->algo[i] == algo)
			return (int)i;
	return -1;
}

void reuse_release(struct reuse_entry *e)
{
	if (e->left || e->pending)
		return;
	free(e->algos);
	free(e->digests);
	e->algos = NULL;
	e->digests = NULL;
	e->state = REUSE_OFF;
}
