#!/bin/sh
# make check-builds: builds every source (tools, libraries, tests and
# benchmarks, and the images they make) with each compiler at each
# optimisation level, warnings as errors as always, each build in a tree
# of its own (build/check-builds/CC-OPT, log beside it). A CI matrix, never
# part of make check: optimisation levels change what gcc's and clang's
# flow analyses warn about (-Wmaybe-uninitialized at -O1 only, ...).
# Prints a line per build; exits 1 when one failed.
#
#   CHECK_BUILDS_CCS='gcc clang'  CHECK_BUILDS_OPTS='-O0 -O1 -O2 -Os'
set -u
: "${MAKE:=make}" "${BUILD_ROOT:=build/check-builds}"
: "${CHECK_BUILDS_CCS:=gcc clang}" "${CHECK_BUILDS_OPTS:=-O0 -O1 -O2 -Os}"
mkdir -p "$BUILD_ROOT"
failed=0
for cc in $CHECK_BUILDS_CCS; do
	if ! command -v "$cc" >/dev/null 2>&1; then
		echo "check-builds $cc: not installed"
		failed=1
		continue
	fi
	for opt in $CHECK_BUILDS_OPTS; do
		dir=$BUILD_ROOT/$cc$opt
		start=$(date +%s)
		if $MAKE --no-print-directory BUILD="$dir" CC="$cc" CFLAGS="$opt -g" \
			check-builds-one >"$dir.log" 2>&1; then
			echo "check-builds $cc $opt: ok ($(($(date +%s) - start)) s)"
		else
			failed=1
			echo "check-builds $cc $opt: FAILED, see $dir.log:"
			grep -m 5 'error' "$dir.log" | sed 's/^/    /'
		fi
	done
done
exit "$failed"
