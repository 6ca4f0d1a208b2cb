#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Translations: with a German or French locale, sumac under GNU's names
# prints what GNU coreutils 9.1 prints, because both look GNU's messages up
# in the system's coreutils (and glibc "libc") catalogues.  Compared with
# /usr/bin live; needs the de_DE.UTF-8 and fr_FR.UTF-8 locales and the
# German and French coreutils catalogues (.ci/run generates the locales and
# Debian's coreutils package ships the catalogues).
#
# The "made-up catalogue" tests check that each level looks messages up
# with the ids of its GNU release: only 9.1's catalogues are installed, so
# they build one with msgfmt (package gettext) from a .po written below,
# whose translations are this suite's own inventions, and point sumac at
# it with SUMAC_TEST_LOCALEDIR.  As root, GNU 9.1, 9.7, 9.10 and 9.11 read
# the same catalogue in a private mount namespace (unshare -m, the made-up
# directory bound over /usr/share/locale/fr/LC_MESSAGES) and are compared
# with sumac live.

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
	case $BATS_TEST_DESCRIPTION in
	French*) use_locale fr fr_FR French 'Aucun fichier ou dossier' ;;
	*) use_locale de de_DE German 'Datei oder Verzeichnis' ;;
	esac
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

# use_locale LANG LOCALE WORD TEXT: the test's locale, LOCALE.UTF-8, with
# LANG's coreutils catalogue (WORD names the language); TEXT is how its
# libc says ENOENT.
use_locale() {
	[[ -f /usr/share/locale/$1/LC_MESSAGES/coreutils.mo ]] ||
		skip "no $3 coreutils catalogue (/usr/share/locale/$1/LC_MESSAGES/coreutils.mo)"
	locale -a 2>/dev/null | grep -qix "$2\\.utf-\\?8" ||
		skip "locale $2.UTF-8 not generated (localedef -i $2 -f UTF-8 $2.UTF-8)"
	export LC_ALL=$2.UTF-8
	export LANGUAGE=
	# Under an emulator the target's libc reads the host's locale files,
	# which are byte-order specific: a big-endian guest cannot load them.
	if [[ -n ${RUNNER-} ]]; then
		own sha256sum /nonexistent
		grep -q "$4" "$ERR" ||
			skip "the libc under '$RUNNER' cannot load the host's $2.UTF-8 locale"
	fi
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

# --- French, GNU 9.1's own catalogue -------------------------------------

@test "French: the summary, malformed lines, standard input closed, option errors" {
	need_sysdep_msgids
	printf '%s  a\n%s  b\nx  y\n%s  nofile\nzz\n' "$A" "$Z" "$Z" >bad
	compare_gnu sha256sum -c bad
	assert_rc 1
	compare_gnu sha256sum -c -w bad
	# The name of standard input is translated inside errno's message
	# too (it was English there).
	STDIN_FILE='<closed>' compare_gnu sha224sum --check
	assert_err_has "entrée standard: Mauvais descripteur de fichier"
	STDIN_FILE='<closed>' compare_gnu sha224sum -c -
	compare_gnu cksum -a blake2b -l x a
	assert_err_has "longueur incorrecte: «"
	compare_gnu cksum -a blake2b -l 99999999999999999999999 a
	compare_gnu cksum -a blake2b -l 12 a
	compare_gnu cksum -a md5 -l 8 a
	compare_gnu cksum -a crc -c a
	compare_gnu cksum -a bogus a
	assert_err_has "argument «"
	assert_err_has "bogus"
	compare_gnu cksum -a sha a
	STDOUT_MODE=full compare_gnu sha256sum a
}

# --- French, made-up catalogues: each level's message ids ----------------

# fake_catalogue DIR: DIR/fr/LC_MESSAGES/{coreutils,gnulib}.mo from .po
# files of this suite's own making ("t91:" marks a translation of a 9.1 id,
# "t95:" of 9.5's, "t911:" of 9.11's...), and glibc's libc.mo copied as is.
fake_catalogue() {
	local dir=$1/fr/LC_MESSAGES w
	mkdir -p "$dir"
	local head='msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"
'
	{
		printf '%s\n' "$head"
		for w in '%<PRIuMAX>:t91' '%ju:t95' '%jd:t911'; do
			local c=${w%%:*} t=${w##*:}
			cat <<-PO
				#, c-format
				msgid "WARNING: $c line is improperly formatted"
				msgid_plural "WARNING: $c lines are improperly formatted"
				msgstr[0] "$t: $c bad line"
				msgstr[1] "$t: $c bad lines"

				#, c-format
				msgid "WARNING: $c listed file could not be read"
				msgid_plural "WARNING: $c listed files could not be read"
				msgstr[0] "$t: $c unread file"
				msgstr[1] "$t: $c unread files"

				#, c-format
				msgid "WARNING: $c computed checksum did NOT match"
				msgid_plural "WARNING: $c computed checksums did NOT match"
				msgstr[0] "$t: $c mismatch"
				msgstr[1] "$t: $c mismatches"

				#, c-format
				msgid "%s: $c: improperly formatted %s checksum line"
				msgstr "$t: %s: $c: bad %s line"

			PO
		done
		cat <<-'PO'
			msgid "--check is not supported with --algorithm={bsd,sysv,crc}"
			msgstr "t91: no --check for crc"

			msgid "--check is not supported with --algorithm={bsd,sysv,crc,crc32b}"
			msgstr "t96: no --check for crc"

			msgid "--length is only supported with --algorithm=blake2b"
			msgstr "t91: no --length here"

			msgid "--length is only supported with --algorithm blake2b, sha2, or sha3"
			msgstr "t98: no --length here"

			msgid "standard input"
			msgstr "t-stdin"

			msgid "invalid length"
			msgstr "t-length"

			msgid "`"
			msgstr "<<"

			msgid "'"
			msgstr ">>"

			#, c-format
			msgid "invalid argument %s for %s"
			msgstr "t-coreutils: bad %s for %s"

			msgid "write error"
			msgstr "t-coreutils: write error"
		PO
	} >"$BATS_TEST_TMPDIR/coreutils.po"
	{
		printf '%s\n' "$head"
		cat <<-'PO'
			msgid "`"
			msgstr "[["

			msgid "'"
			msgstr "]]"

			#, c-format
			msgid "invalid argument %s for %s"
			msgstr "t-gnulib: bad %s for %s"

			msgid "Valid arguments are:"
			msgstr "t-gnulib: valid:"

			msgid "write error"
			msgstr "t-gnulib: write error"
		PO
	} >"$BATS_TEST_TMPDIR/gnulib.po"
	msgfmt --check-format -o "$dir/coreutils.mo" "$BATS_TEST_TMPDIR/coreutils.po" &&
		msgfmt --check-format -o "$dir/gnulib.mo" "$BATS_TEST_TMPDIR/gnulib.po" || return 1
	if [[ -f /usr/share/locale/fr/LC_MESSAGES/libc.mo ]]; then
		cp /usr/share/locale/fr/LC_MESSAGES/libc.mo "$dir/"
	fi
}

need_fake_catalogue() {
	need_sysdep_msgids
	command -v msgfmt >/dev/null || skip "needs msgfmt (package gettext)"
	FAKE=$BATS_TEST_TMPDIR/locale
	fake_catalogue "$FAKE"
}

# at LEVEL NAME ARGS...: sumac as NAME at LEVEL with the made-up catalogue.
at() {
	local level=$1
	shift
	SUMAC_GNU_COMPAT=$level SUMAC_TEST_LOCALEDIR=$FAKE own "$@"
}

# fake_cases LEVEL: GNU and sumac at LEVEL on the made-up catalogue:
# summary, -w, standard input, argmatch, quote(), the two messages that name
# cksum's algorithms, write errors found at exit and while running.
fake_cases() {
	local level=$1 many=()
	printf '%s  a\n%s  b\nx  y\n%s  nofile\nzz\n' "$A" "$Z" "$Z" >bad
	gnu_vs_sumac "$level" sha256sum -c -w bad
	STDIN_FILE='<closed>' gnu_vs_sumac "$level" sha256sum -c
	gnu_vs_sumac "$level" cksum -a bogus a
	gnu_vs_sumac "$level" cksum -a blake2b -l x a
	gnu_vs_sumac "$level" cksum -a crc -c a
	gnu_vs_sumac "$level" cksum -a md5 -l 8 a
	STDOUT_MODE=full gnu_vs_sumac "$level" sha256sum a
	for _ in {1..100}; do many+=(a); done
	STDOUT_MODE=full gnu_vs_sumac "$level" sha256sum "${many[@]}"
}

@test "French, made-up catalogue: 9.1 looks up 9.1's ids (coreutils' domain for gnulib's)" {
	need_fake_catalogue
	printf '%s  a\n%s  b\nx  y\n%s  nofile\nzz\n' "$A" "$Z" "$Z" >bad
	at 9.1 sha256sum -c -w bad
	assert_err_has "t91: bad: 3: bad SHA256 line"
	assert_err_has "t91: 2 bad lines"
	assert_err_has "t91: 1 unread file"
	assert_err_has "t91: 1 mismatch"
	STDIN_FILE='<closed>' at 9.1 sha256sum -c
	assert_err_has "sha256sum: t-stdin: Mauvais descripteur de fichier"
	at 9.1 cksum -a bogus a
	assert_err_has "t-coreutils: bad <<bogus>> for <<--algorithm>>"
	assert_err_has "Valid arguments are:"
	at 9.1 cksum -a blake2b -l x a
	assert_err_has "cksum: t-length: <<x>>"
	at 9.1 cksum -a crc -c a
	assert_err_has "t91: no --check for crc"
	at 9.1 cksum -a md5 -l 8 a
	assert_err_has "t91: no --length here"
	STDOUT_MODE=full at 9.1 sha256sum a
	assert_err_has "t-coreutils: write error"
}

@test "French, made-up catalogue: 9.7 looks up 9.5's ids, 9.6's, and gnulib's domain" {
	need_fake_catalogue
	printf '%s  a\n%s  b\nx  y\n%s  nofile\nzz\n' "$A" "$Z" "$Z" >bad
	at 9.7 sha256sum -c -w bad
	assert_err_has "t95: bad: 3: bad SHA256 line"
	assert_err_has "t95: 2 bad lines"
	assert_err_has "t95: 1 unread file"
	assert_err_has "t95: 1 mismatch"
	at 9.7 cksum -a bogus a
	assert_err_has "t-gnulib: bad [[bogus]] for [[--algorithm]]"
	assert_err_has "t-gnulib: valid:"
	at 9.7 cksum -a blake2b -l x a
	assert_err_has "cksum: t-length: [[x]]"
	at 9.7 cksum -a crc -c a
	assert_err_has "t96: no --check for crc"
	at 9.7 cksum -a md5 -l 8 a
	assert_err_has "t91: no --length here"
	STDOUT_MODE=full at 9.7 sha256sum a
	assert_err_has "t-gnulib: write error"
}

@test "French, made-up catalogue: 9.11 looks up 9.8's and 9.11's ids" {
	need_fake_catalogue
	printf '%s  a\n%s  b\nx  y\n%s  nofile\nzz\n' "$A" "$Z" "$Z" >bad
	at 9.11 sha256sum -c -w bad
	assert_err_has "t911: bad: 3: bad SHA256 line"
	assert_err_has "t911: 2 bad lines"
	at 9.11 cksum -a md5 -l 8 a
	assert_err_has "t98: no --length here"
	# A write error found while running (stdio's buffer filled) is
	# coreutils' own message from 9.10; one found at exit is gnulib's.
	local many=()
	for _ in {1..100}; do many+=(a); done
	STDOUT_MODE=full at 9.11 sha256sum "${many[@]}"
	assert_err_has "t-coreutils: write error"
}

# in_fake_ns CMD...: CMD in a private mount namespace whose
# /usr/share/locale/fr/LC_MESSAGES is the made-up catalogue.
in_fake_ns() {
	unshare -m sh -c 'mount --bind "$0" /usr/share/locale/fr/LC_MESSAGES && exec "$@"' \
		"$FAKE/fr/LC_MESSAGES" "$@"
}

need_fake_ns() {
	[[ $EUID -eq 0 && -z ${RUNNER-} ]] || skip "needs root, natively, for a private mount namespace"
	in_fake_ns true 2>/dev/null || skip "unshare -m and a bind mount are not permitted here"
}

# gnu_vs_sumac LEVEL NAME ARGS...: GNU LEVEL and sumac at LEVEL, both reading
# the made-up catalogue from the system's directory; byte-identical stdout,
# stderr and status, as compare_gnu.
gnu_vs_sumac() {
	local level=$1 name=$2 ref
	shift 2
	if [[ $level == 9.1 ]]; then
		ref=(bash -c 'exec -a "$0" "$@"' "$name" "/usr/bin/$name")
	else
		[[ -x $SUMAC_GNU_REF/$level/bin/$name ]] || return 0
		ref=("$SUMAC_GNU_REF/$level/bin/$name")
	fi
	ns_capture "$CAP_DIR/ns.ref" in_fake_ns "${ref[@]}" "$@"
	ns_capture "$CAP_DIR/ns.got" in_fake_ns env SUMAC_GNU_COMPAT="$level" \
		bash -c 'exec -a "$0" "$@"' "$name" "$SUMAC" "$@"
	local f
	for f in out err rc; do
		if ! cmp -s "$CAP_DIR/ns.ref.$f" "$CAP_DIR/ns.got.$f"; then
			echo "GNU $level $name $*: $f differs"
			_show_diff "$f" "$CAP_DIR/ns.ref.$f" "$CAP_DIR/ns.got.$f"
			return 1
		fi
	done
}

ns_capture() {
	local base=$1 rc=0
	shift
	: >"$base.out"
	case "${STDOUT_MODE-}:${STDIN_FILE-}" in
	:'<closed>') "$@" <&- >"$base.out" 2>"$base.err" || rc=$? ;;
	full:*) "$@" </dev/null >/dev/full 2>"$base.err" || rc=$? ;;
	*) "$@" </dev/null >"$base.out" 2>"$base.err" || rc=$? ;;
	esac
	echo "$rc" >"$base.rc"
}

@test "French, made-up catalogue: GNU 9.1, 9.7, 9.10 and 9.11 read it as sumac does" {
	need_fake_catalogue
	need_fake_ns
	local level
	for level in 9.1 9.7 9.10 9.11; do
		fake_cases "$level"
	done
}
