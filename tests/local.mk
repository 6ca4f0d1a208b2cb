# SPDX-License-Identifier: MIT
# Hardening tests (included by Makefile.am): the fuzz targets replayed over
# their committed corpora, fault injection, and the false-OK property test.
# Every test speaks TAP.  tests/fuzz/run-fuzzers.sh and .ci/hardening.sh
# build and run the libFuzzer and sanitizer variants; nothing here needs
# clang or a sanitizer.

# ---- Fuzz targets as replay programs: tests/fuzz/replay.c is main() and
# runs every file of tests/fuzz/corpus/<target>/ through the target.
FUZZ_REPLAY_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_REPLAY -I$(top_srcdir)/tests/fuzz
check_PROGRAMS += tests/fuzz/fuzz_parse tests/fuzz/fuzz_escape tests/fuzz/fuzz_stream
tests_fuzz_fuzz_parse_SOURCES = tests/fuzz/fuzz_parse.c tests/fuzz/replay.c tests/fuzz/fuzz.h tests/fuzz/named.h
tests_fuzz_fuzz_parse_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS)
tests_fuzz_fuzz_parse_LDADD = $(SUMAC_LIBS)
tests_fuzz_fuzz_escape_SOURCES = tests/fuzz/fuzz_escape.c tests/fuzz/replay.c tests/fuzz/fuzz.h tests/fuzz/named.h
tests_fuzz_fuzz_escape_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS)
tests_fuzz_fuzz_escape_LDADD = $(CLI_LIBS)
tests_fuzz_fuzz_stream_SOURCES = tests/fuzz/fuzz_stream.c tests/fuzz/replay.c tests/fuzz/fuzz.h tests/fuzz/named.h
tests_fuzz_fuzz_stream_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS)
tests_fuzz_fuzz_stream_LDADD = $(SUMAC_LIBS)
check_PROGRAMS += tests/fuzz/fuzz_lanes tests/fuzz/fuzz_sha1dc
tests_fuzz_fuzz_sha1dc_SOURCES = tests/fuzz/fuzz_sha1dc.c tests/fuzz/replay.c tests/fuzz/fuzz.h \
	tests/unit/sha1dc_ref.h
tests_fuzz_fuzz_sha1dc_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS)
tests_fuzz_fuzz_sha1dc_LDADD = $(SUMAC_LIBS)
tests_fuzz_fuzz_lanes_SOURCES = tests/fuzz/fuzz_lanes.c tests/fuzz/replay.c tests/fuzz/fuzz.h tests/fuzz/named.h
tests_fuzz_fuzz_lanes_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS)
tests_fuzz_fuzz_lanes_LDADD = $(SUMAC_LIBS)

# ---- The directory walk of -r and --unlisted, on a temporary tree, and
# the set of listed names --unlisted compares with.
check_PROGRAMS += tests/unit/test_walk
tests_unit_test_walk_SOURCES = tests/unit/test_walk.c tests/unit/tap.h
tests_unit_test_walk_LDADD = $(SUMAC_LIBS)
check_PROGRAMS += tests/unit/test_names
tests_unit_test_names_SOURCES = tests/unit/test_names.c tests/unit/tap.h
tests_unit_test_names_LDADD = $(SUMAC_LIBS)

# ---- The engine, the --check verdict and backend selection, driven
# directly.
check_PROGRAMS += tests/unit/test_pipeline tests/unit/test_verdict tests/unit/test_backend
check_PROGRAMS += tests/unit/test_hint
tests_unit_test_hint_SOURCES = tests/unit/test_hint.c tests/unit/tap.h
tests_unit_test_hint_LDADD = $(SUMAC_LIBS)
tests_unit_test_pipeline_SOURCES = tests/unit/test_pipeline.c tests/unit/tap.h
tests_unit_test_pipeline_LDADD = $(SUMAC_LIBS)
# Lanes through the pipeline, with real files and digests.
check_PROGRAMS += tests/unit/test_lanes
tests_unit_test_lanes_SOURCES = tests/unit/test_lanes.c tests/unit/tap.h tests/unit/rng.h
tests_unit_test_lanes_LDADD = $(SUMAC_LIBS)
tests_unit_test_verdict_SOURCES = tests/unit/test_verdict.c tests/unit/tap.h
tests_unit_test_verdict_LDADD = $(SUMAC_LIBS)
tests_unit_test_backend_SOURCES = tests/unit/test_backend.c tests/unit/tap.h
tests_unit_test_backend_LDADD = $(CLI_LIBS)

