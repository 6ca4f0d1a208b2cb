#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Translations: with a German locale, sumac under GNU's names prints what
# GNU coreutils 9.1 prints, because both look GNU's messages up in the
# system's coreutils (and glibc "libc") catalogues.  Compared with /usr/bin
# live; needs the de_DE.UTF-8 locale and the German coreutils catalogue
# (.ci/run generates the one and Debian's coreutils package ships the other).

# Compared with GNU 9.1 in /usr/bin (its catalogues): level 9.1, set
# before helpers.bash picks the reference from it.
export SUMAC_GNU_COMPAT=9.1
load helpers

setup() {
	cli_setup
	local mode
	_ref_mode sha256sum
	[[ $mode == live ]] || skip "needs GNU coreutils 9.1 in /usr/bin, compared live (no golden files)"
	[[ ${SUMAC_NLS-} != no ]] || skip "sumac was configured with --disable-nls"
	[[ -f /usr/share/locale/de/LC_MESSAGES/coreutils.mo ]] ||
		skip "no German coreutils catalogue (/usr/share/locale/de/LC_MESSAGES/coreutils.mo)"
	locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8' ||
		skip "locale de_DE.UTF-8 not generated (localedef -i de_DE -f UTF-8 de_DE.UTF-8)"
	export LC_ALL=de_DE.UTF-8
	export LANGUAGE=
	# Under an emulator the target's libc reads the host's locale files,
	# which are byte-order specific: a big-endian guest cannot load them.
	if [[ -n ${RUNNER-} ]]; then
		own sha256sum /nonexistent
		grep -q 'Datei oder Verzeichnis' "$ERR" ||
			skip "the libc under '$RUNNER' cannot load the host's de_DE.UTF-8 locale"
	fi
	mkf a 'one\n'
	mkf b 'two\n'
	mkdir d
	A=$(h sha256sum one)
	B=$(h sha256sum two)
	Z=0000000000000000000000000000000000000000000000000000000000000000
}

teardown() {
	cli_teardown
}

# own NAME ARGS...: sumac alone (no reference), captured into OUT/ERR/RC.
own() {
	_capture sumac_as "$CAP_DIR/own" "$@"
	OUT=$CAP_DIR/own.out
	ERR=$CAP_DIR/own.err
	RC=$(<"$CAP_DIR/own.rc")
}

# The warnings with a count have message ids with PRIuMAX in them
# ("system-dependent" ids): musl's gettext does not read those.
need_sysdep_msgids() {
	if grep -qa 'ld-musl' "$SUMAC"; then
		skip "musl's gettext cannot look up coreutils' PRIuMAX message ids"
	fi
}

@test "German: a missing file and a directory" {
	compare_gnu sha256sum nofile
	assert_rc 1
	assert_err_has "Datei oder Verzeichnis nicht gefunden"
	compare_gnu sha256sum d
	assert_err_has "Ist ein Verzeichnis"
	compare_gnu sha256sum a nofile d b
	compare_gnu md5sum nofile
}

@test "German: --check says OK (GNU's translation of it)" {
	printf '%s  a\n%s  b\n' "$A" "$B" >good
	compare_gnu sha256sum -c good
	assert_rc 0
}

@test "German: --check FAILED, FAILED open or read, malformed lines, the summary" {
	need_sysdep_msgids
	printf '%s  a\n%s  b\nx  y\n%s  nofile\nzz\n' "$A" "$Z" "$Z" >bad
	compare_gnu sha256sum -c bad
	assert_rc 1
	assert_out_has "FEHLSCHLAG"
	assert_err_has "WARNUNG: 2 Zeilen"
	compare_gnu sha256sum -c -w bad
	compare_gnu sha256sum -c --strict bad
	compare_gnu sha256sum -c --quiet bad
	compare_gnu sha256sum -c --status bad
	printf '%s  nofile\n' "$Z" >missing
	compare_gnu sha256sum -c missing d nofile
	printf '%s  b\n%s  b\n' "$Z" "$Z" >two
	compare_gnu sha256sum -c two
	assert_err_has "WARNUNG: 2 berechnete"
}

@test "German: --check messages without a count" {
	printf '%s  nofile\n' "$Z" >missing
	compare_gnu sha256sum -c --ignore-missing missing
	assert_err_has "keine Datei wurde"
	compare_gnu sha256sum -c d
	assert_err_has "Lesefehler"
	compare_gnu sha256sum -c /dev/null
	STDIN_FILE=/dev/null compare_gnu sha256sum -c
	STDIN_FILE=/dev/null compare_gnu sha256sum -c -
	assert_err_has "Standardeingabe"
}

@test "German: option errors and the Try line" {
	local args
	for args in --s --st --t --=x -Q -bQ --tag=1 --check=x --bogus --bogus=1 \
		--quiet --status -w --strict --ignore-missing '-c --tag' '--tag -t' '-z -c' '-b -c'; do
		# shellcheck disable=SC2086 # one case, several words
		compare_gnu sha256sum $args a
		assert_rc 1
		assert_err_has "liefert weitere Informationen"
	done
}

@test "German: write errors" {
	STDOUT_MODE=full compare_gnu sha256sum a
	assert_err_has "Schreibfehler"
	STDOUT_MODE=full compare_gnu sha256sum -z a
}

@test "German: sumac's own messages stay English" {
	own sumac --backend=nope a
	assert_rc 1
	assert_err_has "unknown backend"
	own sha256sum -j x a
	assert_err_has "invalid number of jobs"
	assert_err_has "liefert weitere Informationen"
}
