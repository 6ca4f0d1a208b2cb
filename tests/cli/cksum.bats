#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# cksum: the options, refusals, output lines and --check of each GNU
# release there is a real cksum of, sumac at that very level (9.1:
# /usr/bin; 9.7, 9.10, 9.11: gnu-ref).  9.7 stands for 9.4-9.9 (the
# compatibility suite's level 9.4); cksum gained crc32b in 9.6, so it is
# compared at 9.7 itself.  Algorithms this build lacks are left out
# (cksum_has).  The one place sumac differs on purpose, a length on a
# fixed-length tag (SHA256-8), is tested against sumac's own rule.
#
# The reference of each release is its program, live, where it runs here;
# otherwise, or with SUMAC_CLI_GOLDEN set, golden/cksum/<release>.txt,
# recorded from that program by `tests/cli/update-golden.sh cksum` (keyed
# by the arguments and standard input: helpers.bash, kg_*).  The first
# test says which each release uses; a release with neither is skipped.
# In golden mode the --debug lines that name this CPU's CRC path are
# compared as "some such lines here" (x86-64, aarch64) or not at all
# (elsewhere): they are compared word for word live only.

load helpers

# SUMAC_CKSUM_LEVELS: the releases to compare with (default all four).
# .ci/run compares all of them once, natively, and only 9.11 in its other
# lanes (emulators, sanitizers, other backends): what changes with the
# level is option parsing and wording, the same code on every lane.
# shellcheck disable=SC2206
LEVELS=(${SUMAC_CKSUM_LEVELS:-9.1 9.7 9.10 9.11})
# The keyed golden files, one per release; update-golden.sh records into
# another directory (SUMAC_CLI_UPDATE_GOLDEN set: GNU runs, sumac does not).
CK_GOLDEN=${SUMAC_CKSUM_GOLDEN:-$BATS_TEST_DIRNAME/golden/cksum}
CK_RECORD=${SUMAC_CLI_UPDATE_GOLDEN:+1}

# ref_cksum LEVEL: the reference program, or nothing.
ref_cksum() {
	local dir=${SUMAC_GNU_REF:-$BATS_TEST_DIRNAME/../../../shared/gnu-ref}
	case $1 in
	9.1) [[ $(/usr/bin/cksum --version 2>/dev/null | sed -n '1s/.* //p') == 9.1 ]] && echo /usr/bin/cksum ;;
	*) [[ -x $dir/$1/bin/cksum && $("$dir/$1/bin/cksum" --version 2>/dev/null |
		sed -n '1s/.* //p') == "$1" ]] && echo "$dir/$1/bin/cksum" ;;
	esac
}

# Each release's reference, decided once for the file: CK_MODE_<n>
# (live, golden, record or none; n is the release without its dot) and
# CK_REF_<n> (the program, when it runs).
setup_file() {
	local rel n ref mode why
	for rel in 9.1 9.7 9.10 9.11; do
		n=${rel/./_}
		ref=$(ref_cksum "$rel") || true
		why=
		if [[ -n $CK_RECORD ]]; then
			mode=record why="from $ref into $CK_GOLDEN/$rel.rec"
			[[ " ${LEVELS[*]} " == *" $rel "* ]] || mode=none why="not in SUMAC_CKSUM_LEVELS"
			[[ -n $ref ]] || mode=none why="no GNU cksum $rel here to record"
		elif [[ -n $ref && -z ${SUMAC_CLI_GOLDEN-} ]]; then
			mode=live why=$ref
		elif [[ -f $CK_GOLDEN/$rel.txt ]]; then
			mode=golden why="$CK_GOLDEN/$rel.txt"
			if [[ -n ${SUMAC_CLI_GOLDEN-} ]]; then
				why+=" (SUMAC_CLI_GOLDEN set)"
			else
				why+=" (no GNU cksum $rel here)"
			fi
		else
			mode=none why="no GNU cksum $rel here, no golden file: not compared"
		fi
		export "CK_MODE_$n=$mode" "CK_REF_$n=$ref"
		echo "# cksum $rel: $mode, $why" >&3
	done
}

setup() {
	cli_setup
	printf 'one\n' >a
	printf 'two\n' >b
	: >empty
	head -c 3000 /dev/zero | tr '\0' 'x' >big
	mkdir dir
	printf 'x\n' >'sp ace'
	printf 'x\n' >'back\slash'
	printf 'x\n' >$'new\nline'
}

teardown() {
	cli_teardown
}

# cksum_has ALGO: this build hashes ALGO (the families that other
# branches add may be missing); when recording, GNU has them all.
declare -A CK_HAS=()
cksum_has() {
	local l=()
	[[ -z $CK_RECORD ]] || return 0
	if [[ -z ${CK_HAS[$1]-} ]]; then
		[[ $1 == sha2 || $1 == sha3 ]] && l=(-l 256)
		CK_HAS[$1]=no
		SUMAC_GNU_COMPAT=9.11 sumac_as cksum -a "$1" "${l[@]}" /dev/null >/dev/null 2>&1 && CK_HAS[$1]=yes
	fi
	[[ ${CK_HAS[$1]} == yes ]]
}

