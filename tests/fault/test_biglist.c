/* SPDX-License-Identifier: MIT */
/* Large check lists (TAP):
 *   - 1,000,000 lines naming one small file must verify in time linear in
 *     the list (CPU time at most 3 times the linear share of a run of a
 *     tenth of the lines, measured in the same test: no wall-clock limit
 *     that a slow or busy machine could miss), and in memory that does not
 *     grow with the list: the peak RSS of the 1,000,000-line run may exceed
 *     that of a 10,000-line run by only a little (getline's buffer and the
 *     job ring are reused);
 *   - a 1 MiB line holding a valid line whose name is too long to open, and
 *     a 1 MiB line of garbage before a good line, must give GNU's messages
 *     and exit status (compared live with the GNU program when coreutils
 *     9.1 is installed, else with the texts GNU 9.1 prints). */
#include "config.h"

#include "hash/hash.h"
#include "hash/registry.h"
#include "spawn.h"
#include "../unit/tap.h"

static char dir[4096];
static const char *sumac;
static bool have_gnu;

static void path_in(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
}

static void md5_hex(const void *data, size_t len, char *hex)
{
	unsigned char d[16];
	sumac_digest_portable(SUMAC_MD5, data, len, d);
	for (int i = 0; i < 16; i++)
		sprintf(hex + 2 * i, "%02x", d[i]);
}

/* Writes a list of n copies of line. */
static void write_repeated(const char *path, const char *line, long n)
{
	FILE *fp = fopen(path, "w");
	if (!fp) {
		perror(path);
		exit(99);
	}
	setvbuf(fp, NULL, _IOFBF, 1 << 20);
	for (long i = 0; i < n; i++)
		fputs(line, fp);
	if (fclose(fp) != 0) {
		perror(path);
		exit(99);
	}
}

/* True if the file holds exactly n copies of line. */
static bool holds_repeated(const char *path, const char *line, long n)
{
	size_t len;
	char *text = slurp(path, &len);
	const size_t ll = strlen(line);
	bool ok = text && len == (size_t)n * ll;
	for (long i = 0; ok && i < n; i++)
		ok = memcmp(text + (size_t)i * ll, line, ll) == 0;
	free(text);
	return ok;
}

static bool run_check(const char *list, const char *extra, const char *tag, struct run_result *r)
{
	char out[4200], err[4200];
	snprintf(out, sizeof out, "%s/%s.out", dir, tag);
	snprintf(err, sizeof err, "%s/%s.err", dir, tag);
	const char *args[] = {"-c", list, extra, NULL};
	return spawn_run(sumac, "md5sum", args, true, "/dev/null", out, err, r);
}

