/* SPDX-License-Identifier: MIT */
/* The one list of hash families and algorithms.  Every table that names an
 * algorithm (the enums, names, BSD tags, program names, digest sizes, the
 * registry's per-family portable entries, the known-answer file names, the
 * fuzz targets' range) is generated from these two X-macros, so adding an
 * algorithm is one row here plus its family file (src/hash/<family>.c).
 *
 * SUMAC_FAMILIES(X): X(ID, ident, state_bytes, block_bytes)
 *   ident names the family's files and symbols: the descriptor
 *   sumac_<ident>_family (src/hash/<ident>.c), the portable block function
 *   sumac_<ident>_blocks_portable, and the driver prefix "<ident>-".
 *   state_bytes and block_bytes size every context (the largest wins).
 *
 * SUMAC_ALGORITHMS(X): X(ID, name, tag, progname, FAMILY, variant, digest_len, kat)
 *   name      what -a takes ("sha256")
 *   tag       the BSD --tag word ("SHA256")
 *   progname  the GNU program that is this algorithm, or NULL
 *   variant   the family's index for its initial state (0, 1, ... within
 *             the family; the family file checks the count)
 *   kat       the NIST CAVP file prefix under vectors/ ("SHA256" for
 *             SHA256ShortMsg.rsp ...), or NULL where the known answers are
 *             the RFC's, built into tests/unit/test_kat.c
 *
 * Rows under SUMAC_TEST_FAMILIES exist only in the unit tests' own build of
 * the hash layer (tests/local.mk): a family that proves a new one needs
 * nothing beyond its row and its file. */
#ifndef SUMAC_ALGORITHMS_H
#define SUMAC_ALGORITHMS_H

#if SUMAC_TEST_FAMILIES
#define SUMAC_TEST_FAMILY_ROWS(X)    X(XOR64, xor64, 8, 16)
#define SUMAC_TEST_ALGORITHM_ROWS(X) X(XOR64, "xor64", "XOR64", NULL, XOR64, 0, 8, "XOR64")
#else
#define SUMAC_TEST_FAMILY_ROWS(X)
#define SUMAC_TEST_ALGORITHM_ROWS(X)
#endif

#define SUMAC_FAMILIES(X)                                                                          \
	X(MD5, md5, 16, 64)                                                                        \
	X(SHA1, sha1, 20, 64)                                                                      \
	X(SHA256, sha256, 32, 64)                                                                  \
	X(SHA512, sha512, 64, 128)                                                                 \
	X(BLAKE2B, blake2b, 88, 128)                                                               \
	SUMAC_SHA3_FAMILIES(X)                                                                     \
	X(SM3, sm3, 32, 64)                                                                        \
	X(CRC, crc, 4, 1)                                                                          \
	X(CRC32B, crc32b, 4, 1)                                                                    \
	X(SYSV, sysv, 4, 1)                                                                        \
	X(BSD, bsd, 4, 1)                                                                          \
	SUMAC_TEST_FAMILY_ROWS(X)

/* SHA-3 (FIPS 202): one Keccak-f[1600] state of 200 bytes, absorbed at a
 * rate of 200 - 2 * digest bytes, so each digest length is a family of its
 * own whose block is that rate.  The framing then needs nothing new, and
 * every block function has its rate as a constant; the four share one
 * permutation (hash/keccak.h) and one family file (hash/sha3.c), which
 * expand this list. */
#define SUMAC_SHA3_FAMILIES(X)                                                                     \
	X(SHA3_224, sha3_224, 200, 144)                                                            \
	X(SHA3_256, sha3_256, 200, 136)                                                            \
	X(SHA3_384, sha3_384, 200, 104)                                                            \
	X(SHA3_512, sha3_512, 200, 72)

/* GNU ships no program for the truncated SHA-512 variants; their tags
 * follow OpenSSL's "SHA512-256 (f) = ..." output. */
