#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The release tarball as packagers take it:
#   1. the tarball: SUMAC_PACKAGING_TARBALL if set (.ci/run passes the one
#      its make distcheck made), else `make dist` in BUILDDIR, an already
#      configured and built directory;
#   2. BUILDDIR's own install in the default layout, into a DESTDIR, and
#      `make installcheck` there (tests/install/check-layout.sh: GNU's
#      names in gnubin and gnuman, an exact staged install and a clean
#      uninstall).  The prefixed layout (--program-prefix=g) is .ci/run's
#      make distcheck, configured so;
#   3. the tarball built and tested by debhelper, untouched:
#      dh_auto_configure && dh_auto_build && dh_auto_test, as an
#      unprivileged user, in a mount and network namespace of its own with
#      no network and the GNU checksum programs masked (the CLI suite must
#      use its golden files).  The debian/ directory is written here for
#      the trial only; the project has none.  SUMAC_PACKAGING_CLI_JOBS=N
#      runs its make check with SUMAC_CLI_JOBS=N (every test that starts
#      sumac runs it with -j N: its output must still be the golden one).
# Usage: packaging.sh BUILDDIR WORKDIR.  Needs root (mounts, setpriv) and
# debhelper (.ci/packages).
set -euo pipefail

build=$(cd "${1:?usage: packaging.sh BUILDDIR WORKDIR}" && pwd)
work=${2:?usage: packaging.sh BUILDDIR WORKDIR}
jobs=$(nproc 2>/dev/null || echo 2)
# cksum too: tests/cli/cksum.bats then takes every release from its golden
# files, as on a machine whose cksum is not 9.1.  (b2sum stays: b2sum.bats
# has no golden files, so masking it would only skip its 9.1 cases.)
gnu=(md5sum sha1sum sha224sum sha256sum sha384sum sha512sum cksum)

say() { printf '\n=== %s\n' "$*"; }

rm -rf "$work" && mkdir -p "$work" && chmod 755 "$work"
tarball=${SUMAC_PACKAGING_TARBALL-}
if [ -z "$tarball" ] || [ ! -f "$tarball" ]; then
	say "make dist"
	make -C "$build" dist >/dev/null
	tarball=$(ls "$build"/sumac-*.tar.gz)
fi
version=${tarball##*/sumac-}
version=${version%.tar.gz}

say "sumac $version as built in $build, default layout: install, installcheck, uninstall"
inst=$work/plain
make -C "$build" install DESTDIR="$inst" >/dev/null
(cd "$inst" && find . ! -type d | LC_ALL=C sort)
# Its staged install in WORKDIR: BUILDDIR may be a copy of a tree whose
# Makefile names the original's directory.
make -C "$build" installcheck DESTDIR="$inst" LAYOUT_STAGE="$work/stage"
make -C "$build" uninstall DESTDIR="$inst" >/dev/null
left=$(cd "$inst" && find . ! -type d)
[ -z "$left" ] || { echo "left after uninstall: $left"; exit 1; }

say "sumac $version under debhelper: no network, no GNU checksum programs, not root"
mkdir -p "$work/deb/home"
tar -xzf "$tarball" -C "$work/deb"
src=$work/deb/sumac-$version
mkdir "$src/debian"
cat >"$src/debian/control" <<'CONTROL'
Source: sumac
Section: utils
Priority: optional
Maintainer: sumac CI <ci@example.invalid>
Build-Depends: debhelper-compat (= 13), bats
Standards-Version: 4.6.2

Package: sumac
Architecture: any
Depends: ${shlibs:Depends}, ${misc:Depends}
Description: SHA and MD5 checksums (CI packaging trial)
 A throwaway package definition for CI.
CONTROL
cat >"$src/debian/changelog" <<CHANGELOG
sumac ($version-1) unstable; urgency=medium

  * CI packaging trial.

 -- sumac CI <ci@example.invalid>  $(date -R)
CHANGELOG
printf '#!/usr/bin/make -f\n%%:\n\tdh $@\n' >"$src/debian/rules"
chmod 755 "$src/debian/rules"
: >"$work/deb/masked"
chmod 644 "$work/deb/masked"
chown -R 65534:65534 "$work/deb"
# shellcheck disable=SC2016 # expanded by the inner shell
unshare --mount --net bash -c '
	set -e
	masked=$1 src=$2 home=$3 jobs=$4 cli_jobs=$5
	shift 5
	for p in "$@"; do
		[ -e "/usr/bin/$p" ] && mount --bind "$masked" "/usr/bin/$p"
	done
	cd "$src"
	[ -n "$cli_jobs" ] && export SUMAC_CLI_JOBS=$cli_jobs
	exec setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$home" \
		DEB_BUILD_OPTIONS="parallel=$jobs" bash -c "dh_auto_configure && dh_auto_build && dh_auto_test"
' _ "$work/deb/masked" "$src" "$work/deb/home" "$jobs" "${SUMAC_PACKAGING_CLI_JOBS-}" "${gnu[@]}"
