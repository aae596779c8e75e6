# a7xx and gen 8 BR and BV around turnip's init sequence, on every such image there
# is (each one missing is a skip).
#
# BV passing packets over (after a CP_THREAD_CONTROL that leaves BR
# alone) enters an IB only when its IB level is below the level of the
# last CP_THREAD_CONTROL it ran (gen70500 BV's $0d; docs/emu-api.md). The
# kernel's a7xx_submit therefore sends CP_THREAD_CONTROL(BOTH) on the
# ring before the command streams: BV then takes every packet from its
# own table, IBs included, and meets BR at a SYNC_THREADS inside IB1.
# Here, in test files (gen71700, BR alone, only the first):
# - the kernel's ring (a7xx_cp_init; a7xx_submit's SYNC_THREADS | BR,
#   then BOTH) around an IB1 that starts as turnip's tu6_init_hw does
#   (CP_THREAD_CONTROL with SYNC_THREADS, with CONCURRENT_BIN_DISABLE)
#   runs to idle, with the memory writes under BR and under both;
# - the firmware's rule: after a SYNC_THREADS | BR inside an IB1, BV
#   enters the next IB1 from the ring and meets BR there; after one on
#   the ring, BV passes the next IB over and BR waits at its
#   SYNC_THREADS for ever (a `wait` error), as on the hardware.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for part in gen70500 gen70900 gen71500 gen71700 a730 a740 gen80100 gen80200; do
	image=$(find_firmware "${part}_sqe.fw") || {
		skip 3 "${part}_sqe.fw not found"
		continue
	}
	cat >"$tmp/$part-init.emu" <<EOF
image $image
run
pkt7 0x17 0x08000000                 # a7xx_cp_init: CONCURRENT_BIN_DISABLE
pkt7 0x48 0x14b 0x3 0x20000000 2 0 0 0
ib init 0x100000                     # turnip's tu6_init_hw starts so
	pkt7 0x17 0x80000001             # SYNC_THREADS, BR
	pkt7 0x26                        # CP_WAIT_FOR_IDLE
	pkt7 0x17 0x08000001             # CONCURRENT_BIN_DISABLE, BR
	pkt7 0x3d 0x5000 0 0x1234
	pkt7 0x17 0x88000003             # SYNC_THREADS, CONCURRENT_BIN_DISABLE, both
	pkt7 0x3d 0x5004 0 0x5678
end
pkt7 0x17 0x80000001                 # a7xx_submit: SYNC_THREADS, BR
pkt7 0x17 0x3                        # BOTH, before the command streams
pkt7 0x3f init.lo init.hi init.size
pkt7 0x17 0x80000003
run
expect idle
expect mem 0x5000 0x1234 0x5678
EOF
	run "$SDK_BIN/afuc-emu" "$tmp/$part-init.emu"
	is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:2" \
		"$part: turnip's init in IB1, on the kernel's ring, runs to idle, BR and BV meeting at each SYNC_THREADS"
	[ "$status" -eq 0 ] || diag "$out"

	# The kernel's packets from an IB under BOTH: BV runs CP_ME_INIT from
	# its table too, and tells that from a call while passing packets
	# over by the opcode the hardware shows in a control register (0x05f,
	# 0x0cb with gen70900's map; docs/emu-api.md)
	cat >"$tmp/$part-me-init.emu" <<EOF
image $image
run
pkt7 0x17 0x08000000
pkt7 0x48 0x14b 0x3 0x20000000 2 0 0 0
ib init 0x100000
	pkt7 0x48 0x14b 0x3 0x20000000 2 0 0 0
	pkt7 0x3d 0x5000 0 0x1234
end
pkt7 0x17 0x80000001
pkt7 0x17 0x3
pkt7 0x3f init.lo init.hi init.size
pkt7 0x17 0x80000003
run
expect idle
expect mem 0x5000 0x1234
EOF
	run "$SDK_BIN/afuc-emu" "$tmp/$part-me-init.emu"
	is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:2" \
		"$part: CP_ME_INIT in an IB1 under the kernel's BOTH runs to idle on BR and BV"
	[ "$status" -eq 0 ] || diag "$out"

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