#define SUMAC_ALGORITHMS(X) SUMAC_PRODUCT_ALGORITHMS(X) SUMAC_TEST_ALGORITHM_ROWS(X)
#define SUMAC_PRODUCT_ALGORITHMS(X)                                                                \
	X(MD5, "md5", "MD5", "md5sum", MD5, 0, 16, NULL)                                           \
	X(SHA1, "sha1", "SHA1", "sha1sum", SHA1, 0, 20, "SHA1")                                    \
	X(SHA224, "sha224", "SHA224", "sha224sum", SHA256, 0, 28, "SHA224")                        \
	X(SHA256, "sha256", "SHA256", "sha256sum", SHA256, 1, 32, "SHA256")                        \
	X(SHA384, "sha384", "SHA384", "sha384sum", SHA512, 0, 48, "SHA384")                        \
	X(SHA512, "sha512", "SHA512", "sha512sum", SHA512, 1, 64, "SHA512")                        \
	X(SHA512_224, "sha512-224", "SHA512-224", NULL, SHA512, 2, 28, "SHA512_224")               \
	X(SHA512_256, "sha512-256", "SHA512-256", NULL, SHA512, 3, 32, "SHA512_256")               \
	X(BLAKE2B, "blake2b", "BLAKE2b", "b2sum", BLAKE2B, 0, 64, NULL)                            \
	X(SHA3_224, "sha3-224", "SHA3-224", NULL, SHA3_224, 0, 28, "SHA3_224")                     \
	X(SHA3_256, "sha3-256", "SHA3-256", NULL, SHA3_256, 0, 32, "SHA3_256")                     \
	X(SHA3_384, "sha3-384", "SHA3-384", NULL, SHA3_384, 0, 48, "SHA3_384")                     \
	X(SHA3_512, "sha3-512", "SHA3-512", NULL, SHA3_512, 0, 64, "SHA3_512")                     \
	X(SM3, "sm3", "SM3", NULL, SM3, 0, 32, NULL)                                               \
	X(CRC, "crc", "CRC", NULL, CRC, 0, 4, NULL)                                                \
	X(CRC32B, "crc32b", "CRC32B", NULL, CRC32B, 0, 4, NULL)                                    \
	X(SYSV, "sysv", "SYSV", NULL, SYSV, 0, 2, NULL)                                            \
	X(BSD, "bsd", "BSD", NULL, BSD, 0, 2, NULL)

#define SUMAC_FAMILY_ENUM_(ID, ident, state, block) SUMAC_FAMILY_##ID,
enum sumac_family { SUMAC_FAMILIES(SUMAC_FAMILY_ENUM_) SUMAC_NFAMILY };
#undef SUMAC_FAMILY_ENUM_

#define SUMAC_ALGO_ENUM_(ID, name, tag, prog, fam, variant, dlen, kat) SUMAC_##ID,
enum sumac_algo { SUMAC_ALGORITHMS(SUMAC_ALGO_ENUM_) SUMAC_NALGO };
#undef SUMAC_ALGO_ENUM_

/* The product's algorithms come first: in the build with test families,
 * the unit tests run only the test-only ones, from this number on (the
 * product's are the normal build's to test). */
#define SUMAC_PRODUCT_ORDINAL_(ID, name, tag, prog, fam, variant, dlen, kat) SUMAC_PRODUCT_##ID,
enum { SUMAC_PRODUCT_ALGORITHMS(SUMAC_PRODUCT_ORDINAL_) SUMAC_NALGO_PRODUCT };
#undef SUMAC_PRODUCT_ORDINAL_
#if SUMAC_TEST_FAMILIES
#define SUMAC_FIRST_TESTED_ALGO SUMAC_NALGO_PRODUCT
#else
#define SUMAC_FIRST_TESTED_ALGO 0
#endif

/* The largest state, block and digest of any family or algorithm: the
 * sizes of a context's arrays. */
#define SUMAC_STATE_MEMBER_(ID, ident, state, block) unsigned char ID[state];
union sumac_largest_state {
	SUMAC_FAMILIES(SUMAC_STATE_MEMBER_)
};
#undef SUMAC_STATE_MEMBER_
#define SUMAC_BLOCK_MEMBER_(ID, ident, state, block) unsigned char ID[block];
union sumac_largest_block {
	SUMAC_FAMILIES(SUMAC_BLOCK_MEMBER_)
};
#undef SUMAC_BLOCK_MEMBER_
#define SUMAC_DIGEST_MEMBER_(ID, name, tag, prog, fam, variant, dlen, kat) unsigned char ID[dlen];
union sumac_largest_digest {
	SUMAC_ALGORITHMS(SUMAC_DIGEST_MEMBER_)
};
#undef SUMAC_DIGEST_MEMBER_

#define SUMAC_MAX_STATE  sizeof(union sumac_largest_state)
#define SUMAC_MAX_BLOCK  sizeof(union sumac_largest_block)
#define SUMAC_MAX_DIGEST sizeof(union sumac_largest_digest)

#define SUMAC_ALGO_BIT(a) (1u << (a))
/* Registry masks are one unsigned: room for every algorithm. */
#define SUMAC_ALL_ALGOS ((1u << SUMAC_NALGO) - 1)

#endif
