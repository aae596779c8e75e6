# No file of the tree holds a merge's conflict markers: a document or
# source left half-merged would otherwise pass every test that does not
# read that part of it (a table of docs/firmware.md, a comment).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
	skip_all "not a git checkout"
bad=$(git grep -lE '^(<<<<<<< |>>>>>>> |=======$)' -- . ':!*.dict' 2>/dev/null)
is "$bad" "" "no tracked file holds merge conflict markers (resolve them)"
done_testing