# b64 HEX: the bytes HEX spells, in base64.
b64() {
	local hex=$1 esc=
	while [[ -n $hex ]]; do
		esc+="\\x${hex:0:2}"
		hex=${hex:2}
	done
	# shellcheck disable=SC2059
	printf "$esc" | base64 -w0
}

# ref_run RELEASE ARGS...: the reference's stdout, stderr and status for
# ARGS in $CAP_DIR/g.{out,err,rc}, stdin from $STDIN_FILE (default
# /dev/null), stdout /dev/full with STDOUT_FULL=1: from the program (live),
# from the golden file, or from the program and recorded.  Returns 2 when
# there is nothing to compare with (no reference; recording), 1 when the
# golden file lacks the case.
ref_run() {
	local rel=$1 n=${1/./_} mode ref rc=0 in=${STDIN_FILE:-/dev/null} key gout=$CAP_DIR/g.out
	shift
	CK_DEBUG=
	mode=CK_MODE_$n ref=CK_REF_$n
	mode=${!mode-none} ref=${!ref-}
	kg_key "$@" "<$in"
	# A case run under a GLIBC_TUNABLES is a case of its own.
	[[ -v GLIBC_TUNABLES ]] && key="GLIBC_TUNABLES=${GLIBC_TUNABLES// /\\x20} $key"
	[[ ${STDOUT_FULL-} == 1 ]] && key+=' >/dev/full'
	case $mode in
	none)
		return 2
		;;
	golden)
		[[ -v "KG[$rel|]" ]] || kg_load "$CK_GOLDEN/$rel.txt" "$rel" || return 1
		KG[$rel|]=loaded
		# A CPU's words for its CRC path (--debug): normalised below.
		[[ ${KG[$rel|$key]-} == *'hardware support\n'* || ${KG[$rel|$key]-} == *'support not detected\n'* ]] &&
			CK_DEBUG=1
		kg_write "$rel" "$key" "$CAP_DIR/g" && return 0
		echo "golden/cksum/$rel.txt has no case '$key': re-record it (tests/cli/update-golden.sh cksum)"
		return 1
		;;
	esac
	# A forced backend (CI's lane of SUMAC_BACKEND=portable) is what
	# --debug words, not this CPU's best path: normalised as in golden
	# mode.
	[[ -n ${SUMAC_BACKEND-} ]] && CK_DEBUG=1
	if [[ ${STDOUT_FULL-} == 1 ]]; then
		gout=/dev/full
		: >"$CAP_DIR/g.out"
	fi
	(LC_ALL=C exec -a cksum "$ref" "$@") >"$gout" 2>"$CAP_DIR/g.err" <"$in" || rc=$?
	echo "$rc" >"$CAP_DIR/g.rc"
	if [[ $mode == record ]]; then
		kg_record "$CK_GOLDEN/$rel.rec" "$key" "$CAP_DIR/g"
		return 2
	fi
}

# ck_debug_lines FILE: in golden mode, the --debug lines that name this
# CPU's CRC path (which another CPU words otherwise) become one line
# "cksum: <CPU path>" per run of them on x86-64 and aarch64, and go
# elsewhere (where GNU names no path).
ck_debug_lines() {
	local keep=1
	case $(uname -m) in x86_64 | aarch64) ;; *) keep=0 ;; esac
	awk -v keep=$keep '
		/^cksum: (using (avx512|avx2|pclmul|vmull|generic) hardware support|(avx512|avx2|pclmul|vmull) support not detected)$/ {
			if (keep && !inrun) print "cksum: <CPU path>"
			inrun = 1
			next
		}
		{ inrun = 0; print }' "$1" >"$1.n"
	mv "$1.n" "$1"
}

# same LEVEL ARGS...: cksum's stdout, stderr and status are those of the
# reference of release LEVEL (or REF_LEVEL), stdin from $STDIN_FILE
# (default /dev/null).
same() {
	local level=$1 rel=${REF_LEVEL:-$1} rc=0 in=${STDIN_FILE:-/dev/null} mode
	shift
	ref_run "$rel" "$@" || { rc=$?; ((rc == 2)) && return 0; return 1; }
	local sout=$CAP_DIR/s.out
	# STDOUT_FULL=1: standard output is /dev/full (write errors).
	if [[ ${STDOUT_FULL-} == 1 ]]; then
		sout=/dev/full
		: >"$CAP_DIR/s.out"
	fi
	SUMAC_GNU_COMPAT=$level sumac_as cksum "$@" >"$sout" 2>"$CAP_DIR/s.err" <"$in" || rc=$?
	echo "$rc" >"$CAP_DIR/s.rc"
	mode=CK_MODE_${rel/./_}
	if [[ -n $CK_DEBUG ]]; then
		ck_debug_lines "$CAP_DIR/g.err"
		ck_debug_lines "$CAP_DIR/s.err"
	fi
	if ! cmp -s "$CAP_DIR/g.out" "$CAP_DIR/s.out" || ! cmp -s "$CAP_DIR/g.err" "$CAP_DIR/s.err" ||
		! cmp -s "$CAP_DIR/g.rc" "$CAP_DIR/s.rc"; then
		echo "level $level against GNU $rel (${!mode}): cksum $*"
		diff "$CAP_DIR/g.err" "$CAP_DIR/s.err" || true
		diff <(od -c "$CAP_DIR/g.out") <(od -c "$CAP_DIR/s.out") | head -20 || true
		echo "status $(cat "$CAP_DIR/g.rc") / $(cat "$CAP_DIR/s.rc")"
		return 1
	fi
}

