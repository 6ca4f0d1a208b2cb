/* SPDX-License-Identifier: MIT */
/* What the reads of one input feed: one hash context, or several that are
 * fed the same buffers (sumac -a LIST reads each input once for every
 * algorithm).  Internal to io/. */
#ifndef SUMAC_IO_SINK_H
#define SUMAC_IO_SINK_H

#include <stddef.h>

#include "hash/hash.h"

struct io_sink {
	struct sumac_ctx *const *ctx;
	unsigned n;
};

/* Each context in turn over the same bytes, which are still in the cache
 * for the second and later ones. */
static inline void io_sink_update(const struct io_sink *sink, const void *data, size_t len)
{
	for (unsigned i = 0; i < sink->n; i++)
		sumac_update(sink->ctx[i], data, len);
}

#endif
