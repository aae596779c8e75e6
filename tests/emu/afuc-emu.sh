# afuc-emu itself: the command line, errors in test files (exact
# messages), skips, failing tests, expect error, steps, --trace and
# --coverage.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"

run "$emu"
is "$status" 2 "no test file is a usage error"
run "$emu" --frob x.emu
is "$status" 2 "an unknown option is a usage error"

printf 'image x.fw\nfrob 1 2\nexpect mem 0x1000\nexpect bogus 1\nib a 0x1000\n  run\nend\n' > "$tmp/bad.emu"
run "$emu" "$tmp/bad.emu"
is "$status" 1 "a bad test file fails"
like "$err" "bad.emu:2:1: error: unknown statement 'frob'" "an unknown statement, at file:line:column"
like "$err" "bad.emu:3:1: error: expected 'expect mem ADDR VALUE...', found 1 argument" "a missing argument"
like "$err" "bad.emu:4:8: error: expected mem, reg, ctrl, scratch, sqe, gpr, pipe, idle, error or writes after 'expect', found 'bogus'" "an unknown expectation"
like "$err" "bad.emu:6:3: error: 'run' cannot appear inside an ib block" "a statement out of place"
like "$out" '^Bail out!' "and TAP says it bailed out"

# a misspelt statement: the nearest suggested, and the errors after it
# (names, found once the image is known) reported too
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$tmp/typo.fw"
printf 'image typo.fw\nexpct reg 0x10 1\nexpect rge 0x10 1\nreg NO_SUCH_REG 1\npkt7 CP_NOPE 1\nrun\nexpect idle\n' >"$tmp/typo.emu"
run "$emu" "$tmp/typo.emu"
is "$status" 1 "a test file with a misspelt statement fails"
like "$err" "typo.emu:2:1: error: unknown statement 'expct'; did you mean 'expect'\\?" "suggesting the nearest statement"
like "$err" "typo.emu:3:8: error: expected .* after 'expect', found 'rge'; did you mean 'reg' or 'sqe'\\?" \
	"and the nearest expectation"
like "$err" "typo.emu:4:5: error: unknown register 'NO_SUCH_REG'" "without hiding a name error after it"
like "$err" "typo.emu:5:6: error: unknown packet opcode 'CP_NOPE' for A6XX; did you mean 'CP_NOP'\\?" "or two"
like "$out" '^Bail out!' "nothing runs"
is "$(printf '%s\n' "$out" | grep -c '^ok')" 0 "(no test)"

# words that would wrap past the top of the address space to 0
printf 'image typo.fw\nmem 0xfffffffffffffff8 1 2\nmem 0xfffffffffffffff8 1 2 3\nexpect mem 0xfffffffffffffffc 1 2\nib a 0xfffffffffffffffc\n pkt7 CP_NOP\n pkt7 CP_NOP\nend\nrun\nexpect idle\n' >"$tmp/wrap.emu"
run "$emu" "$tmp/wrap.emu"
is "$status" 1 "mem, expect mem and ib words past 2^64 are errors"
is "$(printf '%s\n' "$err" | grep -c 'error:')" 3 "each of them, not the two words that end at the top"
like "$err" "wrap.emu:3:5: error: 3 words at 0xfffffffffffffff8 wrap past the top of the address space" "mem"
like "$err" "wrap.emu:4:12: error: 2 words at 0xfffffffffffffffc wrap" "expect mem"
like "$err" "wrap.emu:5:6: error: 2 words at 0xfffffffffffffffc wrap" "an ib block"

# an image where a test file is expected: what to do with it
run "$emu" "$tmp/typo.fw"
is "$status" 1 "an image given as a test file fails"
is "$err" "afuc-emu: error: $tmp/typo.fw: this looks like an a6xx firmware image, not a test file: replay a capture through it (--replay CAPTURE $tmp/typo.fw), debug it (-i $tmp/typo.fw), or name it in a test file's 'image' line" \
	"saying what it is and how to use it, once"
run "$emu" "$SDK_BUILD/firmware/a6xx/sqe.elf"
like "$err" "sqe.elf: this looks like an ELF file, not a test file" "and an ELF beside it"

printf 'image vendor:no-such.fw\nrun\nexpect idle\n' > "$tmp/skip.emu"
AFUC_REQUIRE_FIRMWARE=0 AFUC_FIRMWARE_DIR=$tmp SDK_ROOT=$tmp/none run "$emu" "$tmp/skip.emu"
is "$status" 0 "a missing vendor image is not a failure"
like "$out" '^1\.\.0 # SKIP vendor image no-such.fw not found' "but a skip of the whole file"

# UNKNn packet names, as afuc-as takes them: wherever a PM4 name goes
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$tmp/sdk.fw"
cat > "$tmp/unkn.emu" <<'END'
image sdk.fw
ib first 0x8000
	pkt7 UNKN61 0x2000 0 6            # 0x3d: CP_MEM_WRITE by number