# every ARGS...: same at every level.
every() {
	local level
	for level in "${LEVELS[@]}"; do
		same "$level" "$@"
	done
}

# options_only: a test of option parsing and messages, which is the same
# code on every machine; .ci/run runs it natively (gcc, clang, musl, the
# sanitizers), not again under each emulator (RUNNER), where it costs
# minutes.
options_only() {
	[[ -z ${RUNNER-} ]] || skip "options and messages: compared natively, not under $RUNNER"
}

# The algorithms to hash with: those of this build, GNU's order.
algorithms() {
	local a
	for a in bsd sysv crc crc32b md5 sha1 sha224 sha256 sha384 sha512 blake2b sm3; do
		cksum_has "$a" && echo "$a"
	done
	return 0
}

@test "cksum: options, refusals and their order at every level" {
	options_only
	local a level
	local -a cases=('-x' '-t' '--=x' '--b' '--s' '--st' '--a=md5'
		'-a MD5' '-a sha' '-a md' '-a sha2' '-a sha3' '-a sha2 -l 256' '-a sha3 -l 100'
		'-a sha2 -l 100' '-a sha2 -l 0' '-a sha2 -l x' '-a sha2 -l 0x100' '-a sha2 -l +256'
		'-a sha2 -l -256' '-a sha2 -l 99999999999999999999999' '-a sha256 -l 256' '-a md5 -l 128'
		'-a md5 -l 0' '-a md5 -l a' '-a blake2b -l 12' '-a blake2b -l 0'
		'-a blake2b -l 512' '-a blake2b -l 123 -l 128' '-a blake2b -l 12 -a md5' '-l 12 -a blake2b'
		'-a md5 -b' '-a md5 -t' '-a md5 --untagged -b' '-a md5 --untagged -t' '-a md5 -t --untagged'
		'-a md5 --tag --untagged -b' '-a md5 -b --tag --untagged' '-a md5 --untagged -b --tag'
		'-a md5 -b --untagged --tag --untagged' '-a md5 -b --untagged' '--base64 -a md5'
		'--base64 --raw' '-a md5 --base64 --raw' '-a md5 -c -z' '-a md5 -c -b' '-a md5 -c -t'
		'-a md5 --tag -c' '-a md5 --untagged -c' '-a md5 --tag -t --untagged -c' '-a md5 --status'
		'-a md5 -t --status' '-a md5 --quiet' '-a md5 --warn' '-a md5 --strict' '-a md5 --ignore-missing'
		'-a sha2 --status' '-a sha2 -c -z' '-a sha2 -l 100 -c' '-a sha2 -l 256 -c' '-a sha2 -l 100 --status'
		'-a md5 -l 12 --status' '-a md5 -l 12 --raw --base64' '-a md5 --raw -c' '--debug -a md5'
		'-a md5 -z' '-a md5 --untagged -z' '-c -a md5 --bogus')
	for a in "${cases[@]}"; do
		# shellcheck disable=SC2086
		every $a a
	done
	# GNU 9.6-9.7 silently take anything above 512 as 512: a bug, not
	# copied.
	for level in 9.1 9.10 9.11; do
		same "$level" -a blake2b -l 513 a
		same "$level" -a blake2b -l 1024 a
	done
	every -a md5 --raw a b
	every -a md5 -l '' a
	every -a blake2b -l ' 16' a
}

@test "cksum: options that need the default algorithm (crc)" {
	options_only
	cksum_has crc || skip "no crc in this build"
	local a
	local -a cases=('' '-b' '--t' '--ta' '--u' '--raw' '-l 0' '-l a' '-l -8' '-l -0' '-l 16' '-l 1024' '-l 12'
		'-l 99999999999999999999999' '--u' '--ta' '--t' '-z' '--untagged' '--tag' '--base64'
		'-l 12 --raw --base64' '-l 12 --status' '--raw -z')
	for a in "${cases[@]}"; do
		# shellcheck disable=SC2086
		every $a a
	done
	every --raw a b
	# GNU's words for its CRC path, from this CPU's features.
	every --debug a
	every --debug missing a b
	every -a crc32b --debug a
	every -a sha256 --debug a
	every -c a
	every -a crc -c a
	every -a crc -c -z a
	every --status -a crc -c a
}

