# The C sources are formatted as .clang-format says, so the configuration
# and the code never drift apart (make format fixes it). make check has
# clang-format's verdict in build/tests/make/format.txt (the Makefile's
# FORMAT_REPORT, made again when a C file changes); run by hand with a
# C file newer than that report, or without it, the test asks
# clang-format itself.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
files=$(ls sdk/*/*.c sdk/*/*.h include/afuc/*.h tests/*/*.c tests/*/*.h 2>/dev/null)
report=$SDK_BUILD/tests/make/format.txt
# shellcheck disable=SC2086
if [ -f "$report" ] && [ -z "$(find $files .clang-format -newer "$report" | head -1)" ]; then
	bad=$(<"$report")
	case $bad in "# clang-format is not installed") skip_all "clang-format is not installed" ;; esac
else
	command -v clang-format >/dev/null 2>&1 || skip_all "clang-format is not installed"
	# shellcheck disable=SC2086
	bad=$(clang-format --dry-run $files 2>&1 | grep 'warning:' | cut -d: -f1 | sort -u)
fi
is "$bad" "" "every C file is formatted as .clang-format says (run make format)"
done_testing
