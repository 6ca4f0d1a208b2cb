/* SPDX-License-Identifier: MIT */
/* Backend selection split in two: backend_resolve() decides and prints
 * nothing (stderr is captured and must stay empty), returning the status
 * and what the wording needs; backend_tell() then prints it, in the order
 * the choice was made.  Every status but running out of memory and "no
 * implementation can run here" (portable always can) is reached. */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/backend.h"
#include "tap.h"

static char errpath[] = "/tmp/sumac-test-backend-XXXXXX";
static int saved_stderr;

static off_t stderr_size(void)
{
	struct stat st;
	return fstat(STDERR_FILENO, &st) == 0 ? st.st_size : -1;
}

/* What stderr holds, for the tell checks. */
static char *stderr_text(void)
{
	static char text[4096];
	const ssize_t n = pread(STDERR_FILENO, text, sizeof text - 1, 0);
	text[n > 0 ? n : 0] = '\0';
	return text;
}

static void clear_stderr(void)
{
	fflush(stderr);
	if (ftruncate(STDERR_FILENO, 0) != 0 || lseek(STDERR_FILENO, 0, SEEK_SET) != 0)
		exit(99);
}

/* Resolves; checks that nothing was printed; then tells. */
static void choose(struct backend_choice *bc, enum sumac_algo algo, enum backend_status want,
		   const char *what, struct backend_report *r)
{
	clear_stderr();
	const enum backend_status st = backend_resolve(bc, algo, r);
	tap_ok(st == want && r->status == want, "%s: status %d (want %d)", what, (int)st,
	       (int)want);
	tap_ok(stderr_size() == 0, "%s: resolving printed nothing", what);
}

static const struct sumac_impl *tell(struct backend_choice *bc, struct backend_report *r)
{
	const struct sumac_impl *impl = backend_tell(bc, r);
	tap_ok(r->refused == NULL && r->bad_name == NULL, "tell freed the report");
	return impl;
}

int main(void)
{
	struct backend_choice bc;
	struct backend_report r;
	const struct sumac_impl *impl;

	/* stderr becomes a file the test reads; TAP goes to stdout. */
	const int fd = mkstemp(errpath);
	saved_stderr = dup(STDERR_FILENO);
	if (fd < 0 || saved_stderr < 0 || dup2(fd, STDERR_FILENO) < 0)
		return 99;
	close(fd);
	unlink(errpath);
	unsetenv("SUMAC_BACKEND");

	backend_choice_init(&bc, NULL, true);
	choose(&bc, SUMAC_SHA256, BACKEND_OK, "auto", &r);
	tap_ok(r.impl && !r.forced && !r.cached, "auto: an implementation, not forced");
	impl = tell(&bc, &r);
	tap_ok(impl == bc.chosen[SUMAC_SHA256] && strstr(stderr_text(), "sha256: using ") &&
		       strstr(stderr_text(), "(auto)"),
	       "auto: told under --debug");
	choose(&bc, SUMAC_SHA256, BACKEND_OK, "auto again", &r);
	tap_ok(r.cached && r.impl == impl, "auto again: the cached choice");
	tell(&bc, &r);
	tap_ok(stderr_size() == 0, "auto again: nothing told");

	backend_choice_init(&bc, "portable", false);
	choose(&bc, SUMAC_MD5, BACKEND_OK, "--backend=portable", &r);
	tap_ok(r.forced && r.impl && strcmp(r.impl->backend, "portable") == 0,
	       "--backend=portable: forced, portable");
	tell(&bc, &r);
	tap_ok(stderr_size() == 0, "--backend=portable: nothing told without --debug");

	backend_choice_init(&bc, "nosuch", false);
	choose(&bc, SUMAC_MD5, BACKEND_UNKNOWN_NAME, "unknown name", &r);
	tap_ok(r.bad_name && strcmp(r.bad_name, "nosuch") == 0, "unknown name: the name kept");
	tap_ok(tell(&bc, &r) == NULL && strstr(stderr_text(), "unknown backend 'nosuch'"),
	       "unknown name: told, no implementation");
	choose(&bc, SUMAC_SHA1, BACKEND_REFUSED_BEFORE, "unknown name again", &r);
	tap_ok(tell(&bc, &r) == NULL && stderr_size() == 0, "unknown name again: not told twice");

	backend_choice_init(&bc, "portable,", false);
	choose(&bc, SUMAC_MD5, BACKEND_EMPTY_NAME, "empty name", &r);
	tap_ok(tell(&bc, &r) == NULL && strstr(stderr_text(), "empty backend name in 'portable,'"),
	       "empty name: told");

	/* SHA-NI has no MD5, whether or not it is compiled in. */
	backend_choice_init(&bc, "x86-shani", false);
	choose(&bc, SUMAC_MD5, BACKEND_CANNOT_HASH, "--backend that cannot hash", &r);
	tap_ok(r.last_why != SUMAC_SELECT_OK, "--backend that cannot hash: why kept");
	tap_ok(tell(&bc, &r) == NULL &&
		       strstr(stderr_text(), "backend 'x86-shani' cannot hash md5"),
	       "--backend that cannot hash: told");

	backend_choice_init(&bc, "x86-shani,portable", true);
	choose(&bc, SUMAC_MD5, BACKEND_OK, "a list under --debug", &r);
	tap_ok(r.nrefused == 1 && strcmp(r.refused[0].name, "x86-shani") == 0 && r.forced,
	       "a list under --debug: the element passed over kept");
	tell(&bc, &r);
	const char *text = stderr_text();
	const char *not = strstr(text, "md5: not x86-shani: ");
	const char *used = strstr(text, "md5: using md5-portable (forced)");
	tap_ok(not &&used && not < used, "a list under --debug: told in order");

	setenv("SUMAC_BACKEND", "x86-shani", 1);
	backend_choice_init(&bc, NULL, true);
	choose(&bc, SUMAC_MD5, BACKEND_OK, "SUMAC_BACKEND that cannot hash", &r);
	tap_ok(r.env_ignored && !r.forced, "SUMAC_BACKEND that cannot hash: gives way to auto");
	tell(&bc, &r);
	text = stderr_text();
	const char *ignored = strstr(text, "md5: SUMAC_BACKEND 'x86-shani' ignored: ");
	used = strstr(text, "md5: using ");
	tap_ok(ignored && used && ignored < used, "SUMAC_BACKEND that cannot hash: told in order");
	unsetenv("SUMAC_BACKEND");

	dup2(saved_stderr, STDERR_FILENO);
	return tap_done();
}
