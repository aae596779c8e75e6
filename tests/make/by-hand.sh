# Every kind of test file runs by hand from any directory with nothing
# set (docs/testing.md): a shell test as itself, a test file through
# tests/run-test, a compiled test as itself; each finds the tree and the
# build from its own location, and none leaves a file in the tree (git
# status is the same after them as before).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
command -v git >/dev/null 2>&1 && git -C "$SDK_ROOT" rev-parse --git-dir >/dev/null 2>&1 ||
	skip_all "not a git checkout"
tree_status() { git -C "$SDK_ROOT" status --porcelain --ignored; }
before=$(tree_status)

# Only the default build is found with nothing set; another (SANITIZE=1's
# build/sanitize) is named by SDK_BUILD alone.
unset_env="-u SDK_ROOT -u SDK_BIN"
[ "$SDK_BUILD" -ef "$SDK_ROOT/build" ] && unset_env="$unset_env -u SDK_BUILD"
elsewhere=$tmp/elsewhere
mkdir -p "$elsewhere"
# by_hand WHAT CMD...: runs CMD from $elsewhere without the variables
by_hand() {
	what=$1
	shift
	# shellcheck disable=SC2086
	run sh -c 'cd "$1" && shift && exec env '"$unset_env"' "$@"' sh "$elsewhere" "$@"
	failures=$(printf '%s\n' "$out" | grep -c '^not ok')
	case $(printf '%s\n' "$out" | tail -1) in 1..[1-9]*) plan=planned ;; *) plan=unplanned ;; esac
	is "$status:$failures:$plan" "0:0:planned" "$what: runs and passes" ||
		diag "$(printf '%s\n' "$out" "$err" | tail -5)"
}
by_hand "a shell test as itself" bash "$SDK_ROOT/tests/cli/rnn-path.sh"
by_hand "an afuc-emu test file" "$SDK_ROOT/tests/run-test" "$SDK_BUILD/tests/firmware/a6xx-events.emu"
by_hand "an hwsq-emu test file (its \$SDK_BUILD)" "$SDK_ROOT/tests/run-test" \
	"$SDK_ROOT/hwsq-scripts/gddr3-reclock-nv50.hemu"
by_hand "a compiled test as itself" "$SDK_BUILD/tests/util/test-util"
by_hand "a compiled test through tests/run-test" "$SDK_ROOT/tests/run-test" \
	"$SDK_BUILD/tests/util/test-util"
is "$(ls -A "$elsewhere")" "" "nothing written where they ran"

run sh -c 'cd "$1" && exec env -u SDK_ROOT -u SDK_BIN SDK_BUILD="$2" "$3" "$4"' sh "$elsewhere" \
	"$tmp/no-build" "$SDK_ROOT/tests/run-test" "$SDK_ROOT/tests/util/outputs.sh"
is "$status:$out" "1:Bail out! no build in $tmp/no-build: run make first (or set SDK_BUILD)" \
	"without a build: a bail out that says what to do"
printf '. /nonexistent/tap.sh || exit 1\nok 0 never\n' >"$tmp/no-tap.sh"
run bash "$tmp/no-tap.sh"
is "$status:$out" "1:" "a shell test whose library cannot load stops at once"

is "$(tree_status)" "$before" "git status of the tree is the same after as before"
done_testing
