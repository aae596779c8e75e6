# hwsq-as: every statement's bytes (worked out by hand from the opcode
# descriptions), names from a register database, and every error.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
DB=$SDK_ROOT/tests/hwsq/rnndb

# hex FILE [COUNT]: the first COUNT bytes (all without COUNT) as "e2 01 ..".
hex() {
	od -An -tx1 -v ${2:+-N "$2"} "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'
}

# asm CHIP SOURCE-TEXT: compiles it to $tmp/out.bin; $status, $err as run.
asm() {
	printf '%s\n' "$2" >"$tmp/x.hwsq"
	rm -f "$tmp/out.bin"
	run "$AS" --chip "$1" --rnndb "$DB" "$tmp/x.hwsq" -o "$tmp/out.bin"
}

# bytes_of CHIP SOURCE-TEXT COUNT: the first COUNT bytes it compiles to.
bytes_of() {
	asm "$1" "$2"
	[ "$status" -eq 0 ] || { printf 'failed: %s\n' "$err"; return; }
	hex "$tmp/out.bin" "$3"
}

# ---- the raw opcodes, as envydis prints them ------------------------------
is "$(bytes_of nv41 'nop
wait 0x3 shl 0x2
addrlo 0x1234
datalo 0x5678
ewait 0x0 0x1
exit
unset 0x3
set1 0x10
set0 0x1
addr 0x101400
data 0xdeadbeef
.byte 0x41, 0x42' 27)" \
	"00 07 40 34 12 42 78 56 5f 00 01 7f 83 b0 c1 e0 00 14 10 00 e2 ef be ad de 41 42" \
	"every opcode in envydis syntax, and .byte"
is "$(wc -c <"$tmp/out.bin" | tr -d ' ')" 128 "the nv41 image is the 0x80 bytes of code RAM"
is "$(hex "$tmp/out.bin" | cut -c82-)" "$(printf '7f %.0s' $(seq 101) | sed 's/ $//')" \
	"padded with exit to the end"
is "$(bytes_of nv50 'ewait #FB_PAUSED 0x1
set1 #FB_PAUSE
ewait #HEAD1_VBLANK 0x0' 7)" "5f 00 01 b0 5f 03 00" "envydis's #NAME operands from the database"

# A listing exactly as envydis prints it: addresses, bytes, notes.
is "$(bytes_of nv50 '00000000: 5f 00 01        ewait #FB_PAUSED 0x1
00000003: 41              ??? [unknown: 41] [unknown instruction]
00000004: 5f 20 02        ewait #FB_PAUSED 0x0 [unknown: 00 20 02]
00000007: 07              wait 0x3 shl 0x2
00000008: e0 00 14 10 00  addr 0x101400' 13)" "5f 00 01 41 5f 20 02 07 e0 00 14 10 00" \
	"an envydis listing assembles unchanged"
is "$(bytes_of nv50 'nop ; a note on [unknown: 41] in a comment' 2)" "00 7f" \
	"envydis notes in a comment are only a comment"
asm nv50 '00000000: 5f 00 02        ewait #FB_PAUSED 0x1'
like "$err" 'x\.hwsq:1:1: warning: the listing.s bytes differ' \
	"listing bytes that disagree with the instruction: a warning"

# ---- wr32: only what changed, in the shortest form --------------------------
is "$(bytes_of nv50 'wr32 0x1002d4, 1
wr32 0x1002d0, 1
wr32 0x100210, 0
wr32 0x004008, 0x80000000
wr32 0x00400c, 0x80001234' 35)" \
	"e2 01 00 00 00 e0 d4 02 10 00 40 d0 02 42 00 00 40 10 02 e2 00 00 00 80 e0 08 40 00 00 42 34 12 40 0c 40" \
	"wr32: full forms first, then short ones and no repeated data"
is "$(bytes_of nv50 'wr32 0x400c, 5
entry 1
wr32 0x400c, 5
data 7
wr32 0x400c, 7' 28)" \
	"e2 05 00 00 00 e0 0c 40 00 00 e2 05 00 00 00 e0 0c 40 00 00 e2 07 00 00 00 40 0c 40" \
	"an entry point forgets ADDR and DATA; raw opcodes count"
is "$(bytes_of nv50 'wr32 PBUS.HWSQ.TRIGGER, 3
wr32 PTIMER.TIME_LOW, (1 << 4) | 2' 16)" "e2 03 00 00 00 e0 0c 13 00 00 42 12 00 40 00 94" \
	"register names and expressions"

# ---- delays -------------------------------------------------------------------
is "$(bytes_of nv17 'delay 7us
nop
delay 1500ns
nop
delay 7us exact
nop
delay 3us
delay 4us
delay 0us
nop
delay 1ms' 13)" "05 03 00 02 00 05 03 00 05 03 00 15 7f" \
	"delays: 7us two bytes (one byte of 8 is 14% more), ns round up, exact, consecutive ones merged, 1 ms one byte of 1024"

