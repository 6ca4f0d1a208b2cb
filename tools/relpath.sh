#!/bin/sh
# SPDX-License-Identifier: MIT
# relpath.sh DIR FILE: print the path of FILE relative to directory DIR, both
# absolute and as configured (before DESTDIR).  A link made in DIR with that
# text still points at FILE when the installed tree is staged (DESTDIR) or
# moved as a whole (Homebrew's relocation).  A path that is not absolute or
# that has a ".." component cannot be compared by its text: FILE is then
# printed as given, and the link is absolute.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 DIR FILE" >&2; exit 2; }

# norm PATH: one slash between components, no "." components, none at the end.
norm() {
	printf '%s\n' "$1" | sed -e 's|//*|/|g' -e ':a' -e 's|/\./|/|g' -e 'ta' \
		-e 's|/\.$||' -e 's|/$||'
}

case $1$2 in
*/../* | */..) printf '%s\n' "$2"; exit 0 ;;
esac
case $1:$2 in
/*:/*) ;;
*) printf '%s\n' "$2"; exit 0 ;;
esac

dir=$(norm "$1")
file=$(norm "$2")
# Climb from DIR until FILE is below it; "" is the root.
common=$dir
up=
while :; do
	case $file in
	"$common"/*) break ;;
	esac
	common=${common%/*}
	up=../$up
done
printf '%s%s\n' "$up" "${file#"$common"/}"
