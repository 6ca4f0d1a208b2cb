/* SPDX-License-Identifier: MIT */
/* Shared by the fuzz targets: how a broken invariant is reported.
 *
 * Each target defines LLVMFuzzerTestOneInput and is built two ways:
 *  - by tests/fuzz/run-fuzzers.sh with clang -fsanitize=fuzzer (libFuzzer
 *    supplies main; a broken invariant aborts, which libFuzzer records as a
 *    crash and saves the input);
 *  - by `make check` with -DFUZZ_REPLAY and tests/fuzz/replay.c as main,
 *    which runs every file of the committed corpus through the target and
 *    prints one TAP result per file. */
#ifndef SUMAC_FUZZ_H
#define SUMAC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The corpus directory name of the target (tests/fuzz/corpus/<name>). */
extern const char fuzz_target_name[];

#ifdef FUZZ_REPLAY
/* replay.c: marks the current input as failed and returns to the replay
 * loop (longjmp), so that one bad input does not hide the others. */
__attribute__((noreturn)) void fuzz_fail(const char *file, int line, const char *what);
#else
__attribute__((noreturn, unused)) static void fuzz_fail(const char *file, int line,
							const char *what)
{
	fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, what);
	abort();
}
#endif

#define FUZZ_CHECK(cond)                                                                           \
	do {                                                                                       \
		if (!(cond))                                                                       \
			fuzz_fail(__FILE__, __LINE__, #cond);                                      \
	} while (0)

#endif
