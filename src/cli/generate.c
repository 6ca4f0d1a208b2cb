/* SPDX-License-Identifier: MIT */
/* Generation mode. */
#include "config.h"

#include <stdio.h>

#include "cli/generate.h"
#include "cli/out.h"

static bool stdin_read;

void note_stdin_read(void)
{
	stdin_read = true;
}

bool stdin_was_read(void)
{
	return stdin_read;
}

static void print_line(const struct sumac_opts *o, const char *name, const unsigned char *digest)
{
	const struct sumac_algo_info *ai = sumac_algo_info(o->algo);
	/* With -z a line cannot be split by the name, so nothing is escaped. */
	const bool escape = o->delim == '\n' && out_name_needs_escape(name);

	if (escape)
		out_put_char('\\');
	if (o->tag) {
		out_put_str(ai->tag);
		out_put_str(" (");
	} else {
		out_put_hex(digest, ai->digest_len);
		out_put_char(' ');
		out_put_char(o->binary == 1 ? '*' : ' ');
	}
	if (escape)
		out_put_escaped(name);
	else
		out_put_str(name);
	if (o->tag) {
		out_put_str(") = ");
		out_put_hex(digest, ai->digest_len);
	}
	out_end_line(o->delim);
}

/* Reports the oldest job; false if it failed. */
static bool report_oldest(const struct sumac_opts *o, struct run_queue *q)
{
	struct run_job *j = run_oldest(q);
	bool ok = j->err == 0;

	if (ok)
		print_line(o, j->name, j->digest);
	else
		out_error(j->err, "%s", out_quotef(j->name));
	run_done(q);
	return ok;
}

bool generate_run(const struct sumac_opts *o, struct backend_choice *bc, struct run_queue *q,
		  char *const *names, int count)
{
	static char *const stdin_only[] = {"-"};
	struct backend_report choice;
	bool ok = true;

	/* Before any job: what the choice has to say comes first. */
	backend_resolve(bc, o->algo, &choice);
	const struct sumac_impl *impl = backend_tell(bc, &choice);
	if (!impl)
		return false;
	if (count == 0) {
		names = stdin_only;
		count = 1;
	}
	for (int i = 0; i < count; i++) {
		struct run_job *j;
		while (!(j = run_slot(q)))
			ok &= report_oldest(o, q);
		j->name = names[i];
		j->algo = o->algo;
		j->impl = impl;
		j->compute = true;
		run_submit(q);
	}
	while (run_pending(q))
		ok &= report_oldest(o, q);
	return ok;
}
