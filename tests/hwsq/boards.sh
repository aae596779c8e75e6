# hwsq-board: the board headers the build made (make, from
# hwsq-scripts/boards/*.board) are what the generator makes of their
# descriptions; a description and the VBIOS image its tables make give
# the same header; where nouveau gives up, the error names the table,
# the limit or the register.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

BOARD=$SDK_BIN/hwsq-board
cd "$SDK_ROOT" || exit 1

for desc in hwsq-scripts/boards/*.board; do
	name=$(basename "${desc%.board}")
	built=$SDK_BUILD/hwsq/boards/$name.h
	run "$BOARD" "$desc" -o "$tmp/$name.h"
	is "$status:$err" "0:" "$name.board: generated"
	if cmp -s "$tmp/$name.h" "$built"; then
		ok 0 "$name.h in the build is what hwsq-board makes of $name.board"
	else
		ok 1 "$name.h in the build is what hwsq-board makes of $name.board"
		diag "$(diff "$built" "$tmp/$name.h" 2>&1 | head -20)"
	fi
	# the same tables as a VBIOS image: the same values
	run "$BOARD" "$desc" --emit-vbios "$tmp/v.rom" -o /dev/null
	run "$BOARD" --vbios "$tmp/v.rom" "$desc" -o "$tmp/v.h"
	is "$status:$(grep '^#define' "$tmp/v.h" | md5sum)" "0:$(grep '^#define' "$tmp/$name.h" | md5sum)" \
		"$name.board: the VBIOS image of its tables gives the same header"
done

# gen TEXT: a description made of the g94-gddr3 one with TEXT appended (a
# later reg line wins); $status and the error.
gen() {
	{ cat hwsq-scripts/boards/"${2:-g94-gddr3}".board; printf '%s\n' "$1"; } >"$tmp/x.board"
	run "$BOARD" "$tmp/x.board" -o "$tmp/x.h"
}

gen 'reg 0x100714 0x00000003'
is "$status:$err" \
	"1:$tmp/x.board: error: memory type 3 (0x100714 bits 0-2): neither DDR2 (1) nor GDDR3 (2); nv50_ram_calc builds no program for it (-ENOSYS)" \
	"a memory type nouveau does not reclock: -ENOSYS, named"
test -e "$tmp/x.h"
is "$?" 1 "and no header is written"
# a 27 MHz crystal below the PLL's least input frequency
gen 'pll 0x004008 vco1_min=800 vco1_max=1800 in1_min=30 in1_max=100 n1_min=1 n1_max=255 m1_min=1 m1_max=255 p_max=6'
like "$err" "PLL 0x004008: no N, M, P gives 900000 kHz from 27000 kHz" "a clock outside the PLL's limits: the PLL named"
like "$err" "input 30-100 MHz.*nv50_ram_calc: -EINVAL" "  with the limits of its PLL limits table entry"
gen 'pll 0x004028 vco1_min=800 vco1_max=850 in1_min=7 in1_max=100 n1_min=1 n1_max=255 m1_min=1 m1_max=255 p_max=6' g94-clk
like "$err" "PLL 0x004028: no N, M, P gives 297000 kHz.*nv50_clk_calc: -ERANGE" "the core PLL: -ERANGE"
# UBSan on the fuzz build (tests/fuzz/corpus/hwsq_board/pll-int-overflow.board):
# a VCO maximum and an M range whose product nv04_pll_calc's int cannot hold
gen 'perf 1 core=8000
pll 0x004028 vco1_min=800 vco1_max=65535 in1_max=65535 n1_max=255 m1_min=200 m1_max=255 p_max=6' g84-clk
is "$status:$err" "1:$tmp/x.board: error: PLL 0x004028 (8000000 kHz): the PLL limits table entry is unusable: its VCO maximum times M is beyond int arithmetic" \
	"PLL limits whose N overflows int: an error naming the entry"
gen 'ramcfg 1 0 timing=7'
like "$err" "memory timing table .BIT 'P'.: no entry 7 " "a ramcfg naming a timing entry the table lacks"
gen 'reg 0x101000 0x00400008'
like "$err" "memory strap 2 .0x101000 bits 2-5: 2.: the performance table has 1 ramcfg entries per level" \
	"a memory strap the table has no ramcfg for"
gen 'timing 0 WR=13 WTR=5 CL=18 RC=45 RFC=80 RAS=32 RP=13 RCDRD=13 RCDWR=9 RRD=9 CWL=6'
like "$err" "GDDR3 mode registers: CL 18 .low table., WR 13 or CWL 6 has no code .nvkm_gddr3_calc: -EINVAL." \
	"a CAS latency GDDR3's mode register cannot hold"
grep -v '^reg 0x100228' hwsq-scripts/boards/g94-gddr3.board >"$tmp/y.board"
run "$BOARD" "$tmp/y.board"
like "$err" "no reading of register 0x100228 .nouveau reads it for the current timings.: add 'reg 0x100228 VALUE'" \
	"a register nouveau reads and the description lacks"
gen 'level 5'
like "$err" "performance table .BIT 'P'.: no entry 5 " "a level the performance table lacks"

# description errors: located, and what was expected
printf 'chipset 0x94\nprogram ram\nlevel 1\nperf 1 core=1 memroy=900\nframe 3\nreg 0x1\ntimin 0\n' >"$tmp/e.board"
run "$BOARD" "$tmp/e.board"
is "$status:$(printf '%s\n' "$err" | head -3)" \
	"1:$tmp/e.board:4:15: error: unknown field 'memroy': expected one of id, core, shader, memory, vdec, disp, rammap16, rammap17; did you mean 'memory'?
$tmp/e.board:5:1: error: unknown statement 'frame': expected board, chipset, program, level, perf, ramcfg, timing, pll, gpio, strap or reg
$tmp/e.board:6:1: error: 'reg' takes an address and the value nouveau reads there" \
	"description errors: file:line:col, what is expected, the nearest name"
like "$err" "7:1: error: unknown statement 'timin': .*; did you mean 'timing'\\?" "  the nearest statement"
printf 'program ram\n' >"$tmp/f.board"
run "$BOARD" "$tmp/f.board"
like "$err" "the description has no 'chipset' line: it is required" "a missing chipset"
printf 'not a vbios' >"$tmp/n.rom"
run "$BOARD" --vbios "$tmp/n.rom" hwsq-scripts/boards/g94-gddr3.board
like "$err" "not a VBIOS image: expected 55 aa at its start" "--vbios checks the image's signature"

# hostile images: every third byte of the BIT directory and the tables
# of a real layout set to 0xff in turn, and every seventh to 0x00: each
# run ends with a header or a message, exit 0 or 1
run "$BOARD" hwsq-scripts/boards/g94-gddr3.board --emit-vbios "$tmp/good.rom" -o /dev/null
# (one awk writes every hostile image, h-BYTE-AT.rom, and lists them:
# a few processes per image were most of this test's time)
bad=
for hostile in $(od -An -v -tu1 "$tmp/good.rom" | LC_ALL=C awk -v dir="$tmp" '
	function hostile(value, name, step,   at, i, f) {
		for (at = 128; at < 768 && at < n; at += step) {
			f = dir "/h-" name "-" at ".rom"
			for (i = 0; i < n; i++)
				printf "%c", i == at ? value : rom[i] >f
			close(f)
			print name "-" at
		}
	}
	{ for (i = 1; i <= NF; i++) rom[n++] = $i }
	END { hostile(255, "ff", 3); hostile(0, "00", 7) }'); do
	"$BOARD" --vbios "$tmp/h-$hostile.rom" hwsq-scripts/boards/g94-gddr3.board >/dev/null 2>&1
	rc=$?
	[ "$rc" -le 1 ] || bad="$bad 0x${hostile%-*}@${hostile#*-}:$rc"
done
is "$bad" "" "a VBIOS with any one table byte 0xff or 0x00: a header or an error, never a crash"
printf 'chipset 0x94\nprogram\000ram\n' >"$tmp/nul.board"
run "$BOARD" "$tmp/nul.board"
is "$status:$err" "1:$tmp/nul.board:2:8: error: expected text, found a NUL byte" \
	"a NUL byte in a description: located"
run "$BOARD" /dev/zero
like "$status:$err" "^1:.*larger than 0x100000 bytes" "/dev/zero as a description: the input limit"

done_testing
