# afuc-emu -i, the debugger, driven through -x and a pipe on the SDK's
# own a6xx image: each kind of breakpoint and watchpoint, stepping,
# printing, pushing packets, listing, and its errors. Where a stop is
# expected is worked out from sqe.map and the sources, not from the
# debugger's own output.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"
fw="$SDK_BUILD/firmware/a6xx/sqe.fw"
map="$SDK_BUILD/firmware/a6xx/sqe.map"
cp_src="$SDK_ROOT/firmware/common/cp-handlers.S"

# session ARGS... < commands: runs afuc-emu -i -x with the commands given
# on standard input; $out holds the transcript
session() {
	cat >"$tmp/cmds"
	run "$emu" -i -x "$tmp/cmds" "$@" </dev/null
}
# pc_of LABEL: the label's pc in sqe.map, as the debugger prints pcs
pc_of() {
	printf '%04x' "0x$(sed -n "s/^  0x0*\([0-9a-f]\{1,\}\)  $1 .*/\1/p" "$map" | head -1)"
}
# line_of REGEX FILE: the first line number of FILE matching REGEX
line_of() {
	grep -n -m1 -E "$1" "$2" | cut -d: -f1
}

mem_write=$(pc_of '\.Lhandler\.CP_MEM_WRITE')
first=$(awk '/^HANDLER\(CP_MEM_WRITE\)/ { print NR + 1; exit }' "$cp_src")
first_text=$(sed -n "${first}p" "$cp_src")

# ---- a packet opcode, info packet, stepping, printing ----
session "$fw" <<'END'
break CP_MEM_WRITE
push pkt7 CP_NOP 1 2
push pkt7 CP_MEM_WRITE 0x1000 0 0xdeadbeef 7
continue
info packet
stepi
next
print $01 $rem $pc
next
print |NRT_ADDR
print %SP
print @IB1_BASE
info registers
list
disassemble
finish
x 0x1000 2
x/2 0x1000
END
is "$status" 0 "a session ends at the end of its commands, exit 0"
like "$out" "^breakpoint 1, CP_MEM_WRITE$" "break CP_MEM_WRITE stops at its packet"
like "$out" "^SQE pc $mem_write cp-handlers\\.S:$first CP_MEM_WRITE$" \
	"at the handler's entry in sqe.map ($mem_write), line $first of cp-handlers.S"
stop_text=$(printf '%s\n' "$out" | grep -A1 -m1 "^SQE pc $mem_write " | tail -1)
is "$stop_text" "$first	$first_text" "the stop shows that line's text from the file"
like "$out" '^packet CP_MEM_WRITE \(0x3d\), header 0x703d0004, 4 payload words$' \
	"info packet: the packet being handled, not the CP_NOP before it"
like "$out" '^  0x00001000 0x00000000 0xdeadbeef 0x00000007$' "and its payload"
next_pc=$(printf '%04x' $((0x$mem_write + 1)))
like "$out" "^SQE pc $next_pc cp-handlers\\.S:$first CP_MEM_WRITE\\+1$" "stepi: the next instruction"
like "$out" "^SQE pc [0-9a-f]{4} cp-handlers\\.S:$((first + 1)) CP_MEM_WRITE\\+3$" \
	"next: the first instruction of the next source line (SET_NRT_ADDR is 3 words)"
like "$out" "^SQE pc [0-9a-f]{4} cp-handlers\\.S:$((first + 2)) CP_MEM_WRITE\\+4$" \
	"next again: over NRT_SELECT_DATA's word"
like "$out" '^\$01 = 0x703d0004 \(1883045892\)$' 'print $01: the header'
like "$out" '^\$rem = 0x00000002 \(2\)$' 'print $rem: the words left'
like "$out" "^\\\$pc = 0x0*$(printf '%x' $((0x$mem_write + 3))) " 'print $pc'
like "$out" '^\|NRT_ADDR \(last written\) = 0x00001000 \(4096\)$' 'print |NRT_ADDR: a pipe register'
like "$out" '^%SP = 0x00000000 \(0\)$' 'print %SP: an SQE register'
like "$out" '^@IB1_BASE = 0x00000000 \(0\)$' 'print @IB1_BASE: a control register'
like "$out" '^\$00   0x00000000   \$01   0x703d0004 ' 'info registers: $01 holds the header'
list_line=$(printf '%s\n' "$out" | grep -m1 "^=> $((first + 2)) ")
is "$list_line" "=> $((first + 2))    $(sed -n "$((first + 2))p" "$cp_src")" \
	"list marks the current line, with the file's text"
