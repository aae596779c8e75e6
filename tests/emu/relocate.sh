# Relocatable listings really relocate: afuc-objdump's listing of each
# vendor image, with one nop inserted before the first instruction after
# the header words, rebuilds (afuc-as, afuc-ld) into an image that boots
# and runs the same packets with the same effects: the same expectations
# pass and the firmware makes the same writes, in the same order.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
for tool in afuc-objdump afuc-as afuc-ld afuc-emu; do
	[ -x "$SDK_BIN/$tool" ] || skip_all "$tool is not built"
done
images="a630_sqe a530_pfp a530_pm4 gen70500_sqe"
found=
for f in $images; do find_firmware $f.fw >/dev/null && found="$found $f"; done
[ -n "$found" ] || skip_all "no vendor image found"

# The writes a run made, from --trace: GPU, PIPE and MEM items in order.
writes() {
	"$SDK_BIN/afuc-emu" --trace "$1" 2>&1 >/dev/null |
		grep -o ' \(GPU\|PIPE\|MEM\)[^ ]*'
}

for f in $found; do
	fw=$(find_firmware $f.fw)
	run "$SDK_BIN/afuc-objdump" --no-names "$fw" -o "$tmp/$f.s"
	is "$status" 0 "$f: afuc-objdump lists it${err:+: $err}"
	# the first line that is an instruction, not a [raw] header word
	awk 'BEGIN { done = 0 }
	     !done && /^[a-z(]/ && !/^\./ && !/:$/ { print "nop"; done = 1 }
	     { print }' "$tmp/$f.s" > "$tmp/$f-moved.s"
	like "$(diff "$tmp/$f.s" "$tmp/$f-moved.s")" '^[0-9]+a[0-9]+' "$f: one nop inserted"
	run "$SDK_BIN/afuc-as" "$tmp/$f-moved.s" -o "$tmp/$f-moved.o"
	is "$status" 0 "$f: the moved listing assembles${err:+: $err}"
	run "$SDK_BIN/afuc-ld" -o "$tmp/$f-moved.fw" "$tmp/$f-moved.o"
	is "$status" 0 "$f: and links${err:+: $err}"
	# one word longer, unless the 32-byte alignment of a7xx's BV and LPAC
	# images absorbs it
	grow=$(($(wc -c < "$tmp/$f-moved.fw") - $(wc -c < "$fw")))
	ok $([ "$grow" -ge 0 ] && [ "$grow" -le 4 ] && ! cmp -s "$tmp/$f-moved.fw" "$fw"; echo $?) \
		"$f: the image changed and grew by $grow bytes"

	# the same test file on both images
	case $f in
	a530_pfp) t=vendor-a530-pfp.emu ;;
	a530_pm4) t=vendor-a530.emu ;;
	*) t=vendor-${f%%_*}.emu ;;
	esac
	sed "s|^image .*|image $tmp/$f-moved.fw|" "$SDK_ROOT/tests/emu/$t" > "$tmp/moved.emu"
	run "$SDK_BIN/afuc-emu" "$tmp/moved.emu"
	is "$status" 0 "$f: the moved image passes $t"
	[ "$status" -eq 0 ] || diag "$out"
	writes "$SDK_ROOT/tests/emu/$t" > "$tmp/orig.w"
	writes "$tmp/moved.emu" > "$tmp/moved.w"
	ok $([ -s "$tmp/orig.w" ] && cmp -s "$tmp/orig.w" "$tmp/moved.w"; echo $?) \
		"$f: and makes the same $(wc -l < "$tmp/orig.w") writes in the same order"
done
done_testing
