# rnn-lookup against the SDK's own database (the default), names and
# values checked by hand against the reference listings and specs.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
L="$SDK_BIN/rnn-lookup"
unset AFUC_RNNDB RNN_PATH

check() { # expected, then the arguments
	want=$1
	shift
	run "$L" "$@"
	is "$status:$out" "0:$want" "rnn-lookup $* -> $want"
}

check 0x885 --gpu a6xx 'CP_SCRATCH_REG[2]'
check 0x885 --gpu A6XX 'CP_SCRATCH[0x2].REG'
check 'CP_SCRATCH[0x2].REG' --gpu a6xx 0x885
check 0xb7a --gpu a5xx 'CP_SCRATCH_REG[2]'
check CP_ROQ_THRESHOLDS_1 --gpu a6xx 0x8c1
check CP_SQE_INSTR_BASE --gpu a7xx 0x830
check 0x80d --gpu a5xx CP_ME_NRT_ADDR_LO
check 'RBBM_PERFCTR_CP[0x1]+0x1' --gpu a6xx 0x403
check 'RBBM_PERFCTR_CP[0x1]+0x1' --gpu a7xx 0x303
check 'UCHE_GMEM_RANGE_MIN+0x1' --gpu a6xx 0xe0c
check CP_CSQ_IB2_STAT --gpu a6xx 0x1ff
check 0x11 --gpu a6xx --space control @IB1_BASE+0x1
check 'IB1_BASE+0x1' --gpu a6xx --space control 0x11
check 'MEM_READ_ADDR+0x1' --gpu a7xx --space control 0x1d
check 0xb8 --gpu a5xx --space control MEM_READ_ADDR
check 0x4 --gpu a6xx --space sqe %PREEMPT_INSTR
check NRT_DATA --gpu a6xx --space pipe 0xa2
check 0x84 --gpu a6xx --space pipe '|WAIT_MEM_WRITES'
# the sigil alone picks the space, as in assembly
check 0x11 --gpu a6xx @IB1_BASE+0x1
check 0x5 --gpu a6xx %SP
check 0xa2 --gpu a6xx '|NRT_DATA'
run "$L" --gpu a6xx @NOPE
is "$status:$err" "1:rnn-lookup: error: no control register NOPE in A6XX" "@NOPE: the control space's error"
check WAIT_FOR_IDLE --gpu a7xx --space pipe 0x87
check 0x10 --gpu a6xx --space pm4 CP_NOP
check 0x4 --gpu a5xx --space pm4 PKT4
check CP_EVENT_WRITE --gpu a6xx --space pm4 0x46
check CP_EVENT_WRITE7 --gpu a7xx --space pm4 0x46
check 0x10 --chip nv41 --space hwsq-flag FB_PAUSE
check FB_PAUSED --chip nv41 --space hwsq-event 0
check 0x1 --chip nv50 --space hwsq-event CRTC0_VBLANK
check PBUS.HWSQ.ENTRY_POINT --chip nv50 0x1304
check 0x143f --chip nv17 'PBUS.HWSQ.CODE[0x3f]'
check 0x801ff --chip nv92 'PBUS_HWSQ_NEW_CODE[0x1ff]'
check 0x1098 --chip G80 PBUS.DEBUG_6
run "$L" --gpu a6xx --space pm4 CP_NOP 16
is "$status:$out" "0:$(printf '0x10\nCP_NOP')" "several names and values, one answer a line"

run "$L" --gpu a6xx CP_SCRACH_REG
is "$status:$err" "1:rnn-lookup: error: no register CP_SCRACH_REG in A6XX; did you mean 'CP_SCRATCH_REG'?" \
	"unknown name: exit 1, closest names"
run "$L" --chip nv17 --space hwsq-reg 'PBUS.HWSQ.CODE[0x40]'
is "$status:$err" "1:rnn-lookup: error: PBUS.HWSQ.CODE[0x40]: index out of range (PBUS.HWSQ.CODE[] has 64 elements in NV17)" \
	"NV17 code RAM is 0x40 bytes"
