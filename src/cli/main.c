/* SPDX-License-Identifier: MIT */
/* sumac: entry point.  argv[0] decides which program this is (sumac, or
 * sha256sum & co. for the GNU names); everything else is delegated. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/backend.h"
#include "cli/benchmark.h"
#include "cli/check.h"
#include "cli/collision.h"
#include "cli/cpumask.h"
#include "cli/generate.h"
#include "cli/level.h"
#include "cli/nls.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "cli/progress.h"
#include "io/io.h"
#include "run/hash.h"
#include "run/lanes.h"
#include "run/pipeline.h"

/* Matches "sha256sum" and any prefixed form ("gsha256sum",
 * "sumac-sha256sum"), as installed beside or instead of GNU's. */
static bool name_is_gnu_program(const char *argv0, enum sumac_algo *algo, bool *cksum)
{
	static const char cksum_name[] = "cksum";
	const char *base = strrchr(argv0, '/');
	base = base ? base + 1 : argv0;
	const size_t len = strlen(base);

	/* cksum is every algorithm's (cli/cksum.h), no row's. */
	*cksum = len >= sizeof cksum_name - 1 &&
		 strcmp(base + len - (sizeof cksum_name - 1), cksum_name) == 0;
	if (*cksum)
		return true;

	for (int a = 0; a < SUMAC_NALGO; a++) {
		const char *prog = sumac_algo_info((enum sumac_algo)a)->progname;
		if (!prog)
			continue;
		const size_t plen = strlen(prog);
		if (len >= plen && strcmp(base + len - plen, prog) == 0) {
			*algo = (enum sumac_algo)a;
			return true;
		}
	}
	return false;
}

/* The name messages are prefixed with.  A libtool wrapper runs the real
 * binary as DIR/.libs/NAME or DIR/.libs/lt-NAME; GNU programs (through
 * gnulib) then call themselves NAME, and so does sumac: only the base name,
 * without "lt-", and only when the directory right above it is ".libs". */
static const char *message_name(const char *argv0)
{
	static const char libs_dir[] = "/.libs/";
	const size_t dirlen = sizeof libs_dir - 1;
	const char *base = strrchr(argv0, '/');

	if (!base || (size_t)(base + 1 - argv0) < dirlen ||
	    strncmp(base + 1 - dirlen, libs_dir, dirlen) != 0)
		return argv0;
	base++;
	return strncmp(base, "lt-", 3) == 0 ? base + 3 : base;
}

/* GNU's flush points while the pipeline waits: every line is written
 * before an input that may block, or that is stdout, is read; otherwise
 * what is done is shown unless nobody watches stdout line by line. */
static void before_wait(void *ctx, enum run_wait_reason why)
{
	(void)ctx;
	if (why == RUN_WAIT_SPECIAL_INPUT)
		out_flush();
	else
		out_pause();
}

/* A value in quotes, as the backend messages quote a name. */
static void bad_lanes_value(const char *what, const char *value)
{
	const char *q = out_quotef(value);
	const char *m = strcmp(q, value) == 0 ? "'" : "";
	out_error(0, "%s %s%s%s (auto, off or always)", what, m, q, m);
}

/* --lanes, else SUMAC_LANES if set and not empty, else auto.  False
 * after an error message: a bad value in either. */
static bool lanes_mode(const struct sumac_opts *o, enum run_lanes_mode *mode)
{
	const char *env = getenv("SUMAC_LANES");
	*mode = RUN_LANES_AUTO;
	if (o->lanes) {
		if (run_lanes_mode_parse(o->lanes, mode))
			return true;
		bad_lanes_value("invalid argument for --lanes:", o->lanes);
		fprintf(stderr, gnu_("Try '%s --help' for more information.\n"), program_name);
		return false;
	}
	if (!env || !*env || run_lanes_mode_parse(env, mode))
		return true;
	bad_lanes_value("SUMAC_LANES: invalid value", env);
	return false;
}

