/* SPDX-License-Identifier: MIT */
/* A second thread that runs read(2) for a thread with other work to do:
 * the caller asks for a read into one of its buffers, hashes meanwhile,
 * and collects the result when it needs the bytes.  Each request has a
 * slot of its own (one per file the caller keeps open), at most one
 * request per slot outstanding.  The thread serves the newest request
 * first, and a request it has not begun when the caller collects it is
 * read by the caller.
 *
 * Why: copying page-cached data out of the kernel costs about a quarter
 * of the time of multi-lane SHA-NI hashing; on a CPU that is otherwise
 * idle the copy runs beside the hashing instead of between its steps.
 * Why newest first: on a shared machine the other CPU is at times busy, or
 * several times slower at the copy than the caller's (the system time of
 * such runs gives about 54 us a 128 KiB read there against 11 us on the
 * caller's CPU, which hashes 128 KiB of SHA-1 lanes in about 40 us).  Served
 * oldest first, a thread that falls behind is always reading the very
 * chunk the caller waits for, and the caller goes at the thread's pace.
 * Served newest first, the thread reads the chunks needed later and the
 * caller takes back, and reads, the ones it needs now that the thread has
 * not reached: the work splits by itself in the ratio of the two speeds. */
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
/* Returns what read(2) returned for slot's request (retried on EINTR),
 * with *err the errno value when that is -1: the thread's result, waited
 * for if the read is under way, or, if the thread has not begun it, the
 * result of the read done here.  The slot is free again. */
ssize_t prefetch_collect(struct prefetch *p, unsigned slot, int *err);
/* Whether the thread is reading slot's request at this moment, so that
 * prefetch_collect would wait: a hint for a caller with other work to do
 * first.  It may be stale by the time the caller acts on it. */
bool prefetch_busy(struct prefetch *p, unsigned slot);

#endif
