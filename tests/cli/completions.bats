#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The shell completions of completions/ (bash, zsh, fish): each long option
# that `sumac --help` prints is completed by each of them, and the bash one,
# sourced into bash, completes options, algorithms, backends and values
# from the program it completes.  zsh and fish are run only where they are
# installed (their syntax, then the lists); otherwise their files are
# checked by text alone, and the test says so.

setup() {
	export LC_ALL=C
	: "${SUMAC:=$BATS_TEST_DIRNAME/../../src/sumac}"
	COMPLETIONS=$BATS_TEST_DIRNAME/../../completions
	# The program as a user has it: "sumac", found on PATH.
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	ln -sf "$SUMAC" "$BATS_TEST_TMPDIR/bin/sumac"
	export PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

# Every long option --help names, anywhere in its text.
help_options() {
	sumac --help | grep -o -- '--[a-z][a-z0-9-]*' | LC_ALL=C sort -u
}

# complete_bash WORD...: the candidates the bash completion gives for the
# command line WORD... (the last word is the one completed), one a line.
complete_bash() {
	bash -c '. "$1/bash/sumac" || exit 1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_sumac || exit 1
		printf "%s\n" "${COMPREPLY[@]}"' bash "$COMPLETIONS" "$@"
}

algorithms() {
	sumac -a '' 2>&1 | sed -n "s/^  - '\(.*\)'\$/\1/p"
}

@test "sumac --help names long options (the lists below are not empty)" {
	n=$(help_options | wc -l)
	[ "$n" -ge 20 ]
	help_options | grep -qx -- --algorithm
	[ "$(algorithms | wc -l)" -ge 10 ]
}

@test "bash: sumac -- completes every long option of --help" {
	got=$(complete_bash sumac --)
	opts=$(help_options)
	[ -n "$opts" ]
	for o in $opts; do
		printf '%s\n' "$got" | grep -qx -- "$o=\{0,1\}" || { echo "missing $o"; return 1; }
	done
	# Nothing that --help does not name, and no repeats.
	[ "$(printf '%s\n' "$got" | sort | uniq -d)" = "" ]
	for o in $got; do
		help_options | grep -qx -- "${o%=}" || { echo "extra $o"; return 1; }
	done
}

@test "bash: sumac --alg completes to --algorithm=" {
	[ "$(complete_bash sumac --alg)" = "--algorithm=" ]
	[ "$(complete_bash sumac --list-b)" = "--list-backends" ]
	[ "$(complete_bash sumac --uncl)" = "" ]
}

@test "bash: sumac -a sha completes the sha algorithms sumac lists" {
	want=$(algorithms | grep '^sha')
	[ -n "$want" ]
	[ "$(complete_bash sumac -a sha)" = "$want" ]
	printf '%s\n' "$want" | grep -qx sha256
	printf '%s\n' "$want" | grep -qx sha3-512
	# The other spellings of a value: --algorithm VALUE, --algorithm=VALUE
	# as one word, and as bash splits it at '=' (COMP_WORDBREAKS).
	[ "$(complete_bash sumac --algorithm sha)" = "$want" ]
	[ "$(complete_bash sumac --algorithm=sha)" = "$(printf '%s\n' "$want" | sed 's/^/--algorithm=/')" ]
	[ "$(complete_bash sumac --algorithm = sha)" = "$want" ]
	[ "$(complete_bash sumac -c -a bl)" = "blake2b" ]
}

@test "bash: the algorithms come from the program completed, by its path too" {
	[ "$(complete_bash "$SUMAC" -a '')" = "$(algorithms)" ]
}

@test "bash: --backend completes the usable backends and auto, and lists" {
	got=$(complete_bash sumac --backend '')
	printf '%s\n' "$got" | grep -qx auto
	printf '%s\n' "$got" | grep -qx portable
	sumac --list-backends | awk 'NR > 1 && NF == 0 { exit } NR > 1 && $3 == "yes" { print $1 }' >"$BATS_TEST_TMPDIR/usable"
	[ "$(printf '%s\n' "$got" | sed 1d)" = "$(cat "$BATS_TEST_TMPDIR/usable")" ]
	[ "$(complete_bash sumac --backend=por)" = "--backend=portable" ]
	[ "$(complete_bash sumac --backend auto,por)" = "auto,portable" ]
	# No backend that is not compiled in or not usable here.
	sumac --list-backends | awk 'NR > 1 && NF == 0 { exit } NR > 1 && $3 != "yes" { print $1 }' >"$BATS_TEST_TMPDIR/unusable"
	while read -r b; do
		if printf '%s\n' "$got" | grep -qx -- "$b"; then
			echo "$b offered"
			return 1
		fi
	done <"$BATS_TEST_TMPDIR/unusable"
}

@test "bash: the values of --lanes, --jobs and --unlisted" {
	[ "$(complete_bash sumac --lanes a)" = "$(printf 'auto\nalways')" ]
	[ "$(complete_bash sumac --lanes=o)" = "--lanes=off" ]
	[ "$(complete_bash sumac -j a)" = "auto" ]
	[ "$(complete_bash sumac --progress=al)" = "--progress=always" ]
	[ "$(complete_bash sumac --progress = n)" = "never" ]
	mkdir -p "$BATS_TEST_TMPDIR/d/sub1" "$BATS_TEST_TMPDIR/d/sub2"
	: >"$BATS_TEST_TMPDIR/d/file"
	cd "$BATS_TEST_TMPDIR/d"
	[ "$(complete_bash sumac -c --unlisted s | sort)" = "$(printf 'sub1\nsub2')" ]
}

@test "bash: operands are left to file completion; the function is registered for sumac" {
	[ "$(complete_bash sumac -a sha256 '')" = "" ]
	run bash -c '. "$1/bash/sumac"; complete -p sumac' bash "$COMPLETIONS"
	[ "$status" -eq 0 ]
	[[ "$output" == *"-F _sumac"* && "$output" == *"-o default"* && "$output" == *" sumac" ]]
}

@test "zsh: _sumac names every long option of --help" {
	f=$COMPLETIONS/zsh/_sumac
	head -1 "$f" | grep -qx '#compdef sumac'
	opts=$(help_options)
	[ -n "$opts" ]
	for o in $opts; do
		grep -qE -- "$o([]=+ }'[]|\$)" "$f" || { echo "missing $o"; return 1; }
	done
	# The lists come from the program at run time.
	grep -q -- "_sumac_run -a ''" "$f"
	grep -q -- '_sumac_run --list-backends' "$f"
	if command -v zsh >/dev/null; then
		zsh -n "$f"
	else
		echo "# zsh is not installed: _sumac checked by text only" >&3
	fi
}

@test "fish: sumac.fish names every long option of --help" {
	f=$COMPLETIONS/fish/sumac.fish
	opts=$(help_options)
	[ -n "$opts" ]
	for o in $opts; do
		grep -q -- "^complete -c sumac .*-l ${o#--} " "$f" || { echo "missing $o"; return 1; }
	done
	grep -q -- "__sumac_run -a ''" "$f"
	grep -q -- '__sumac_run --list-backends' "$f"
	if command -v fish >/dev/null; then
		fish --no-execute "$f"
		got=$(fish -c "source '$f'; complete -C 'sumac -a sha'" | cut -f1)
		[ "$got" = "$(algorithms | grep '^sha')" ]
	else
		echo "# fish is not installed: sumac.fish checked by text only" >&3
	fi
}
