# afuc-as -O in the emulator: a small handler (a loop, a call, branches
# whose slots the pass fills and one it must not) assembled with and
# without the pass and linked with the SDK's a6xx SQE runs to the same
# memory and registers, worked out by hand (a slot filled against the
# rules would send it to `bad`); with the pass it is three words shorter
# (the three slots it can fill, counted by hand).
. "$(dirname "$0")/../lib/tap.sh" || exit 1

sqe="$SDK_BUILD/firmware/a6xx/sqe.o"
[ -r "$sqe" ] || skip_all "no $sqe (make builds it)"
cd "$tmp" || exit 1

cat >prog.s <<'SRC'
.gpu a6xx
; UNKN118 ADDR_LO ADDR_HI COUNT VALUE: writes COUNT words VALUE,
; VALUE + 3... at ADDR, then 0x12 (1 + 0x10 from a subroutine, + 1)
.handler UNKN118
	mov $02, $data
	mov $03, $data
	mov $04, $data
	mov $05, $data
	mov $addr, |NRT_ADDR << 24
	mov $data, $02
	mov $data, $03
	mov $addr, (|NRT_DATA << 8 | 0x4) << 16
	mov $07, 0x1                  ; fills the slot: runs when COUNT is 0 too
	breq $04, 0x0, #done
	nop
loop:
	mov $data, $05
	sub $04, $04, 0x1             ; the brne tests $04: stays here
	add $05, $05, 0x3             ; fills the slot
	brne $04, 0x0, #loop
	nop
done:
	mov $06, 0x10                 ; fills the call's slot; the label stays
	call #bump
	nop
	add $07, $07, 0x1             ; the brne tests $07: stays here
	brne $07, 0x12, #bad
	nop
	mov $data, $07
	waitin
	mov $01, $data
bad:
	mov $data, 0xbad
	waitin
	mov $01, $data
bump:
	add $07, $07, $06
	ret
	nop
SRC

for v in plain filled; do
	flags=
	[ "$v" = filled ] && flags=-O
	run "$SDK_BIN/afuc-as" $flags prog.s -o "$v.o"
	is "$status:$err" "0:" "$v: assembles${flags:+ with $flags}"
	run "$SDK_BIN/afuc-ld" -T "$SDK_ROOT/ld/a6xx-sqe.ld" -o "$v.fw" "$sqe" "$v.o"
	is "$status:$err" "0:" "$v: links with the SDK's a6xx SQE"
	cat >"$v.emu" <<TEST
image $v.fw
run
pkt7 UNKN118 0x1000 0 3 5
run
expect idle
expect mem 0x1000 5 8 11 0x12 0
expect gpr \$04 0
expect gpr \$05 14
expect gpr \$06 0x10
expect gpr \$07 0x12
pkt7 UNKN118 0x2000 0 0 9
run
expect idle
expect mem 0x2000 0x12 0
expect gpr \$05 9
expect gpr \$07 0x12
TEST
	run "$SDK_BIN/afuc-emu" "$v.emu"
	ok "$status" "$v: runs as worked out by hand" || diag "$out" "$err"
done

size() {
	readelf -S -W "$1" | awk '{ for (i = 1; i < NF; i++) if ($i == ".text") print $(i + 4) }'
}
is "$(( 0x$(size plain.o) - 0x$(size filled.o) ))" 12 "-O dropped three nops (12 bytes)"

done_testing