like "$out" "^=> $(printf '%04x' $((0x$mem_write + 4))):  \\(rep\\)" \
	"disassemble marks pc, with register names"
like "$out" '^CP_MEM_WRITE:$' "and starts at the handler's label"
end_line=$(awk -v f="$first" 'NR > f && /^END_HANDLER/ { print NR; exit }' "$cp_src")
like "$out" "^SQE pc [0-9a-f]{4} cp-handlers\\.S:$end_line CP_MEM_WRITE\\+5$" \
	"finish: to the waitin at END_HANDLER (line $end_line)"
like "$out" '^0x00001000: 0xdeadbeef 0x00000007$' "x ADDR COUNT and x/COUNT ADDR: the words written"

# ---- an opcode whose handler is shared: only that packet stops ----
session "$fw" <<'END'
break CP_SET_MODE
push pkt7 CP_SKIP_IB2_ENABLE_GLOBAL 5
push pkt7 CP_SET_MODE 6
continue
info packet
continue
END
like "$out" '^packet CP_SET_MODE \(0x63\), header 0x70[0-9a-f]{6}, 1 payload word$' \
	"a shared handler stops for CP_SET_MODE, not CP_SKIP_IB2_ENABLE_GLOBAL before it"
is "$(printf '%s\n' "$out" | grep -c '^breakpoint 1,')" 1 "and once"
like "$out" '^idle: every processor waits for a packet$' "continue: to the run's end"

# ---- a label, a pc, file:line ----
boot=$(pc_of bootstrap)
mw2=$(printf '%x' $((0x$mem_write + 2)))
rep_line=$(awk -v f="$first" 'NR > f && /\(rep\)/ { print NR; exit }' "$cp_src")
session "$fw" <<END
break bootstrap
break *0x$mw2
break 0x$mw2
break cp-handlers.S:$rep_line
info breakpoints
push pkt7 CP_MEM_WRITE 0x1000 0 1 2
continue
continue
continue
delete 2 3
info breakpoints
END
like "$out" "^SQE pc $boot [A-Za-z./-]*:[0-9]+ bootstrap$" "break LABEL: the bootstrap, at $boot"
like "$out" "^breakpoint 2, \\*0x$mw2$" "break *PC"
like "$out" "^SQE pc 0*$mw2 cp-handlers\\.S:$first CP_MEM_WRITE\\+2$" "stops at that pc"
like "$out" "^breakpoint 4, cp-handlers\\.S:$rep_line$" "break FILE:LINE"
rep_text=$(sed -n "${rep_line}p" "$cp_src")
like "$out" "^$rep_line	$(printf '%s' "$rep_text" | sed 's/[][().$*]/\\&/g')$" \
	"stops at that line, whose text is the file's"
like "$out" '^3    breakpoint     0  0x[0-9a-f]+: SQE pc ' "a second breakpoint at one pc: the first one hits"
like "$(printf '%s\n' "$out" | tail -3)" '^4    breakpoint     1  ' "delete 2 3 leaves 1 and 4"

# ---- watchpoints, in a test file: TAP goes on between stops ----
cat >"$tmp/t.emu" <<END
image $fw
run
expect idle
pkt4 CP_SCRATCH_REG[2] 0x55
pkt7 CP_MEM_WRITE 0x1000 0 0xdeadbeef
pkt7 CP_NOP
run
expect mem 0x1000 0xdeadbeef
expect reg CP_SCRATCH_REG[2] 0x55
END
session "$tmp/t.emu" <<'END'
watch reg CP_SCRATCH_REG[2]
watch mem 0x1000
continue
print CP_SCRATCH_REG[2] 0x885
continue
continue
push pkt7 CP_MEM_WRITE 0x2000 0 0x77
continue
x 0x2000
END
like "$out" '^before the first run: set breakpoints' "a test file: the prompt comes before the first run"
like "$out" '^watchpoint 1: CP_SCRATCH\[0x2\]\.REG = 0x00000055 \(written by SQE pc [0-9a-f]{4} [a-z-]+\.S:[0-9]+ PKT4\+[0-9]+\)$' \
	"watch reg: the PKT4 handler's write"