run "$L" --chip nv17 --space hwsq-flag FB_PAUSE
is "$status:$err" "1:rnn-lookup: error: no HWSQ flag FB_PAUSE in NV17" "no FB_PAUSE before NV41"
run "$L" --gpu a6xx 0x12345678
is "$status:$err" "1:rnn-lookup: error: no register at 0x12345678 in A6XX" "unknown value"
run "$L" --gpu a6xx CP_NOP 0x885
is "$status:$out" "1:CP_SCRATCH[0x2].REG" "one bad argument of two: the good one still printed, exit 1"

run "$L" --gpu a4xx 0x10
like "$status:$err" '^1:rnn-lookup: error: no GPU registers for A4XX \(there are for A5XX, A6XX, A7XX\)$' "unknown GPU"
run "$L" --chip nv99 0x1304
like "$status:$err" '^1:rnn-lookup: error: unknown variant NV99' "unknown chipset"
run "$L" 0x10
like "$status:$err" '^2:rnn-lookup: error: which GPU' "no --gpu: usage error"
run "$L" --gpu a6xx --space nope 0x10
like "$status:$err" "^2:rnn-lookup: error: unknown space 'nope'" "unknown space: usage error"
run "$L" --gpu a6xx --frobnicate
like "$status:$err" "^2:rnn-lookup: error: unknown option '--frobnicate'" "unknown option: usage error"
run "$L" --gpu a6xx
is "$status" 2 "nothing to look up: usage error"
run "$L" --help
like "$status:$out" '^0:usage: rnn-lookup' "--help"
run "$L" --rnndb "$tmp/nowhere" --gpu a6xx 0x10
is "$status:$err" "1:$tmp/nowhere: error: no such register database (from --rnndb)" "--rnndb that does not exist"

run "$L" --gpu a6xx --list
lines=$(printf '%s\n' "$out" | wc -l)
ok $([ "$status" = 0 ] && [ "$lines" -gt 1000 ]; echo $?) "--list: $lines a6xx registers"
sorted=$(printf '%s\n' "$out" | awk '{print $1}' | sort -c 2>&1 && echo sorted)
is "$sorted" sorted "--list is sorted by offset"
like "$out" '0x00883 CP_SCRATCH\[\]\.REG \(8 x 0x1\)' "--list shows arrays with their size"

# A broken tree: the error names file and line, the exit status is 1.
mkdir -p "$tmp/bad/adreno"
cp "$SDK_BUILD/share/afuc-sdk/rnndb/adreno.xml" "$tmp/bad/"
printf '<?xml version="1.0"?>\n<database>\n<enum name="chip">\n</database>\n' >"$tmp/bad/adreno/adreno_common.xml"
run "$L" --rnndb "$tmp/bad" --gpu a6xx 0x10
like "$status:$err" "^1:$tmp/bad/adreno/adreno_common.xml:4:[0-9]+: error: Opening and ending tag mismatch" \
	"bad XML: file:line error, exit 1"
AFUC_RNNDB="$tmp/bad" run "$L" --gpu a6xx 0x10
like "$err" "adreno_common.xml:4:" "AFUC_RNNDB is read"
RNN_PATH="$tmp/nowhere:$tmp/bad" run "$L" --gpu a6xx 0x10
like "$err" "adreno_common.xml:4:" "RNN_PATH is read"

# A file past the size limit (a sparse one: nothing is written) is
# refused without being read to its end.
mkdir -p "$tmp/huge"
truncate -s 65M "$tmp/huge/adreno.xml"
run "$L" --rnndb "$tmp/huge" --gpu a6xx 0x10
like "$status:$err" "^1:$tmp/huge/adreno.xml: error: larger than 67108864 bytes, more than any register database file" \
	"a 65 MiB database file: refused with the limit"

# valgrind: no leaks, no errors (libxml2 included).
if ! command -v valgrind >/dev/null 2>&1; then
	skip 1 "valgrind is not installed"
elif grep -q __asan_init "$L" 2>/dev/null; then
	skip 1 "an ASan build does not run under valgrind"
else
	run valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
		--error-exitcode=9 "$L" --gpu a6xx CP_SCRACH_REG 0x885 'CP_SCRATCH_REG[2]'
	is "$status" 1 "valgrind: clean (exit 1 is the bad name, 9 would be valgrind)"
fi
done_testing
