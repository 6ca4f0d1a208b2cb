/* SPDX-License-Identifier: MIT */
/* The backend registry: the table of implementations and the choice of one
 * per algorithm.  Modelled on Linux crypto drivers: each entry has a driver
 * name ("sha256-portable"), a backend token ("portable") and a priority;
 * the highest-priority usable entry wins unless a backend is forced. */
#ifndef SUMAC_REGISTRY_H
#define SUMAC_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "hash/cpu.h"
#include "hash/hash.h"

/* Lane kernels hash at most this many messages at once. */
#define SUMAC_MAX_LANES 16
/* The portable many-message reference loops over this many. */
#define SUMAC_PORTABLE_LANES 4

/* One row per (family, backend), written with designated initializers (a
 * field left out is 0 or NULL).  Every row is in the table whether or not
 * configure built its backend (blocks and stream both NULL then), so that
 * the table alone names every backend the project knows. */
struct sumac_impl {
	const char *driver;  /* "<family>-<backend>" */
	const char *backend; /* token accepted by --backend / SUMAC_BACKEND */
	enum sumac_family family;
	/* Bits (1u << enum sumac_algo) of the algorithms served; 0: every
	 * algorithm of the family. */
	unsigned algos;
	/* portable 100, openssl 150, commoncrypto 180, armv8 200, x86 240-250;
	 * below 100 for a library row slower than portable (--backend only). */
	int priority;
	/* A many-message entry point (hash.h): lanes and lanes_blocks, or 0
	 * and NULL. */
	unsigned lanes;
	/* SUMAC_HWCAP_BIT()s (hwcaps.h): glibc's names whose "-NAME" in
	 * glibc.cpu.hwcaps keeps this row off, those GNU cksum checks for
	 * the same path; 0 for the rows GNU reads no setting for.  (Here, by
	 * the other 32-bit fields: clang-tidy's padding check.) */
	unsigned hwcaps;
	/* The lane entry is the looped reference, no faster than one stream:
	 * the pipeline takes it only when lanes are forced (the tests). */
	bool lanes_reference;
	bool (*usable)(const struct sumac_cpu *cpu); /* NULL: always usable */
	/* NULL, or true on the CPUs where a lower row of the family measured
	 * faster: "auto" then passes this row over, which --debug reports,
	 * while --backend can still choose it and the tests still run it. */
	bool (*slower_here)(void);
	sumac_blocks_fn *blocks;               /* block backends */
	const struct sumac_stream_ops *stream; /* library backends */
	sumac_lanes_fn *lanes_blocks;
	/* NULL, or lanes_blocks that also writes every block's state (hash.h):
	 * SHA-1 collision detection in lanes needs it to keep the lanes going
	 * past a flagged block. */
	sumac_lanes_chain_fn *lanes_chain;
};

extern const struct sumac_impl sumac_impls[];
extern const size_t sumac_nimpls;

enum sumac_select_status {
	SUMAC_SELECT_OK,
	SUMAC_SELECT_UNKNOWN_BACKEND, /* no such backend at all */
	SUMAC_SELECT_NOT_COMPILED,    /* a real backend, left out of this build */
	SUMAC_SELECT_NO_ALGO,         /* the backend lacks this algorithm */
	SUMAC_SELECT_UNUSABLE,        /* this CPU cannot run it */
	SUMAC_SELECT_REFUSED,         /* the library refuses it (FIPS policy) */
	SUMAC_SELECT_SELFTEST_FAILED, /* it ran and gave a wrong answer */
	SUMAC_SELECT_SLOWER_HERE      /* auto only: its slower_here() said so */
};

struct sumac_selection {
	const struct sumac_impl *impl;
	enum sumac_select_status status;
	/* For "auto": the better implementations passed over and why, for --debug. */
	const struct sumac_impl *skipped[8];
	enum sumac_select_status skipped_why[8];
	size_t nskipped;
};

bool sumac_impl_serves(const struct sumac_impl *impl, enum sumac_algo algo);
/* Compiled in and runnable on this CPU (after any SUMAC_CPU mask), and
 * not turned off by glibc.cpu.hwcaps (hwcaps.h). */
bool sumac_impl_usable(const struct sumac_impl *impl);
/* Compiled in and runnable on the real CPU (after the mask): the same as
 * sumac_impl_usable() unless a CPU model is simulated (cpu.h), when a row
 * the model has may be one this machine cannot run. */
bool sumac_impl_runs_here(const struct sumac_impl *impl);
/* usable(), and not refused by its library's policy for algo. */
bool sumac_impl_available(const struct sumac_impl *impl, enum sumac_algo algo);

/* Picks the implementation for algo.  backend is NULL or "auto" for the
 * best usable one, else a backend token that must serve algo and be usable.
 * Returns sel->status. */
enum sumac_select_status sumac_select(enum sumac_algo algo, const char *backend,
				      struct sumac_selection *sel);
/* The same choice among the n rows of another table (at most
 * SUMAC_MAX_IMPLS): the unit tests' way to try rules the real table has no
 * case of, such as two entries of equal priority. */
#define SUMAC_MAX_IMPLS 64
enum sumac_select_status sumac_select_from(const struct sumac_impl *impls, size_t n,
					   enum sumac_algo algo, const char *backend,
					   struct sumac_selection *sel);

/* True if some table entry (compiled in or not) carries this token. */
bool sumac_backend_known(const char *backend);
/* The backend tokens of the table in table order, each once: i = 0, 1, ...
 * until NULL. */
const char *sumac_backend_token(size_t i);
/* Whether configure built this entry's backend. */
bool sumac_impl_compiled(const struct sumac_impl *impl);

const struct sumac_impl *sumac_portable_impl(enum sumac_family family);
/* The reference digest of a whole message: the portable implementation,
 * which never refuses an algorithm. */
void sumac_digest_portable(enum sumac_algo algo, const void *data, size_t len, uint8_t *out);

#endif