# ---- Fault tests.  The C ones start $SUMAC themselves (under $RUNNER when
# set) and measure it; the bats ones compare messages with GNU live.
check_PROGRAMS += tests/fault/test_false_ok tests/fault/test_biglist
tests_fault_test_false_ok_SOURCES = tests/fault/test_false_ok.c tests/fault/spawn.h tests/unit/tap.h
tests_fault_test_false_ok_LDADD = $(SUMAC_LIBS)
tests_fault_test_biglist_SOURCES = tests/fault/test_biglist.c tests/fault/spawn.h tests/unit/tap.h
tests_fault_test_biglist_LDADD = $(SUMAC_LIBS)

HARDENING_BATS = tests/fault/fault.bats tests/fault/quote-shell.bats
TESTS += $(HARDENING_BATS)

# The LD_PRELOAD shim that makes read(2) fail, or the file shrink or grow,
# mid-hash.  A plain shared object, built without the user's CFLAGS on
# purpose: a sanitizer runtime in a preloaded library would have to come
# first in the process, and the shim only forwards calls.
FAULT_SHIM = tests/fault/shim.so
check_DATA = $(FAULT_SHIM)
$(FAULT_SHIM): $(top_srcdir)/tests/fault/shim.c
	$(AM_V_CCLD)$(MKDIR_P) tests/fault && \
	$(CC) -shared -fPIC -O1 -I$(top_builddir) -o $@ $(top_srcdir)/tests/fault/shim.c -ldl
CLEANFILES += $(FAULT_SHIM)

AM_TESTS_ENVIRONMENT += \
	SUMAC_FUZZ_CORPUS='$(abs_top_srcdir)/tests/fuzz/corpus'; export SUMAC_FUZZ_CORPUS; \
	SUMAC_FAULT_SHIM='$(abs_top_builddir)/$(FAULT_SHIM)'; export SUMAC_FAULT_SHIM;

EXTRA_DIST += $(HARDENING_BATS) tests/fault/shim.c tests/fault/evp_fail.c tests/fault/helpers.bash \
	tests/fuzz/corpus tests/fuzz/run-fuzzers.sh tests/fuzz/parse.dict \
	tests/README.md .clang-tidy

# run-fuzzers.sh links the libFuzzer binaries against the same libraries.
.PHONY: fuzz-print-libs
fuzz-print-libs:
	@echo $(CLI_LIBS)

# ---- The differential battery: generated cases against GNU 9.1 live
# (tests/diff/battery.py); a bounded count here, 20,000 in .ci/run.  A
# script with an extension of its own, so that a LOG_COMPILER meant for
# the test programs (qemu-x86_64) is not put in front of it.
TESTS += tests/diff/battery.sh
TEST_EXTENSIONS += .sh
SH_LOG_DRIVER = $(TAP_DRIVER)
SH_LOG_COMPILER = $(SHELL)
EXTRA_DIST += tests/diff/battery.sh tests/diff/battery.py tests/diff/known-differences

# ---- The hash layer built a second time with the test-only families of
# src/hash/algorithms.h (SUMAC_TEST_FAMILIES): the toy family of
# tests/unit/toy/ goes through the known-answer, cross-check and fuzz
# tests, which are these same sources, unchanged.  The ISA and library
# backends are the product's (they never serve a test-only family).
TOY_CPPFLAGS = $(AM_CPPFLAGS) -DSUMAC_TEST_FAMILIES=1
check_LIBRARIES = tests/unit/libsumac_toy.a
tests_unit_libsumac_toy_a_SOURCES = $(SUMAC_HASH_SOURCES) tests/unit/toy/xor64.c
tests_unit_libsumac_toy_a_CPPFLAGS = $(TOY_CPPFLAGS)
TOY_LIBS = tests/unit/libsumac_toy.a $(ISA_LIBS) $(LIB_LIBS) $(PTHREAD_LIBS)
check_PROGRAMS += tests/unit/test_tables tests/unit/test_tables_toy tests/unit/test_kat_toy \
	tests/unit/test_xcheck_toy tests/fuzz/fuzz_stream_toy
