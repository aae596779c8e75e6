# Handlers linked onto vendor images (afuc-ld --base) run in the
# emulator: the vendor bootstrap loads the patched table, a new packet
# runs the new code appended after the vendor words, a replaced CP_NOP
# runs its part and then the vendor's (jump #__vendor_CP_NOP), and a
# vendor packet (CP_MEM_WRITE) still does what it did.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for tool in afuc-as afuc-ld afuc-emu; do
	[ -x "$SDK_BIN/$tool" ] || skip_all "$tool is not built"
done

# emulate GEN IMAGE: patches IMAGE with the handlers and runs the packets.
emulate() {
	gen=$1
	if ! fw=$(find_firmware "$2"); then
		skip 4 "$2 not found (AFUC_FIRMWARE_DIR, ../shared/firmware/qcom, /usr/lib/firmware/qcom)"
		return
	fi
	cat >"$tmp/$gen.s" <<EOF
.gpu $gen
; CP_NOP: note it in scratch 0, then the vendor's CP_NOP
CP_NOP:
	mov \$02, 0x1234
	cwrite \$02, [\$00 + 0x100]
	jump #__vendor_CP_NOP
	nop
; a new packet (0x7e): write its third word to the address in the first two
.handler 0x7e
mywrite:
	mov \$addr, 0x00a0 << 24	; |NRT_ADDR
	mov \$data, \$data
	mov \$data, \$data
	mov \$addr, 0xa204 << 16	; |NRT_DATA
	mov \$data, \$data
	waitin
	mov \$01, \$data
EOF
	run "$SDK_BIN/afuc-as" "$tmp/$gen.s" -o "$tmp/$gen.o"
	run "$SDK_BIN/afuc-ld" --base "$fw" "$tmp/$gen.o" -o "$tmp/$gen.fw"
	is "$status" 0 "$2: patched" || diag "$err"
	cat >"$tmp/$gen.emu" <<EOF
image $gen.fw
run
expect idle
pkt7 0x7e 0x2000 0 0xcafe
run
expect mem 0x2000 0xcafe
pkt7 CP_NOP 1 2 3
run
expect idle
expect scratch 0 0x1234
pkt7 CP_MEM_WRITE 0x1000 0 0xdeadbeef
run
expect mem 0x1000 0xdeadbeef
EOF
	run "$SDK_BIN/afuc-emu" "$tmp/$gen.emu"
	is "$status" 0 "$2: every expectation of the emulator run holds" || diag "$out" "$err"
	like "$out" '^ok 2 - expect mem 0x2000 0xcafe' "$2: the new packet wrote memory"
	like "$out" '^ok 5 - expect mem 0x1000 0xdeadbeef' \
		"$2: after the replaced CP_NOP, the vendor's CP_MEM_WRITE still works"
}

emulate a6xx a630_sqe.fw
emulate a7xx gen70500_sqe.fw

done_testing
