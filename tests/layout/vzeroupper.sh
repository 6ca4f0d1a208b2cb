#!/bin/sh
# SPDX-License-Identifier: MIT
# make check's entry to tests/layout/vzeroupper.py: every function of the
# kernel libraries that writes a ymm/zmm register clears the upper state
# before it returns.  Two control objects assembled here first (one
# function that forgets vzeroupper, one whose vzeroupper a branch skips)
# must be caught, so that a checker that finds nothing cannot pass.  They
# use 32-bit registers only, so that i386 and x86-64 assemble them alike.
#
#   SUMAC_ISA_LIBS   the build's kernel libraries ($(ISA_LIBS)), relative to
#                    the build directory (the current directory)
#   SUMAC_TEST_CC    the compiler, to assemble the controls
dir=$(dirname "$0")
skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
command -v python3 >/dev/null 2>&1 || skip "python3 not installed (.ci/packages installs it)"
command -v objdump >/dev/null 2>&1 || skip "objdump not installed (binutils)"
libs=
for l in ${SUMAC_ISA_LIBS:-} src/libsumac.a; do
	[ -f "$l" ] && libs="$libs $l"
done
case " $libs " in
*libsumac_avx2.a*) ;;
*) skip "no AVX kernel library in this build (src/libsumac_avx2.a: not x86-64, or --without-x86-avx2)" ;;
esac

# AddressSanitizer adds an epilogue of its own that poisons the function's
# stack frame in shadow memory, after the function's vzeroupper, with vector
# stores as wide as the flags allow (gcc 12 with AVX-512: zmm): that code is
# the sanitizer's, not the kernel's, and no such build is shipped.
# shellcheck disable=SC2086
if command -v nm >/dev/null 2>&1 && nm $libs 2>/dev/null | grep -q ' U __asan_report'; then
	skip "AddressSanitizer build: its own epilogue writes vector registers after the kernel's vzeroupper"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vzeroupper.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/control.s" <<'ASM'
	.text
	.globl	control_no_vzeroupper
control_no_vzeroupper:
	vpxor	%ymm0, %ymm0, %ymm0
	vmovdqu	%ymm0, (%eax)
	ret
	.globl	control_branch_skips_it
control_branch_skips_it:
	vmovdqu	(%eax), %ymm1
	vmovdqu	%ymm1, (%ecx)
	test	%edx, %edx
	jne	1f
	vzeroupper
1:	ret
	.section .note.GNU-stack,"",@progbits
ASM
${SUMAC_TEST_CC:-cc} -c -o "$tmp/control.o" "$tmp/control.s" ||
	skip "${SUMAC_TEST_CC:-cc} cannot assemble the x86 control object"
# shellcheck disable=SC2086
python3 "$dir/vzeroupper.py" $libs --expect-fail "$tmp/control.o"
