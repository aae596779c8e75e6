# The HWSQ tools on hostile input: every one ends with a located error or
# a clear message, never a crash, a hang or a silent pass. The limits are
# in docs/hwsq.md.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
EMU=$SDK_BIN/hwsq-emu
OBJDUMP=$SDK_BIN/hwsq-objdump
# A tool that still read /dev/zero without end would hang the suite.
T="timeout 60"

# parens N: N nested parentheses around 1.
parens() {
	printf '%*s' "$1" '' | tr ' ' '('
	printf 1
	printf '%*s' "$1" '' | tr ' ' ')'
}

# asm_err TEXT: compiles TEXT for nv50; $status and the first error line.
asm_err() {
	printf '%s\n' "$1" >"$tmp/x.hwsq"
	run $T "$AS" --chip nv50 "$tmp/x.hwsq" -o "$tmp/x.bin"
	first_error=$(printf '%s\n' "$err" | grep -m1 ': error: ')
}

# hemu TEXT: runs it as a test file; $out, $status, $bail (the Bail out! line).
hemu() {
	printf '%s\n' "$1" >"$tmp/t.hemu"
	run $T "$EMU" "$tmp/t.hemu"
	bail=$(printf '%s\n' "$out" | grep '^Bail out!')
}

# ---- expression nesting: afuc-as's limit and words ---------------------------
asm_err "wr32 $(parens 199), 1"
is "$status" 0 "199 nested parentheses compile"
asm_err "wr32 $(parens 200), 1"
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:206: error: expression nested more than 200 deep" \
	"200 nested parentheses: the error at the one too deep"
asm_err "wr32 $(parens 11700), 1"
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:206: error: expression nested more than 200 deep" \
	"11700 nested parentheses: an error, not a stack overflow"
asm_err "wr32 1, $(printf '%*s' 11700 '' | tr ' ' '-')1"
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:209: error: expression nested more than 200 deep" \
	"11700 unary minus signs: the same"
hemu "chip nv50
code
	wr32 $(parens 11700), 1
end
expect size 0"
is "$status:$bail" "1:Bail out! $tmp/t.hemu:2:1: the code block does not compile for nv50" \
	"a code block nested too deep"
like "$out" "# $tmp/t.hemu:3:207: error: expression nested more than 200 deep" \
	"the code block's error at its line and column"
hemu "chip nv50
bytes 7f
expect reg $(parens 11700) 0"
is "$status:$bail" "1:Bail out! $tmp/t.hemu:3:212: expression nested more than 200 deep" \
	"expect reg nested too deep"

# ---- arithmetic: refused where C would trap or overflow ------------------------
asm_err 'wr32 1, (-0x7fffffffffffffff - 1) / -1'
is "$status:$first_error" "1:$tmp/x.hwsq:1:35: error: division by -1 overflows" \
	"INT64_MIN / -1"
asm_err 'wr32 1, (-0x7fffffffffffffff - 1) % -1'
is "$status:$first_error" "1:$tmp/x.hwsq:1:35: error: division by -1 overflows" \
	"INT64_MIN % -1"
asm_err 'wr32 1, 7 / (3 - 3)'
is "$status:$first_error" "1:$tmp/x.hwsq:1:11: error: division by zero" "division by zero"
asm_err 'wr32 1, 0x7fffffffffffffff + 1'
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:28: error: 9223372036854775807 + 1 overflows 64-bit signed arithmetic" \
	"addition that overflows"
asm_err 'wr32 1, 0x100000000 * 0x100000000'
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:21: error: 4294967296 * 4294967296 overflows 64-bit signed arithmetic" \
	"multiplication that overflows (it wrapped to 0 before)"
asm_err 'wr32 1, -(-0x7fffffffffffffff - 1)'
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:9: error: -(-9223372036854775808) overflows 64-bit signed arithmetic" \
	"negation that overflows"
asm_err 'wr32 1, 1 << 64'
is "$status:$first_error" "1:$tmp/x.hwsq:1:11: error: shift count 64 is not in 0..63" \
	"a shift count past 63"
asm_err 'wr32 1, 0xffffffffffffffff'
is "$status:$first_error" \
	"1:$tmp/x.hwsq:1:9: error: expected a number up to 0x7fffffffffffffff, found '0xffffffffffffffff'" \
	"a number past 64-bit signed"
