/* SPDX-License-Identifier: MIT */
/* Starting sumac (or the GNU program) from the C fault tests, with its
 * standard streams on files, and collecting its exit status and resource
 * use.  sumac is $SUMAC, started under $RUNNER when that is set (an
 * emulator such as "qemu-aarch64", which takes "-0 NAME" for argv[0], as in
 * tests/cli/helpers.bash). */
#ifndef SUMAC_TEST_SPAWN_H
#define SUMAC_TEST_SPAWN_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct run_result {
	int status;      /* as from waitpid */
	long maxrss_kib; /* the child's peak resident set */
	double seconds;  /* wall clock */
	double cpu;      /* the child's user + system CPU seconds */
};

static inline double spawn_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Redirects fd to path (NULL: leave it). */
static inline void spawn_redirect(int fd, const char *path, int flags)
{
	if (!path)
		return;
	int f = open(path, flags, 0644);
	if (f < 0) {
		perror(path);
		_exit(125);
	}
	if (f != fd) {
		dup2(f, fd);
		close(f);
	}
}

/* Runs prog (a path) with argv[0] = name and the NULL-terminated args;
 * emulated under $RUNNER when use_runner is set.  in/out/err: files for
 * the standard streams (NULL: inherited).  Returns false if it could not
 * be started at all. */
static inline bool spawn_run(const char *prog, const char *name, const char *const *args,
			     bool use_runner, const char *in, const char *out, const char *err,
			     struct run_result *res)
{
	const char *runner = use_runner ? getenv("RUNNER") : NULL;
	char *words[64];
	memset(res, 0, sizeof *res);
	res->status = 127 << 8; /* as if exec had failed */
	size_t nw = 0;
	char *runner_copy = NULL;
	if (runner && *runner) {
		runner_copy = strdup(runner);
		for (char *w = strtok(runner_copy, " \t"); w && nw < 16; w = strtok(NULL, " \t"))
			words[nw++] = w;
		words[nw++] = (char *)"-0";
		words[nw++] = (char *)name;
		words[nw++] = (char *)prog;
	} else {
		words[nw++] = (char *)name;
	}
	for (size_t i = 0; args[i] && nw < 62; i++)
		words[nw++] = (char *)args[i];
	words[nw] = NULL;

	fflush(stdout);
	const double t0 = spawn_now();
	pid_t pid = fork();
	if (pid < 0) {
		free(runner_copy);
		return false;
	}
	if (pid == 0) {
		spawn_redirect(0, in, O_RDONLY);
		spawn_redirect(1, out, O_WRONLY | O_CREAT | O_TRUNC);
		spawn_redirect(2, err, O_WRONLY | O_CREAT | O_TRUNC);
		if (runner_copy)
			execvp(words[0], words);
		else
			execv(prog, words);
		_exit(127);
	}
	struct rusage ru;
	int status;
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR) {
			free(runner_copy);
			return false;
		}
	res->seconds = spawn_now() - t0;
	res->status = status;
	res->maxrss_kib = ru.ru_maxrss;
	res->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		   (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	free(runner_copy);
	return !(WIFEXITED(status) && WEXITSTATUS(status) == 127);
}

/* The exit status as a shell shows it: 128 + N for a signal. */
static inline int spawn_exit_code(const struct run_result *r)
{
	if (WIFEXITED(r->status))
		return WEXITSTATUS(r->status);
	if (WIFSIGNALED(r->status))
		return 128 + WTERMSIG(r->status);
	return -1;
}

/* Whether this machine can run prog at all (not so for a cross build
 * without RUNNER): `prog --version` must exit 0. */
static inline bool spawn_can_run(const char *prog)
{
	struct run_result r;
	const char *vargs[] = {"--version", NULL};
	return spawn_run(prog, "sumac", vargs, true, "/dev/null", "/dev/null", "/dev/null", &r) &&
	       spawn_exit_code(&r) == 0;
}

/* Whole file into a malloc'd buffer (NUL added); NULL on error. */
static inline char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap + 1);
	while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += got;
		if (n == cap) {
			char *p = realloc(buf, (cap *= 2) + 1);
			if (!p)
				free(buf);
			buf = p;
		}
	}
	fclose(fp);
	if (buf)
		buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/* mkdtemp under $TMPDIR or /tmp; exits on failure. */
static inline char *make_temp_dir(const char *tag)
{
	const char *tmp = getenv("TMPDIR");
	static char dir[4096];
	snprintf(dir, sizeof dir, "%s/sumac-%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", tag);
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(99);
	}
	return dir;
}

/* rm -rf dir (no shell quoting issues: dir comes from make_temp_dir). */
static inline void remove_tree(const char *dir)
{
	if (getenv("SUMAC_KEEP_TEMP"))
		return;
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

#endif
