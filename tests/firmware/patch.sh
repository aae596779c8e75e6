# Patching vendor images: tests/firmware/patch.S (a new packet and a
# replacement CP_MEM_WRITE) linked onto a630_sqe.fw and onto
# gen70500_sqe.fw's BR with afuc-ld --base. Every vendor word stays where
# it was but for the two packet-table entries (and, on a7xx, BR's header
# word that holds the file's size); in the emulator the new packet runs,
# the replacement runs, and every packet of test-diff behaves exactly as
# in the unpatched image.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

# words FILE: one little-endian word per line, in hex
words() {
	od -An -v -tx4 -w4 "$1" | tr -d ' '
}

# patch GEN VENDOR.fw SPILL_SLOT_7 [--processor NAME]
patch() {
	gen=$1
	vendor=$(find_firmware "$2") || {
		skip 1 "vendor image $2 not found: no patching test for $gen"
		return
	}
	counter=$3
	shift 3
	run "$SDK_BIN/afuc-as" -DPATCH_GPU=$gen -o "$tmp/patch.o" "$SDK_ROOT/tests/firmware/patch.S"
	ok "$status" "$gen: patch.S assembles" || diag "$err"
	run "$SDK_BIN/afuc-ld" --base "$vendor" "$@" -Map "$tmp/patched.map" \
		-o "$tmp/patched.fw" "$tmp/patch.o"
	ok "$status" "$gen: afuc-ld --base $(basename "$vendor") links it" || { diag "$err"; return; }

	# Which words changed? The table is where the map says (addresses
	# count from the image's first processor, file word 1).
	table=$(sed -n 's/^  packet table at 0x\([0-9a-f]*\) (vendor).*/\1/p' "$tmp/patched.map" | head -1)
	allowed=" $((1 + 0x$table + 0x3d)) $((1 + 0x$table + 0x7b)) "
	[ "$gen" = a7xx ] && allowed="$allowed 2 "
	words "$vendor" >"$tmp/old"
	words "$tmp/patched.fw" >"$tmp/new"
	old_count=$(wc -l <"$tmp/old")
	changed=$(head -n "$old_count" "$tmp/new" | paste -d' ' "$tmp/old" - |
		awk '$1 != $2 { printf "%d ", NR - 1 }')
	unexpected=
	for w in $changed; do
		case $allowed in *" $w "*) ;; *) unexpected="$unexpected $w" ;; esac
	done
	is "$unexpected" "" "$gen: every vendor word stays where it was (changed: $changed)"
	ok $([ "$(wc -l <"$tmp/new")" -gt "$old_count" ]; echo $?) "$gen: the new code comes after the vendor's"

	cat >"$tmp/patched.emu" <<EMU
image $tmp/patched.fw
run
pkt7 0x7b 0x1000 0 50 8
pkt7 CP_MEM_WRITE 0x2000 0 0xa 0xb
pkt7 CP_MEM_WRITE 0x2008 0 0xc
run
expect idle
expect mem 0x1000 58 42
expect mem 0x2000 0xa 0xb 0xc
expect ctrl $counter 2
EMU
	emu_results "$tmp/patched.emu" 4 "$gen"

	# every case of test-diff, vendor against patched
	run "$SDK_BUILD/tests/firmware/test-diff" --images "$gen" "$vendor" "$tmp/patched.fw"
	ok "$status" "$gen: the vendor packets behave as in $(basename "$vendor")" || diag "$out"
	like "$out" '^1\.\.[0-9]{3,}$' "$gen: (every test-diff case compared)"
}

patch a6xx a630_sqe.fw 0x16c
patch a7xx gen70500_sqe.fw 0x1d7 --processor BR
done_testing