asm_err 'wr32 1, -9 / 3'
is "$status:$first_error" "1:$tmp/x.hwsq:1:9: error: value -3 does not fit: it must be 0 to 0xffffffff" \
	"signed, as in C: -9 / 3 is -3"
asm_err 'wr32 0x10, (0 - 9) / 3 + 4'
is "$status:$(od -An -tx1 -N5 "$tmp/x.bin" | tr -d '\n')" "0: e2 01 00 00 00" \
	"(0 - 9) / 3 + 4 is 1, as in C (0x5555555555555556 unsigned)"
hemu 'chip nv50
bytes 7f
expect reg 0x1000 (-0x7fffffffffffffff - 1) / -1'
is "$status:$bail" "1:Bail out! $tmp/t.hemu:3:45: division by -1 overflows" \
	"expect reg: INT64_MIN / -1"
hemu 'chip nv50
bytes 7f
start
run for 20000000000s'
is "$status:$bail" \
	"1:Bail out! $tmp/t.hemu:4:9: expected a time from 0 to 9223372036s, found 20000000000s" \
	"a time that overflows 64-bit nanoseconds"

# ---- a statement with no operands after a longer line ----------------------------
# 'wait' alone looked one token past the end of its line, at a token of the
# line before whose text was freed (ASan: heap-use-after-free).
asm_err 'flag 3 on
wait'
is "$status:$first_error" "1:$tmp/x.hwsq:2:5: error: expected an operand, found 'end of line'" \
	"'wait' with no operand after 'flag 3 on'"

# ---- a program with no instructions --------------------------------------------
printf '; nothing\n' >"$tmp/empty.hwsq"
run "$AS" --chip nv17 "$tmp/empty.hwsq" -o "$tmp/empty.bin"
is "$status:$err:$(od -An -tx1 -v "$tmp/empty.bin" | tr -d ' \n')" \
	"0::$(printf '7f%.0s' $(seq 64))" "no instructions: an image of exits (no NULL to memcpy)"
hemu 'chip nv17
code
end
start
run
expect stop idle'
is "$status" 0 "an empty code block runs to its exit"

# ---- NUL bytes in text -----------------------------------------------------------
head -c 100 /dev/zero >"$tmp/nul"
run "$AS" --chip nv50 "$tmp/nul" -o "$tmp/nul.bin"
is "$status:$(printf '%s\n' "$err" | grep ': error: ')" \
	"1:$tmp/nul:1:1: error: expected text, found a NUL byte" \
	"hwsq-as: a file of NULs is an error, not an image of exits"
ok $([ ! -e "$tmp/nul.bin" ]; echo $?) "hwsq-as: and writes nothing"
printf 'nop\nnop\0 ; comment\n' >"$tmp/mid.hwsq"
run "$AS" --chip nv50 "$tmp/mid.hwsq"
is "$status:$(printf '%s\n' "$err" | grep ': error: ')" \
	"1:$tmp/mid.hwsq:2:4: error: expected text, found a NUL byte" \
	"hwsq-as: a NUL at its line and column"
run "$AS" --chip nv50 -E "$tmp/mid.hwsq"
is "$status:$(printf '%s\n' "$err" | grep ': error: ')" \
	"1:$tmp/mid.hwsq:2:4: error: expected text, found a NUL byte" "hwsq-as -E: the same"
run $T "$EMU" "$tmp/nul"
is "$status:$out" "1:Bail out! $tmp/nul:1:1: expected text, found a NUL byte" \
	"hwsq-emu: a test file of NULs bails, not 1..0"
printf 'chip nv50\nbytes 7f\nexpect\0 size 1\n' >"$tmp/t.hemu"
run "$EMU" "$tmp/t.hemu"
is "$status:$out" "1:Bail out! $tmp/t.hemu:3:7: expected text, found a NUL byte" \
	"hwsq-emu: a NUL in a command line"
printf 'chip nv50\ncode\n\tnop\n\0\nend\nexpect size 1\n' >"$tmp/t.hemu"
run "$EMU" "$tmp/t.hemu"
is "$status:$out" "1:Bail out! $tmp/t.hemu:4:1: expected text, found a NUL byte" \
	"hwsq-emu: a NUL in a code block"
hemu "chip nv50
source $tmp/mid.hwsq
expect size 2"
like "$out" "# $tmp/mid.hwsq:2:4: error: expected text, found a NUL byte" \
	"hwsq-emu: a NUL in a source file"
