#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The library backends, each in an out-of-tree build of its own with make
# check-core (the unit tests and the CLI suites that hash through the
# program) run with the backend forced through SUMAC_BACKEND:
#   openssl            --with-openssl, plus a check that a provider policy
#                      refusing MD5 is reported cleanly (exit 1, a message);
#   commoncrypto-shim  --with-commoncrypto-shim over the Linux test shim,
#                      with a 4 KiB update chunk and the shim's guard set
#                      to the same size, so a missed split aborts.
# Prints one summary line per build and exits non-zero if either failed.
#
# Usage: library-backends.sh SRCDIR [WORKDIR]
# SUMAC_LIB_BACKENDS: the builds to make ("openssl commoncrypto-shim" by
# default; .ci/run runs them as two jobs side by side).
# The shim is looked for in SRCDIR/../shared/testing/commoncrypto-shim
# (override with SUMAC_CCSHIM_DIR).  Assumes apt-get update has been run.
set -euo pipefail

src=$(cd "${1:?usage: library-backends.sh SRCDIR [WORKDIR]}" && pwd)
work=${2:-$(mktemp -d /tmp/sumac-lib.XXXXXX)}
shim=${SUMAC_CCSHIM_DIR:-$src/../shared/testing/commoncrypto-shim}
jobs=$(nproc 2>/dev/null || echo 2)
chunk=4096

say() { printf '\n=== %s\n' "$*"; }
fail() {
	echo "FAIL: $*" >&2
	return 1
}

# ---- Dependencies: libcrypto headers for both builds (the shim forwards to
# libcrypto too) and the openssl tool for the provider checks.
need=()
for pkg in libssl-dev openssl; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
		need+=("$pkg")
done
if [ "${#need[@]}" -gt 0 ]; then
	say "apt-get install ${need[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi)

# configure_and_make DIR ARGS...: a fresh out-of-tree build.
configure_and_make() {
	local dir=$1
	shift
	rm -rf "$dir"
	mkdir -p "$dir"
	(cd "$dir" && "$src/configure" "$@" && make -j"$jobs")
}

# run_check DIR: make check-core (the environment is the caller's); on
# failure, show the failing assertions.
run_check() {
	local dir=$1
	if ! make -C "$dir" -j"$jobs" check-core; then
		find "$dir" -name '*.log' -path '*tests*' -exec grep -l -E '^(not ok|FAIL)' {} + |
			while read -r log; do
				echo "--- $log"
				grep -E '^(not ok|# )' "$log" | head -40
			done
		return 1
	fi
}

# assert_listed DIR TOKEN: --list-backends shows TOKEN compiled and usable.
assert_listed() {
	local list
	list=$("$1/src/sumac" --list-backends)
	echo "$list"
	awk -v b="$2" '$1 == b && $2 == "yes" && $3 == "yes" { found = 1 } END { exit !found }' \
		<<<"$list" || fail "--list-backends does not show $2 as compiled and usable"
}

# expect_refused CONF ALGO SUMAC FILE: with OPENSSL_CONF=CONF, forcing the
# openssl backend for ALGO fails with exit 1, a clear message, no output.
expect_refused() {
	local conf=$1 algo=$2 sumac=$3 file=$4 out err rc=0
	out=$(OPENSSL_CONF=$conf "$sumac" --backend openssl -a "$algo" "$file" 2>"$work/stderr") || rc=$?
	err=$(cat "$work/stderr")
	echo "  $algo: exit $rc: $err"
	[ "$rc" -eq 1 ] || fail "$algo under $conf: exit $rc, want 1"
	[ -z "$out" ] || fail "$algo under $conf printed a digest: $out"
	[[ $err == *"backend 'openssl' cannot hash $algo: the library refuses it"* ]] ||
		fail "$algo under $conf: unclear message"
}

# expect_digest CONF WANT SUMAC ARGS...: with OPENSSL_CONF=CONF (or the
# environment's own configuration if CONF is -), sumac ARGS succeeds and
# prints the digest WANT.
expect_digest() {
	local conf=$1 want=$2 sumac=$3 out
	shift 3
	if [ "$conf" = - ]; then
		out=$("$sumac" "$@") || fail "sumac $* failed"
	else
		out=$(OPENSSL_CONF=$conf "$sumac" "$@") || fail "sumac $* failed under $conf"
	fi
	echo "  sumac $*: ${out%% *}"
	[ "${out%% *}" = "$want" ] || fail "sumac $* under $conf: wrong digest"
}