like "$out" '^CP_SCRATCH\[0x2\]\.REG \(0x00885\) = 0x00000055 \(85\)$' "print a GPU register, by name and offset"
like "$out" "^watchpoint 2: mem 0x1000 = 0xdeadbeef \\(written by SQE pc [0-9a-f]{4} cp-handlers\\.S:$rep_line CP_MEM_WRITE\\+4\\)$" \
	"watch mem: CP_MEM_WRITE's write, at the (rep) line"
like "$out" '^ok 1 - expect idle' "the test's TAP goes on"
like "$out" '^ok 3 - expect reg CP_SCRATCH_REG\[2\] 0x55' "through its last expectation"
like "$out" '^the test file has run to its end' "then the prompt stays"
like "$out" '^0x00002000: 0x00000077$' "a packet pushed after the file runs on continue"

# ---- next over a call, step into it ----
call_line=$(awk '/^HANDLER\(CP_COND_WRITE5\)/ { h = 1 } h && /CALL\(poll_test\)/ { print NR; exit }' "$cp_src")
session "$fw" <<END
break cp-handlers.S:$call_line
push pkt7 CP_COND_WRITE5 0 0x1000 0 0 0 0x1000 0 9
continue
next
continue
push pkt7 CP_COND_WRITE5 0 0x1000 0 0 0 0x1000 0 9
continue
step
step
END
like "$out" "^SQE pc [0-9a-f]{4} cp-handlers\\.S:$((call_line + 1)) CP_COND_WRITE5\\+[0-9]+$" \
	"next over CALL(poll_test): the line after it"
like "$out" "^SQE pc $(pc_of poll_test) cp-handlers\\.S:[0-9]+ poll_test$" \
	"step into it: poll_test's first instruction"

# ---- errors ----
session "$fw" <<'END'
brek CP_MEM_WRITE
print $zz
print CP_SCRACH_REG[2]
print @NO_SUCH
break CP_MEM_WRIT
break nofile.S:3
watch mem 0x1002
info nothing
delete 9
x 0x1001
push pkt7 CP_NOPE
END
like "$out" "^error: unknown command 'brek'; did you mean 'break'\\? \\('help' lists them\\)$" \
	"an unknown command, with a suggestion"
like "$out" "^error: unknown register '\\\$zz' \\(expected " 'a bad GPR'
like "$out" "^error: unknown register 'CP_SCRACH_REG\\[2\\]' for A6XX; did you mean 'CP_SCRATCH_REG'" \
	"a misspelt GPU register, with the nearest names"
like "$out" "^error: unknown control register 'NO_SUCH' for A6XX" "a bad control register"
like "$out" "^error: no packet opcode or label 'CP_MEM_WRIT'; did you mean 'CP_MEM_WRITE'" \
	"a misspelt opcode"
like "$out" "^error: no code at line 3 of 'nofile\\.S' \\(.*cp-handlers\\.S" \
	"a file:line with no code, naming the files known"
like "$out" "^error: expected a memory address, a multiple of 4, found '0x1002'$" "an unaligned watch"
like "$out" "^error: unknown info command 'nothing'" "a bad info command"
like "$out" "^error: no breakpoint number 9 " "delete of no breakpoint"
like "$out" "^error: 0x1001 is not a multiple of 4" "an unaligned x"
like "$out" "^error: unknown packet opcode 'CP_NOPE' for A6XX; did you mean 'CP_NOP'" \
	"push of an unknown opcode"
is "$status" 0 "errors do not end the session"

# ---- standard input: an empty line repeats, the end of input quits ----
printf 'break CP_MEM_WRITE\npush pkt7 CP_MEM_WRITE 0x1000 0 1\nc\nstepi\n\n' >"$tmp/in"
run "$emu" -i "$fw" <"$tmp/in"
is "$status" 0 "commands from a pipe; the end of input quits"
like "$out" "^SQE pc $(printf '%04x' $((0x$mem_write + 2))) " "an empty line repeats stepi"

