/* SPDX-License-Identifier: MIT */
/* Public hashing API: algorithms, streaming contexts, one-shot digest.
 *
 * Every caller outside src/hash/ reaches a hash function through this header
 * and an implementation picked from the registry (registry.h); nothing calls
 * a block function directly.  This layer never prints and never exits. */
#ifndef SUMAC_HASH_H
#define SUMAC_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum sumac_algo {
	SUMAC_MD5,
	SUMAC_SHA1,
	SUMAC_SHA224,
	SUMAC_SHA256,
	SUMAC_SHA384,
	SUMAC_SHA512,
	SUMAC_SHA512_224,
	SUMAC_SHA512_256,
	SUMAC_NALGO
};

/* A family shares one compression function and one framing (block size,
 * state width, length encoding); its algorithms differ only in the initial
 * state and in how much of the final state is output. */
enum sumac_family {
	SUMAC_FAMILY_MD5,
	SUMAC_FAMILY_SHA1,
	SUMAC_FAMILY_SHA256,
	SUMAC_FAMILY_SHA512,
	SUMAC_NFAMILY
};

#define SUMAC_MAX_DIGEST 64
#define SUMAC_MAX_BLOCK  128

struct sumac_algo_info {
	const char *name;     /* "sha256": what -a takes */
	const char *tag;      /* "SHA256": the BSD --tag word */
	const char *progname; /* "sha256sum", or NULL where GNU has none */
	enum sumac_family family;
	unsigned digest_len; /* bytes */
};

struct sumac_family_info {
	const char *name;   /* "sha256": the prefix of driver names */
	unsigned block_len; /* bytes */
	unsigned len_bytes; /* size of the message-length field in the padding */
	unsigned word_bytes;
	int big_endian; /* word order of the state and of the length field */
};

const struct sumac_algo_info *sumac_algo_info(enum sumac_algo algo);
const struct sumac_family_info *sumac_family_info(enum sumac_family family);
/* Accepts "sha256", "SHA256", "sha-256", "sha512/256", "sha512-256". */
int sumac_algo_from_name(const char *name, enum sumac_algo *out);

/* Compress nblocks whole blocks into state (uint32_t[] or uint64_t[] by
 * family).  The loop over blocks lives in the backend, so that an
 * accelerated one can keep its state in registers across blocks. */
typedef void sumac_blocks_fn(void *state, const uint8_t *in, size_t nblocks);

struct sumac_impl;

/* Opaque-library backends (CommonCrypto, OpenSSL) cannot take blocks; they
 * implement the whole stream.  The framing below is bypassed for them. */
struct sumac_stream_ops {
	/* May this library hash algo right now?  NULL: yes.  OpenSSL under a
	 * FIPS provider refuses MD5 here, before any file is opened. */
	bool (*supports)(enum sumac_algo algo);
	/* 0, or an errno value when the library fails to set up. */
	int (*init)(void *ctx, enum sumac_algo algo);
	/* Any len: a backend whose library takes narrower lengths splits. */
	void (*update)(void *ctx, const uint8_t *data, size_t len);
	/* Writes the digest and releases what init acquired. */
	void (*final)(void *ctx, uint8_t *out);
	/* Releases what init acquired, for a stream that is abandoned. */
	void (*discard)(void *ctx);
};

#define SUMAC_STREAM_CTX_MAX 512

struct sumac_ctx {
	const struct sumac_impl *impl;
	sumac_blocks_fn *blocks;
	const struct sumac_stream_ops *stream;
	enum sumac_algo algo;
	union {
		uint32_t w32[8];
		uint64_t w64[8];
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
};

/* 0 on success; an errno value when a stream backend refuses the algorithm
 * (OpenSSL under a FIPS policy refusing MD5). */
int sumac_init(struct sumac_ctx *ctx, enum sumac_algo algo, const struct sumac_impl *impl);
void sumac_update(struct sumac_ctx *ctx, const void *data, size_t len);
/* Writes sumac_algo_info(algo)->digest_len bytes. */
void sumac_final(struct sumac_ctx *ctx, uint8_t *out);
/* Ends a stream that will not be finalised (a read error), releasing what
 * a library backend holds.  Free for block backends. */
void sumac_discard(struct sumac_ctx *ctx);
/* The whole message at once: init, one update, final.  Returns what
 * sumac_init returns; out is written only on success. */
int sumac_digest(enum sumac_algo algo, const struct sumac_impl *impl, const void *data, size_t len,
		 uint8_t *out);

#endif
