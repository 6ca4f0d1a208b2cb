/* SPDX-License-Identifier: MIT */
/* The Apple CommonCrypto backend: a stream backend over CommonDigest's
 * CC_SHA*_Init/Update/Final (SHA-1, SHA-224, SHA-256, SHA-384, SHA-512).
 * Plain C; built on Darwin, or on Linux against the test shim
 * (configure --with-commoncrypto-shim=DIR).  Reached only through the
 * registry, whose entries for it exist when HAVE_COMMONCRYPTO. */
#ifndef SUMAC_COMMONCRYPTO_H
#define SUMAC_COMMONCRYPTO_H

#include "hash/hash.h"

/* The most handed to one CC_*_Update call, whose length is a 32-bit
 * CC_LONG.  config.h (configure's CCSHIM_CHUNK) may set it lower so that
 * tests cover the splitting with small inputs; include config.h first. */
#ifndef SUMAC_CC_CHUNK
#define SUMAC_CC_CHUNK (1u << 30)
#endif

extern const struct sumac_stream_ops sumac_commoncrypto_stream;

#endif
