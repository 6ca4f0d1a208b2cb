/* SPDX-License-Identifier: MIT */
/* Internal to src/hash/: the initial state of each algorithm. */
#ifndef SUMAC_ALGO_IV_H
#define SUMAC_ALGO_IV_H

#include "hash/hash.h"

/* Writes the FIPS 180-4 / RFC 1321 initial hash value of algo into state. */
void sumac_algo_iv(enum sumac_algo algo, void *state);

#endif