@test "cksum: every algorithm's lines: tagged, untagged, -b, base64, raw, -z, names" {
	local a f
	for a in $(algorithms); do
		for f in a empty big; do
			every -a "$a" "$f"
			every -a "$a" --untagged "$f"
			every -a "$a" --untagged -b "$f"
			every -a "$a" --base64 "$f"
			every -a "$a" --base64 --untagged "$f"
			every -a "$a" --raw "$f"
			every -a "$a" -z "$f" b
			every -a "$a" --untagged -z "$f" b
		done
		every -a "$a" a b missing dir empty
		every -a "$a" 'sp ace' 'back\slash' $'new\nline'
		every -a "$a" -z 'back\slash' $'new\nline'
		every -a "$a" --untagged 'back\slash' $'new\nline'
		every -a "$a" -
		every -a "$a" --raw missing
		STDIN_FILE=a every -a "$a"
		STDIN_FILE=a every -a "$a" -
		STDIN_FILE=a every -a "$a" --raw
		STDIN_FILE=big every -a "$a" a - b
	done
}

@test "cksum: write errors (the legacy sums keep going through 9.11)" {
	options_only
	local a
	for a in $(algorithms); do
		STDOUT_FULL=1 every -a "$a" a missing b
	done
	make_lists
	STDOUT_FULL=1 every -c mixed
}

@test "cksum: level 9.4 against GNU 9.7, where 9.5-9.7 changed nothing" {
	local a
	local -a cases=('-a md5' '-a md5 --untagged -b' '-a md5 -t' '-a md5 --tag -c' '-a sha1 --base64'
		'-a blake2b -l 128 --raw' '-a sha256 --untagged -z' '-a md5 -c -t' '-x' '--=x'
		'-a md5 --status' '-a md5 -l 128')
	[[ " ${LEVELS[*]} " == *" 9.7 "* ]] || skip "9.7 is not in SUMAC_CKSUM_LEVELS"
	[[ $CK_MODE_9_7 != none ]] || skip "no GNU cksum 9.7 here, no golden file"
	for a in "${cases[@]}"; do
		# shellcheck disable=SC2086
		REF_LEVEL=9.7 same 9.4 $a a
	done
}

@test "cksum: lengths of blake2b, sha2 and sha3" {
	local l
	for l in 8 128 256 504 512 0; do
		every -a blake2b -l "$l" a
		every -a blake2b -l "$l" --untagged a
		every -a blake2b -l "$l" --base64 a
		every -a blake2b -l "$l" --raw a
	done
	for l in 224 256 384 512; do
		same 9.10 -a sha2 -l "$l" a
		same 9.11 -a sha2 -l "$l" --untagged a
		same 9.11 -a sha2 -l "$l" --base64 a
		same 9.11 -a sha2 -l "$l" --raw a
		if cksum_has sha3; then
			same 9.10 -a sha3 -l "$l" a
			same 9.11 -a sha3 -l "$l" --untagged a
			same 9.11 -a sha3 -l "$l" --base64 --untagged a
			same 9.11 -a sha3 -l "$l" --raw a
		fi
	done
}

# Digests of a ("one\n") and b ("two\n") that helpers.bash has not: the
# check lists below are written from constants, so that they are the same
# whatever program is at hand (GNU's are masked in the packaging step).
CK_SM3_one=8fac0d14c6a074a561bb9e6fc2b4ca8c88208071a075db749028f61c7c8fce1b
CK_SM3_two=eb11906a762b9d9fef3b4eb454899a79581bc6c908dbc6110f1449b94bc4b3e0
CK_SHA3_256_one=9241024260f87e2b901ed6972c48a17c4dc71e0939b0dd445f431f9cf406ca3a
CK_SHA3_384_one_b64=KMRYFTzit3vDNqY/TIgTIBrpFf2kkXuc3/Y+W70LkjvZvBNhj8MzPAMhtfoWmxOP
CK_B2_128_one=4b9ac0e8e7e62a02cfb8da8db147071f
CK_B2_8_one=45
CK_B2_8_two=6e
CK_B2_256_two=a039bbae9b9eb60edbfcfc70b7a53af392e8f53fbc61493db7c77a66af7be097