static void test_million(const char *hex)
{
	char line[128], small[4200], tenth[4200], big[4200], out[4200], err[4200];
	struct run_result r_small, r_tenth, r_big;
	const bool emulated = getenv("RUNNER") && *getenv("RUNNER");
	/* Under an emulator (every CI run for another CPU) a tenth of the
	 * list still shows whether memory grows; the full size is native. */
	const long big_n = emulated ? 100000 : 1000000;

	snprintf(line, sizeof line, "%s  f\n", hex);
	path_in(small, sizeof small, "list-10k");
	path_in(tenth, sizeof tenth, "list-tenth");
	path_in(big, sizeof big, "list-1m");
	write_repeated(small, line, 10000);
	write_repeated(tenth, line, big_n / 10);
	write_repeated(big, line, big_n);

	tap_ok(run_check(small, NULL, "small", &r_small) && spawn_exit_code(&r_small) == 0,
	       "10,000-line list verifies (exit %d)", spawn_exit_code(&r_small));
	bool started = run_check(big, NULL, "big", &r_big);
	tap_ok(started && spawn_exit_code(&r_big) == 0, "%ld-line list verifies (exit %d)", big_n,
	       spawn_exit_code(&r_big));
	path_in(out, sizeof out, "big.out");
	path_in(err, sizeof err, "big.err");
	tap_ok(holds_repeated(out, "f: OK\n", big_n), "%ld 'f: OK' lines, nothing else", big_n);
	size_t errlen = 1;
	free(slurp(err, &errlen));
	tap_ok(errlen == 0, "nothing on stderr");

	const long growth = r_big.maxrss_kib - r_small.maxrss_kib;
	tap_diag("peak RSS: 10,000 lines %ld KiB, %ld lines %ld KiB; %.2f s for %ld lines",
		 r_small.maxrss_kib, big_n, r_big.maxrss_kib, r_big.seconds, big_n);
	tap_ok(growth < 4096, "memory does not grow with the list (%+ld KiB for %ldx the lines)",
	       growth, big_n / 10000);
	/* Linear time gives a ratio of about 10 (less, with the fixed start-up
	 * cost), quadratic about 100.  CPU time, not wall clock: it does not
	 * count the time the machine spends on other work, and the ratio
	 * cancels out how fast the machine, the build (sanitizers) or an
	 * emulator is. */
	tap_ok(run_check(tenth, NULL, "tenth", &r_tenth) && spawn_exit_code(&r_tenth) == 0,
	       "%ld-line list verifies (exit %d)", big_n / 10, spawn_exit_code(&r_tenth));
	tap_diag("CPU time: %ld lines %.2f s, %ld lines %.2f s (ratio %.1f)", big_n / 10,
		 r_tenth.cpu, big_n, r_big.cpu, r_big.cpu / (r_tenth.cpu > 0 ? r_tenth.cpu : 1e-3));
	tap_ok(r_big.cpu < 30 * r_tenth.cpu + 0.05,
	       "CPU time linear in the list: %ld lines under 30x the time of %ld (%.2f s, %.2f s)",
	       big_n, big_n / 10, r_big.cpu, r_tenth.cpu);

	/* The same lists through the parallel path: its queue is bounded too. */
	struct run_result r_js, r_jb;
	char jflag[] = "-j2";
	const char *sargs[] = {"-c", small, jflag, NULL};
	const char *bargs[] = {"-c", big, jflag, NULL};
	path_in(out, sizeof out, "bigj.out");
	path_in(err, sizeof err, "bigj.err");
	started =
		!emulated && spawn_run(sumac, "md5sum", sargs, true, "/dev/null", out, err, &r_js);
	if (emulated) {
		tap_diag("under RUNNER: -j2 is not run");
	} else if (started && spawn_exit_code(&r_js) == 1 &&
		   (free(slurp(err, &errlen)), errlen > 0)) {
		tap_diag("-j not supported by this build: skipped");
	} else {
		started = spawn_run(sumac, "md5sum", bargs, true, "/dev/null", out, err, &r_jb);
		tap_ok(started && spawn_exit_code(&r_jb) == 0 &&
			       holds_repeated(out, "f: OK\n", 1000000),
		       "1,000,000 lines with -j2 (%.2f s)", r_jb.seconds);
		tap_ok(r_jb.maxrss_kib - r_js.maxrss_kib < 4096,
		       "-j2: memory does not grow with the list (%ld KiB for 10,000 lines, %ld KiB "
		       "for 1,000,000)",
		       r_js.maxrss_kib, r_jb.maxrss_kib);
	}
	unlink(small);
	unlink(tenth);
	unlink(big);
}

/* Runs md5sum -c LIST [-w] as sumac and as GNU and compares all output;
 * without GNU, compares with the expected texts. */
static void compare(const char *what, const char *list, bool warn, const char *want_out,
		    const char *want_err, int want_rc)
{
	char o1[4200], e1[4200], o2[4200], e2[4200];
	struct run_result r1, r2;
	const char *args[] = {"-c", list, warn ? "-w" : NULL, NULL};
	path_in(o1, sizeof o1, "s.out");
	path_in(e1, sizeof e1, "s.err");
	path_in(o2, sizeof o2, "g.out");
	path_in(e2, sizeof e2, "g.err");
	bool ok = spawn_run(sumac, "md5sum", args, true, "/dev/null", o1, e1, &r1);
	size_t lo1, le1, lo2 = 0, le2 = 0;
	char *so = slurp(o1, &lo1), *se = slurp(e1, &le1), *go = NULL, *ge = NULL;
	int rc2 = want_rc;
	if (have_gnu) {
		ok &= spawn_run("/usr/bin/md5sum", "md5sum", args, false, "/dev/null", o2, e2, &r2);
		go = slurp(o2, &lo2);
		ge = slurp(e2, &le2);
		rc2 = spawn_exit_code(&r2);
	} else {
		go = strdup(want_out);
		ge = strdup(want_err);
		lo2 = strlen(go);
		le2 = strlen(ge);
	}
	ok = ok && so && se && go && ge;
	const bool same = ok && lo1 == lo2 && le1 == le2 && memcmp(so, go, lo1) == 0 &&
			  memcmp(se, ge, le1) == 0 && spawn_exit_code(&r1) == rc2;
	if (!tap_ok(same, "%s: same output and exit status as %s", what,
		    have_gnu ? "GNU md5sum" : "GNU 9.1's texts"))
		tap_diag("exit %d vs %d; stdout %zu vs %zu bytes; stderr %zu vs %zu bytes",
			 spawn_exit_code(&r1), rc2, lo1, lo2, le1, le2);
	tap_ok(spawn_exit_code(&r1) == want_rc, "%s: exit %d", what, want_rc);
	free(so);
	free(se);
	free(go);
	free(ge);
}

