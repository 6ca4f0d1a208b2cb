/* SPDX-License-Identifier: MIT */
/* Public hashing API: algorithms, streaming contexts, one-shot digest.
 *
 * Every caller outside src/hash/ reaches a hash function through this header
 * and an implementation picked from the registry (registry.h); nothing calls
 * a block function directly.  This layer never prints and never exits: a
 * failure is returned, for the caller to word. */
#ifndef SUMAC_HASH_H
#define SUMAC_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/algorithms.h"
#include "hash/sha1dc_state.h"

struct sumac_algo_info {
	const char *name;     /* "sha256": what -a takes */
	const char *tag;      /* "SHA256": the BSD --tag word */
	const char *progname; /* "sha256sum", or NULL where GNU has none */
	enum sumac_family family;
	unsigned variant;    /* the family's index for this algorithm */
	unsigned digest_len; /* bytes */
	const char *kat;     /* NIST CAVP file prefix, or NULL */
};

struct sumac_ctx;
struct sumac_md_layout;

/* What a family file (src/hash/<family>.c) provides: how to start a state
 * and how to finish a message.  The framing (framing.c) buffers input into
 * whole blocks for the backend in between. */
struct sumac_family_ops {
	/* BLAKE2-style families compress the last block differently (a final
	 * flag), so a full block is kept buffered until more input proves it
	 * is not the last; Merkle-Damgard families compress it at once. */
	bool hold_last_block;
	/* Writes the initial state of the family's algorithm number variant. */
	void (*init)(void *state, unsigned variant);
	/* Families whose digest length is a parameter of the hash (BLAKE2b):
	 * makes the state just written by init one for digest_len bytes, 1 to
	 * the algorithm's digest_len.  NULL: the length is fixed. */
	void (*set_length)(void *state, unsigned digest_len);
	/* Merkle-Damgard families: the layout md.c's shared finish needs
	 * (hash/md.h), called directly; final is then NULL. */
	const struct sumac_md_layout *md;
	/* Other families: finishes ctx (the buffered tail, padding, length)
	 * with ctx's block function and writes the digest: 0, or a SUMAC_E_*
	 * status. */
	int (*final)(struct sumac_ctx *ctx, uint8_t *out);
};

struct sumac_family_info {
	const char *name;     /* "sha256": the prefix of driver names */
	unsigned state_bytes; /* the state the block functions work on */
	unsigned block_len;   /* bytes */
	const struct sumac_family_ops *ops;
};

/* The tables of algo.c, generated from algorithms.h; read them through the
 * two functions below, inline because every stream's start and end does. */
extern const struct sumac_algo_info sumac_algo_table[SUMAC_NALGO];
extern const struct sumac_family_info sumac_family_table[SUMAC_NFAMILY];

static inline const struct sumac_algo_info *sumac_algo_info(enum sumac_algo algo)
{
	return &sumac_algo_table[algo];
}

static inline const struct sumac_family_info *sumac_family_info(enum sumac_family family)
{
	return &sumac_family_table[family];
}
/* Accepts "sha256", "SHA256", "sha-256", "sha512/256", "sha512-256". */
int sumac_algo_from_name(const char *name, enum sumac_algo *out);

/* Negative results of sumac_init/sumac_final, beside positive errno values
 * (which only library backends return, from init: ENOMEM, EPERM). */
enum sumac_status {
	SUMAC_OK = 0,
	SUMAC_E_LIBRARY = -1, /* a library backend failed mid-stream */
	/* The digest IS written (the real SHA-1), and a block of the message
	 * is half of a SHA-1 collision attack (sumac_sha1dc_result in
	 * hash/sha1dc.h says which): only with detection on. */
	SUMAC_COLLISION = -2,
};

/* Compress nblocks whole blocks into state (the family's layout).  The loop
 * over blocks lives in the backend, so that an accelerated one can keep its
 * state in registers across blocks. */
typedef void sumac_blocks_fn(void *state, const uint8_t *in, size_t nblocks);

/* A many-message entry point: nblocks whole blocks of each of n
 * independent messages, in[l] into state[l], for 2 <= n <= the registry
 * entry's `lanes`.  A kernel that hashes several files at once on one core
 * implements this; it picks its own narrower form, or runs spare lanes on
 * scratch state, for n below its width (one message goes through the
 * entry's blocks function instead). */
typedef void sumac_lanes_fn(void *const state[], const uint8_t *const in[], unsigned n,
			    size_t nblocks);
/* The same, also writing the state after every block: after block b of lane
 * l, the family's state_bytes at chain + (b * n + l) * state_bytes.  What
 * SHA-1 collision detection needs to check a flagged block from the states
 * before and after it while the lanes run on. */
