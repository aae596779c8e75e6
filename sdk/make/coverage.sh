#!/bin/sh
# make coverage (sdk/make/coverage.mk): runs the firmware's tests with
# AFUC_COVERAGE_OUT, so that every afuc-emu they start adds what it ran
# to OUT/firmware.info (an lcov tracefile), then genhtml makes
# OUT/html/index.html of it. genhtml is Debian's lcov package: installed
# with apt-get when missing and make runs as root; otherwise the message
# says how.
#
# usage: coverage.sh [--totals] OUT TEST...   (from the project's root,
# with make's test environment: SDK_ROOT, SDK_BUILD, SDK_BIN)
#
# --totals only checks the totals docs/afuc-emu.md quotes (no genhtml):
# tests/make/coverage-totals.sh does that in make check.
set -u
html=1
if [ "${1:-}" = --totals ]; then
	html=0
	shift
fi
out=$1
shift

have_genhtml() {
	command -v genhtml >/dev/null 2>&1 && return 0
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "make coverage: installing genhtml (Debian's lcov)"
		export DEBIAN_FRONTEND=noninteractive
		# a fresh machine may have no package lists yet
		apt-get install -y -q --no-install-recommends lcov >"$out/apt.log" 2>&1 ||
			{ apt-get update -q && apt-get install -y -q --no-install-recommends lcov; } \
				>>"$out/apt.log" 2>&1
		command -v genhtml >/dev/null 2>&1 && return 0
		cat "$out/apt.log" >&2
	fi
	echo "make coverage: genhtml is missing: run 'sudo apt-get install lcov' (Debian; elsewhere lcov from https://github.com/linux-test-project/lcov) and make coverage again" >&2
	return 1
}

rm -rf "$out"
mkdir -p "$out"
info=$(cd "$out" && pwd)/firmware.info
AFUC_COVERAGE_OUT=$info prove --exec "sh $SDK_ROOT/tests/run-test" "$@"
tests=$?
if [ ! -s "$info" ]; then
	echo "make coverage: the tests wrote no coverage into $info" >&2
	exit 1
fi
[ $html = 0 ] || have_genhtml || exit 1
# Only the SDK's firmware: a test's own sources (the tutorial's add.S,
# written in a scratch directory since removed) are no part of it.
awk '/^SF:/ { keep = (system("test -f \"" substr($0, 4) "\"") == 0) } keep' "$info" >"$info.sdk" &&
	mv "$info.sdk" "$info"
# the tracefile's paths are relative to the root, as the ELFs record them
if [ $html = 1 ]; then
	genhtml -q --legend --title "afuc SDK firmware" -o "$out/html" "$info" || exit 1
fi
totals=$(awk -F: '/^LF:/ { lf += $2 } /^LH:/ { lh += $2 } /^FNF:/ { ff += $2 } /^FNH:/ { fh += $2 }
	END { printf "lines %d of %d run, labels %d of %d\n", lh, lf, fh, ff }' "$info")
echo "make coverage: $totals"
[ $html = 0 ] || echo "make coverage: $out/html/index.html"
# The totals docs/afuc-emu.md quotes must be today's: a figure in the
# documents that no run checks goes stale.
doc=$SDK_ROOT/docs/afuc-emu.md
quoted=$(tr '\n' ' ' <"$doc" | grep -oE 'lines +[0-9]+ +of +[0-9]+ +run, +labels +[0-9]+ +of +[0-9]+' |
	tr -s ' ')
if [ "$quoted" != "$totals" ]; then
	echo "make coverage: docs/afuc-emu.md quotes '$quoted', today's run: '$totals': update the document" >&2
	exit 1
fi
exit $tests