printf 'wr32 0x001400, 0x7f7f7f7f\nwr32\0 0x001404, 1\n' >"$tmp/nul.up"
hemu "chip nv50
upload $tmp/nul.up
expect size 1"
is "$status:$bail" "1:Bail out! $tmp/t.hemu:2:1: $tmp/nul.up:2:5: expected text, found a NUL byte" \
	"hwsq-emu: a NUL in an upload file"
printf 'wr32 0x001400, 0x7f7f7f7f\nwr32 0x001404 ` 1\n' >"$tmp/bad.up"
hemu "chip nv50
upload $tmp/bad.up
expect size 1"
is "$status:$bail" "1:Bail out! $tmp/t.hemu:2:1: $tmp/bad.up:2:15: unexpected character" \
	"hwsq-emu: an upload line that is not one, not skipped"

# ---- input size ------------------------------------------------------------------
big="larger than 0x100000 bytes, more than any HWSQ input can be (the largest code RAM is 0x200 bytes)"
hemu 'chip nv50
upload /dev/zero
expect size 1'
is "$status:$bail" "1:Bail out! $tmp/t.hemu:2:1: cannot read /dev/zero: $big" \
	"hwsq-emu: upload /dev/zero"
hemu 'chip nv50
image /dev/zero
expect size 1'
is "$status:$bail" "1:Bail out! $tmp/t.hemu:2:1: cannot read /dev/zero: $big" \
	"hwsq-emu: image /dev/zero"
hemu 'chip nv50
bytes 7f
expect image /dev/zero'
is "$(printf '%s\n' "$out" | grep '^#          got:')" "#          got: $big" \
	"hwsq-emu: expect image /dev/zero"
run $T "$EMU" /dev/zero
is "$status:$out" "1:Bail out! cannot read /dev/zero: $big" "hwsq-emu: a test file /dev/zero"
run $T "$EMU" --chip nv50 /dev/zero
is "$status:$err" "1:hwsq-emu: error: cannot read /dev/zero: $big" "hwsq-emu --chip: image /dev/zero"
run $T "$OBJDUMP" --chip nv50 /dev/zero
is "$status:$err" "1:hwsq-objdump: error: cannot read /dev/zero: $big" "hwsq-objdump /dev/zero"
run $T "$AS" --chip nv50 /dev/zero
is "$status:$err" "1:/dev/zero: error: $big" "hwsq-as /dev/zero"
head -c 1048577 /dev/zero | tr '\0' '\n' >"$tmp/big.hwsq"
run $T "$AS" --chip nv50 "$tmp/big.hwsq"
is "$status:$err" "1:$tmp/big.hwsq: error: $big" "hwsq-as: one byte over the limit"

# ---- a test file must test something ------------------------------------------------
: >"$tmp/t.hemu"
run "$EMU" "$tmp/t.hemu"
is "$status:$out" \
	"1:Bail out! $tmp/t.hemu: the file has no test: expected at least one 'expect' line" \
	"an empty test file fails"
hemu '# only a comment
; and another'
is "$status:$out" \
	"1:Bail out! $tmp/t.hemu: the file has no test: expected at least one 'expect' line" \
	"a test file of comments fails"
hemu 'chip nv50
bytes 7f
start
run'
is "$status:$out" \
	"1:# run stopped: idle at 0us
Bail out! $tmp/t.hemu: the file has no test: expected at least one 'expect' line" \
	"a test file that runs but checks nothing fails"

# ---- the step limit ---------------------------------------------------------------
# data 3; addr TRIGGER: the script starts itself again, without end.
printf '\342\003\000\000\000\340\014\023\000\000' >"$tmp/loop.bin"
run $T "$EMU" --chip nv50 "$tmp/loop.bin"
is "$status:$err" \
	"1:hwsq-emu: error: $tmp/loop.bin: stopped after 1000000 instructions in one run, the step limit (a script that restarts itself through TRIGGER?)" \
	"hwsq-emu --chip: a script that restarts itself ends at the step limit"
is "$(printf '%s\n' "$out" | tail -1)" "stopped: step-limit" "and says why it stopped"
hemu "chip nv50
image $tmp/loop.bin
start
run
expect stop step-limit
expect writes 500000"
is "$status" 0 "a test file: the run ends with stop step-limit"
like "$out" '^# run stopped: step-limit at 0us \(1000000 instructions in one run: a script that restarts itself through TRIGGER\?\)$' \
	"and the TAP comment says why"

done_testing
