/* Generation mode. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

int hash_named_input(const char *name, enum sumac_algo algo, const struct sumac_impl *impl,
		     struct io_buffer *buf, unsigned char *digest)
{
	struct sumac_ctx ctx;
	int err = sumac_init(&ctx, algo, impl);
	if (err)
		return err;
	if (strcmp(name, "-") == 0) {
		out_flush(); /* stdin may take long: show what is done */
		note_stdin_read();
		err = io_hash_fd(STDIN_FILENO, &ctx, buf);
	} else {
		err = io_hash_path(name, &ctx, buf);
	}
	if (err) {
		sumac_discard(&ctx);
		return err;
	}
	sumac_final(&ctx, digest);
	return 0;
}

static void print_line(const struct sumac_opts *o, const char *name, const unsigned char *digest)
{
	const struct sumac_algo_info *ai = sumac_algo_info(o->algo);
	/* With -z a line cannot be split by the name, so nothing is escaped. */
	const bool escape = o->delim == '\n' && out_name_needs_escape(name);

	if (escape)
		putchar('\\');
	if (o->tag) {
		fputs(ai->tag, stdout);
		fputs(" (", stdout);
	} else {
		out_put_hex(digest, ai->digest_len);
		putchar(' ');
		putchar(o->binary == 1 ? '*' : ' ');
	}
	if (escape)
		out_put_escaped(name);
	else
		fputs(name, stdout);
	if (o->tag) {
		fputs(") = ", stdout);
		out_put_hex(digest, ai->digest_len);
	}
	out_end_line(o->delim);
}

bool generate_run(const struct sumac_opts *o, struct backend_choice *bc, struct io_buffer *buf,
		  char *const *names, int count)
{
	static char *const stdin_only[] = {"-"};
	const struct sumac_impl *impl = backend_for(bc, o->algo);
	unsigned char digest[SUMAC_MAX_DIGEST];
	bool ok = true;

	if (!impl)
		return false;
	if (count == 0) {
		names = stdin_only;
		count = 1;
	}
	for (int i = 0; i < count; i++) {
		int err = hash_named_input(names[i], o->algo, impl, buf, digest);
		if (err) {
			out_error(err, "%s", out_quotef(names[i]));
			ok = false;
			continue;
		}
		print_line(o, names[i], digest);
	}
	return ok;
}
