# hwsq-emu's test files themselves: a failing check fails, malformed lines
# stop the file with their location, and the one-image mode prints a run.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

EMU=$SDK_BIN/hwsq-emu

# hemu TEXT: runs it as a test file; $out, $status.
hemu() {
	printf '%s\n' "$1" >"$tmp/t.hemu"
	run "$EMU" "$tmp/t.hemu"
}

hemu 'chip nv41
bytes a3 7f
start
run
expect flag 3 on
expect flag 3 off
expect time 1us'
is "$status" 1 "a failing check makes the file fail"
like "$out" '^ok 1 - flag 3 is on$' "a passing check is ok"
like "$out" "^not ok 2 - flag 3 is off" "a failing one is not ok"
like "$out" "#   Failed at $tmp/t.hemu line 6: expect flag 3 off" "with its line"
like "$out" '#          got: on' "and what it got"
like "$out" '^1\.\.3$' "the plan counts every check"

# bails FILE-TEXT MESSAGE NAME
bails() {
	hemu "$1"
	is "$status:$(printf '%s\n' "$out" | grep '^Bail out!')" "1:Bail out! $tmp/t.hemu:$2" "$3"
}
bails 'bytes 7f' '1:1: no '"'"'chip'"'"' line before this one' "code before the chip"
bails 'chip nv40' "1:6: unknown chip 'nv40' (nv17, nv41, nv50 or nv92)" "an unknown chip"
bails 'chip nv17
start' "2:1: no code loaded: use source, image, code or bytes first" "a start with no code"
bails 'chip nv17
bytes 7f
frobnicate' "3:1: unknown command 'frobnicate'" "an unknown command"
bails 'chip nv17
bytes 7f
expect wrongly 1' "3:8: unknown check 'wrongly'" "an unknown check"
bails 'chip nv17
bytes 7f
strat' "3:1: unknown command 'strat'; did you mean 'start'?" "the nearest command"

# every error of a file, each at its place with a caret; the first in
# Bail out!, and no test runs after the first
hemu 'chip nv50
bytes 7f
expect flag 3 unset
frob 1
run until 5 parsecs
expect wrongly 1
start slot c'
is "$status:$(printf '%s\n' "$out" | grep '^Bail out!')" "1:Bail out! $tmp/t.hemu:4:1: unknown command 'frob'" \
	"several errors: Bail out! names the first"
is "$(printf '%s\n' "$out" | grep -c '^ok')" 1 "the test before it ran, none after"
is "$err" "$tmp/t.hemu:4:1: error: unknown command 'frob'
 frob 1
 ^
$tmp/t.hemu:5:13: error: expected a time unit (ns, us, ms or s)
 run until 5 parsecs
             ^
$tmp/t.hemu:6:8: error: unknown check 'wrongly'
 expect wrongly 1
        ^
$tmp/t.hemu:7:12: error: expected slot a or slot b
 start slot c
            ^" "every error is reported, each with its line and a caret"
hemu 'chip nv40
bytes 7f
start
run
expect flag 3 on
frob 1'
is "$(printf '%s\n' "$err" | grep -c 'error:')" 2 \
	"a failed chip line does not bring a 'no chip' error per line after it"
like "$err" "6:1: error: unknown command 'frob'" "but errors of their own are reported"
bails 'chip nv17
bytes 7f
run until 5' "3:12: expected a time unit (ns, us, ms or s)" "a time without a unit"
bails 'chip nv92
bytes 7f
start slot b' "3:13: NV92:NVC0 has one slot" "slot B on nv92"
bails 'chip nv50
bytes 7f
expect flag NOPE on' "3:13: unknown flag 'NOPE' on NV50" "an unknown flag name"
bails "chip nv17
bytes $(printf '00 %.0s' $(seq 65))" "2:1: 0x41 bytes do not fit NV17:NV41 code RAM" \
	"more bytes than the RAM"
bails 'chip nv50
code
	addr 1
	bogus
end' "2:1: the code block does not compile for nv50" "a code block with errors"
like "$out" "# $tmp/t.hemu:4:2: error: expected an opcode, .* found 'bogus'" \
	"the compiler's error, at the test file's line"
bails 'chip nv50
code
	nop' "2:1: 'code' has no 'end'" "code without end"
bails 'chip nv50
source /nonexistent.hwsq' "2:1: /nonexistent.hwsq does not compile for nv50" "a missing source"

# ---- one image ----------------------------------------------------------------
printf '\xe2\x05\x00\x00\x00\xe0\x10\x00\x00\x00\x05\xa3\x7f' >"$tmp/i.bin"
run "$EMU" --chip nv50 "$tmp/i.bin"
is "$status" 0 "--chip: an image that exits"
is "$out" "write: 0x000010 <- 0x00000005 at 0 ns (ip 0x005)
flag: 3 on
FLAGS_0: 0x00080008
FLAGS_1: 0x00000000
STATUS: 0x0000000c
code: 0xd of 0x100 bytes used, 0xf3 free (NV50:NV92)
entry 0: 0x000, 0xd bytes to its exit
time: 4000 ns
stopped: idle" "prints writes, flags, FLAGS, STATUS, code RAM use, time"
run "$EMU" --chip nv50 --disable "$tmp/i.bin"
is "$status" 1 "--disable: the run cannot end, exit 1"
like "$out" '^stopped: mmio-hang$' "--disable: the poke hangs"
run "$EMU" --chip nv50 --trace "$tmp/i.bin"
like "$out" 'trace: slot A 0x00a at 0 ns: wait' "--trace"
run "$EMU" --chip nv92 --slot b "$tmp/i.bin"
is "$status" 2 "--slot b on nv92: a usage error"
run "$EMU"
is "$status" 2 "nothing to run: a usage error"

# expect writes blocks that fail: what is missing, and what was written
wr='chip nv50
code
	entry 0
	wr32 0x1002d4, 1
	wr32 0x1002d0, 2
	exit
end
start
run'
hemu "$wr
expect writes
	0x1002d0 2
	0x1002d4 1
end
expect writes include
	0x1002d0 2
	0x1002d4 1
end
expect writes
	0x1002d4 1
end"
is "$status" 1 "expect writes blocks that do not match fail"
like "$out" '^not ok 1 - the writes are the 2 listed, and no others$' "out of order"
like "$out" '#          got: no write 0x1002d0 <- 0x00000002 \(line 11\); 2 writes: 0x1002d4 <- 0x00000001, 0x1002d0 <- 0x00000002$' \
	"naming the first expected write not found and every write"
like "$out" '^not ok 2 - the writes are the 2 listed, in order, among others$' "include keeps the order"
like "$out" '^not ok 3 - the writes are the 1 listed, and no others$' "exact wants no others"
hemu "$wr
expect writes
	0x1002d4
	NO_SUCH_REG 1
end
expect writes include"
is "$status:$(printf '%s\n' "$out" | grep '^Bail out!')" "1:Bail out! $tmp/t.hemu:11:10: expected a number, found 'end of line'" \
	"a bad line in an expect writes block is an error at its place"
like "$err" "t.hemu:12:2: error: unknown register 'NO_SUCH_REG'" "every one of them"
like "$err" "t.hemu:14:1: error: 'expect writes' has no 'end'" "and a block without end"

done_testing
