/* SPDX-License-Identifier: MIT */
/* Replays a fuzz target over its committed corpus, as a TAP test: every
 * file of $SUMAC_FUZZ_CORPUS/<target>/ (or of the directories given as
 * arguments) is one input and one result.  A crash ends the program, which
 * the test harness reports; a broken invariant (FUZZ_CHECK) fails only its
 * own input. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"

static jmp_buf fail_jump;
static const char *fail_what;

void fuzz_fail(const char *file, int line, const char *what)
{
	printf("# %s:%d: invariant failed: %s\n", file, line, what);
	fail_what = what;
	longjmp(fail_jump, 1);
}

/* One input; false if an invariant broke.  Kept apart from the loop so
 * that longjmp cannot clobber the loop's variables. */
static bool run_one(const unsigned char *data, size_t len)
{
	fail_what = NULL;
	if (setjmp(fail_jump) != 0)
		return false;
	LLVMFuzzerTestOneInput(data, len);
	return true;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static unsigned char *read_all(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += got;
		if (n == cap) {
			unsigned char *p = realloc(buf, cap *= 2);
			if (!p)
				free(buf);
			buf = p;
		}
	}
	if (ferror(fp)) {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	/* An exact-size copy, so that AddressSanitizer sees reads past the end. */
	unsigned char *exact = buf ? malloc(n ? n : 1) : NULL;
	if (exact)
		memcpy(exact, buf, n);
	free(buf);
	*len = n;
	return exact;
}

static int replay_dir(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	int failures = 0;
	if (!d) {
		printf("not ok %d - cannot open corpus %s: %s\n", ++*count, dir, strerror(errno));
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			char **p = realloc(names, cap * sizeof *names);
			if (!p)
				abort();
			names = p;
		}
		names[n] = strdup(e->d_name);
		if (!names[n])
			abort();
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp_names);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		size_t len = 0;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		unsigned char *data = read_all(path, &len);
		if (!data) {
			printf("not ok %d - %s: cannot read\n", ++*count, names[i]);
			failures++;
		} else if (run_one(data, len)) {
			printf("ok %d - %s %s (%zu bytes)\n", ++*count, fuzz_target_name, names[i],
			       len);
		} else {
			printf("not ok %d - %s %s: %s\n", ++*count, fuzz_target_name, names[i],
			       fail_what);
			failures++;
		}
		fflush(stdout);
		free(data);
		free(names[i]);
	}
	free(names);
	if (n == 0)
		printf("not ok %d - corpus %s is empty\n", ++*count, dir), failures++;
	return failures;
}

int main(int argc, char **argv)
{
	int count = 0, failures = 0;

	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			failures += replay_dir(argv[i], &count);
	} else {
		const char *root = getenv("SUMAC_FUZZ_CORPUS");
		char dir[4096];
		if (!root) {
			printf("1..0 # SKIP SUMAC_FUZZ_CORPUS not set\n");
			return 0;
		}
		snprintf(dir, sizeof dir, "%s/%s", root, fuzz_target_name);
		failures += replay_dir(dir, &count);
	}
	printf("1..%d\n", count);
	return failures ? 1 : 0;
}
