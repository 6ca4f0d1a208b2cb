/* SPDX-License-Identifier: MIT */
/* sumac --progress: one status line on stderr for an input that takes
 * more than a second (name, bytes, total, rate, ETA), redrawn a few times a
 * second and wiped before anything else is written.  It is fed by the
 * pipeline's computing hook and the main thread's io_buffer progress hook,
 * both in the main thread, so it never races with the other output. */
#ifndef SUMAC_CLI_PROGRESS_H
#define SUMAC_CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

enum progress_when {
	PROGRESS_NEVER,  /* --progress=never, and always under a GNU name */
	PROGRESS_AUTO,   /* --progress, --progress=auto: when stderr is a terminal */
	PROGRESS_ALWAYS, /* --progress=always: wherever stderr goes */
	/* sumac without the option: as auto, but only for the inputs the main
	 * thread reads alone, so that lanes stay on (the option turns them
	 * off, to follow every input). */
	PROGRESS_DEFAULT,
};

/* "auto", "always" or "never"; false for anything else. */
bool progress_when_parse(const char *s, enum progress_when *when);
/* The i-th of those words, for "Valid arguments are:"; NULL past the last. */
const char *progress_when_name_at(size_t i);

/* Decides once whether the line will be shown (auto and default: stderr
 * is a terminal) and, if so, has out.c wipe it before every other write.
 * True when it will be. */
bool progress_setup(enum progress_when when);

/* The hooks: run_config.computing and run_config.waiting, and
 * io_buffer.progress with NULL ctx. */
struct run_job;
void progress_computing(void *ctx, const struct run_job *j, const struct stat *st);
void progress_waiting(void *ctx, const struct run_job *j, bool first, int64_t size, uint64_t done);
void progress_read(void *ctx, uint64_t done);

/* Wipes the line if it is shown (before other output, and at the end). */
void progress_clear(void);

#endif
