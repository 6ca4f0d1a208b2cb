/* SPDX-License-Identifier: MIT */
/* A set of listed names (names.h): open addressing over FNV-1a hashes of
 * the normalized names. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check/names.h"

struct name_set {
	char **slots; /* NULL: free */
	size_t cap;   /* a power of two */
	size_t count;
};

size_t name_normalize(const char *name, size_t len, char *dst)
{
	size_t n = 0, i = 0;

	if (len && name[0] == '/') {
		dst[n++] = '/';
		i = 1;
	}
	const size_t root = n;
	while (i < len) {
		while (i < len && name[i] == '/')
			i++;
		size_t end = i;
		while (end < len && name[end] != '/')
			end++;
		const size_t clen = end - i;
		if (clen && !(clen == 1 && name[i] == '.')) {
			if (n > root)
				dst[n++] = '/';
			memcpy(dst + n, name + i, clen);
			n += clen;
		}
		i = end;
	}
	if (n == 0 && len)
		dst[n++] = '.';
	dst[n] = '\0';
	return n;
}

static uint64_t hash_name(const char *s)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3u;
	return h;
}

struct name_set *name_set_create(void)
{
	struct name_set *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->cap = 1024;
	s->slots = calloc(s->cap, sizeof *s->slots);
	if (!s->slots) {
		free(s);
		return NULL;
	}
	return s;
}

void name_set_free(struct name_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->cap; i++)
		free(s->slots[i]);
	free(s->slots);
	free(s);
}

/* The slot that holds key, or the free one where it would go. */
static size_t find_slot(char *const *slots, size_t cap, const char *key)
{
	size_t i = (size_t)hash_name(key) & (cap - 1);
	while (slots[i] && strcmp(slots[i], key) != 0)
		i = (i + 1) & (cap - 1);
	return i;
}

static int grow(struct name_set *s)
{
	const size_t ncap = 2 * s->cap;
	char **nslots = calloc(ncap, sizeof *nslots);
	if (!nslots)
		return ENOMEM;
	for (size_t i = 0; i < s->cap; i++)
		if (s->slots[i])
			nslots[find_slot(nslots, ncap, s->slots[i])] = s->slots[i];
	free(s->slots);
	s->slots = nslots;
	s->cap = ncap;
	return 0;
}

int name_set_add(struct name_set *s, const char *name, size_t len)
{
	char *key = malloc(len + 2);
	if (!key)
		return ENOMEM;
	name_normalize(name, len, key);
	/* At most half full: probes stay short. */
	if (2 * (s->count + 1) > s->cap && grow(s) != 0) {
		free(key);
		return ENOMEM;
	}
	const size_t i = find_slot(s->slots, s->cap, key);
	if (s->slots[i]) {
		free(key);
		return 0;
	}
	s->slots[i] = key;
	s->count++;
	return 0;
}

bool name_set_has(const struct name_set *s, const char *name)
{
	const size_t len = strlen(name);
	char stack[256];
	char *key = len < sizeof stack - 1 ? stack : malloc(len + 2);
	if (!key)
		return false;
	name_normalize(name, len, key);
	const bool found = s->slots[find_slot(s->slots, s->cap, key)] != NULL;
	if (key != stack)
		free(key);
	return found;
}
