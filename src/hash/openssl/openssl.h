/* SPDX-License-Identifier: MIT */
/* The OpenSSL libcrypto backend: a stream backend over the EVP digest API
 * (OpenSSL 3: EVP_MD_fetch, EVP_DigestInit_ex/Update/Final_ex).  Plain C,
 * no ISA flags; libcrypto picks its own assembly at run time.  Reached only
 * through the registry, whose entries for it exist when HAVE_OPENSSL. */
#ifndef SUMAC_OPENSSL_H
#define SUMAC_OPENSSL_H

#include "hash/hash.h"

extern const struct sumac_stream_ops sumac_openssl_stream;

#endif
