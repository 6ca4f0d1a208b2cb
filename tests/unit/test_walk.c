/* SPDX-License-Identifier: MIT */
/* The directory walk (io/walk.h) driven directly on a temporary tree:
 * the order of the paths, links skipped or followed, special files and
 * unreadable directories told, a loop stopped, and a stop by the
 * callback. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/walk.h"
#include "tap.h"

/* What the walk told, one line per entry: F path, S path, E path errno. */
struct seen {
	char text[4096];
	size_t len;
	int stop_after; /* stop with 42 after this many entries; 0: never */
	int count;
};

static int record(void *ctx, const struct io_walk_entry *e)
{
	struct seen *s = ctx;
	const char kind = e->kind == IO_WALK_FILE ? 'F' : e->kind == IO_WALK_SPECIAL ? 'S' : 'E';
	int n = e->kind == IO_WALK_ERROR ? snprintf(s->text + s->len, sizeof s->text - s->len,
						    "%c %s %d\n", kind, e->path, e->err)
					 : snprintf(s->text + s->len, sizeof s->text - s->len,
						    "%c %s\n", kind, e->path);
	if (n > 0 && (size_t)n < sizeof s->text - s->len)
		s->len += (size_t)n;
	return ++s->count == s->stop_after ? 42 : 0;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int walk_into(const char *dir, bool follow, struct seen *s)
{
	s->len = 0;
	s->count = 0;
	s->text[0] = '\0';
	int r = io_walk(dir, follow, record, s);
	s->text[s->len] = '\0';
	return r;
}

int main(void)
{
	char tmpl[] = "/tmp/sumac-walk.XXXXXX";
	char *root = mkdtemp(tmpl);
	struct seen s = {0};

	if (!root || chdir(root) != 0) {
		printf("1..0 # SKIP no temporary directory\n");
		return 0;
	}
	/* "a-c" sorts before "a/x" by whole path ('-' < '/'), though "a"
	 * sorts before "a-c" by name: the walk must follow the paths. */
	if (mkdir("t", 0755) || mkdir("t/a", 0755) || mkdir("t/b", 0755) ||
	    mkdir("t/b/deep", 0755) || mkdir("t/locked", 0755)) {
		printf("1..0 # SKIP cannot build the tree\n");
		return 0;
	}
	put("t/a/x", "x");
	put("t/a-c", "c");
	put("t/B", "upper");
	put("t/b/deep/z", "z");
	put("t/b/sp ace", "s");
	put("t/b/new\nline", "n");
	put("t/b/back\\slash", "b");
	const bool fifo = mkfifo("t/b/fifo", 0644) == 0;
	const bool links = symlink("a/x", "t/link") == 0 && symlink("..", "t/b/up") == 0;
	put("t/locked/hidden", "h");

	int r = walk_into("t", false, &s);
	tap_ok(r == 0, "the walk ends with 0 (got %d)", r);
	char expect[1024];
	snprintf(expect, sizeof expect, "%s%s%s",
		 "F t/B\nF t/a-c\nF t/a/x\nF t/b/back\\slash\nF t/b/deep/z\n",
		 fifo ? "S t/b/fifo\n" : "", "F t/b/new\nline\nF t/b/sp ace\nF t/locked/hidden\n");
	if (!tap_ok(strcmp(s.text, expect) == 0, "paths in bytewise order, links skipped"))
		tap_diag("got:\n%s", s.text);

	r = walk_into("t/", false, &s);
	tap_ok(r == 0 && strncmp(s.text, "F t/B\nF t/a-c\n", 14) == 0,
	       "a trailing '/' on the directory is not doubled");

	/* Unreadable: only where permissions bind (not as root). */
	if (chmod("t/locked", 0) == 0 && access("t/locked", R_OK) != 0) {
		r = walk_into("t", false, &s);
		char line[64];
		snprintf(line, sizeof line, "E t/locked %d\n", EACCES);
		tap_ok(r == 0 && strstr(s.text, line) && !strstr(s.text, "hidden") &&
			       strstr(s.text, "F t/b/sp ace\n"),
		       "an unreadable directory is an error entry, and the walk goes on");
	} else {
		tap_ok(true, "# SKIP permissions do not bind here");
	}
	chmod("t/locked", 0755);

	if (links) {
		r = walk_into("t", true, &s);
		char line[64];
		snprintf(line, sizeof line, "E t/b/up %d\n", ELOOP);
		tap_ok(r == 0 && strstr(s.text, "F t/link\n") && strstr(s.text, line),
		       "with follow, a link to a file is a file and a loop is an error");
		if (!strstr(s.text, line))
			tap_diag("got:\n%s", s.text);
	} else {
		tap_ok(true, "# SKIP no symbolic links here");
	}

	s.stop_after = 2;
	r = walk_into("t", false, &s);
	tap_ok(r == 42 && s.count == 2, "a callback's non-zero value stops the walk");
	s.stop_after = 0;

	r = walk_into("t/missing", false, &s);
	char line[64];
	snprintf(line, sizeof line, "E t/missing %d\n", ENOENT);
	tap_ok(r == 0 && strcmp(s.text, line) == 0,
	       "a directory that cannot be opened is the one entry, an error");

	if (system("rm -rf t") != 0)
		tap_diag("could not remove %s", root);
	if (chdir("/") == 0)
		rmdir(root);
	return tap_done();
}
