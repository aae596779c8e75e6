# hwsq-emu --chip: the size report after a run, so a user sees how close a
# script comes to the family's code RAM: the bytes used and free, and how
# many bytes the run from each entry point goes through.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# nv17 (0x40 bytes of code RAM). Entry 0 at 0: set1 3, wait 1 shl 1,
# exit (3 bytes); entry 1 at 3: unset 3, set0 4, exit (3 bytes); then
# exit padding. Used: up to the last instruction that is not an exit
# (0x04), plus one exit: 6 bytes, 0x3a free.
printf '\243\005\177\203\304\177' >"$tmp/two.bin"
run "$SDK_BIN/hwsq-emu" --chip nv17 -e 1=3 "$tmp/two.bin"
is "$status" 0 "the run ends at an exit"
like "$out" '^code: 0x6 of 0x40 bytes used, 0x3a free \(NV17:NV41\)$' "bytes used and free"
like "$out" '^entry 0: 0x000, 0x3 bytes to its exit$' "entry 0, the one started"
like "$out" '^entry 1: 0x003, 0x3 bytes to its exit$' "entry 1, as set"
like "$out" '^time: 4000 ns$' "the elapsed time: 1 shl 1 is 4 us"

# an image with no exit at all: the rest of the RAM from the entry
printf '\243\243\243' >"$tmp/noexit.bin"
run "$SDK_BIN/hwsq-emu" --chip nv17 --start 2 -e 2=1 "$tmp/noexit.bin"
like "$out" '^entry 2: 0x001, 0x2 bytes to its exit$' \
	"the RAM's exit padding ends a run that has none of its own"
done_testing