tests_unit_test_tables_SOURCES = tests/unit/test_tables.c tests/unit/tap.h
tests_unit_test_tables_LDADD = $(SUMAC_LIBS)
tests_unit_test_tables_toy_SOURCES = tests/unit/test_tables.c tests/unit/tap.h
tests_unit_test_tables_toy_CPPFLAGS = $(TOY_CPPFLAGS)
tests_unit_test_tables_toy_LDADD = $(TOY_LIBS)
tests_unit_test_kat_toy_SOURCES = tests/unit/test_kat.c tests/unit/tap.h
tests_unit_test_kat_toy_CPPFLAGS = $(TOY_CPPFLAGS)
tests_unit_test_kat_toy_LDADD = $(TOY_LIBS)
tests_unit_test_xcheck_toy_SOURCES = tests/unit/test_xcheck.c tests/unit/tap.h tests/unit/rng.h
tests_unit_test_xcheck_toy_CPPFLAGS = $(TOY_CPPFLAGS)
tests_unit_test_xcheck_toy_LDADD = $(TOY_LIBS)
tests_fuzz_fuzz_stream_toy_SOURCES = tests/fuzz/fuzz_stream.c tests/fuzz/replay.c tests/fuzz/fuzz.h tests/fuzz/named.h
tests_fuzz_fuzz_stream_toy_CPPFLAGS = $(FUZZ_REPLAY_CPPFLAGS) -DSUMAC_TEST_FAMILIES=1
tests_fuzz_fuzz_stream_toy_LDADD = $(TOY_LIBS)
EXTRA_DIST += tests/unit/toy/xor64.py vectors/XOR64ShortMsg.rsp vectors/XOR64LongMsg.rsp \
	vectors/XOR64Monte.rsp

# ---- CPU features: the SUMAC_CPU mask's syntax, detection from several
# threads at once (run under TSan by .ci/hardening.sh), and auto selection
# with known answers and a cross-check under every subset of the detected
# features.
check_PROGRAMS += tests/unit/test_cpu tests/unit/test_cpu_subsets
tests_unit_test_cpu_SOURCES = tests/unit/test_cpu.c tests/unit/tap.h
tests_unit_test_cpu_LDADD = $(SUMAC_LIBS)
tests_unit_test_cpu_subsets_SOURCES = tests/unit/test_cpu_subsets.c tests/unit/tap.h \
	tests/unit/rng.h
tests_unit_test_cpu_subsets_LDADD = $(SUMAC_LIBS)
# glibc.cpu.hwcaps (GNU cksum 9.8+): the GLIBC_TUNABLES syntax as gnulib
# reads it, and which CRC rows each name turns off.
check_PROGRAMS += tests/unit/test_hwcaps
tests_unit_test_hwcaps_SOURCES = tests/unit/test_hwcaps.c tests/unit/tap.h
tests_unit_test_hwcaps_LDADD = $(SUMAC_LIBS)

# ---- The layering of src/: no include cycle, each folder includes only
# those below it, and nothing below src/cli prints or exits.
TESTS += tests/layout/layers.sh
EXTRA_DIST += tests/layout/layers.sh tests/layout/layers.py

# ---- Backend selection's rules, on made-up tables.
check_PROGRAMS += tests/unit/test_select
tests_unit_test_select_SOURCES = tests/unit/test_select.c tests/unit/tap.h
tests_unit_test_select_LDADD = $(SUMAC_LIBS)

# ---- Block functions read no byte outside the blocks they are given.
check_PROGRAMS += tests/unit/test_overread
tests_unit_test_overread_SOURCES = tests/unit/test_overread.c tests/unit/tap.h
tests_unit_test_overread_LDADD = $(SUMAC_LIBS)

# ---- The AVX kernels leave a clean upper state: every function of the
# kernel libraries that writes a ymm/zmm register runs vzeroupper (or
# vzeroall) on every path to its return (objdump; skipped without it).
TESTS += tests/layout/vzeroupper.sh
EXTRA_DIST += tests/layout/vzeroupper.sh tests/layout/vzeroupper.py
AM_TESTS_ENVIRONMENT += \
	SUMAC_ISA_LIBS='$(ISA_LIBS)'; export SUMAC_ISA_LIBS; \
	SUMAC_TEST_CC='$(CC)'; export SUMAC_TEST_CC;

# ---- The tests that start the sumac program (the bats suites, the fault
# programs, the battery).  .ci/run repeats these under each SUMAC_*
# environment it tries (a forced backend, lanes off, -j 4); the unit suites
# read none of those variables and would only repeat themselves.
PROGRAM_TESTS = $(BATS_TESTS) $(HARDENING_BATS) tests/fault/test_false_ok tests/fault/test_biglist \
	tests/diff/battery.sh
