# The coverage totals docs/afuc-emu.md quotes ("lines N of M run, labels
# N of M") are today's: the firmware's tests (the list make coverage
# runs) run again with AFUC_COVERAGE_OUT, and sdk/make/coverage.sh
# --totals compares the tracefile's totals with the document's (make
# coverage does the same and the HTML). make check has make do that run
# once, into build/tests/make/coverage-totals.{status,out,err} (the
# Makefile's COVERAGE_TOTALS, made again when a file of the tree or the
# build changes); this test reads it, and runs it itself when the
# report is missing or older than a file of the tree or the build (run
# by hand after an edit).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
report=$SDK_BUILD/tests/make/coverage-totals
if [ -f "$report.status" ] &&
	[ -z "$(find sdk firmware include tests docs ld "$SDK_BIN" "$SDK_BUILD/firmware" \
		-newer "$report.status" -print -quit)" ]; then
	status=$(<"$report.status")
	out=$(<"$report.out")
	err=$(<"$report.err")
else
	list=$SDK_BUILD/coverage-tests.txt
	[ -s "$list" ] || { echo "Bail out! no $list: make check writes it (sdk/make/coverage.mk)"; exit 1; }
	# shellcheck disable=SC2046
	run sh sdk/make/coverage.sh --totals "$tmp/coverage" $(<"$list")
fi
like "$out" "make coverage: lines [0-9]+ of [0-9]+ run, labels [0-9]+ of [0-9]+" "the run gives totals"
is "$status:$err" "0:" "every test of the list passes, and docs/afuc-emu.md quotes those totals"
done_testing
