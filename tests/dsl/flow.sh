# The macro language's constructs, run: tests/dsl/flow.S linked with the
# SDK's a6xx and a7xx firmware, driven in the emulator. Each expected
# value is worked out by hand in the comments of flow.S.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

# the address of a label, from the map
addr() {
	awk -v s="$1" '$2 == s { print $1 }' "$tmp/flow.map"
}

for gen in a6xx a7xx; do
	sqe="$SDK_BUILD/firmware/$gen/sqe.o"
	if [ ! -r "$sqe" ]; then
		ok 1 "the SDK's $gen firmware is built ($sqe)"
		continue
	fi
	run "$SDK_BIN/afuc-as" -DFLOW_GPU=$gen -o "$tmp/flow.o" "$SDK_ROOT/tests/dsl/flow.S"
	ok "$status" "$gen: flow.S assembles" || diag "$err"
	run "$SDK_BIN/afuc-ld" -T "$SDK_ROOT/ld/$gen-sqe.ld" -Map "$tmp/flow.map" -o "$tmp/flow.fw" \
		"$sqe" "$tmp/flow.o"
	ok "$status" "$gen: and links with the SDK's $gen firmware" || diag "$err"
	# UNKN121 .. UNKN126 are opcodes 0x79 .. 0x7e
	cat >"$tmp/flow.emu" <<EMU
image $tmp/flow.fw
run
# conditions: a against b, against 5 and against CP_INDIRECT_BUFFER (0x3f)
pkt7 0x79 0x1000 0 5 5
pkt7 0x79 0x1004 0 3 7
pkt7 0x79 0x1008 0 9 2
pkt7 0x79 0x100c 0 0x80000000 1
pkt7 0x79 0x1010 0 0xffffffff 0xffffffff
pkt7 0x79 0x1014 0 0x3f 0x3f
# loops
pkt7 0x7a 0x2000 0 4 10 20 30
pkt7 0x7a 0x2010 0 0
# switch
pkt7 0x7b 0x3000 0 0
pkt7 0x7b 0x3008 0 1
pkt7 0x7b 0x3010 0 2
pkt7 0x7b 0x3018 0 3
pkt7 0x7b 0x3020 0 4
pkt7 0x7b 0x3028 0 7
pkt7 0x7b 0x3030 0 31
pkt7 0x7b 0x3038 0 32
pkt7 0x7b 0x3040 0 0xffffffff
# subroutines
pkt7 0x7c 0x4000 0 2
pkt7 0x7c 0x4008 0 7
pkt7 0x7c 0x4010 0 11
# spill, bit fields, table
pkt7 0x7d 0x5000 0
pkt7 0x7e 0x6000 0
run
expect idle
expect mem 0x1000 0x262929 0x260e0e 0x213232 0x263232 0x213229 0x113229
expect mem 0x2000 10 60 4 12
expect mem 0x2010 0 0 4 12
expect mem 0x3000 0x10 0 0x12 0 0x12 0 0x100 3 0x100 4 0x17 0 0x31 0 0x100 0 0x100 0
expect mem 0x4000 6 2 21 7 33 10
expect mem 0x5000 0xabcd0000 0x1234 0xe 0xeefcaf 0xb
expect mem 0x6000 $(addr triple) $(addr clamp) $(addr add_07_to_05)
EMU
	emu_results "$tmp/flow.emu" 8 "$gen"
done
done_testing
