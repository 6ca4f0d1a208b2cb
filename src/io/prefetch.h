/* SPDX-License-Identifier: MIT */
/* A second thread that runs read(2) for a thread with other work to do:
 * the caller asks for a read into one of its buffers, hashes meanwhile,
 * and collects the result when it needs the bytes.  Each request has a
 * slot of its own (one per file the caller keeps open), at most one
 * request per slot outstanding; the thread serves them in the order asked.
 *
 * Why: copying page-cached data out of the kernel costs about a quarter
 * of the time of multi-lane SHA-NI hashing; on a CPU that is otherwise
 * idle the copy runs beside the hashing instead of between its steps. */
#ifndef SUMAC_IO_PREFETCH_H
#define SUMAC_IO_PREFETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Slots 0 .. PREFETCH_SLOTS - 1. */
#define PREFETCH_SLOTS 16

struct prefetch;

/* The thread and its state, or NULL when no thread or memory could be had
 * (the caller then reads by itself). */
struct prefetch *prefetch_new(void);
/* Waits for a read under way to return, then ends the thread.  Requests
 * not collected are dropped: their buffers and descriptors are the
 * caller's again once this returns.  NULL is allowed. */
void prefetch_free(struct prefetch *p);

/* Asks for read(fd, buf, len) in slot, which has no request outstanding.
 * fd and buf must stay valid until the slot is collected (or p freed). */
void prefetch_ask(struct prefetch *p, unsigned slot, int fd, void *buf, size_t len);
/* Waits for slot's request and returns what read(2) returned (retried on
 * EINTR), with *err the errno value when that is -1.  The slot is free
 * again. */
ssize_t prefetch_collect(struct prefetch *p, unsigned slot, int *err);

#endif
