#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# Every prefix of every GNU long option, under every GNU program name, at
# the level under test: sumac must accept, reject or find ambiguous exactly
# what that level's GNU program does, with the same message and status.  A
# long option sumac adds under a GNU name (such as --jobs) must never make
# a prefix that GNU accepts ambiguous.  The option list is GNU's own: the
# "possibilities" of its '--=' ambiguity message, in its table order.  For
# the prefixes of --help and --version alone only the exit status is
# compared (their text is prose, sumac's own); with '=x' appended, stderr
# too.  b2sum is walked when PROGS has it (sumac's b2sum program name).

load helpers

setup() {
	cli_setup
	mkf a 'one\n'
}

teardown() {
	cli_teardown
}

# _walk WHICH NAME FILE: run every prefix of the options on FILE's first
# line (but those in WALK_SKIP) under WHICH (gnu_as or sumac_as) as NAME;
# append to FILE, per run, the command, exit status, stderr and stdout (no
# stdout for --help and --version prefixes alone).
_walk() {
	local which=$1 name=$2 file=$3 o i pfx arg rc opts
	read -r -a opts < <(sed -n '1s/^options: //p' "$file")
	for o in "${opts[@]}"; do
		[[ " ${WALK_SKIP-} " != *" $o "* ]] || continue
		for ((i = 1; i <= ${#o}; i++)); do
			pfx=--${o:0:i}
			for arg in "$pfx" "$pfx=x"; do
				rc=0
				"$which" "$name" "$arg" a </dev/null >"$CAP_DIR/w.out" 2>"$CAP_DIR/w.err" || rc=$?
				printf '== %s a: exit %s\n' "$arg" "$rc" >>"$file"
				cat "$CAP_DIR/w.err" >>"$file"
				if [[ $arg == "$pfx=x" || ($o != help && $o != version) ]]; then
					printf -- '-- stdout\n' >>"$file"
					cat "$CAP_DIR/w.out" >>"$file"
				fi
			done
		done
	done
}

# walk_compare NAME: the walk under NAME, GNU's (live or golden) against
# sumac's, byte for byte.
walk_compare() {
	local name=$1 key mode ref got opts
	_cmp_key "$name"
	_ref_mode "$name"
	ref=$CAP_DIR/$key.walk.ref
	got=$CAP_DIR/$key.walk.sumac
	if [[ $mode == golden ]]; then
		[[ -f $SUMAC_CLI_GOLDEN_DIR/$key.out ]] ||
			{ echo "golden file $SUMAC_CLI_GOLDEN_DIR/$key.out missing: run tests/cli/update-golden.sh" >&2; return 1; }
		cp "$SUMAC_CLI_GOLDEN_DIR/$key.out" "$ref"
	else
		# GNU's own list of its long options, in its table order.
		gnu_as "$name" --=x a 2>&1 >/dev/null | sed -n "s/^[^:]*: option '--=x' is ambiguous; possibilities: //p" |
			tr -d "'" | sed 's/--//g; s/^/options: /' >"$ref"
		[[ $(wc -w <"$ref") -gt 10 ]] || { echo "no option list from GNU $name:"; cat "$ref"; return 1; }
		_walk gnu_as "$name" "$ref"
	fi
	head -n 1 "$ref" >"$got"
	if [[ $mode == update ]]; then
		cp "$ref" "$SUMAC_CLI_GOLDEN_DIR/$key.out"
		echo 0 >"$SUMAC_CLI_GOLDEN_DIR/$key.rc"
		return 0
	fi
	_walk sumac_as "$name" "$got"
	if ! cmp -s "$ref" "$got"; then
		echo "# prefix walk of $name ($mode, key $key): reference vs sumac"
		diff -u --label reference --label sumac <(cat -A "$ref") <(cat -A "$got") | head -80
		return 1
	fi
}

@test "every prefix of every long option, every program" {
	local p
	for p in "${PROGS[@]}"; do
		walk_compare "$p"
	done
}

@test "every prefix, under a path and a prefixed program name" {
	walk_compare ./sha256sum
	walk_compare gmd5sum
}

# cksum's table differs by release (9.2's --base64 and --raw, 9.4's
# --binary and --text); its --algorithm=x list names crc32b from 9.6, so
# level 9.4, whose reference is GNU 9.7, cannot be walked (cksum.bats
# compares 9.7 at level 9.7).
@test "every prefix of every long option, cksum" {
	[[ $CLI_LEVEL != 9.4 ]] || skip "level 9.4's reference is GNU 9.7, which has crc32b"
	# --debug names this CPU's CRC path: cksum.bats compares it live.
	WALK_SKIP=debug walk_compare cksum
}