# lists: the check lines used below, one file each (l1 ...), and m1 ...
# each of them after a good MD5 line.  Numbered the same in every build:
# those of an algorithm this build lacks (LIST_NEEDS) are written but not
# used.
make_lists() {
	local H M B B1 S2 H64 B64 n=0 line
	H=$(h sha256sum one)
	M=$(h md5sum one)
	S2=$(h sha512sum one)
	B=$(h b2sum one)
	B1=$CK_B2_128_one
	H64=$(b64 "$H")
	B64=$(b64 "$B1")
	LISTS=("SHA256 (a) = $H" "SHA2-256 (a) = $H" "SHA2 (a) = $S2" "SHA2-0x100 (a) = $H"
		"SHA2-+256 (a) = $H" "SHA2-255 (a) = $H" "SHA2-512 (a) = $H" "$H  a" "$H *a" "$H a"
		"SHA256 (a) = $H64" "SHA256 (a) = ${H64%?}" "SHA256 (a) = ${H64%??}Z=" "$H64  a"
		"$B64  a" "BLAKE2b-128 (a) = $B64" "sha256 (a) = $H" "CRC (a) = 815791956"
		"MD5 (a) = $M" "MD5(a)= $M" "MD5  (a) = $M" "MD5X(a) = $M" "BLAKE2b (a) = $B"
		"BLAKE2b-128 (a) = $B1" "$B1  a" "$B  a" "$M  a" "SHA512 (a) = $S2" "SHA1 (a) = $H"
		"SHA256 (missing) = $H" "SHA256 (dir) = $H" "MD5 (b) = $M" "\\SHA256 (a) = $H"
		"  SHA256 (a) = $H" "SHA256 (a)=$H" "BLAKE2b-12 (a) = $B1" "BLAKE2bX(a) = $B"
		"BLAKE2b  (a) = $B" "SHA384 (a) = ${S2:0:96}" "$H  missing")
	LIST_NEEDS=()
	LIST_NEEDS[${#LISTS[@]}]=sm3
	LISTS+=("SM3 (a) = $H" "SM3 (a) = $CK_SM3_one" "$CK_SM3_one  a")
	local S3=$CK_SHA3_256_one S3b=$CK_SHA3_384_one_b64
	LIST_NEEDS[${#LISTS[@]}]=sha3
	LISTS+=("SHA3-256 (a) = $S3" "SHA3 (a) = $S3" "SHA3-248 (a) = $S3" "$S3  a" "$S3b  a"
		"SHA3-384 (a) = $S3b" "SHA3-0x100 (a) = $S3" "SHA3-256(a)= $S3" "SHA3-256  (a) = $S3")
	local need=
	LIST_USE=()
	for line in "${LISTS[@]}"; do
		need=${LIST_NEEDS[n]:-$need}
		n=$((n + 1))
		printf '%s\n' "$line" >"l$n"
		printf 'MD5 (a) = %s\n%s\n' "$M" "$line" >"m$n"
		[[ -z $need ]] || cksum_has "$need" || continue
		LIST_USE+=("$n")
	done
	# One list of everything this build has, tagged, with lengths: what
	# cksum -a ALGO a and cksum -a ALGO --base64 b print.
	: >mixed
	local x tag one two
	for x in md5 sha1 sha224 sha256 sha384 sha512 blake2b sm3; do
		cksum_has "$x" || continue
		case $x in
		blake2b) tag=BLAKE2b one=$(h b2sum one) two=$(h b2sum two) ;;
		sm3) tag=SM3 one=$CK_SM3_one two=$CK_SM3_two ;;
		*) tag=${x^^} one=$(h "${x}sum" one) two=$(h "${x}sum" two) ;;
		esac
		printf '%s (a) = %s\n%s (b) = %s\n' "$tag" "$one" "$tag" "$(b64 "$two")" >>mixed
	done
	printf 'BLAKE2b-128 (a) = %s\nBLAKE2b-8 (b) = %s\nBLAKE2b-256 (b) = %s\n' \
		"$CK_B2_128_one" "$CK_B2_8_two" "$(b64 "$CK_B2_256_two")" >>mixed
	# GNU before 9.9 fails a base64 BLAKE2b-8 line that is right (a bug,
	# not copied): compared from 9.10 on.
	printf 'BLAKE2b-8 (a) = %s\n' "$(b64 "$CK_B2_8_one")" >b2short
	[[ -s mixed ]]
}

@test "cksum --check: tags, base64, untagged lines and malformed ones at every level" {
	local n opts
	make_lists
	for n in "${LIST_USE[@]}"; do
		for opts in "" "-a sha256" "-a sha2" "-a md5" "-a blake2b" "-a blake2b -l 128" "-a sha3" \
			"-a sha3 -l 256" "-a sm3"; do
			# shellcheck disable=SC2086
			every -c -w $opts "l$n"
		done
		# After a good line: what the summary says of this one.
		every -c "m$n"
		every -c -a md5 "m$n"
	done
	every -c mixed
	same 9.10 -c b2short
	same 9.11 -c b2short
	every -c --quiet mixed
	every -c --status mixed
	every -c --strict m1 l10
	every -c --strict --status l17
	every -c --ignore-missing l30
	every -c --ignore-missing --status l30
	every -c l31 l30 missing
	every -c --warn --quiet l17 m17 mixed
	STDIN_FILE=mixed every -c
	STDIN_FILE=mixed every -c - l1
}

@test "cksum --check: sumac refuses a length on a fixed-length tag (GNU compares that prefix)" {
	local H M
	H=$(h sha256sum one)
	M=$(h md5sum one)
	printf 'SHA256-8 (a) = %s\n' "${H:0:2}" >trunc
	printf 'SHA256-256 (a) = %s\n' "$H" >full
	printf 'MD5-64 (a) = %s\n' "${M:0:16}" >md5trunc
	printf 'SHA1-80 (a) = 0000000000000000000a\n' >sha1trunc
	local level f rc=0
	# This is a difference: GNU (every release) says OK.
	ref_run 9.11 -c trunc || rc=$?
	if ((rc == 0)); then
		[[ $(<"$CAP_DIR/g.rc") == 0 && $(<"$CAP_DIR/g.out") == "a: OK" ]]
	elif ((rc == 1)); then
		return 1
	fi
	[[ -z $CK_RECORD ]] || return 0
	for level in "${LEVELS[@]}"; do
		for f in trunc full md5trunc; do
			for opts in "" "-a sha256" "-a md5"; do
				# shellcheck disable=SC2086
				SUMAC_GNU_COMPAT=$level run sumac_as cksum -c -w $opts "$f"
				[[ $status -eq 1 ]]
				[[ $output == *"improperly formatted"* ]]
				[[ $output != *": OK"* ]]
			done
		done
		SUMAC_GNU_COMPAT=$level run sumac_as cksum -c -w trunc
		[[ $output == *"trunc: 1: improperly formatted SHA256 checksum line"* ]]
		SUMAC_GNU_COMPAT=$level run sumac_as cksum -c sha1trunc
		[[ $status -eq 1 && $output == *"no properly formatted checksum lines found"* ]]
	done
}

@test "cksum: -j and the byte counts of the legacy lines" {
	[[ -z $CK_RECORD ]] || skip "sumac alone"
	local a
	for a in $(algorithms); do
		want=$(sumac_as cksum -a "$a" a big empty b)
		got=$(sumac_as cksum -j3 -a "$a" a big empty b)
		[[ $got == "$want" ]]
		got=$(SUMAC_LANES=always sumac_as cksum -j2 -a "$a" a big empty b)
		[[ $got == "$want" ]]
	done
}

# glibc.cpu.hwcaps values in GLIBC_TUNABLES (GNU 9.8+ reads them through
# gnulib's cpu_supports(); 9.1 and 9.7 do not): the syntax cases of
# tests/unit/test_hwcaps.  CK_HWCAPS are values glibc's own loader takes
# too; with the others the loader of gnu-ref's 9.7 and 9.10 (glibc 2.41,
# 2.43) warns on stderr, which is glibc's doing, not cksum's, so they are
# compared with 9.11 only (built on this host's glibc, which says nothing).
CK_HWCAPS_ALL=glibc.cpu.hwcaps=-AVX512F,-AVX2,-AVX,-PMULL
CK_HWCAPS=("$CK_HWCAPS_ALL" glibc.cpu.hwcaps=-AVX glibc.cpu.hwcaps=-AVX2
	glibc.cpu.hwcaps=-AVX512F glibc.cpu.hwcaps=-AVX512BW glibc.cpu.hwcaps=-VPCLMULQDQ
	glibc.cpu.hwcaps=-PCLMUL glibc.cpu.hwcaps=-PCLMULQDQ glibc.cpu.hwcaps=-avx512f
	glibc.cpu.hwcaps=AVX512F glibc.cpu.hwcaps=+AVX512F glibc.cpu.hwcaps=-PMULL
	glibc.malloc.check=0:glibc.cpu.hwcaps=-AVX512F
	glibc.cpu.hwcaps=-AVX512F:glibc.cpu.hwcaps=-AVX2 glibc.cpu.hwcaps=-AVX2:glibc.cpu.hwcaps=
	glibc.cpu.hwcaps=-FOO-AVX512F xglibc.cpu.hwcaps=-AVX512F
	glibc.cpu.hwcaps=-AVX512FX,-AVX512F glibc.cpu.hwcaps=-AVX512F, glibc.cpu.hwcaps=,-AVX512F
	glibc.cpu.hwcaps=x,-AVX512F,-AVX2 'glibc.cpu.hwcaps= -AVX512F'
	glibc.cpu.hwcaps=-VPCLMULQDQ,-PCLMULQDQ glibc.cpu.hwcaps=-AVX512BW,-AVX2 '')
CK_HWCAPS_911=(glibc.cpu.hwcaps=-AVX2:-AVX512F glibc.cpu.hwcaps=-AVX512F=1
	glibc.cpu.x86_foo=glibc.cpu.hwcaps=-AVX512F)

@test "cksum: GLIBC_TUNABLES glibc.cpu.hwcaps, as GNU reads it (9.10, 9.11) or not (9.1, 9.7)" {
	options_only
	cksum_has crc || skip "no crc in this build"
	local t
	for t in "${CK_HWCAPS[@]}"; do
		GLIBC_TUNABLES=$t every --debug a
		GLIBC_TUNABLES=$t every -a crc32b --debug a
	done
	for t in "${CK_HWCAPS_911[@]}"; do
		GLIBC_TUNABLES=$t same 9.11 --debug a
		GLIBC_TUNABLES=$t same 9.11 -a crc32b --debug a
	done
	# Nothing else reads it: no path is named for the digests.
	GLIBC_TUNABLES=$CK_HWCAPS_ALL every -a sha256 --debug a
	GLIBC_TUNABLES=$CK_HWCAPS_ALL every -a md5 --debug big
}

# ck_debug LEVEL ARGS...: sumac's cksum --debug stderr at LEVEL, in $err.
ck_debug() {
	local level=$1
	shift
	err=$(SUMAC_GNU_COMPAT=$level sumac_as cksum --debug "$@" 2>&1 >/dev/null)
}

@test "cksum: GNU's GLIBC_TUNABLES value turns every CRC path off from 9.8, not before" {
	[[ -z $CK_RECORD ]] || skip "sumac alone"
	cksum_has crc || skip "no crc in this build"
	local level err plain want want32b
	case $(uname -m) in
	x86_64 | i?86)
		want=$'cksum: avx512 support not detected\ncksum: avx2 support not detected\ncksum: pclmul support not detected'
		want32b='cksum: pclmul support not detected'
		;;
	aarch64) want='cksum: vmull support not detected' want32b='' ;;
	*) want='' want32b='' ;;
	esac
	for level in 9.8 9.9 9.10 9.11; do
		GLIBC_TUNABLES=$CK_HWCAPS_ALL ck_debug "$level" /dev/null
		[[ $err == "$want" ]] || { echo "$level crc: $err"; return 1; }
		GLIBC_TUNABLES=$CK_HWCAPS_ALL ck_debug "$level" -a crc32b /dev/null
		[[ $err == "$want32b" ]] || { echo "$level crc32b: $err"; return 1; }
	done
	# Before 9.8 the variable is not read: the same lines as without it.
	for level in 9.1 9.4 9.6 9.7; do
		for a in crc crc32b; do
			[[ $a == crc32b && $level == 9.[14] ]] && continue
			ck_debug "$level" -a "$a" /dev/null
			plain=$err
			GLIBC_TUNABLES=$CK_HWCAPS_ALL ck_debug "$level" -a "$a" /dev/null
			[[ $err == "$plain" ]] || { echo "$level $a: '$err', not '$plain'"; return 1; }
		done
	done
	# Nor by sumac's own name, whose --debug names the row.
	plain=$(sumac_as sumac --debug -a crc /dev/null 2>&1)
	[[ $(GLIBC_TUNABLES=$CK_HWCAPS_ALL sumac_as sumac --debug -a crc /dev/null 2>&1) == "$plain" ]]
}

