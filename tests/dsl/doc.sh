# docs/dsl.md cannot drift from the library: each ```S block expands
# (after an implied GPU(a6xx) unless it says GPU itself) to exactly the
# ```s block after it, and every public macro of the library has an
# example there.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

doc="$SDK_ROOT/docs/dsl.md"
[ -r "$doc" ] || skip_all "no $doc"

# Splits the page into numbered S and s files.
awk -v dir="$tmp" '
	/^```S$/ { n++; out = dir "/ex" n ".S"; kind = "S"; printf "" > out; next }
	/^```s$/ { out = dir "/ex" n ".want"; kind = "s"; printf "" > out; next }
	/^```/ { out = ""; next }
	out != "" { print > out }
' "$doc"

count=0
for src in "$tmp"/ex*.S; do
	count=$((count + 1))
	n=${src##*/ex}
	n=${n%.S}
	first=$(head -n 1 "$src")
	if grep -q 'GPU(' "$src"; then
		cp "$src" "$tmp/case.S"
		got=$(expand "$tmp/case.S")
	else
		{ echo 'GPU(a6xx)'; cat "$src"; } >"$tmp/case.S"
		got=$(expand "$tmp/case.S" | sed '1{/^\.gpu a6xx$/d}')
	fi
	want=$(sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$tmp/ex$n.want" 2>/dev/null | grep -v '^$')
	is "$got" "$want" "example $n ($first) expands as docs/dsl.md shows"
done
ok $([ "$count" -ge 20 ]; echo $?) "docs/dsl.md has examples ($count)"

# Every public macro: _AFUC_PUBLIC({NAME}) in the library, and DEFINE_MACRO.
macros=$(cat "$SDK_ROOT"/include/afuc/afuc*.m4 |
	sed -n 's/.*_AFUC_PUBLIC({\([A-Z_0-9]*\)}).*/\1/p' | sort -u)
missing=
for m in $macros DEFINE_MACRO; do
	grep -q "$m(" "$tmp"/ex*.S || missing="$missing $m"
done
is "$missing" "" "every public macro has an example"
ok $([ "$(echo $macros | wc -w)" -ge 40 ]; echo $?) "(the library has $(echo $macros | wc -w) public macros)"
done_testing
