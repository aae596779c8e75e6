# The coverage totals docs/afuc-emu.md quotes ("lines N of M run, labels
# N of M") are today's: the firmware's tests (the list make coverage
# runs, which make check writes to SDK_BUILD/coverage-tests.txt) run
# again with AFUC_COVERAGE_OUT, and sdk/make/coverage.sh --totals
# compares the tracefile's totals with the document's (a few seconds;
# make coverage does the same and the HTML).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
list=$SDK_BUILD/coverage-tests.txt
[ -s "$list" ] || bail_out "no $list: make check writes it (sdk/make/coverage.mk)"
# shellcheck disable=SC2046
run sh sdk/make/coverage.sh --totals "$tmp/coverage" $(cat "$list")
like "$out" "make coverage: lines [0-9]+ of [0-9]+ run, labels [0-9]+ of [0-9]+" "the run gives totals"
is "$status:$err" "0:" "every test of the list passes, and docs/afuc-emu.md quotes those totals"
done_testing
