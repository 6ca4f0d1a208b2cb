dnl SPDX-License-Identifier: MIT
# SUMAC_ISA_PROBE(WITH-VALUE, NAME, MACRO, FLAGS-VAR, FLAGS, PROLOGUE, BODY)
# --------------------------------------------------------------------------
# Unless WITH-VALUE is "no", checks whether $CC compiles BODY with FLAGS
# placed before the user's CFLAGS (the order automake uses, so that a user
# -march which lacks the ISA turns the backend off instead of breaking the
# build).  Defines HAVE_MACRO, the automake conditional HAVE_MACRO and the
# substitution FLAGS-VAR; sets sumac_have_MACRO to yes or no.  WITH-VALUE
# "yes" makes a failed probe fatal.
AC_DEFUN([SUMAC_ISA_PROBE], [
  $4="$5"
  sumac_have_$3=no
  AS_IF([test "x$1" != xno], [
    sumac_save_CFLAGS=$CFLAGS
    CFLAGS="$$4 $CFLAGS"
    AC_CACHE_CHECK([whether $CC builds $2 code with $5], [sumac_cv_have_$3],
      [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([$6], [$7])],
         [sumac_cv_have_$3=yes], [sumac_cv_have_$3=no])])
    CFLAGS=$sumac_save_CFLAGS
    sumac_have_$3=$sumac_cv_have_$3])
  AS_IF([test "x$sumac_have_$3" = xyes],
        [AC_DEFINE([HAVE_$3], [1], [Define to 1 to build the $2 backend.])],
        [test "x$1" = xyes],
        [AC_MSG_ERROR([$2 backend requested, but $CC cannot build it with $5])])
  AC_SUBST([$4])
  AM_CONDITIONAL([HAVE_$3], [test "x$sumac_have_$3" = xyes])
])
