# SUMAC_ISA_BACKEND(NAME, MACRO, FLAGS-VAR, FLAGS, PROLOGUE, BODY)
# -------------------------------------------------------------
# Adds --without-NAME (and --with-NAME to require it), probes whether $CC
# compiles BODY with FLAGS placed before the user's CFLAGS (the order
# automake uses, so a user -march that disables the ISA disables the
# backend too), and defines HAVE_MACRO, the automake conditional HAVE_MACRO
# and the substitution FLAGS-VAR.  Sets sumac_have_<name> to yes or no.
AC_DEFUN([SUMAC_ISA_BACKEND], [
  m4_pushdef([sumac_var], m4_translit([$1], [-], [_]))
  AC_ARG_WITH([$1],
    [AS_HELP_STRING([--without-$1], [do not build the $1 backend])],
    [], [with_[]sumac_var=auto])
  $3="$4"
  sumac_have_[]sumac_var=no
  AS_IF([test "x$with_[]sumac_var" != xno], [
    sumac_save_CFLAGS=$CFLAGS
    CFLAGS="$$3 $CFLAGS"
    AC_CACHE_CHECK([whether $CC builds $1 code with $4], [sumac_cv_[]sumac_var],
      [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([$5], [$6])],
         [sumac_cv_[]sumac_var=yes], [sumac_cv_[]sumac_var=no])])
    CFLAGS=$sumac_save_CFLAGS
    sumac_have_[]sumac_var=$sumac_cv_[]sumac_var])
  AS_IF([test "x$sumac_have_[]sumac_var" = xyes],
        [AC_DEFINE([HAVE_$2], [1], [Define to 1 to build the $1 backend.])],
        [test "x$with_[]sumac_var" = xyes],
        [AC_MSG_ERROR([--with-$1 given, but $CC cannot build $1 code])])
  AC_SUBST([$3])
  AM_CONDITIONAL([HAVE_$2], [test "x$sumac_have_[]sumac_var" = xyes])
  m4_popdef([sumac_var])
])
