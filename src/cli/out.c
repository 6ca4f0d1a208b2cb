/* SPDX-License-Identifier: MIT */
/* Output: result lines through sumac's own line buffer (out.h), written
 * with write(2) in whole lines; diagnostics through stdio's unbuffered
 * stderr.
 *
 * Why not stdio: a full stdio buffer is written when it is full, which
 * cuts a line in two writes (parallel appenders to one file then
 * interleave half lines), and line buffering costs a write per line to a
 * file, where batching is what keeps many small files fast. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/errtext.h"
#include "cli/gnu_stdout.h"
#include "cli/nls.h"
#include "cli/out.h"

const char *program_name = "sumac";
const char *error_name;

/* The size that holds a few hundred result lines: one write(2) each. */
#define OUT_BUFFER_SIZE (64 * 1024)

/* stdout is one per process, and so is its buffer: this is the state a
 * FILE would hold, kept here because the functions above take no stream.
 * Only the main thread prints. */
static struct {
	char *buf;
	size_t cap;
	size_t len;  /* bytes held */
	size_t done; /* buf[0..done) is whole lines */
	bool ready;
	enum out_policy policy;
	struct timespec last_write; /* OUT_TIMED: when lines last went out */
	bool regular;               /* stdout is a regular file */
	bool paced;                 /* ...and -z: see flush_point() */
	bool failed;                /* a write to stdout failed... */
	int failed_errno;           /* ...with this errno (the last one) */
	struct gnu_stdout gnu;      /* the words of the final message */
	struct gnu_stdout gnu_ok;   /* what GNU has written while writes work */
	size_t produced;            /* bytes of output so far, as the models saw them */
	bool stop_on_error;         /* out_stop_on_write_error() */
	bool line_records;          /* a result line ended with '\n' */
} out;

static char initial_buffer[OUT_BUFFER_SIZE];

enum out_policy out_policy_for(bool known, mode_t mode, bool is_tty, bool is_devnull)
{
	if (!known)
		return OUT_BATCH; /* closed: nothing will get through anyway */
	if (is_tty)
		return OUT_EACH_LINE;
	if (S_ISBLK(mode) || is_devnull)
		return OUT_BATCH;
	/* Pipes, sockets, FIFOs, other devices: someone may be reading the
	 * lines as they come.  A regular file too: `tail -f` reads it, and a
	 * run that is killed (timeout, Ctrl-C with stdout redirected) must
	 * leave every line GNU would have left but the last moment's. */
	return OUT_TIMED;
}

static bool is_dev_null(const struct stat *st)
{
	struct stat null;
	return S_ISCHR(st->st_mode) && stat("/dev/null", &null) == 0 && S_ISCHR(null.st_mode) &&
	       null.st_rdev == st->st_rdev;
}

void out_init(void)
{
	struct stat st;
	const bool known = fstat(STDOUT_FILENO, &st) == 0;

	out.buf = initial_buffer;
	out.cap = sizeof initial_buffer;
	out.len = out.done = 0;
	out.policy = out_policy_for(known, known ? st.st_mode : 0,
				    known && S_ISCHR(st.st_mode) && isatty(STDOUT_FILENO),
				    known && is_dev_null(&st));
	out.regular = known && S_ISREG(st.st_mode);
	out.paced = false;
	/* The first line to a pipe goes out at once. */
	clock_gettime(CLOCK_MONOTONIC, &out.last_write);
	out.last_write.tv_sec -= 1;
	gnu_stdout_init(&out.gnu, known ? (long)st.st_blksize : 0);
	gnu_stdout_init_succeeding(&out.gnu_ok, known ? (long)st.st_blksize : 0);
	out.ready = true;
}

/* Both models of GNU's stdout see every piece of output. */
static void model_write(const char *s, size_t n)
{
	out.produced += n;
	gnu_stdout_write(&out.gnu, s, n);
	gnu_stdout_write(&out.gnu_ok, s, n);
}

static void model_putc(char c)
{
	out.produced++;
	gnu_stdout_putc(&out.gnu, c);
	gnu_stdout_putc(&out.gnu_ok, c);
}

static void model_hex(size_t len)
{
	out.produced += 2 * len;
	gnu_stdout_hex(&out.gnu, len);
	gnu_stdout_hex(&out.gnu_ok, len);
}

static void model_text(const char *s, size_t n)
{
	out.produced += n;
	gnu_stdout_text(&out.gnu, s, n);
	gnu_stdout_text(&out.gnu_ok, s, n);
}

static void model_flush(void)
{
	gnu_stdout_flush(&out.gnu);
	gnu_stdout_flush(&out.gnu_ok);
}

static void write_error(int errnum, const char *what);

static void (*before_output)(void);

void out_before_output(void (*fn)(void))
{
	before_output = fn;
}

static void will_write(void)
{
	if (before_output)
		before_output();
}