@test "cksum: glibc.cpu.hwcaps and SUMAC_CPU together" {
	[[ -z $CK_RECORD ]] || skip "sumac alone"
	cksum_has crc || skip "no crc in this build"
	local err
	ck_debug 9.11 /dev/null
	[[ $err == 'cksum: using avx512 hardware support' ]] ||
		skip "needs the AVX-512 CRC path here (x86-64 with VPCLMULQDQ): $err"
	# Each mask alone leaves a wide path; together only the xmm one.
	GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX512F ck_debug 9.11 /dev/null
	[[ $err == *'using avx2 hardware support' ]]
	SUMAC_CPU=-avx512bw ck_debug 9.11 /dev/null
	[[ $err == *'using avx2 hardware support' ]]
	GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2 ck_debug 9.11 /dev/null
	[[ $err == 'cksum: using avx512 hardware support' ]]
	SUMAC_CPU=-avx512bw GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2 ck_debug 9.11 /dev/null
	[[ $err == *$'avx2 support not detected\ncksum: using pclmul hardware support' ]]
	# A backend forced through SUMAC_BACKEND that the setting keeps off
	# is passed over (SUMAC_BACKEND never makes a GNU name fail).
	SUMAC_BACKEND=x86-avx512 GLIBC_TUNABLES=$CK_HWCAPS_ALL ck_debug 9.11 /dev/null
	[[ $err == *'pclmul support not detected' ]]
}

