# afuc-objdump reads back what afuc-ld --base writes: every vendor image
# there is, patched with new handlers in each of its processors (a
# replaced CP_NOP in the first, new packets 0x7e, 0x7d and 0x7c), gives
# a listing with no warning in which the new code is code under the
# names the objects gave it (from the ELF beside the image), and the
# listing builds the same bytes again; without the ELF too.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

all_firmware 'a5*_pfp.fw*' 'a5*_pm4.fw*' '*_sqe.fw*'
[ -n "$images" ] || skip_all "no vendor firmware in $firmware_dirs"

handlers() {
	cat >"$tmp/h.s" <<EOF2
.gpu $1
CP_NOP:
	mov \$02, \$data
	jump #__vendor_CP_NOP
	nop
.handler 0x7e
new7e:
	waitin
	mov \$01, \$data
; Sections named after a processor the image lacks go to the first.
.section BV
bv_helper:
	ret
	nop
.handler 0x7d
new7d:
	call #bv_helper
	nop
	waitin
	mov \$01, \$data
.section LPAC
.handler 0x7c
new7c:
	waitin
	mov \$01, \$data
EOF2
	"$SDK_BIN/afuc-as" "$tmp/h.s" -o "$tmp/h-$1.o"
}
for gen in a5xx a6xx a7xx; do
	handlers $gen || bail_out "the $gen handlers do not assemble"
done

# roundtrip NAME WHAT: the listing of $tmp/p.fw has no warning and builds it again
roundtrip() {
	run "$SDK_BIN/afuc-objdump" -o "$tmp/p.s" "$tmp/p.fw"
	is "$status:$err" "0:" "$1: afuc-objdump $2, no warning"
	"$SDK_BIN/afuc-as" "$tmp/p.s" -o "$tmp/p2.o" 2>"$tmp/err" &&
		"$SDK_BIN/afuc-ld" "$tmp/p2.o" -o "$tmp/p2.fw" 2>>"$tmp/err" &&
		cmp -s "$tmp/p2.fw" "$tmp/p.fw"
	ok $? "$1: $2, the listing builds the patched image byte for byte" ||
		diag "$(head -5 "$tmp/err")"
}

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 6 "$name: cannot unpack $f"
		continue
	fi
	case $name in a5*) gen=a5xx ;; a6* | a702*) gen=a6xx ;; *) gen=a7xx ;; esac
	run "$SDK_BIN/afuc-ld" --base "$tmp/$name" "$tmp/h-$gen.o" -o "$tmp/p.fw" --elf "$tmp/p.elf"
	if [ "$status" != 0 ]; then
		ok 1 "$name: afuc-ld --base"
		diag "$err"
		skip 5 "$name: not patched"
		continue
	fi
	roundtrip "$name" "with the ELF beside"
	got=$(grep -c -e '^new7e:$' -e '^new7d:$' -e '^new7c:$' -e '^bv_helper:$' "$tmp/p.s")
	is "$got" 4 "$name: the new code is code under the objects' names"
	like "$(grep -A1 '^\.handler' "$tmp/p.s" | tr '\n' ' ')" '\.handler [A-Z0-9_]* new7e:' \
		"$name: a named handler gets its .handler record"
	rm -f "$tmp/p.elf"
	roundtrip "$name" "without it"
	rm -f "$tmp/$name" "$tmp"/p*
done
done_testing
