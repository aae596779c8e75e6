# The test-file runners (afuc-emu, hwsq-emu) and afuc-emu --replay print
# their TAP through include/afuc/tap.h: the same failure lines, and no
# '#' of a statement's comment, nor any other, left bare in a test's name
# where TAP would read a directive. And afuc-emu's runner, which knows
# the emulator through include/afuc/emu.h alone, still says which variant
# a name was looked for in, and what it may have meant.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"
unset AFUC_REQUIRE_FIRMWARE
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$tmp/sdk.fw"

# A comment that reads as a directive: the failure stays a failure.
printf 'image sdk.fw\nexpect idle   # TODO: a run first\n' >"$tmp/todo.emu"
run "$emu" "$tmp/todo.emu"
is "$status" 1 "afuc-emu: a failing expectation fails the file"
is "$out" "not ok 1 - expect idle   \\# TODO: a run first (line 2)
#   Failed at $tmp/todo.emu line 2.
#   no run before it
1..1" "its '#' is escaped in the name, then where it is and why"

printf 'image sdk.fw\nreg CP_SCRATCH_REGX 5\npkt7 CP_NOPE\nexpect idle\n' >"$tmp/typo.emu"
run "$emu" "$tmp/typo.emu"
is "$status" 1 "afuc-emu: a file with unknown names does not run"
is "$(printf '%s\n' "$err" | grep error:)" \
	"$tmp/typo.emu:2:5: error: unknown register 'CP_SCRATCH_REGX' for A6XX; did you mean 'CP_SCRATCH_REG', 'CP_SCRATCH_REG0' or 'CP_SCRATCH_REG1'?
$tmp/typo.emu:3:6: error: unknown packet opcode 'CP_NOPE' for A6XX; did you mean 'CP_NOP'?" \
	"each name error gives the variant and the nearest names"

# The same form from hwsq-emu, whose checks name themselves and show
# the line as written.
printf 'chip nv41\nbytes a3 7f\nstart\nrun\nexpect flag 3 off\n' >"$tmp/t.hemu"
run "$SDK_BIN/hwsq-emu" "$tmp/t.hemu"
is "$(printf '%s\n' "$out" | grep -v '^# run stopped')" "not ok 1 - flag 3 is off
#   Failed at $tmp/t.hemu line 5: expect flag 3 off
#          got: on
1..1" "hwsq-emu: where, the line, what it got"

# Every replay submission after a run that stopped with an error is a
# failure with the reason as a diagnostic, not as a '#' in its name.
capture=${AFUC_CAPTURE_DIR:-$SDK_ROOT/../shared/captures}/fd-clouds.rd.gz
if [ -f "$capture" ]; then
	printf 'image sdk.fw\nraw 0xffffffff\nrun\nreplay %s\nexpect error\n' "$capture" \
		>"$tmp/replay.emu"
	run "$emu" "$tmp/replay.emu"
	is "$status" 1 "afuc-emu: submissions after an error fail"
	is "$(printf '%s\n' "$out" | head -2)" \
		"not ok 1 - replay $capture submission 1 (line 4)
#   not run: the emulator stopped before" "each with why on a line of its own"

	run "$emu" --replay "$capture" --steps 500 "$tmp/sdk.fw"
	is "$status" 1 "afuc-emu --replay: a submission that stops fails"
	like "$(printf '%s\n' "$out" | sed -n 3,4p)" \
		"^not ok 1 - submission 1: step-limit in IB1 0x[0-9a-f]+ [A-Z0-9_]+
#   step limit of 500 instructions reached\$" "with the emulator's message after it"
else
	skip 4 "no capture $capture"
fi
done_testing
