/* SPDX-License-Identifier: MIT */
/* The --progress status line. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli/out.h"
#include "cli/progress.h"
#include "run/pipeline.h"

/* An input shows the line once it has taken this long, so that a run over
 * many small files never flickers; the line is redrawn at most this often. */
#define PROGRESS_AFTER_MS 1000
#define PROGRESS_EVERY_MS 250

static struct {
	bool enabled;                 /* progress_setup said yes */
	bool active;                  /* the input being hashed may show it */
	bool shown;                   /* the line is on the screen */
	uint64_t base;                /* bytes already hashed when it began */
	const char *name;             /* that input's, as the job names it */
	uint64_t size;                /* its size, when known */
	bool size_known;              /* a regular file's st_size */
	struct timespec start, drawn; /* when it began; the last draw */
} pg;

/* In the order a usage error lists them. */
static const struct {
	const char *name;
	enum progress_when when;
} whens[] = {
	{"auto", PROGRESS_AUTO},
	{"always", PROGRESS_ALWAYS},
	{"never", PROGRESS_NEVER},
};

bool progress_when_parse(const char *s, enum progress_when *when)
{
	for (size_t i = 0; i < sizeof whens / sizeof whens[0]; i++) {
		if (strcmp(s, whens[i].name) == 0) {
			*when = whens[i].when;
			return true;
		}
	}
	return false;
}

const char *progress_when_name_at(size_t i)
{
	return i < sizeof whens / sizeof whens[0] ? whens[i].name : NULL;
}

bool progress_setup(enum progress_when when)
{
	pg.enabled = when == PROGRESS_ALWAYS ||
		     ((when == PROGRESS_AUTO || when == PROGRESS_DEFAULT) && isatty(STDERR_FILENO));
	if (pg.enabled)
		out_before_output(progress_clear);
	return pg.enabled;
}

static long ms_between(const struct timespec *a, const struct timespec *b)
{
	return (long)(b->tv_sec - a->tv_sec) * 1000 + (b->tv_nsec - a->tv_nsec) / 1000000;
}

void progress_computing(void *ctx, const struct run_job *j, const struct stat *st)
{
	(void)ctx;
	progress_clear();
	/* A terminal as input is someone typing: no line over their text
	 * (standard input has no stat here; other character devices are
	 * left alone too). */
	pg.active = pg.enabled && !(st && S_ISCHR(st->st_mode)) &&
		    !(!st && strcmp(j->name, "-") == 0 && isatty(STDIN_FILENO));
	pg.base = 0;
	pg.name = j->name;
	pg.size_known = st && S_ISREG(st->st_mode) && st->st_size > 0;
	pg.size = pg.size_known ? (uint64_t)st->st_size : 0;
	clock_gettime(CLOCK_MONOTONIC, &pg.start);
}

void progress_waiting(void *ctx, const struct run_job *j, bool first, int64_t size, uint64_t done)
{
	/* A job another thread hashes, which the output waits for: its line
	 * starts when the waiting does, and its rate counts from there. */
	if (first) {
		progress_clear();
		pg.active = pg.enabled;
		pg.base = done;
		pg.name = j->name;
		pg.size_known = size > 0;
		pg.size = pg.size_known ? (uint64_t)size : 0;
		clock_gettime(CLOCK_MONOTONIC, &pg.start);
	}
	progress_read(ctx, done);
}

/* n bytes as "512 B", "1.5 KiB" ... "3.2 TiB". */
static void format_bytes(char *dst, size_t len, double n)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
	unsigned u = 0;
	while (n >= 1024 && u + 1 < sizeof units / sizeof units[0])
		n /= 1024, u++;
	if (u == 0)
		snprintf(dst, len, "%.0f %s", n, units[u]);
	else
		snprintf(dst, len, "%.1f %s", n, units[u]);
}

/* The columns of the terminal on stderr, less one, so that the line never
 * wraps (a wrapped line cannot be wiped by a carriage return). */
static size_t line_room(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20)
		return (size_t)ws.ws_col - 1;
	return 79;
}

static void draw(uint64_t done, double seconds)
{
	char stats[192], d[32], t[32], r[32];
	const double rate = seconds > 0 && done >= pg.base ? (double)(done - pg.base) / seconds : 0;

	format_bytes(d, sizeof d, (double)done);
	format_bytes(r, sizeof r, rate);
	if (pg.size_known && done <= pg.size) {
		format_bytes(t, sizeof t, (double)pg.size);
		const unsigned pct = (unsigned)(100.0 * (double)done / (double)pg.size);
		if (rate > 0) {
			const unsigned long eta = (unsigned long)((double)(pg.size - done) / rate);
			snprintf(stats, sizeof stats, "  %s / %s  %u%%  %s/s  ETA %lu:%02lu", d, t,
				 pct, r, eta / 60, eta % 60);
		} else {
			snprintf(stats, sizeof stats, "  %s / %s  %u%%", d, t, pct);
		}
	} else {
		snprintf(stats, sizeof stats, "  %s  %s/s", d, r);
	}

	/* The name as messages quote it (no control byte reaches the
	 * terminal), its end kept when the line would be too long. */
	const char *name = out_quotef(pg.name);
	const size_t room = line_room(), slen = strlen(stats);
	size_t nlen = strlen(name);
	const char *cut = "";
	if (slen + 4 < room && nlen > room - slen) {
		nlen = room - slen - 3;
		name += strlen(name) - nlen;
		/* Not from the middle of a UTF-8 sequence. */
		while (nlen > 0 && ((unsigned char)*name & 0xc0) == 0x80)
			name++, nlen--;
		cut = "...";
	}
	if (nlen > 512)
		nlen = 512;
	char line[768];
	const int len =
		snprintf(line, sizeof line, "\r%s%.*s%s\033[K", cut, (int)nlen, name, stats);
	/* One write: nothing else can come between its parts. */
	if (len > 0 && (size_t)len < sizeof line && write(STDERR_FILENO, line, (size_t)len) == len)
		pg.shown = true;
}

void progress_read(void *ctx, uint64_t done)
{
	(void)ctx;
	if (!pg.active)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	const long ms = ms_between(&pg.start, &now);
	if (ms < PROGRESS_AFTER_MS || (pg.shown && ms_between(&pg.drawn, &now) < PROGRESS_EVERY_MS))
		return;
	pg.drawn = now;
	draw(done, (double)ms / 1000);
}

void progress_clear(void)
{
	static const char wipe[] = "\r\033[K";
	if (!pg.shown)
		return;
	pg.shown = false;
	/* Best effort: a line that could not be wiped leaves nothing to do. */
	if (write(STDERR_FILENO, wipe, sizeof wipe - 1) < 0)
		return;
}
