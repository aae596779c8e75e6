# The C sources are formatted as .clang-format says, so the configuration
# and the code never drift apart (make format fixes it).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
command -v clang-format >/dev/null 2>&1 || skip_all "clang-format is not installed"
files=$(ls sdk/*/*.c sdk/*/*.h include/afuc/*.h tests/*/*.c tests/*/*.h 2>/dev/null)
# shellcheck disable=SC2086
bad=$(clang-format --dry-run $files 2>&1 | grep 'warning:' | cut -d: -f1 | sort -u)
is "$bad" "" "every C file is formatted as .clang-format says (run make format)"
done_testing