static int run(struct sumac_opts *o, int argc, char **argv)
{
	struct backend_choice bc;
	struct io_buffer buf;
	bool ok;

	switch (o->action) {
	case ACTION_HELP:
		opts_print_help(o);
		return 0;
	case ACTION_VERSION:
		opts_print_version(o);
		return 0;
	case ACTION_LIST_BACKENDS:
		backend_print_list(o->collisions);
		return 0;
	case ACTION_BENCHMARK:
		return benchmark_run(o->algo_given ? &o->algo : NULL);
	case ACTION_HASH:
	case ACTION_CHECK:
		break;
	}
	enum run_lanes_mode lanes;
	if (!lanes_mode(o, &lanes))
		return 1;
	/* The line follows the input that the main thread reads alone:
	 * --progress turns lanes, which read several at once, off so that it
	 * follows every input; without the option lanes stay on and the line
	 * shows only for what is read alone (a single large file, standard
	 * input, the last files of a run).  GNU's programs show none. */
	const bool progress = progress_setup(o->gnu_name ? PROGRESS_NEVER : o->progress);
	if (progress && o->progress != PROGRESS_DEFAULT)
		lanes = RUN_LANES_OFF;
	if (o->debug) {
		char v[8];
		const char *env = getenv("SUMAC_GNU_COMPAT");
		out_error(0, "behaving as GNU coreutils %s (%s)", gnu_level_text(o->level, v),
			  env && *env ? "SUMAC_GNU_COMPAT" : "the configured default");
	}
	/* gnulib's quoting lost 9.1's quirk (quote.c) by 9.7; 9.4 is the
	 * level that stands for the releases in between. */
	out_quote_gnu91(o->level < GNU_9_4);
	/* From 9.10 GNU stops at the first result it cannot write; cksum's
	 * legacy sums kept going, and wrote no errno, through 9.11. */
	out_stop_on_write_error(
		o->level >= GNU_9_10 &&
		!(o->cksum && o->ck->format != CKSUM_DIGEST && o->action == ACTION_HASH));

	/* The main thread is one of the -j hashing threads.  The pool runs
	 * ahead of the output by at most 16 files a thread: enough that no
	 * thread waits for another, and memory stays flat.  Serially, a large
	 * input is also a moment to show what is done so far (to a reader: a
	 * regular file is not watched line by line): the pipeline calls the
	 * hook for it (RUN_WAIT_SLOW_INPUT).  With lanes off the engine is
	 * what it was before lanes. */
	/* sumac -a LIST: each input is read once for all its algorithms, their
	 * implementations chosen by generate_run before the first job.  Lanes
	 * hash one algorithm across several files, so such a run has none. */
	struct run_algo_list algos = {.n = o->nalgos};
	const bool multi = o->nalgos > 1;
	/* Serially, one hashing thread leaves the other CPUs idle: let one of
	 * them do the reading of a long input, or of the lanes' files. */
	const bool read_ahead = o->jobs == 1 && run_online_cpus() > 1;
	struct run_lanes_cfg lanes_cfg = {.mode = lanes, .read_ahead = read_ahead};
	struct run_config cfg = {
		.workers = o->jobs - 1,
		.depth = 16 * o->jobs,
		.main_buf = &buf,
		.compute = run_hash_job,
		.lanes = lanes == RUN_LANES_OFF || multi ? NULL : &run_hash_lanes,
		.lanes_ctx = &lanes_cfg,
		.before_wait = before_wait,
		.computing = progress ? progress_computing : NULL,
		.waiting = progress ? progress_waiting : NULL,
	};
	struct run_queue *q = NULL;
	if (io_buffer_init(&buf, IO_BUFFER_SIZE) != 0 || !(q = run_create(&cfg))) {
		out_error(0, "%s", gnulib_("memory exhausted"));
		return 1;
	}
	buf.read_ahead = read_ahead;
	if (progress)
		buf.progress = progress_read;
	backend_choice_init(&bc, o->backend, o->debug);
	bc.collisions = o->collisions;
	bc.lanes = multi ? RUN_LANES_OFF : lanes; /* what --debug says */
	if (o->action == ACTION_CHECK)
		ok = check_run(o, &bc, q, argv + o->first_operand, argc - o->first_operand);
	else
		ok = generate_run(o, &bc, q, multi ? &algos : NULL, argv + o->first_operand,
				  argc - o->first_operand);
	if (run_stdin_read(q))
		note_stdin_read();
	progress_clear();
	run_destroy(q);
	io_buffer_free(&buf);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct sumac_opts o;

	nls_init();
	if (argc > 0 && argv[0])
		program_name = message_name(argv[0]);
	memset(&o, 0, sizeof o);
	o.algo = SUMAC_DEFAULT_ALGO;
	o.gnu_name = name_is_gnu_program(program_name, &o.algo, &o.cksum);
	o.algo_given = o.gnu_name && !o.cksum;
	/* A bad SUMAC_GNU_COMPAT is reported once the options are read, so
	 * that --help and --version still work; parsing uses the default. */
	const char *bad_level = NULL;
	gnu_level_from_env(&o.level, &bad_level);
	nls_set_level(o.level);
	/* The level is the GNU names' (sumac's own messages keep the name as
	 * given, which scripts around it match). */
	if (o.gnu_name && o.level >= GNU_9_4) {
		const char *slash = strrchr(program_name, '/');
		error_name = slash ? slash + 1 : program_name;
	}
	/* How result lines are buffered depends on what stdout is (out.h). */
	out_init();

	if (opts_parse(&o, argc, argv) != 0)
		return 1;
	if (bad_level && o.action != ACTION_HELP && o.action != ACTION_VERSION) {
		const char *q = out_quotef(bad_level);
		const char *m = strcmp(q, bad_level) == 0 ? "'" : "";
		out_error(0, "SUMAC_GNU_COMPAT: invalid value %s%s%s (9.1 to 9.11, or latest)", m,
			  q, m);
		return 1;
	}
	/* The same for a bad SUMAC_SHA1_COLLISIONS (--sha1-collisions wins
	 * over it, and was checked with the options). */
	if (o.action != ACTION_HELP && o.action != ACTION_VERSION &&
	    !collision_mode_resolve(o.collisions_given, &o.collisions))
		return 1;
	/* -j 0 and -j auto: one job per CPU this process may use. */
	if (o.jobs == 0)
		o.jobs = run_online_cpus();
	/* The mask is in place before anything chooses a backend, so that
	 * --list-backends and --benchmark show the masked machine too;
	 * --help and --version choose none, and always work. */
	if (o.action != ACTION_HELP && o.action != ACTION_VERSION &&
	    (!cpumodel_apply_env() || !cpumask_apply_env()))
		return 1;
	cpumask_apply_gnu_hwcaps(&o);
	int status = run(&o, argc, argv);
	if (stdin_was_read() && fclose(stdin) != 0) {
		const int err = errno;
		out_error(err, "%s", gnu_("standard input"));
		status = 1;
	}
	if (out_close_stdout() != 0)
		status = 1;
	return status;
}
