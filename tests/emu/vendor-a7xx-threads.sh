# a7xx BR and BV around turnip's init sequence, on every a7xx image there
# is (each one missing is a skip).
#
# BV passing packets over (after a CP_THREAD_CONTROL that leaves BR
# alone) enters an IB only when its IB level is below the level of the
# last CP_THREAD_CONTROL it ran (gen70500 BV's $0d; docs/emu-api.md). The
# kernel's a7xx_submit therefore sends CP_THREAD_CONTROL(BOTH) on the
# ring before the command streams: BV then takes every packet from its
# own table, IBs included, and meets BR at a SYNC_THREADS inside IB1.
# Here (gen71700, BR alone, only the first):
# - a capture whose IB1 starts as turnip's tu6_init_hw does
#   (CP_THREAD_CONTROL with SYNC_THREADS, with CONCURRENT_BIN_DISABLE)
#   replays to idle with its fence written: the replay wraps it as
#   a7xx_submit does;
# - the firmware's rule, in test files: a SYNC_THREADS in IB1 after only
#   a BR-alone CP_THREAD_CONTROL on the ring leaves BR waiting (a `wait`
#   error: BV passed the IB over); after one inside an IB1, BV enters
#   the next IB1 from the ring and meets BR there.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

le32() {
	for v in "$@"; do
		printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((v & 255)) $((v >> 8 & 255)) \
			$((v >> 16 & 255)) $((v >> 24 & 255)))"
	done
}
# odd parity of a value's nibbles, as the kernel's PM4 headers carry it
parity() {
	p=$(($1 ^ $1 >> 4 ^ $1 >> 8 ^ $1 >> 12 ^ $1 >> 16 ^ $1 >> 20 ^ $1 >> 24 ^ $1 >> 28))
	echo $((0x9669 >> (p & 15) & 1))
}
pkt7() { # OPCODE WORDS...: the header
	op=$1
	shift
	echo $((0x70000000 | $(parity "$op") << 23 | op << 16 | $(parity $#) << 15 | $#))
}

# IB1 at 0x100000: turnip's init, then a memory write each under BR and
# under both, so that idle with the memory written means every SYNC met
ib=$(
	echo "$(pkt7 0x17 0) $((0x80000001))"          # SYNC_THREADS, BR
	echo "$(pkt7 0x26)"                            # CP_WAIT_FOR_IDLE
	echo "$(pkt7 0x17 0) $((0x08000001))"          # CONCURRENT_BIN_DISABLE, BR
	echo "$(pkt7 0x3d 0 0 0) $((0x5000)) 0 $((0x1234))"
	echo "$(pkt7 0x17 0) $((0x88000003))"          # SYNC_THREADS, CONCURRENT_BIN_DISABLE, both
	echo "$(pkt7 0x3d 0 0 0) $((0x5004)) 0 $((0x5678))"
)
dwords=$(echo $ib | wc -w)
{
	le32 13 4 740                                  # GPU_ID
	le32 3 12 $((0x100000)) $((dwords * 4)) 0      # GPUADDR: low, size, high
	le32 12 $((dwords * 4))                        # BUFFER_CONTENTS
	le32 $ib
	le32 6 12 $((0x100000)) "$dwords" 0            # CMDSTREAM_ADDR
} >"$tmp/init.rd"

for part in gen70500 gen70900 gen71500 gen71700 a730 a740; do
	image=$(find_firmware "${part}_sqe.fw") || {
		skip 3 "${part}_sqe.fw not found"
		continue
	}
	run "$SDK_BIN/afuc-emu" --replay "$tmp/init.rd" "$image" --writes "$tmp/$part.writes"
	like "$out" "^ok 1 .* ran to idle .* fence written" \
		"$part: turnip's init in IB1 replays to idle, BR and BV meeting at each SYNC_THREADS"
	[ "$status" -eq 0 ] || diag "$(printf '%s\n' "$out" | head -12)"
	is "$(grep -c '^mem 0x500[04] ' "$tmp/$part.writes")" 2 "$part: both of its memory writes land"

	# gen71700's file has BR alone: no BV to pass anything over
	if ! "$SDK_BIN/afuc-objdump" --no-names "$image" 2>/dev/null | head -5 | grep -q ' + BV'; then
		skip 1 "$part: no BV in its image"
		continue
	fi
	cat >"$tmp/$part.emu" <<EOF
image $image
run
pkt7 0x17 0x08000000                 # the kernel's a7xx_cp_init
pkt7 0x48 0x14b 0x3 0x20000000 2 0 0 0
ib ib1 0x10000
	pkt7 0x17 0x80000001             # SYNC_THREADS, BR: BV runs it at IB level 1
end
ib ib2 0x20000
	pkt7 0x17 0x80000003             # SYNC_THREADS, both
	pkt7 0x3d 0x6000 0 0x77
end
pkt7 0x17 0x3
pkt7 0x3f ib1.lo ib1.hi ib1.size
pkt7 0x3f ib2.lo ib2.hi ib2.size     # level 0 < 1: BV passing packets over enters it
run
expect idle
expect mem 0x6000 0x77
pkt7 0x17 0x80000001                 # SYNC_THREADS, BR on the ring: level 0 now
pkt7 0x3f ib2.lo ib2.hi ib2.size     # level 0, not below 0: BV passes it over
run
expect error wait
EOF
	run "$SDK_BIN/afuc-emu" "$tmp/$part.emu"
	is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:3" \
		"$part: BV passing packets over enters an IB only below the level of its last CP_THREAD_CONTROL"
	[ "$status" -eq 0 ] || diag "$out"
done
done_testing
