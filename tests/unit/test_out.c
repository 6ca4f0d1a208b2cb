/* SPDX-License-Identifier: MIT */
/* The output module (src/cli/out.c): which stdout gets which flushing
 * policy, the model of GNU's stdout that words the final write error, and
 * that only whole lines ever reach write(2).  The last is watched through
 * a SOCK_SEQPACKET socket as stdout: it keeps the boundary of every write,
 * so each write is seen as one message. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/gnu_stdout.h"
#include "cli/out.h"
#include "tap.h"

static void test_policy(void)
{
	tap_ok(out_policy_for(true, S_IFCHR, true, false) == OUT_EACH_LINE,
	       "a terminal: each line");
	tap_ok(out_policy_for(true, S_IFREG, false, false) == OUT_TIMED, "a regular file: timed");
	tap_ok(out_policy_for(true, S_IFCHR, false, true) == OUT_BATCH, "/dev/null: batched");
	tap_ok(out_policy_for(true, S_IFBLK, false, false) == OUT_BATCH, "a block device: batched");
	tap_ok(out_policy_for(true, S_IFIFO, false, false) == OUT_TIMED, "a pipe or FIFO: timed");
	tap_ok(out_policy_for(true, S_IFSOCK, false, false) == OUT_TIMED, "a socket: timed");
	tap_ok(out_policy_for(true, S_IFCHR, false, false) == OUT_TIMED,
	       "another character device (/dev/full): timed");
	tap_ok(out_policy_for(false, 0, false, false) == OUT_BATCH,
	       "a closed stdout: batched (nothing gets through)");
}

/* One GNU result line: hex (as printf("%02x") pieces), "  ", name, delim. */
static void gnu_line(struct gnu_stdout *m, size_t len, const char *name, size_t namelen, char delim)
{
	gnu_stdout_hex(m, len);
	gnu_stdout_putc(m, ' ');
	gnu_stdout_putc(m, ' ');
	gnu_stdout_write(m, name, namelen);
	gnu_stdout_putc(m, delim);
}

static void test_gnu_model(void)
{
	struct gnu_stdout m;
	static char name[5000];

	memset(name, 'x', sizeof name);

	/* Observed with sha256sum -z on /dev/full (st_blksize 4096): a line
	 * of 4096 bytes stays in the buffer (the message has errno), one of
	 * 4097 bytes loses its NUL with the failed flush (bare message), one
	 * of 4098 leaves the NUL behind (errno again). */
	gnu_stdout_init(&m, 4096);
	gnu_line(&m, 32, name, 4029, '\0');
	tap_ok(gnu_stdout_pending(&m), "-z, 4096 bytes: still held at exit");
	gnu_stdout_init(&m, 4096);
	gnu_line(&m, 32, name, 4030, '\0');
	tap_ok(!gnu_stdout_pending(&m), "-z, 4097 bytes: dropped with the failed flush");
	gnu_stdout_init(&m, 4096);
	gnu_line(&m, 32, name, 4031, '\0');
	tap_ok(gnu_stdout_pending(&m), "-z, 4098 bytes: the NUL is held");

	gnu_stdout_init(&m, 4096);
	gnu_line(&m, 32, name, 10, '\n');
	tap_ok(!gnu_stdout_pending(&m), "a newline flushes");
	gnu_line(&m, 32, name, 10, '\0');
	tap_ok(gnu_stdout_pending(&m), "a NUL does not");
	gnu_stdout_flush(&m);
	tap_ok(!gnu_stdout_pending(&m), "error()'s fflush empties it");
	gnu_stdout_write(&m, "a\nb", 3);
	tap_ok(!gnu_stdout_pending(&m), "a string with a newline: flushed, its tail dropped");

	/* The first string of all is stored without a look for newlines. */
	gnu_stdout_init(&m, 4096);
	gnu_stdout_write(&m, "a\n", 2);
	tap_ok(gnu_stdout_pending(&m), "the first string is not searched for newlines");
	gnu_stdout_init(&m, 4096);
	gnu_stdout_text(&m, "text\n", 5);
	tap_ok(!gnu_stdout_pending(&m), "printf()'d text ending in a newline: flushed");

	/* A byte below 16 is one piece too (observed with --tag -z: three
	 * lines, the middle digest starting 06 where the first line ended
	 * at the buffer's end). */
	gnu_stdout_init(&m, 4096);
	gnu_stdout_write(&m, "x", 1);
	gnu_stdout_write(&m, name, 4095);
	gnu_stdout_hex(&m, 1);
	tap_ok(!gnu_stdout_pending(&m), "full buffer: the whole '05' is dropped");
	gnu_stdout_init(&m, 4096);
	gnu_stdout_write(&m, "x", 1);
	gnu_stdout_write(&m, name, 4094);
	gnu_stdout_hex(&m, 1);
	tap_ok(!gnu_stdout_pending(&m), "one byte left: '05' does not fit, dropped");

	gnu_stdout_init(&m, 0);
	tap_ok(m.size == 8192, "no fstat: BUFSIZ");
	gnu_stdout_init(&m, 65536);
	tap_ok(m.size == 8192, "a large block size: BUFSIZ");
	gnu_stdout_init(&m, 1024);
	tap_ok(m.size == 1024, "a small block size: that size");
}

/* Runs body() in a child with stdout on fd, then out_close_stdout(). */
static pid_t spawn_writer(int fd, void (*body)(void))
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (dup2(fd, STDOUT_FILENO) < 0)
			_exit(2);
		close(fd);
		out_init();
		body();
		_exit(out_close_stdout() ? 3 : 0);
	}
	return pid;
}