typedef void sumac_lanes_chain_fn(void *const state[], const uint8_t *const in[], unsigned n,
				  size_t nblocks, void *chain);

struct sumac_impl;

/* Opaque-library backends (CommonCrypto, OpenSSL) cannot take blocks; they
 * implement the whole stream.  The framing below is bypassed for them. */
struct sumac_stream_ops {
	/* May this library hash algo right now?  NULL: yes.  OpenSSL under a
	 * FIPS provider refuses MD5 here, before any file is opened. */
	bool (*supports)(enum sumac_algo algo);
	/* 0, or an errno value when the library fails to set up. */
	int (*init)(void *ctx, enum sumac_algo algo);
	/* Any len: a backend whose library takes narrower lengths splits.
	 * 0, or SUMAC_E_LIBRARY. */
	int (*update)(void *ctx, const uint8_t *data, size_t len);
	/* Writes the digest and releases what init acquired: 0, or
	 * SUMAC_E_LIBRARY (and out is not a digest). */
	int (*final)(void *ctx, uint8_t *out);
	/* Releases what init acquired, for a stream that is abandoned. */
	void (*discard)(void *ctx);
};

#define SUMAC_STREAM_CTX_MAX 512

struct sumac_ctx {
	sumac_blocks_fn *blocks;
	const struct sumac_stream_ops *stream;
	const struct sumac_family_info *family;
	enum sumac_algo algo;
	unsigned digest_len; /* sumac_algo_info(algo)->digest_len */
	int err;             /* the first failure of a stream update, reported by final */
	union {
		unsigned char bytes[SUMAC_MAX_STATE];
		uint64_t align;
	} state;
	uint64_t total_lo; /* bytes hashed, 128 bits: the SHA-512 length field */
	uint64_t total_hi;
	size_t buffered;
	union {
		uint8_t bytes[SUMAC_MAX_BLOCK];
		uint64_t align;
	} buf;
	union {
		unsigned char bytes[SUMAC_STREAM_CTX_MAX];
		long double align;
	} stream_ctx;
	/* SHA-1 collision detection (hash/sha1dc.h); off after sumac_init. */
	struct sumac_sha1dc_state dc;
};

/* 0 on success; an errno value when a stream backend refuses the algorithm
 * (OpenSSL under a FIPS policy refusing MD5) or cannot set up. */
int sumac_init(struct sumac_ctx *ctx, enum sumac_algo algo, const struct sumac_impl *impl);
/* Whether algo's digest length is chosen per stream (BLAKE2b: 1 to 64
 * bytes), by sumac_init_len. */
bool sumac_algo_takes_length(enum sumac_algo algo);
/* sumac_init for a digest of digest_len bytes: 0 is the algorithm's own
 * length, any other must be 1 to that, for an algorithm that takes a
 * length, and the backend must be a block backend (no library takes one).
 * EINVAL otherwise.  sumac_final then writes digest_len bytes. */
int sumac_init_len(struct sumac_ctx *ctx, enum sumac_algo algo, const struct sumac_impl *impl,
		   unsigned digest_len);
/* A library's failure here is kept and returned by sumac_final. */
void sumac_update(struct sumac_ctx *ctx, const void *data, size_t len);
/* Writes sumac_algo_info(algo)->digest_len bytes and returns 0, or returns
 * a SUMAC_E_* status, out then holding no digest; or, with SHA-1 collision
 * detection on, SUMAC_COLLISION with the digest written.  Either way the stream
 * is over. */
int sumac_final(struct sumac_ctx *ctx, uint8_t *out);
/* Ends a stream that will not be finalised (a read error), releasing what
 * a library backend holds.  Free for block backends. */
void sumac_discard(struct sumac_ctx *ctx);
/* The whole message at once: init, one update, final.  Returns what
 * sumac_init or sumac_final returns; out is a digest only on 0. */
int sumac_digest(enum sumac_algo algo, const struct sumac_impl *impl, const void *data, size_t len,
		 uint8_t *out);
/* The same for a digest of digest_len bytes (sumac_init_len). */
int sumac_digest_len(enum sumac_algo algo, const struct sumac_impl *impl, unsigned digest_len,
		     const void *data, size_t len, uint8_t *out);

/* For a lane kernel (impl->lanes_blocks): nblocks whole blocks of each of
 * n (1 <= n <= impl->lanes) contexts, which must hold no buffered bytes and
 * have been started with impl.  The tails go through sumac_update and
 * sumac_final as usual; for a family that holds back its last block
 * (hold_last_block), a tail of at least one byte. */
void sumac_update_lanes(const struct sumac_impl *impl, struct sumac_ctx *const ctx[], unsigned n,
			const uint8_t *const in[], size_t nblocks);

#endif
