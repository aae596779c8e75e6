# Source places quoted in the documents stay true: every FILE.S:LINE of
# docs/*.md and README.md naming a source of firmware/ (a trace line, a
# coverage table, a debugger session) must be a line with code in one of
# the SDK's images, and when a label follows (cp-handlers.S:66
# CP_MEM_WRITE+2) the debugger must place that line there too. A change
# to the firmware that moves the code fails here until the document
# follows. (Command outputs of docs/tutorial.md are checked whole by
# tests/dsl/tutorial.sh.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1

images=
for f in a6xx/sqe.fw a7xx/sqe.fw a5xx/pfp.fw a5xx/me.fw; do
	[ -r "$SDK_BUILD/firmware/$f" ] && images="$images $SDK_BUILD/firmware/$f"
done
[ -n "$images" ] || skip_all "no SDK image built"

# every quoted place: DOC<TAB>FILE:LINE<TAB>LABEL (LABEL may be empty)
grep -oE '[A-Za-z0-9_-]+\.S:[0-9]+(-[0-9]+)?( [A-Za-z_][A-Za-z0-9_]*(\+[0-9]+)?)?' \
	docs/*.md README.md /dev/null | while IFS=: read -r doc file rest; do
	line=${rest%%[!0-9]*}
	label=${rest#"$line"}
	case $label in -*) label=${label#-} && label=${label#"${label%%[!0-9]*}"} ;; esac
	label=${label# }
	[ -n "$(find firmware -name "$file" | head -1)" ] || continue
	printf '%s\t%s:%s\t%s\n' "$doc" "$file" "$line" "$label"
done | sort -u >"$tmp/refs"
count=$(wc -l <"$tmp/refs")
ok "$([ "$count" -gt 0 ]; echo $?)" "the documents quote source places ($count)"

# What the debugger says of each place, in each image.
cut -f2 "$tmp/refs" | sort -u | sed 's/^/break /' >"$tmp/breaks.x"
for image in $images; do
	# "breakpoint 2: SQE pc 003d cp-handlers.S:66 CP_MEM_WRITE+2", one
	# place a processor, ", " between them
	"$SDK_BIN/afuc-emu" -i -x "$tmp/breaks.x" "$image" </dev/null 2>&1 |
		sed -n 's/^breakpoint [0-9]*: //p' | sed 's/, /\n/g' |
		sed -n 's/^[A-Z]* pc [0-9a-f]* \([^ ]*\) *\(.*\)$/\1\t\2/p'
done | sort -u >"$tmp/placed"

while IFS="$(printf '\t')" read -r doc place label; do
	if [ -z "$label" ]; then
		grep -q "^$place\(	\|$\)" "$tmp/placed"
		ok $? "$doc: $place is a line with code"
	else
		grep -qxF "$place	$label" "$tmp/placed"
		ok $? "$doc: $place $label" ||
			diag "the images place it: $(grep "^$place" "$tmp/placed" | tr '\t' ' ')" \
				"and the label: $(grep -F "	$label" "$tmp/placed" | head -1 | tr '\t' ' ')"
	fi
done <"$tmp/refs"
done_testing