# GNU's tests/cksum/cksum.sh, in sumac's words: the CRC and CRC-32b of
# five inputs (every byte value at several offsets; sizes that take the
# 4-fold and 1-fold steps of the folding kernels; a 64 KiB buffer plus 32
# and plus 128 bytes) under glibc.cpu.hwcaps names added one at a time,
# which walks every path down to the portable one.
ck_inputs() {
	local off s='' all
	# shellcheck disable=SC2046
	all=$(printf '\\%03o' $(seq 0 255))
	# Bytes 0..off, then every byte, for off from -1 to 6; -1 gives one
	# NUL in GNU's script (its empty list prints as one %03o of 0).
	for off in $(seq -1 6); do
		# shellcheck disable=SC2046
		s+=$(printf '\\%03o' $(seq 0 "$off"))$all
	done
	# shellcheck disable=SC2059
	printf "$s" >in1
	# shellcheck disable=SC2046,SC2059
	printf "$(printf '\\%03o' $(seq 0 130))" >in2
	# shellcheck disable=SC2046,SC2059
	printf "$(printf '\\%03o' $(seq 0 64))" >in3
	seq 1 12780 >in4
	seq 1 12795 >in5
}

@test "cksum: crc and crc32b on every path, GNU's known answers (tests/cksum/cksum.sh)" {
	[[ -z $CK_RECORD ]] || skip "sumac alone"
	cksum_has crc32b || skip "no crc32b in this build"
	ck_inputs
	local -A want=([in1]='4097727897 559400337' [in2]='3800919234 3739179551'
		[in3]='796287823 1086353368' [in4]='3720986905 388883562'
		[in5]='4278270357 2796628507')
	local t=glibc.cpu.hwcaps= off f level size crc crc32b
	for off in NONE AVX512F AVX2 AVX PMULL; do
		t+="-$off,"
		for level in 9.7 9.11; do
			for f in in1 in2 in3 in4 in5; do
				size=$(stat -c %s "$f")
				read -r crc crc32b <<<"${want[$f]}"
				[[ $(GLIBC_TUNABLES=$t SUMAC_GNU_COMPAT=$level sumac_as cksum -a crc "$f") == "$crc $size $f" ]]
				[[ $(GLIBC_TUNABLES=$t SUMAC_GNU_COMPAT=$level sumac_as cksum -a crc32b "$f") == "$crc32b $size $f" ]]
			done
		done
	done
	# A missing file fails; the full value names no path in use.
	run sumac_as cksum missing
	[[ $status -eq 1 ]]
	GLIBC_TUNABLES=$CK_HWCAPS_ALL ck_debug 9.11 /dev/null
	[[ $err != *using*'hardware support'* ]]
}

