#!/bin/sh
# SPDX-License-Identifier: MIT
# check-layout.sh MODE ROOT: the installed files, against the list of what
# `make install' must install (Makefile.am, "Installation").
#   installed ROOT  after `make install' (DESTDIR=ROOT, ROOT may be empty):
#                   every file and link is there and right, the links are
#                   relative and lead to the right file, and the
#                   directories sumac owns (gnubin, gnuman/man1) hold
#                   nothing else
#   exact ROOT      the same, after `make install DESTDIR=ROOT' into an empty
#                   ROOT, and nothing else may be in ROOT
#   empty ROOT      after `make uninstall DESTDIR=ROOT': no file or link is
#                   left, nor sumac's own directories
# The directories and names come from the environment (Makefile.am's
# LAYOUT_ENV): bindir man1dir gnubindir gnumandir EXEEXT transform GNU_NAMES
# LN_S, and the completions' directories (bashcompletiondir
# zshcompletiondir fishcompletiondir).
set -u
[ $# -eq 2 ] || { echo "usage: $0 installed|exact|empty ROOT" >&2; exit 2; }
mode=$1
root=$2
fail=0
bad() {
	echo "check-layout ($mode): $*" >&2
	fail=1
}

# shellcheck disable=SC2154 # they come from the environment
: "${bindir:?}" "${man1dir:?}" "${gnubindir:?}" "${gnumandir:?}" "${transform:?}" \
	"${GNU_NAMES:?}" "${LN_S:?}" "${EXEEXT=}" "${bashcompletiondir:?}" \
	"${zshcompletiondir:?}" "${fishcompletiondir:?}"
sumac=$(echo sumac | sed "$transform")
bin=$bindir/$sumac$EXEEXT
page=$man1dir/$sumac.1

# expected: one line per installed name, "f PATH" for a file, "x PATH" for a
# program, "l PATH TARGET" for a link to TARGET.
expected() {
	echo "x $bin"
	echo "f $page"
	# The completions are for the name sumac whatever the transform: what
	# they register and what bash-completion and fish look up by.
	echo "f $bashcompletiondir/sumac"
	echo "f $zshcompletiondir/_sumac"
	echo "f $fishcompletiondir/sumac.fish"
	for n in $GNU_NAMES; do
		echo "l $gnubindir/$n $bin"
		echo "l $gnumandir/$n.1 $page"
		t=$(echo "$n" | sed "$transform")
		[ "$t" = "$n" ] && continue
		echo "l $bindir/$t$EXEEXT $bin"
		echo "l $man1dir/$t.1 $page"
	done
}

# physical FILE: FILE's path with every directory symlink resolved.
physical() {
	(cd "${1%/*}/" 2>/dev/null && printf '%s/%s\n' "$(pwd -P)" "${1##*/}")
}

# check_link LINK TARGET: LINK is a relative symlink that leads to TARGET.
check_link() {
	if [ "$LN_S" != "ln -s" ]; then
		# No symbolic links here: configure's LN_S copies instead.
		cmp -s "$1" "$2" || bad "$1: not a copy of $2"
		return
	fi
	[ -h "$1" ] || { bad "$1: not a symbolic link"; return; }
	text=$(readlink "$1")
	case $text in
	/*) bad "$1 -> $text: absolute" ;;
	esac
	case $text in
	*/*) dir=${1%/*}/${text%/*} ;;
	*) dir=${1%/*} ;;
	esac
	got=$(cd "$dir/" 2>/dev/null && printf '%s/%s\n' "$(pwd -P)" "${text##*/}")
	want=$(physical "$2")
	if [ -z "$got" ] || [ "$got" != "$want" ]; then
		bad "$1 -> $text: leads to '$got', not '$want'"
	fi
	[ -f "$1" ] || bad "$1 -> $text: dangling"
}

# only_these DIR NAME...: DIR holds exactly the NAMEs.
only_these() {
	d=$1
	shift
	[ -d "$d" ] || { bad "$d: no such directory"; return; }
	want=$(for n in "$@"; do echo "$n"; done | LC_ALL=C sort)
	got=$(cd "$d" && find . ! -name . -prune -print | sed 's|^\./||' | LC_ALL=C sort)
	[ "$got" = "$want" ] ||
		bad "$d holds: $(echo "$got" | tr '\n' ' ')expected: $(echo "$want" | tr '\n' ' ')"
}

case $mode in
installed | exact)
	list=$(expected)
	echo "$list" | {
		while read -r kind path target; do
			p=$root$path
			case $kind in
			x) [ -f "$p" ] && [ ! -h "$p" ] && [ -x "$p" ] || bad "$p: not an executable file" ;;
			f) [ -f "$p" ] && [ ! -h "$p" ] || bad "$p: not a regular file" ;;
			l) check_link "$p" "$root$target" ;;
			esac
		done
		exit $fail
	} || fail=1
	# shellcheck disable=SC2086 # GNU_NAMES is a list of words
	only_these "$root$gnubindir" $GNU_NAMES
	# shellcheck disable=SC2046
	only_these "$root$gnumandir" $(for n in $GNU_NAMES; do echo "$n.1"; done)
	# Each GNU-named link is that program (multi-call by argv[0]).
	for n in $GNU_NAMES; do
		first=$("$root$gnubindir/$n" --version </dev/null | sed 1q)
		case $first in
		"$n (sumac) "*) ;;
		*) bad "$root$gnubindir/$n --version says '$first'" ;;
		esac
	done
	if [ "$mode" = exact ]; then
		want=$(echo "$list" | while read -r kind path target; do echo "$path"; done |
			LC_ALL=C sort)
		got=$(cd "$root" && find . ! -type d -print | sed 's|^\.||' | LC_ALL=C sort)
		if [ "$got" != "$want" ]; then
			bad "$root does not hold exactly the expected files"
			echo "$want" >"$root.want"
			echo "$got" >"$root.got"
			diff -u "$root.want" "$root.got" >&2
			rm -f "$root.want" "$root.got"
		fi
	fi
	;;
empty)
	left=$(cd "$root" && find . ! -type d -print)
	[ -z "$left" ] || bad "left after uninstall in $root: $(echo "$left" | tr '\n' ' ')"
	for d in "$gnubindir" "$gnumandir"; do
		[ ! -d "$root$d" ] || bad "directory $root$d left after uninstall"
	done
	;;
*)
	echo "$0: unknown mode '$mode'" >&2
	exit 2
	;;
esac
[ $fail -eq 0 ] && echo "check-layout ($mode${root:+ in $root}): ok"
exit $fail
