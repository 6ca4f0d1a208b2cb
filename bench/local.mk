# SPDX-License-Identifier: MIT
# Benchmarks (bench/README.md).  Nothing here is built by `make`, `make
# check` or `make distcheck`: `make bench` builds the in-process driver,
# and bench/run.sh does so itself.
EXTRA_PROGRAMS = bench/speed bench/speed-openssl
# The CLI's library for its timer and for SUMAC_CPU (src/cli/cpumask.c),
# so that the mask means here what it means to the sumac program.
bench_speed_SOURCES = bench/speed.c
bench_speed_LDADD = $(CLI_LIBS)

# The same driver with rows for OpenSSL's one-shot SHA*() on the same
# buffers.  It needs libcrypto whether or not sumac's own OpenSSL backend
# was configured, so it is a target of its own: run.sh tries it and goes on
# without the OpenSSL rows when it does not link.
bench_speed_openssl_SOURCES = $(bench_speed_SOURCES)
bench_speed_openssl_CPPFLAGS = $(AM_CPPFLAGS) -DWITH_OPENSSL=1
bench_speed_openssl_LDADD = $(CLI_LIBS) -lcrypto

.PHONY: bench bench-openssl
bench: src/sumac$(EXEEXT) bench/speed$(EXEEXT)
bench-openssl: bench/speed-openssl$(EXEEXT)

# run.sh reports the compiler the build used.  The marker keeps the line
# apart from anything a Makefile regeneration prints first.
.PHONY: bench-print-cc
bench-print-cc:
	@echo 'SUMAC_BENCH_CC=$(CC) $(CFLAGS)'

EXTRA_DIST += bench/README.md
CLEANFILES = $(EXTRA_PROGRAMS)