# ---- a replay: the same breakpoints ----
capture="$SDK_ROOT/../shared/captures/fd-clouds.rd.gz"
if [ -f "$capture" ]; then
	printf 'break CP_INDIRECT_BUFFER\nc\ninfo packet\nfinish\nq\n' >"$tmp/in"
	run "$emu" -i --replay "$capture" "$fw" <"$tmp/in"
	like "$out" "^SQE pc $(pc_of '\.Lhandler\.CP_INDIRECT_BUFFER') ib-handlers\.S:[0-9]+ CP_INDIRECT_BUFFER$" \
		"--replay: an opcode breakpoint stops in the capture's first IB"
	like "$out" '^packet CP_INDIRECT_BUFFER \(0x3f\), header 0x70bf8003, 3 payload words$' \
		"and info packet shows it"
	end_ib=$(awk '/^HANDLER\(CP_INDIRECT_BUFFER\)/ { h = 1 } h && /^END_HANDLER/ { print NR; exit }' \
		"$SDK_ROOT/firmware/common/ib-handlers.S")
	like "$out" "^SQE pc [0-9a-f]{4} ib-handlers\\.S:$end_ib CP_INDIRECT_BUFFER\\+[0-9]+$" \
		"finish: to its END_HANDLER"
	# q in the middle of a replay: not a replay that passed
	printf 'break CP_INDIRECT_BUFFER\nc\nq\n' >"$tmp/in"
	run "$emu" -i --replay "$capture" "$fw" <"$tmp/in"
	is "$status" 1 "--replay: q at a breakpoint exits 1"
	like "$out" "^# quit in the debugger: the replay did not finish\$" "saying why"
	is "$(printf '%s\n' "$out" | grep -c 'planned')" 0 "not as a miscounted plan"
else
	skip 6 "no capture fd-clouds.rd.gz in ../shared/captures"
fi

# ---- usage ----
run "$emu" -x "$tmp/in" "$fw"
is "$status" 2 "-x without -i is a usage error"
run "$emu" -i "$tmp/t.emu" "$tmp/t.emu"
like "$err" 'error: -i debugs one test file, image or --replay' "-i takes one file"
run "$emu" -i -x "$tmp/none" "$fw"
like "$err" "error: .*none: No such file" "a missing -x file"

# ---- what the outside fuzzer found (issue 31) ----
session "$fw" <<'END'
push pkt7 CP_MEM_WRITE 0x1000 0 0x11 0x22
continue
x/2 0x1000
x/
list
list
break BV:0x10
list 99999999
disassemble 0x5000
push pkt7 CP_NOP 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80
END
like "$out" '^0x00001000: 0x00000011 0x00000022$' "x/2 0x1000 reads two words"
is "$(printf '%s\n' "$out" | grep -c "expected x ADDRESS")" 0 "x/COUNT ADDR is not misread"
like "$out" "^error: expected x/COUNT ADDRESS, found '/'$" "x/ alone is an error"
listed=$(printf '%s\n' "$out" | grep -c '^ *[0-9]\{1,\}  *[^ ]')
ok "$([ "$listed" -ge 2 ]; echo $?)" "list twice: the second goes on ($listed lines)"
like "$out" "^error: this image has no BV \\(BV:0x10\\)$" "break BV:0x10 on an a6xx image"
like "$out" "^error: pc 0x5f5e0ff is past SQE's code" "list past the code says so"
like "$out" "^error: pc 0x5000 is past SQE's code" "disassemble past the code says so"
like "$out" "^pushed pkt7 CP_NOP: header 0x[0-9a-f]*, 80 words;" "push takes every word of a long line"

# ---- list on past a file's end (make fuzz found the message read the
# file name it had just freed: a use-after-free under SANITIZE=1) ----
session "$fw" <<END
push pkt7 CP_MEM_WRITE 0x1000 0 0x11 0x22
break CP_MEM_WRITE
continue
$(for i in $(seq 80); do echo list; done)
END
like "$out" "^\\(line [0-9]+ is past the end of [^ ]*cp-handlers\\.S\\)$" \
	"list on past the end of the file names the file"

# ---- a line with more places than a breakpoint once kept (8) ----
{
	printf '.gpu a6xx\n'
	for i in 1 2 3 4 5 6 7 8 9 10; do
		printf '# 7 "t.S"\n\tnop\n# 20 "t.S"\n\tnop\n'
	done
	printf '\twaitin\n\tmov $01, $data\n'
} >"$tmp/t.s"
run "$SDK_BIN/afuc-as" "$tmp/t.s" -o "$tmp/t.o"
run "$SDK_BIN/afuc-ld" -o "$tmp/t.fw" --elf "$tmp/t.elf" "$tmp/t.o"
session "$tmp/t.fw" <<'END'
break t.S:7
END
like "$out" "^breakpoint 1: (.* pc 00[0-9a-f][02468ace] t\\.S:7, ){9}.* pc 0012 t\\.S:7$" \
	"break FILE:LINE keeps every place of the line (10 here, not 8)"

done_testing