.PHONY: check-program
check-program:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(PROGRAM_TESTS)'
# The others: the unit suites, for a build whose program behaves as one
# already checked and differs only in the backends it compiled.
.PHONY: check-unit
check-unit:
	@unit=; for t in $(TESTS); do \
	  case ' $(PROGRAM_TESTS) ' in *" $$t "*) ;; *) unit="$$unit $$t" ;; esac; \
	done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$unit"
# The suites that test option parsing, GNU's wording release by release
# and sumac's own list features: the same C code on every CPU, backend and
# byte order, so .ci/run runs them in its native lanes only (gcc, clang,
# musl's own libc, the levels, -j 4, ASan).  The other lanes run check-lane
# or check-program-lane, the rest: every unit suite, every test that hashes
# through the program, the walk, the large-file, -j, lanes and fault tests.
NATIVE_ONLY_TESTS = tests/cli/compat-options.bats tests/cli/compat-output.bats \
	tests/cli/compat-levels.bats tests/cli/compat-prefixes.bats tests/cli/level.bats \
	tests/cli/summary.bats tests/cli/line-forms.bats tests/cli/hint.bats tests/cli/unlisted.bats \
	tests/cli/completions.bats tests/cli/progress.bats
# The lanes that a CPU model or a second compiler adds (emulated x86
# models, aarch64 cortex-a72, clang for aarch64, armhf, clang's ASan) run
# check-core: every unit suite (every row's known answers and cross-checks
# against the portable C, under that CPU) and the CLI suites that hash
# through the program, where a kernel or its dispatch shows.
# The 4 GiB file of largefile.bats is for the 32-bit lanes (i386 runs it;
# test_bigfile, a unit suite, checks its bytes on every lane).  multi.bats
# feeds every algorithm's kernel from one read (sumac -a LIST).
CORE_PROGRAM_TESTS = tests/cli/sumac.bats tests/cli/compat-generate.bats tests/cli/compat-check.bats \
	tests/cli/lanes.bats tests/cli/b2sum.bats tests/cli/sha3.bats tests/cli/sums.bats \
	tests/cli/base64.bats \
	tests/cli/multi.bats tests/fault/test_false_ok
.PHONY: check-lane check-program-lane check-core
check-lane:
	@t=; for x in $(TESTS); do \
	  case ' $(NATIVE_ONLY_TESTS) ' in *" $$x "*) ;; *) t="$$t $$x" ;; esac; \
	done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$t"
check-program-lane:
	@t=; for x in $(PROGRAM_TESTS); do \
	  case ' $(NATIVE_ONLY_TESTS) ' in *" $$x "*) ;; *) t="$$t $$x" ;; esac; \
	done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$t"
check-core:
	@t=; for x in $(TESTS); do \
	  case ' $(PROGRAM_TESTS) ' in *" $$x "*) ;; *) t="$$t $$x" ;; esac; \
	done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$t $(CORE_PROGRAM_TESTS)"

# SHA-1 collision detection: the tables, the kernels against a slow
# reference, the verdict on every SHA-1 backend and lane kernel.
check_PROGRAMS += tests/unit/test_sha1dc
tests_unit_test_sha1dc_SOURCES = tests/unit/test_sha1dc.c tests/unit/sha1dc_ref.h \
	tests/unit/tap.h tests/unit/rng.h
tests_unit_test_sha1dc_LDADD = $(SUMAC_LIBS)
TESTS += tests/unit/sha1dc-tables.sh
# The SIMD kernels against the scalar ones, and their generated copy of the
# condition table against the table.
check_PROGRAMS += tests/unit/test_sha1dc_simd
tests_unit_test_sha1dc_simd_SOURCES = tests/unit/test_sha1dc_simd.c tests/unit/tap.h tests/unit/rng.h
tests_unit_test_sha1dc_simd_LDADD = $(SUMAC_LIBS)
TESTS += tests/unit/sha1dc-conds.sh
EXTRA_DIST += tools/gen-sha1dc-conds.py tests/unit/sha1dc-conds.sh
EXTRA_DIST += tools/gen-sha1dc-dvs.py tests/unit/sha1dc-tables.sh \
	vectors/sha1-collisions/README \
	vectors/sha1-collisions/shattered-1.pdf vectors/sha1-collisions/shattered-2.pdf \
	vectors/sha1-collisions/sha-mbles-1.bin vectors/sha1-collisions/sha-mbles-2.bin \
	vectors/sha1-collisions/sha1_reducedsha_coll.bin
