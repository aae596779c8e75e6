# The HWSQ tools' messages where a newcomer goes wrong (issue 29): each
# names the file and place, says what was expected and suggests what to do.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
EMU=$SDK_BIN/hwsq-emu
OBJDUMP=$SDK_BIN/hwsq-objdump

# A missing comma: the register's name alone, and the nearest one.
printf 'wr32 PFB.REFCTLR 1\n' >"$tmp/a.hwsq"
run "$AS" --chip nv50 "$tmp/a.hwsq" -o "$tmp/a.bin"
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:$tmp/a.hwsq:1:6: error: unknown register 'PFB.REFCTLR' on NV50; did you mean 'PFB.REFCTRL'?" \
	"an unknown register is named without the value after it"
printf 'wr32 PFB.REFCTRL 1\n' >"$tmp/b.hwsq"
run "$AS" --chip nv50 "$tmp/b.hwsq" -o "$tmp/b.bin"
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:$tmp/b.hwsq:1:18: error: expected ',' and the value to write, found '1'" \
	"a known register without its comma: the comma is asked for at the value"
printf 'wr32 PFB.REFCTRL+4, 1\nwr32 PFB.MEM_TIMINGS_3, 1\n' >"$tmp/c.hwsq"
run "$AS" --chip nv50 "$tmp/c.hwsq" -o "$tmp/c.bin"
is "$status" 0 "NAME+4 and a plain name still run to the comma"

# Empty input: an error, exit 1, nothing written.
: >"$tmp/e.hwsq"
run "$AS" --chip nv50 "$tmp/e.hwsq" -o "$tmp/e.bin"
is "$status:$err:$(test -e "$tmp/e.bin" && echo written)" \
	"1:$tmp/e.hwsq: error: the source is empty: expected at least one statement:" \
	"hwsq-as: an empty source is an error and writes no image"
: >"$tmp/e.bin"
run "$OBJDUMP" --chip nv50 "$tmp/e.bin"
is "$status:$err" \
	"1:hwsq-objdump: error: $tmp/e.bin: the image is empty: expected the bytes of a code RAM (up to 0x100)" \
	"hwsq-objdump: an empty image is an error"
run "$EMU" --chip nv50 "$tmp/e.bin"
is "$status:$err" \
	"1:hwsq-emu: error: $tmp/e.bin: the image is empty: expected the bytes of a code RAM (up to 0x100)" \
	"hwsq-emu: an empty image is an error"

# An event nothing gives: the wait and the --event option that gives it.
printf 'nop\nwait HEAD0_VBLANK == 1\nexit\n' >"$tmp/w.hwsq"
run "$AS" --chip g84 "$tmp/w.hwsq" -o "$tmp/w.bin"
run "$EMU" --chip g84 "$tmp/w.bin"
is "$status:$(printf '%s\n' "$out" | tail -1):$err" \
	"1:stopped: event-hang:hwsq-emu: error: $tmp/w.bin: the wait at 0x001 for event 1 == 1 never ends: no --event gives it; try --event 1=1@5 (event 1 becomes 1 at 5 us)" \
	"event-hang names the wait and the --event that lets it go on"
run "$EMU" --chip g84 --event 1=1@5 "$tmp/w.bin"
is "$status:$(printf '%s\n' "$out" | tail -1)" "0:stopped: idle" "and with that option the run ends"

done_testing