static char expected[1 << 20];
static size_t expected_len;

static void expect_line(char *buf, size_t n, char delim)
{
	memcpy(expected + expected_len, buf, n);
	expected_len += n;
	expected[expected_len++] = delim;
}

/* The lines written by lines_body(); both sides compute them. */
static void make_lines(void (*emit)(const char *line, size_t n, char delim))
{
	static char line[120000];
	for (size_t i = 0; i < 3000; i++) {
		size_t n = 1 + (i * 7919) % 300;
		memset(line, 'a' + (int)(i % 26), n);
		line[n] = '\0';
		emit(line, n, i % 5 == 4 ? '\0' : '\n');
	}
	/* Longer than the buffer. */
	memset(line, 'L', sizeof line - 1);
	line[sizeof line - 1] = '\0';
	emit(line, sizeof line - 1, '\n');
	emit("after", 5, '\n');
}

static void emit_out(const char *line, size_t n, char delim)
{
	(void)n;
	out_put_str(line);
	out_end_line(delim);
}

static void emit_expected(const char *line, size_t n, char delim)
{
	expect_line((char *)line, n, delim);
}

static void lines_body(void)
{
	make_lines(emit_out);
	out_flush();
	out_text("help one\nhelp two\nunfinished");
	out_pause();
	out_text(" text\n");
}

static void test_whole_lines(void)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) != 0) {
		tap_diag("no SOCK_SEQPACKET socketpair: %s", strerror(errno));
		tap_ok(true, "# SKIP whole lines per write");
		return;
	}
	/* Messages up to the largest line; as root this can exceed wmem_max. */
	int size = 1 << 20;
#ifdef SO_SNDBUFFORCE
	(void)setsockopt(sv[1], SOL_SOCKET, SO_SNDBUFFORCE, &size, sizeof size);
#endif
	(void)setsockopt(sv[1], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);

	expected_len = 0;
	make_lines(emit_expected);
	memcpy(expected + expected_len, "help one\nhelp two\nunfinished text\n", 34);
	expected_len += 34;

	pid_t pid = spawn_writer(sv[1], lines_body);
	close(sv[1]);

	static char got[1 << 20];
	static char msg[1 << 20];
	size_t got_len = 0, messages = 0, bad = 0;
	for (;;) {
		ssize_t n = recv(sv[0], msg, sizeof msg, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		messages++;
		if (msg[n - 1] != '\n' && msg[n - 1] != '\0')
			bad++;
		if (got_len + (size_t)n <= sizeof got) {
			memcpy(got + got_len, msg, (size_t)n);
			got_len += (size_t)n;
		}
	}
	close(sv[0]);
	int status;
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the writer succeeded");
	tap_ok(messages > 1, "several writes (%zu)", messages);
	tap_ok(bad == 0, "every write ends with a whole line (%zu did not)", bad);
	tap_ok(got_len == expected_len && memcmp(got, expected, got_len) == 0,
	       "the lines arrive complete and in order (%zu of %zu bytes)", got_len, expected_len);
}

static void flush_body(void)
{
	out_put_str("first");
	out_end_line('\n');
	out_put_str("second");
	out_end_line('\n');
	out_put_str("unfinished");
	out_flush();
	/* After out_flush() the finished lines are in the file: what
	 * `sha256sum a out > out` relies on. */
	struct stat st;
	if (fstat(STDOUT_FILENO, &st) != 0 || st.st_size != 13)
		_exit(4);
	out_end_line('\n');
}

static void test_flush_regular_file(void)
{
	char path[] = "/tmp/sumac-test-out.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		tap_ok(false, "mkstemp: %s", strerror(errno));
		return;
	}
	unlink(path);
	pid_t pid = spawn_writer(fd, flush_body);
	int status;
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "after out_flush() every finished line is in the regular file");
	char buf[64];
	ssize_t n = pread(fd, buf, sizeof buf, 0);
	tap_ok(n == 24 && memcmp(buf, "first\nsecond\nunfinished\n", 24) == 0,
	       "and the rest follows at exit");
	close(fd);
}

static void one_line_body(void)
{
	out_put_str("x");
	out_end_line('\0');
}

/* The message at exit carries the failed write's errno, not errno's
 * leftover from something else. */
static void test_error_errno(void)
{
	int fd = open("/dev/full", O_WRONLY);
	int errpipe[2];
	if (fd < 0 || pipe(errpipe) != 0) {
		tap_ok(true, "# SKIP no /dev/full");
		return;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(errpipe[1], STDERR_FILENO);
		close(errpipe[0]);
		program_name = "prog";
		errno = EISDIR;
		pid_t inner = spawn_writer(fd, one_line_body);
		int st;
		waitpid(inner, &st, 0);
		_exit(WIFEXITED(st) ? WEXITSTATUS(st) : 9);
	}
	close(errpipe[1]);
	close(fd);
	char buf[256];
	ssize_t n = read(errpipe[0], buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = '\0';
	const bool right = strcmp(buf, "prog: write error: No space left on device\n") == 0;
	buf[strcspn(buf, "\n")] = '\0';
	close(errpipe[0]);
	int status;
	waitpid(pid, &status, 0);
	tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 3, "a write error fails the run");
	tap_ok(right, "with the write's errno: '%s'", buf);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	test_policy();
	test_gnu_model();
	test_whole_lines();
	test_flush_regular_file();
	test_error_errno();
	return tap_done();
}