# The names cksum --help lists, as GNU's tests/cksum/cksum-base64.pl
# reads them: each line that starts with two blanks and a letter.
ck_help_names() {
	"$@" --help | sed -n 's/^  \([[:alpha:]][^[:space:]]*\).*/\1/p' | tr '\n' ' '
}

@test "cksum --help: the algorithm list of each level, as GNU's tests read it" {
	[[ -z $CK_RECORD ]] || skip "sumac alone"
	local level want ref
	for level in 9.1 9.2 9.4 9.5 9.6 9.7 9.8 9.9 9.10 9.11; do
		case $level in
		9.[1-5]) want='sysv bsd crc md5 sha1 sha224 sha256 sha384 sha512 blake2b sm3 ' ;;
		9.[67]) want='sysv bsd crc crc32b md5 sha1 sha224 sha256 sha384 sha512 blake2b sm3 ' ;;
		*) want='sysv bsd crc crc32b md5 sha1 sha2 sha3 blake2b sm3 ' ;;
		esac
		[[ $(SUMAC_GNU_COMPAT=$level ck_help_names sumac_as cksum) == "$want" ]] ||
			{ echo "$level: $(SUMAC_GNU_COMPAT=$level ck_help_names sumac_as cksum)"; return 1; }
		# Each name is one -a takes at that level.
		for a in $want; do
			l=()
			[[ $a == sha[23] ]] && l=(-l 256)
			SUMAC_GNU_COMPAT=$level sumac_as cksum -a "$a" "${l[@]}" /dev/null >/dev/null
		done
	done
	# The same names as GNU's own help, live (the prose is not compared).
	for level in 9.1 9.7 9.10 9.11; do
		ref=$(ref_cksum "$level") || true
		[[ -n $ref ]] || continue
		[[ $(SUMAC_GNU_COMPAT=$level ck_help_names sumac_as cksum) == "$(ck_help_names "$ref")" ]]
	done
}

# GNU's tests/cksum/cksum-base64.pl, in sumac's words: the base64 digest
# of an empty file by each algorithm, read back by --check --strict, and
# refused once a '=' of its padding is dropped; NULs as a list.
@test "cksum: base64 digests of the empty file and their padding (tests/cksum/cksum-base64.pl)" {
	[[ -z $CK_RECORD ]] || skip "sumac alone"
	: >f
	local -a pairs=('sysv|0 0 f' 'bsd|00000     0 f' 'crc|4294967295 0 f' 'crc32b|0 0 f'
		'md5|MD5 (f) = 1B2M2Y8AsgTpgAmY7PhCfg=='
		'sha1|SHA1 (f) = 2jmj7l5rSw0yVb/vlWAYkK/YBwk='
		'sha512|SHA512 (f) = z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=='
		'sha3 -l 512|SHA3-512 (f) = pp9zzKI6msXItWfcGFp1bpfJghZP4lhZ4NHcwUdcgKYVshI68fX5TBHj6UAsOsVY9QAZnZW20+MBdYWGKB3NJg=='
		'blake2b|BLAKE2b (f) = eGoC90IBWQPGxv2FJVLScpEvR0DhWEdhiobiF/cfVBnSXhAxr+5YUxOJZESTTrBLkDpoWxRIt1XVb3Aa/pvizg=='
		'sm3|SM3 (f) = GrIdg1XPoX+OYRlIMegajyK+yMco/vt0ftA161CCqis=')
	local p opts line cut
	for p in "${pairs[@]}"; do
		opts=${p%%|*} line=${p#*|}
		cksum_has "${opts%% *}" || continue
		# shellcheck disable=SC2086
		[[ $(sumac_as cksum --base64 -a $opts f) == "$line" ]] || { echo "$opts"; return 1; }
		[[ $opts == @(sysv|bsd|crc|crc32b) ]] && continue
		[[ $(printf '%s\n' "$line" | sumac_as cksum --check --strict) == 'f: OK' ]]
		for cut in '=' '=='; do
			[[ $line == *"$cut" ]] || continue
			run sumac_as cksum --check < <(printf '%s\n' "${line%"$cut"}")
			[[ $status -eq 1 && $output == *': no properly formatted checksum lines found' ]]
		done
	done
	run sumac_as cksum -a sha1 --check < <(printf '\0\0\0')
	[[ $status -eq 1 && $output == *': no properly formatted checksum lines found' ]]
	run sumac_as cksum -a sha1 --check < <(printf '\\0\\0\\0')
	[[ $status -eq 1 && $output == *': no properly formatted checksum lines found' ]]
}