# ---- flags, event waits, entries ------------------------------------------------
is "$(bytes_of nv17 'flag 3 on
flag 3 off
flag 3 unset
flag 0x1f 1
flag GPIO_2_OE on' 5)" "a3 c3 83 bf a1" "flag NAME on|off|unset"
is "$(bytes_of nv50 'wait 3 == 1
wait FB_PAUSED == 0
wait HEAD0_VBLANK == 1' 9)" "5f 03 01 5f 00 00 5f 01 01" "wait EVENT == VALUE"

printf 'entry 0\nnop\nentry 2, later\nexit\nlater:\nnop\n' >"$tmp/e.hwsq"
run "$AS" --chip nv92 "$tmp/e.hwsq" --emit c -o "$tmp/e.h"
like "$(cat "$tmp/e.h")" '#define E_ENTRY_2 0x002$' "entry 2 at the label 'later' (0x2)"
like "$(cat "$tmp/e.h")" '#define E_ENTRY_1 0x003 /\* not set' \
	"an entry point left unset goes to the final exit"

# ---- preprocessing ------------------------------------------------------------
mkdir "$tmp/inc"
printf '#define REG 0x1234\n' >"$tmp/inc/regs.h"
printf '#include "regs.h"\nwr32 REG, VAL\n' >"$tmp/p.hwsq"
run "$AS" --chip nv41 -I "$tmp/inc" -D VAL=0x55 "$tmp/p.hwsq" -o "$tmp/p.bin"
is "$status.$(hex "$tmp/p.bin" 10)" "0.e2 55 00 00 00 e0 34 12 00 00" "-I and -D reach cpp"
printf '#ifdef HWSQ_CHIP_NV92\nnop\n#endif\n.byte HWSQ_RAM_SIZE >> 8\n' >"$tmp/c.hwsq"
run "$AS" --chip nv92 "$tmp/c.hwsq" -o "$tmp/c.bin"
is "$(hex "$tmp/c.bin" 2)" "00 02" "HWSQ_CHIP_NV92 and HWSQ_RAM_SIZE are defined"
# G92 is driven through nv50_bus by nouveau (64 words): the 0x100 family;
# G94 is the first of the 0x200 one (g94_bus, 128 words). ("nv92" names
# the family itself.)
for c in g92:256 G92:256 g94:512 g84:256; do
	run "$AS" --chip "${c%%:*}" "$tmp/c.hwsq" -o "$tmp/c.bin"
	is "$status:$(wc -c <"$tmp/c.bin" | tr -d ' ')" "0:${c#*:}" "--chip ${c%%:*}: ${c#*:} bytes of code RAM"
done