/* The 9.10 rule: the run ends at the first failed write of a result.
 * GNU says so with its own words (coreutils' domain), where the failure
 * found at exit is gnulib's close_stdout's (gnulib's domain from 9.6). */
static void die_on_write_error(void)
{
	write_error(out.failed_errno, gnu_("write error"));
	exit(EXIT_FAILURE);
}

/* GNU's stdio has tried to write some of the output by now: it would have
 * seen a persistent error (bytes leave its buffer only by a write). */
static bool gnu_has_written(void)
{
	return out.produced > out.gnu.held;
}

static void ensure_init(void)
{
	if (!out.ready)
		out_init();
}

static long ms_since(const struct timespec *then, const struct timespec *now)
{
	return (long)(now->tv_sec - then->tv_sec) * 1000 + (now->tv_nsec - then->tv_nsec) / 1000000;
}

/* Writes buf[0..n) and drops it from the buffer.  As stdio does, data
 * whose write failed is dropped too: the error is remembered for exit. */
static void write_out(size_t n)
{
	const int saved_errno = errno; /* a caller may still want it */
	size_t off = 0;

	if (n > 0)
		will_write();
	while (off < n) {
		ssize_t w = write(STDOUT_FILENO, out.buf + off, n - off);
		if (w > 0) {
			off += (size_t)w;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		out.failed = true;
		out.failed_errno = w < 0 ? errno : EIO;
		/* GNU writes each '\n' line as it ends (line buffering) and
		 * from 9.10 stops after the first that fails: every line held
		 * here is past that point.  Dying now, before whatever made
		 * sumac write (a diagnostic, the next lines, exit), shows just
		 * what GNU showed. */
		if (out.stop_on_error && out.line_records)
			die_on_write_error();
		break;
	}
	memmove(out.buf, out.buf + n, out.len - n);
	out.len -= n;
	out.done = out.done > n ? out.done - n : 0;
	if (out.policy == OUT_TIMED)
		clock_gettime(CLOCK_MONOTONIC, &out.last_write);
	errno = saved_errno;
}

/* How much of the buffer a flush may write: every whole line, as GNU's
 * line-buffered stdout has written them.  But a NUL (-z) ends no line for
 * stdio, so GNU writes such records to a file only when its buffer fills,
 * and an operand that is the output file itself ("sha256sum -z a out > out")
 * reads back just that much: then sumac writes no further than its model of
 * GNU's buffer says GNU had written (possibly part of a record). */
static size_t flush_point(void)
{
	if (out.paced)
		return out.len > out.gnu_ok.held ? out.len - out.gnu_ok.held : 0;
	return out.done;
}

static bool grow(size_t need)
{
	size_t cap = out.cap;
	while (cap < need) {
		if (cap > ((size_t)-1) / 2)
			return false;
		cap *= 2;
	}
	char *p;
	if (out.buf == initial_buffer) {
		p = malloc(cap);
		if (!p)
			return false;
		memcpy(p, out.buf, out.len);
	} else {
		p = realloc(out.buf, cap);
		if (!p)
			return false;
	}
	out.buf = p;
	out.cap = cap;
	return true;
}

static void append(const char *p, size_t n)
{
	while (n > out.cap - out.len) {
		if (flush_point() > 0) {
			write_out(flush_point());
			continue;
		}
		if (grow(out.len + n))
			break;
		/* No memory for a longer line: it goes out in pieces. */
		const size_t k = out.cap - out.len;
		memcpy(out.buf + out.len, p, k);
		out.len += k;
		p += k;
		n -= k;
		write_out(out.len);
	}
	memcpy(out.buf + out.len, p, n);
	out.len += n;
}

/* A line has ended at buf[end]. */
static void line_ended(size_t end)
{
	struct timespec now;

	out.done = end;
	switch (out.policy) {
	case OUT_EACH_LINE:
		write_out(out.done);
		break;
	case OUT_TIMED:
		/* Lines that come faster than that share a write; a line that
		 * follows a quiet spell goes out at once.  out_pause() covers
		 * the lines held when the program is about to wait. */
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (flush_point() > 0 && ms_since(&out.last_write, &now) >= OUT_HOLD_MS)
			write_out(flush_point());
		break;
	case OUT_BATCH:
		break;
	}
}

void out_error(int errnum, const char *fmt, ...)
{
	va_list ap;

	/* As error() does: all of stdout first, so that the streams keep
	 * their order when they share a file. */
	ensure_init();
	if (out.len > 0)
		write_out(out.len);
	model_flush();
	will_write();
	fprintf(stderr, "%s: ", error_name ? error_name : program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (errnum)
		fprintf(stderr, ": %s", errtext(errnum));
	fputc('\n', stderr);
}

bool out_name_needs_escape(const char *name)
{
	return strpbrk(name, "\\\n\r") != NULL;
}

/* One byte of a name, escaped into dst: 1 or 2 bytes. */
static size_t escape_byte(char c, char *dst)
{
	char e;
	switch (c) {
	case '\\':
		e = '\\';
		break;
	case '\n':
		e = 'n';
		break;
	case '\r':
		e = 'r';
		break;
	default:
		e = 0;
	}
	if (!e) {
		dst[0] = c;
		return 1;
	}
	dst[0] = '\\';
	dst[1] = e;
	return 2;
}

size_t out_escape(const char *name, char *dst)
{
	size_t n = 0;
	for (const char *p = name; *p; p++)
		n += escape_byte(*p, dst + n);
	return n;
}

void out_put_escaped(const char *name)
{
	char small[1024];
	const size_t len = strlen(name);
	char *esc = 2 * len <= sizeof small ? small : malloc(2 * len);

	ensure_init();
	for (const char *p = name; *p; p++) {
		/* GNU writes an escape as a string, any other byte as a char. */
		char pair[2];
		if (escape_byte(*p, pair) == 2)
			model_write(pair, 2);
		else
			model_putc(*p);
		if (!esc) /* no memory for the whole: byte by byte */
			append(pair, escape_byte(*p, pair));
	}
	if (esc)
		append(esc, out_escape(name, esc));
	if (esc != small)
		free(esc);
}

void out_put_hex(const unsigned char *digest, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	char hex[2 * 64];

	ensure_init();
	for (size_t i = 0; i < len; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	model_hex(len);
	/* With len 0 nothing is read from hex (cppcheck assumes otherwise). */
	/* cppcheck-suppress uninitvar */
	append(hex, 2 * len);
}

void out_put_bytes(const void *p, size_t n)
{
	ensure_init();
	model_write(p, n);
	append(p, n);
}

void out_put_str(const char *s)
{
	const size_t n = strlen(s);

	ensure_init();
	model_write(s, n);
	append(s, n);
}

void out_put_char(char c)
{
	ensure_init();
	model_putc(c);
	append(&c, 1);
}

void out_end_line(char delim)
{
	if (delim != '\n' && out.regular)
		out.paced = true;
	if (delim == '\n')
		out.line_records = true;
	out_put_char(delim);
	line_ended(out.len);
	/* -z records: GNU checks its stream after each one, and has seen an
	 * error once its stdio has tried a write; sumac then tries its own
	 * (the error is taken to persist, as gnu_stdout.h does). */
	if (out.stop_on_error && delim != '\n' && gnu_has_written()) {
		if (!out.failed && flush_point() > 0)
			write_out(flush_point());
		if (out.failed)
			die_on_write_error();
	}
}

void out_stop_on_write_error(bool stop)
{
	ensure_init();
	out.stop_on_error = stop;
}

static void text(const char *s, size_t n)
{
	ensure_init();
	model_text(s, n);
	append(s, n);
	size_t tail = 0; /* bytes after the last newline */
	while (tail < n && s[n - 1 - tail] != '\n')
		tail++;
	if (tail < n && tail <= out.len)
		line_ended(out.len - tail);
}

void out_text(const char *s)
{
	text(s, strlen(s));
}

void out_printf(const char *fmt, ...)
{
	char small[512];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		text(small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		out_error(0, "memory exhausted");
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	text(big, (size_t)n);
	free(big);
}

void out_flush(void)
{
	ensure_init();
	if (flush_point() > 0)
		write_out(flush_point());
}

void out_pause(void)
{
	ensure_init();
	if (out.policy != OUT_BATCH)
		out_flush();
}

static void write_error(int errnum, const char *what)
{
	will_write();
	if (errnum)
		fprintf(stderr, "%s: %s: %s\n", error_name ? error_name : program_name, what,
			errtext(errnum));
	else
		fprintf(stderr, "%s: %s\n", error_name ? error_name : program_name, what);
}

int out_close_stdout(void)
{
	int status = 0;

	ensure_init();
	if (out.len > 0)
		write_out(out.len); /* an unfinished last line, if any */
	/* Nothing is left in stdio's stdout; fclose() closes descriptor 1. */
	const int close_errno = fclose(stdout) != 0 ? errno : 0;

	/* GNU's words (close_stream): the errno of close(2) if it failed;
	 * else that of the failed write if GNU would still have held data
	 * to flush at exit; else none.  With nothing ever written, a stdout
	 * that was closed from the start (EBADF) is not an error. */
	if (out.failed) {
		write_error(close_errno                    ? close_errno
			    : gnu_stdout_pending(&out.gnu) ? out.failed_errno
							   : 0,
			    gnulib_("write error"));
		status = 1;
	} else if (close_errno && close_errno != EBADF) {
		write_error(close_errno, gnulib_("write error"));
		status = 1;
	}
	/* As gnulib's close_stdout: a diagnostic that could not be written
	 * fails the run.  stderr stays open: sanitizers report on it later. */
	if (ferror(stderr) || fflush(stderr) != 0)
		status = 1;
	return status;
}
