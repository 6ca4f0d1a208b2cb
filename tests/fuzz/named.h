/* SPDX-License-Identifier: MIT */
/* Seeds that name their algorithm.  A header byte's index (mod
 * SUMAC_NALGO) picks another row once a row is added to
 * src/hash/algorithms.h, so a committed seed would test something else;
 * an input may instead start with a line "=NAME\n", NAME a row's name as
 * sumac -a lists it ("=sha3-256\n"), and the rest is the target's input
 * as before, the header's algorithm bits then unused.  Inputs without the
 * line keep the index form, which is what libFuzzer mostly makes. */
#ifndef SUMAC_FUZZ_NAMED_H
#define SUMAC_FUZZ_NAMED_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hash/hash.h"

/* The longest name line looked for, "=" and "\n" included. */
#define FUZZ_NAME_LINE_MAX 34

/* 1: *algo is the named row, *data and *size are past the line; 0: no
 * name line; -1: a name line of no row of this build (a test-only row in
 * the product's build, or a row since removed): the input is skipped. */
static inline int fuzz_named_algo(const uint8_t **data, size_t *size, enum sumac_algo *algo)
{
	if (*size == 0 || (*data)[0] != '=')
		return 0;
	const uint8_t *nl =
		memchr(*data, '\n', *size < FUZZ_NAME_LINE_MAX ? *size : FUZZ_NAME_LINE_MAX);
	if (!nl)
		return -1;
	const size_t len = (size_t)(nl - *data) - 1;
	for (int a = 0; a < SUMAC_NALGO; a++) {
		const char *name = sumac_algo_info((enum sumac_algo)a)->name;
		if (strlen(name) == len && memcmp(name, *data + 1, len) == 0) {
			*algo = (enum sumac_algo)a;
			*size -= len + 2;
			*data = nl + 1;
			return 1;
		}
	}
	return -1;
}

#endif
