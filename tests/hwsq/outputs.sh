# hwsq-as's outputs for drivers: the C header (compiled and read back by
# a C program) and the upload sequence (replayed in the emulator).
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
CC=${SDK_CC:-cc}

cat >"$tmp/s.hwsq" <<'EOF2'
entry 0
	wr32 0x1234, 0xcafe
	exit
entry 3
	flag 7 on
	delay 4us
	exit
EOF2
# 0x00: e2 fe ca 00 00, 0x05: e0 34 12 00 00, 0x0a: 7f, 0x0b: a7 05 7f

# ---- the C header -----------------------------------------------------------
run "$AS" --chip nv92 "$tmp/s.hwsq" --emit c -o "$tmp/s.h"
ok $status "--emit c"
h=$(cat "$tmp/s.h")
like "$h" '#define S_ENTRY_0 0x000$' "entry 0 at 0x000"
like "$h" '#define S_ENTRY_3 0x00b$' "entry 3 at 0x00b"
like "$h" '#define S_ENTRY_1 0x00e /\* not set: the final exit \*/' \
	"unset entries at the exit after the code"
like "$h" '#define S_ENTRY_POINT 0x0b0e0e00$' "ENTRY_POINT: one byte per entry"
like "$h" '#define S_ENTRY_POINT_HIGH 0x00000000$' "ENTRY_POINT_HIGH on nv92"
like "$h" '#define S_CODE_SIZE 0xe ' "the code size"
cat >"$tmp/read.c" <<'EOF2'
#include <stdio.h>
#include "s.h"
int main(void)
{
	printf("%zu %08x %08x %08x %08x\n", sizeof s_code / sizeof s_code[0], s_code[0], s_code[1],
	       s_code[2], s_code[127]);
	return 0;
}
EOF2
if $CC -std=c11 -Wall -Wextra -Werror -I"$tmp" -o "$tmp/read" "$tmp/read.c" 2>"$tmp/cc.err"; then
	is "$("$tmp/read")" "128 00cafee2 1234e000 a77f0000 7f7f7f7f" \
		"the header compiles; the words are little-endian, padded with exit"
else
	ok 1 "the header compiles: $(cat "$tmp/cc.err")"
fi
run "$AS" --chip nv50 "$tmp/s.hwsq" --emit c --name my_script -o "$tmp/n.h"
like "$(cat "$tmp/n.h")" 'static const uint32_t my_script_code\[0x40\]' "--name, and 0x40 words on nv50"
unlike_nv50_high() { ! grep -q ENTRY_POINT_HIGH "$tmp/n.h"; }
ok $(unlike_nv50_high; echo $?) "no ENTRY_POINT_HIGH before nv92"

# ---- the upload sequence ----------------------------------------------------
run "$AS" --chip nv50 "$tmp/s.hwsq" --emit upload --entry 3 --slot b -o "$tmp/s.up"
up=$(grep -v '^;' "$tmp/s.up")
is "$(printf '%s\n' "$up" | head -2)" "mask 0x001098, 0x00000008, 0x00000000 ; PBUS.DEBUG_6: HWSQ_ENABLE off while uploading
wr32 0x001304, 0x0b0e0e00 ; ENTRY_POINT: 0=0x000 1=0x00e 2=0x00e 3=0x00b" \
	"HWSQ_ENABLE off, then ENTRY_POINT"
is "$(printf '%s\n' "$up" | grep -c '^wr32 0x0014')" 64 "nv50: 0x40 words through the 0x1400 window"
like "$up" 'wr32 0x001404, 0x1234e000 ; CODE\[0x01\]' "code words little-endian"
is "$(printf '%s\n' "$up" | tail -2)" "mask 0x001098, 0x00000008, 0x00000008 ; PBUS.DEBUG_6: HWSQ_ENABLE on
wr32 0x00130c, 0x0000000d ; TRIGGER: start entry 3 on slot B" "HWSQ_ENABLE on, then TRIGGER"

run "$AS" --chip nv92 "$tmp/s.hwsq" --emit upload --entry 0 -o "$tmp/s92.up"
up=$(cat "$tmp/s92.up")
is "$(printf '%s\n' "$up" | grep -c '^wr32 0x08')" 128 "nv92: 0x80 words through NEW_CODE"
like "$up" 'wr32 0x001318, 0x00000000 ; ENTRY_POINT_HIGH' "nv92: ENTRY_POINT_HIGH"
like "$up" 'wr32 0x00130c, 0x00000001 ; TRIGGER: start entry 0$' "nv92: no slot bit"

# Replayed in the emulator, each upload starts its entry point.
cat >"$tmp/replay.hemu" <<EOF2
chip nv50
upload $tmp/s.up
run
expect stop idle
expect flag 7 on
expect writes 0
expect time 4us
expect reg STATUS 0x000d0000
chip nv92
upload $tmp/s92.up
run
expect write 0x1234 0xcafe at 0us
expect flag 7 unset
expect reg STATUS 0x0000000a
EOF2
run "$SDK_BIN/hwsq-emu" "$tmp/replay.hemu"
is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:8" "the uploads run in the emulator"
[ "$status" -eq 0 ] || diag "$out"

# ---- output files are all or nothing ----------------------------------------
printf 'old\n' >"$tmp/keep.bin"
printf 'addr 1\n' >"$tmp/bad.hwsq"
run "$AS" --chip nv17 "$tmp/bad.hwsq" -o "$tmp/keep.bin"
is "$status:$(cat "$tmp/keep.bin")" "1:old" "a failed compile leaves an existing output alone"

done_testing