end
pkt7 UNKN16 1 2 3                   # 0x10: CP_NOP by number
pkt7 UNKN61 0x1000 0 5
pkt7 CP_INDIRECT_BUFFER first.lo first.hi first.size
run
expect mem 0x1000 5
expect mem 0x2000 6
END
run "$emu" "$tmp/unkn.emu"
is "$status" 0 "UNKNn names a packet in pkt7, in the ring and in an ib"
like "$out" '^ok 2 - expect mem 0x2000 6' "and the packets run"
printf 'image sdk.fw\npkt7 UNKN128\npkt7 UNKN012\npkt7 UNKN\n' > "$tmp/unkn.emu"
run "$emu" "$tmp/unkn.emu"
is "$status" 1 "a bad UNKNn fails"
like "$err" "unkn.emu:2:6: error: unknown packet opcode 'UNKN128' for A6XX \\(UNKNn takes a decimal n from 0 to 127, without leading zeros\\)" "past 127"
like "$err" "unkn.emu:3:6: error: unknown packet opcode 'UNKN012' for A6XX \\(UNKNn" "a leading zero"
like "$err" "unkn.emu:4:6: error: unknown packet opcode 'UNKN' for A6XX \\(UNKNn" "no number"

# ring: which ring the packets after it go to (a5xx has no LPAC)
cp "$SDK_BUILD/firmware/a5xx/pfp.fw" "$tmp/sdk5.fw"
printf 'image sdk.fw\nring BV\nring main\n' > "$tmp/ring.emu"
run "$emu" "$tmp/ring.emu"
is "$status" 1 "ring takes main or LPAC"
like "$err" "ring.emu:2:6: error: expected main or LPAC, found 'BV'" "ring BV is refused"
ok "$(printf '%s\n' "$err" | grep -c 'ring.emu:3:')" "ring main is fine"
printf 'image sdk5.fw\nring LPAC\n' > "$tmp/ring.emu"
run "$emu" "$tmp/ring.emu"
like "$err" "ring.emu:2:6: error: this image has no LPAC, whose ring LPAC names \\(a660, a7xx\\)" \
	"ring LPAC is refused on an image without one"

# expect scratch reads the generation's scratch words: a5xx keeps 48 at
# control register 0x050, a6xx and a7xx 128 at 0x100
printf 'image sdk5.fw\nrun\nctrl 0x51 0x1234\nexpect scratch 1 0x1234\n' > "$tmp/scratch.emu"
run "$emu" "$tmp/scratch.emu"
like "$out" "^ok 1 - expect scratch 1 0x1234" "a5xx: expect scratch 1 is control register 0x051"
printf 'image sdk5.fw\nexpect scratch 0x30 0\n' > "$tmp/scratch.emu"
run "$emu" "$tmp/scratch.emu"
like "$err" "scratch.emu:2:16: error: scratch index 0x30 is past 0x2f on A5XX" \
	"a5xx: past its 48 scratch words"
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$tmp/sdk6.fw"
printf 'image sdk6.fw\nrun\nctrl 0x105 7\nexpect scratch 5 7\n' > "$tmp/scratch.emu"
run "$emu" "$tmp/scratch.emu"
like "$out" "^ok 1 - expect scratch 5 7" "a6xx: expect scratch 5 is control register 0x105"

fw=$(find_firmware a630_sqe.fw) || { skip 11 "vendor image a630_sqe.fw not found"; done_testing; }
cp "$fw" "$tmp/copy.fw"
printf 'image copy.fw\npkt7 0x3d 0x1000 0 5\nreg 0x8c1 0x10000 0\n' > "$tmp/value.emu"
run "$emu" "$tmp/value.emu"
like "$err" "value.emu:3:1: error: expected 'reg NAME\|OFFSET VALUE', found 3 arguments" "too many arguments"
printf 'image copy.fw\nreg 0x40000 1\nmem 0x1002 1\npkt7 0x3d 0x100000000\n' > "$tmp/value.emu"
run "$emu" "$tmp/value.emu"
like "$err" "value.emu:2:5: error: 0x40000 is outside the register space" "a register past 18 bits"
like "$err" "value.emu:3:5: error: address 0x1002 is not a multiple of 4" "an unaligned address"
like "$err" "value.emu:4:11: error: 0x100000000 does not fit in 32 bits" "a value past 32 bits"

cat > "$tmp/t.emu" <<'END'
image copy.fw          # relative to the test file
pkt7 0x3d 0x1000 0 0xdeadbeef
run
expect mem 0x1000 0xdeadbeef
expect mem 0x1000 0x1
raw 0x12345678
run
expect error packet
END
run "$emu" "$tmp/t.emu"
is "$status" 1 "a failing expectation fails the file"
like "$out" '^ok 1 - expect mem 0x1000 0xdeadbeef \(line 4\)' "a passing test"
like "$out" '^not ok 2 - expect mem 0x1000 0x1 \(line 5\)' "a failing one"
like "$out" '^#   at 0x1000 got 0xdeadbeef, expected 0x00000001' "which says what it compared"
like "$out" '^ok 3 - expect error packet \(line 8\)' "expect error takes the run's error"

printf 'image copy.fw\nsteps 50\nrun\nexpect error step-limit\n' > "$tmp/steps.emu"
run "$emu" "$tmp/steps.emu"
is "$status" 0 "steps bounds a run (the bootstrap needs more than 50)"

printf 'image copy.fw\npkt7 0x3d 0x1000 0 1\nrun\nexpect idle\n' > "$tmp/cov.emu"
run "$emu" --trace --coverage "$tmp/cov.emu"
like "$err" '^main 0555: 9c1ffa06  \(rep\)\(xmov1\)mov \$data, \$data .* MEM\[0x1000\]=00000001' \
	"--trace shows each instruction and its writes"
like "$out" '^#   (CP_MEM_WRITE|0x3d) +7/7 +100%' "--coverage: CP_MEM_WRITE ran all it can reach"
done_testing