static void test_long_lines(const char *hex)
{
	enum { MIB = 1024 * 1024 };
	char list[4200];
	char *line = malloc(MIB + 200);
	char *name = malloc(MIB + 1);

	/* "./././.../f": a real path, 1 MiB long, far past PATH_MAX. */
	for (size_t i = 0; i < MIB - 1; i += 2)
		memcpy(name + i, "./", 2);
	name[MIB - 1] = 'f';
	name[MIB] = '\0';
	path_in(list, sizeof list, "list-long-name");
	FILE *fp = fopen(list, "w");
	fprintf(fp, "%s  %s\n", hex, name);
	fclose(fp);

	size_t olen = strlen(name) + 64, elen = 2 * strlen(name) + 256;
	char *want_out = malloc(olen), *want_err = malloc(elen);
	snprintf(want_out, olen, "%s: FAILED open or read\n", name);
	snprintf(want_err, elen,
		 "md5sum: %s: File name too long\nmd5sum: WARNING: 1 listed file could not be "
		 "read\n",
		 name);
	compare("1 MiB line naming a path too long to open", list, false, want_out, want_err, 1);
	free(want_out);
	free(want_err);

	/* A 1 MiB line of garbage, then a good line. */
	path_in(list, sizeof list, "list-long-garbage");
	fp = fopen(list, "w");
	memset(line, 'x', MIB);
	line[MIB] = '\0';
	fprintf(fp, "%s\n%s  f\n", line, hex);
	fclose(fp);
	char want_err2[8192];
	snprintf(want_err2, sizeof want_err2,
		 "md5sum: %s: 1: improperly formatted MD5 checksum line\n"
		 "md5sum: WARNING: 1 line is improperly formatted\n",
		 list);
	compare("1 MiB line of garbage, then a good line (-w)", list, true, "f: OK\n", want_err2,
		0);

	/* The same garbage as the digest of an untagged line: 1 MiB of hex. */
	path_in(list, sizeof list, "list-long-hex");
	fp = fopen(list, "w");
	memset(line, 'a', MIB);
	fprintf(fp, "%s  f\n%s  f\n", line, hex);
	fclose(fp);
	snprintf(want_err2, sizeof want_err2, "md5sum: WARNING: 1 line is improperly formatted\n");
	compare("1 MiB of hex digits as a digest, then a good line", list, false, "f: OK\n",
		want_err2, 0);
	free(line);
	free(name);
}

int main(void)
{
	sumac = getenv("SUMAC");
	if (!sumac) {
		printf("1..0 # SKIP SUMAC not set\n");
		return 0;
	}
	/* The live reference must be coreutils 9.1: other releases differ. */
	have_gnu =
		access("/usr/bin/md5sum", X_OK) == 0 &&
		system("/usr/bin/md5sum --version 2>/dev/null | head -1 | grep -q ' 9\\.1$'") == 0;
	snprintf(dir, sizeof dir, "%s", make_temp_dir("biglist"));
	if (chdir(dir) != 0) {
		perror(dir);
		return 99;
	}
	FILE *fp = fopen("f", "w");
	fputs("hello\n", fp);
	fclose(fp);
	char hex[33];
	md5_hex("hello\n", 6, hex);

	if (!spawn_can_run(sumac)) {
		printf("1..0 # SKIP cannot run %s here\n", sumac);
		remove_tree(dir);
		return 0;
	}
	tap_diag("GNU reference: %s", have_gnu ? "live /usr/bin/md5sum 9.1" : "recorded texts");
	test_million(hex);
	test_long_lines(hex);
	if (chdir("/") != 0)
		return 99;
	remove_tree(dir);
	return tap_done();
}