# What could be shown on Debian 12: it ships no OpenSSL FIPS module
# (no fips.so in the modules directory), so "MD5 refused, SHA-256 allowed"
# cannot be set up.  Instead two configurations that refuse every digest
# are used: only the base provider active (it has no digests), and the
# default provider under default_properties = fips=yes (none of its
# algorithms has that property).  Both make EVP_MD_fetch of MD5 return
# NULL, as the FIPS provider does; forcing openssl must then fail cleanly
# for md5 (and for sha256 too here), while auto selection passes over the
# refused driver and still hashes correctly.  Where a fips.so is installed
# the real FIPS configuration is used instead, and there SHA-256 through
# the openssl backend must work (a path not exercised on this machine).
fips_check() {
	local dir=$1 sumac=$1/src/sumac
	local abc=$dir/fips/abc modules conf
	local md5_abc=900150983cd24fb0d6963f7d28e17f72
	local sha256_abc=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad

	mkdir -p "$dir/fips"
	printf abc >"$abc"
	modules=$(openssl version -m | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')

	if [ -f "$modules/fips.so" ]; then
		say "openssl: FIPS provider ($modules/fips.so)"
		openssl fipsinstall -module "$modules/fips.so" -out "$dir/fips/fipsmodule.cnf" >/dev/null
		conf=$dir/fips/fips.cnf
		cat >"$conf" <<-EOF
			openssl_conf = openssl_init
			.include $dir/fips/fipsmodule.cnf
			[openssl_init]
			providers = provider_sect
			alg_section = algorithm_sect
			[provider_sect]
			fips = fips_sect
			base = base_sect
			[base_sect]
			activate = 1
			[algorithm_sect]
			default_properties = fips=yes
		EOF
		OPENSSL_CONF=$conf openssl list -providers
		expect_refused "$conf" md5 "$sumac" "$abc"
		expect_digest "$conf" "$sha256_abc" "$sumac" --backend openssl -a sha256 "$abc"
		return
	fi

	say "openssl: no FIPS module in ${modules:-?}; refusing configurations instead"
	cat >"$dir/fips/base-only.cnf" <<-'EOF'
		openssl_conf = openssl_init
		[openssl_init]
		providers = provider_sect
		[provider_sect]
		base = base_sect
		[base_sect]
		activate = 1
	EOF
	cat >"$dir/fips/fips-property.cnf" <<-'EOF'
		openssl_conf = openssl_init
		[openssl_init]
		providers = provider_sect
		alg_section = algorithm_sect
		[provider_sect]
		default = default_sect
		[default_sect]
		activate = 1
		[algorithm_sect]
		default_properties = fips=yes
	EOF
	for conf in "$dir/fips/base-only.cnf" "$dir/fips/fips-property.cnf"; do
		echo "-- OPENSSL_CONF=$conf"
		OPENSSL_CONF=$conf openssl list -providers
		expect_refused "$conf" md5 "$sumac" "$abc"
		expect_refused "$conf" sha256 "$sumac" "$abc"
		expect_digest "$conf" "$md5_abc" "$sumac" --backend auto -a md5 "$abc"
		expect_digest "$conf" "$sha256_abc" "$sumac" --backend auto -a sha256 "$abc"
	done
	# And the same sumac with the system configuration does hash MD5.
	expect_digest - "$md5_abc" "$sumac" --backend openssl -a md5 "$abc"
}

# evp_fault_check DIR: with libcrypto's update or final failing (a shim),
# sumac reports an error and exits 1 under every name and mode, and never
# prints a digest: before, such a failure printed zeros with exit 0.
evp_fault_check() {
	local dir=$1 sumac=$1/src/sumac shim=$1/evp_fail.so f=$1/evp-fault.txt out err rc
	cc -shared -fPIC -O1 -I"$dir" -o "$shim" "$src/tests/fault/evp_fail.c" -ldl ||
		fail "cannot build the EVP fault shim"
	printf 'some data\n' >"$f"
	ln -sf sumac "$dir/src/sha256sum"
	for what in update final; do
		rc=0
		out=$(LD_PRELOAD=$shim SUMAC_EVP_FAIL=$what:2 "$sumac" --backend openssl -a sha256 "$f" \
			2>"$dir/evp.err") || rc=$?
		err=$(cat "$dir/evp.err")
		echo "  $what fails: exit $rc: $err"
		[ "$rc" -eq 1 ] || fail "EVP $what failing: exit $rc, want 1"
		[ -z "$out" ] || fail "EVP $what failing printed: $out"
		[ "$err" = "$sumac: $f: the hash library failed" ] || fail "EVP $what failing: $err"
		rc=0
		out=$(printf '%s  %s\n' "$(sha256sum <"$f" | cut -d' ' -f1)" "$f" |
			LD_PRELOAD=$shim SUMAC_EVP_FAIL=$what:2 SUMAC_BACKEND=openssl SUMAC_GNU_COMPAT=latest \
				"$dir/src/sha256sum" -c 2>"$dir/evp.err") || rc=$?
		err=$(cat "$dir/evp.err")
		echo "  $what fails, -c: exit $rc: $out / $err"
		[ "$rc" -eq 1 ] || fail "EVP $what failing under -c: exit $rc, want 1"
		[ "$out" = "$f: FAILED open or read" ] || fail "EVP $what failing under -c: $out"
		# GNU 9.4 and later prefix messages with the program's base name.
		[[ $err == "sha256sum: $f: the hash library failed"* ]] ||
			fail "EVP $what failing under -c: $err"
	done
	rm -f "$dir/src/sha256sum"
}

build_openssl() {
	local dir=$work/openssl
	export SUMAC_BACKEND=openssl # the whole run; --backend still wins
	# A library cannot detect SHA-1 collisions: forced for SHA-1 it needs
	# detection off (sha1dc.bats and the false-OK test set their own).
	export SUMAC_SHA1_COLLISIONS=ignore
	say "openssl: build (--with-openssl --enable-werror)"
	configure_and_make "$dir" --with-openssl --enable-werror
	assert_listed "$dir" openssl
	say "openssl: make check, SUMAC_BACKEND=openssl"
	run_check "$dir"
	fips_check "$dir"
	say "openssl: libcrypto failing mid-stream (LD_PRELOAD shim)"
	evp_fault_check "$dir"
}

# shim_trace_check DIR: one CLI run over a file of many chunks, read
# through the shim's trace line: every byte arrived, no call was too long.
shim_trace_check() {
	local dir=$1 f=$1/shim-trace.bin size=$((1024 * 1024 + 17)) trace want got max
	head -c "$size" /dev/urandom >"$f"
	got=$(CCSHIM_TRACE=1 "$dir/src/sumac" --backend commoncrypto -a sha512 "$f" 2>"$dir/shim-trace.err")
	want=$("$dir/src/sumac" --backend portable -a sha512 "$f")
	trace=$(grep 'CC_SHA512_Final' "$dir/shim-trace.err" | tail -1) ||
		fail "no shim trace line: $(cat "$dir/shim-trace.err")"
	echo "  $trace"
	[ "$got" = "$want" ] || fail "commoncrypto and portable SHA-512 digests differ"
	[[ $trace == *" total=$size "* ]] || fail "the shim saw a total other than $size bytes"
	max=${trace##*max_update=}
	[ "$max" -le "$chunk" ] || fail "an update of $max bytes exceeded the $chunk-byte chunk"
}

build_commoncrypto_shim() {
	local dir=$work/commoncrypto-shim
	# CommonCrypto has no MD5 or SHA-512/t: those go to portable, by the
	# user's own list (a single forced name would be an error for them).
	export SUMAC_BACKEND=commoncrypto,portable # the whole run; --backend still wins
	# Without it, detection (the default) passes over commoncrypto for
	# SHA-1, and the list's portable would hash every SHA-1 of the run.
	export SUMAC_SHA1_COLLISIONS=ignore
	[ -f "$shim/CommonCrypto/CommonDigest.h" ] || fail "no CommonCrypto shim in $shim"
	shim=$(cd "$shim" && pwd)
	say "commoncrypto-shim: build (--with-commoncrypto-shim=$shim CCSHIM_CHUNK=$chunk)"
	configure_and_make "$dir" --with-commoncrypto-shim="$shim" CCSHIM_CHUNK="$chunk" \
		--enable-werror
	grep -q "define SUMAC_CC_CHUNK $chunk\$" "$dir/config.h" ||
		fail "config.h does not set SUMAC_CC_CHUNK to $chunk"
	assert_listed "$dir" commoncrypto
	export CCSHIM_MAX_UPDATE=$chunk # any unsplit update aborts
	say "commoncrypto-shim: trace of one multi-chunk file"
	shim_trace_check "$dir"
	say "commoncrypto-shim: make check, SUMAC_BACKEND=$SUMAC_BACKEND CCSHIM_MAX_UPDATE=$chunk"
	run_check "$dir"
}

# record NAME STATUS: one summary line per build.
results=()
status=0
record() {
	if [ "$2" -eq 0 ]; then
		results+=("$1: ok")
	else
		results+=("$1: FAILED")
		status=1
	fi
}

# Each build runs in a subshell with errexit (not in a condition, where
# bash would ignore it), so that its first failing step ends that build
# but not the other one.
set +e
for b in ${SUMAC_LIB_BACKENDS:-openssl commoncrypto-shim}; do
	case $b in
	openssl)
		(
			set -e
			build_openssl
		)
		;;
	commoncrypto-shim)
		(
			set -e
			build_commoncrypto_shim
		)
		;;
	*) false ;;
	esac
	record "$b" $?
done
set -e

say "library backends"
printf '%s\n' "${results[@]}"
exit "$status"