printf 'm4_define(`twice'"'"', `$1
$1'"'"')
twice(nop)
fb_pause()
' >"$tmp/m.hwsq"
run "$AS" --chip nv50 -E "$tmp/m.hwsq"
is "$(printf '%s\n' "$out" | grep -v '^#' | grep -v '^$')" "nop
nop
flag FB_PAUSE on
	wait FB_PAUSED == 1" "-E: the text after cpp and m4 (the library's fb_pause)"

# ---- errors: file:line:column, exit 1, no output ------------------------------
# check_error CHIP SOURCE MESSAGE NAME: the first error, exactly.
check_error() {
	asm "$1" "$2"
	is "$status:$(printf '%s\n' "$err" | grep -m1 ': error: ')" "1:$tmp/x.hwsq:$3" "$4"
	ok $([ ! -e "$tmp/out.bin" ]; echo $?) "$4: no output file"
}
check_error nv17 'nop
 addr 0x1000' "2:2: error: 'addr' is not an opcode of NV17:NV41 (NV17:NV41 has no MMIO pokes)" \
	"an opcode the family lacks"
check_error nv17 'ewait #FB_PAUSED 1' \
	"1:1: error: 'ewait' is not an opcode of NV17:NV41 (NV17:NV41 has no event waits)" \
	"ewait on nv17"
check_error nv17 'wr32 0x1000, 1' "1:1: error: wr32 needs MMIO pokes, which NV17:NV41 does not have" \
	"wr32 on nv17"
check_error nv17 '  wait FB_PAUSED == 1' \
	"1:3: error: wait for an event needs event waits, which NV17:NV41 does not have" \
	"an event wait on nv17"
check_error nv17 "$(printf 'nop\n%.0s' $(seq 65))" \
	"65:1: error: code over NV17:NV41 code RAM by 2 bytes: 0x41 bytes and the exit that ends them, RAM holds 0x40" \
	"code over RAM, by how much, where it crossed"
check_error nv17 "$(printf 'nop\n%.0s' $(seq 64))" \
	"64:1: error: code over NV17:NV41 code RAM by 1 byte: 0x40 bytes and the exit that ends them, RAM holds 0x40" \
	"0x40 bytes with no room for the final exit"
asm nv17 "$(printf 'nop\n%.0s' $(seq 63); echo exit)"
is "$status" 0 "0x3f bytes and an exit fill NV17 code RAM exactly"
check_error nv17 'entry 4' "1:7: error: entry point 4 out of range: HWSQ has four, 0 to 3" \
	"an entry point number out of range"
check_error nv17 "$(printf 'nop\n%.0s' $(seq 63); printf 'exit\nfar:\nentry 1, far\n')" \
	"66:1: error: entry point 1 at 0x40 is out of range: NV17:NV41 code RAM is 0x40 bytes" \
	"an entry point past the code RAM"
check_error nv50 'entry 1
entry 1' "2:7: error: entry point 1 is already set at $tmp/x.hwsq:1" "an entry point set twice"
check_error nv50 'entry 0, nowhere' \
	"1:10: error: entry point 0 names label 'nowhere', which is not defined" "an undefined label"
check_error nv17 'delay 300000 s' \
	"1:7: error: delay too long for one script: 300000000000 us needs 95 wait bytes, more than the 0x40 bytes of NV17:NV41 code RAM" \
	"a delay too long for one script"
check_error nv50 'flag FB_PAUS on' \
	"1:6: error: unknown flag 'FB_PAUS' on NV50; did you mean 'FB_PAUSE'?" \
	"an unknown flag, with a suggestion"
check_error nv17 'flag FB_PAUSE on' \
	"1:6: error: unknown flag 'FB_PAUSE' on NV17" \
	"FB_PAUSE is no flag name on nv17"
check_error nv50 'wait HEAD0_VBLAMK == 1' \
	"1:6: error: unknown event 'HEAD0_VBLAMK' on NV50; did you mean 'HEAD0_VBLANK'?" \
	"an unknown event"
check_error nv50 'wr32 PBUS.HWSQ.TRIGER, 1' \
	"1:6: error: unknown register 'PBUS.HWSQ.TRIGER' on NV50; did you mean 'PBUS.HWSQ.TRIGGER'?" \
	"an unknown register"
check_error nv50 'wr23 1, 2' "1:1: error: unknown statement 'wr23'; did you mean 'wr32'?" \
	"an unknown statement"
check_error nv50 'addrlo 0x10000' \
	"1:8: error: operand 0x10000 does not fit: it must be 0xffff at most" "an operand too large"
check_error nv50 'wait 0x1 shl 0x3' \
	"1:14: error: the wait shift is written premultiplied by 2: expected an even number from 0 to 30, found 3" \
	"an odd wait shift"
check_error nv50 'delay 5 minutes' \
	"1:9: error: expected a unit after the delay (ns, us, ms or s), found 'minutes'" "a delay without a unit"
check_error nv50 'x: nop
x: nop' "2:1: error: label 'x' is already defined at $tmp/x.hwsq:1" "a label defined twice"
check_error nv50 '??? [unknown instruction]' \
	"1:1: error: '???' needs the '[unknown: XX]' bytes envydis prints after it" "??? without its bytes"
check_error nv50 'wr32 0x10, 1 2' "1:14: error: expected the end of the statement, found '2'" \
	"trailing garbage"

# Every error of a file, not just the first.
asm nv17 'addr 1
data 2
flag 99 on'
is "$(printf '%s\n' "$err" | grep -c ': error: ')" 3 "all errors are reported"

# The source line and a caret under the column.
asm nv50 'wr32 0x10,   bogus'
is "$(printf '%s\n' "$err" | sed -n 2,3p)" " wr32 0x10,   bogus
              ^" "the error shows the line and a caret"

# ---- usage ----------------------------------------------------------------------
run "$AS" "$tmp/x.hwsq"
is "$status" 2 "no --chip: a usage error"
run "$AS" --chip gf100 "$tmp/x.hwsq"
like "$status:$err" "^2:hwsq-as: error: unknown chip 'gf100'" "an unknown chip (GF100 has no HWSQ): a usage error"
run "$AS" --chip nv92 --emit upload --slot b "$tmp/x.hwsq"
like "$status:$err" "^2:hwsq-as: error: NV92:NVC0 has one execution slot" "no slot B on nv92"
run "$AS" --chip nv50 --rnndb "$tmp/nowhere" "$tmp/x.hwsq"
like "$status:$err" "^1:hwsq-as: .*nowhere" "a bad --rnndb is an error"

done_testing
