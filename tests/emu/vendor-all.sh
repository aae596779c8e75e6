# Every vendor SQE/BR and AQE image there is, booted in the emulator:
# an SQE or BR image (a6xx, a7xx, gen 8) boots to its first waitin, then
# runs the packets a driver sends first (CP_ME_INIT, CP_NOP,
# CP_MEM_WRITE, PKT4, CP_CONTEXT_REG_BUNCH, CP_WAIT_FOR_IDLE,
# CP_WAIT_MEM_WRITES, CP_MEM_TO_MEM, CP_REG_TO_MEM, an IB with packets in
# it) with the effects the kernel and Mesa rely on, the same for every
# generation; an AQE, which has no packet table, boots to idle. Images
# come from $AFUC_FIRMWARE_DIR, ../shared/firmware/qcom and
# /usr/lib/firmware/qcom (the first of each name wins), plain or
# compressed with xz or zstd; the generation comes from the image.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# a630_sqe.fw, and dated copies such as a630_sqe-20230210-5.fw
all_firmware '*_sqe*.fw*' '*_aqe*.fw*'
[ -n "$images" ] || skip_all "no vendor SQE or AQE firmware in $firmware_dirs"

# The driver-like stream, in afuc-emu's test language; numbers, not
# names, so that it means the same for every generation.
cat >"$tmp/stream" <<'EOF'
run                                  # the bootstrap, to the first waitin
expect idle

pkt7 0x48 0x2f 0x3 0x20000000 0 0 0 0 0   # CP_ME_INIT, a6xx_cp_init's words
run
expect idle

pkt7 0x10 0x11 0x22 0x33             # CP_NOP: skipped
pkt7 0x3d 0x1000 0 0xdeadbeef 0xcafef00d   # CP_MEM_WRITE
run
expect idle
expect mem 0x1000 0xdeadbeef 0xcafef00d
expect writes
	pipe 0xa0 0x1000                 # |NRT_ADDR
	pipe 0xa1 0
	pipe 0xa2 0xdeadbeef             # |NRT_DATA
	mem 0x1000 0xdeadbeef
	pipe 0xa2 0xcafef00d
	mem 0x1004 0xcafef00d
end

pkt4 0xe12 0x5 0x6                   # PKT4: two registers from 0xe12
pkt7 0x5c 0xa800 0x1 0xa801 0x2      # CP_CONTEXT_REG_BUNCH: two pairs
run
expect idle
expect writes include
	reg 0xe12 5
	reg 0xe13 6
	reg 0xa800 1
	reg 0xa801 2
end

pkt7 0x26                            # CP_WAIT_FOR_IDLE
pkt7 0x12                            # CP_WAIT_MEM_WRITES
run
expect idle
expect writes include
	pipe 0x81 0                      # |WFI_PEND_DECR
	pipe 0x84 0                      # |WAIT_MEM_WRITES
end

mem 0x2000 40
mem 0x2010 2
pkt7 0x73 0 0x3000 0 0x2000 0 0x2010 0   # CP_MEM_TO_MEM: 40 + 2
pkt7 0x3e 0x00080e12 0x4000 0        # CP_REG_TO_MEM: 0xe12, 0xe13
run
expect idle
expect mem 0x3000 42
expect mem 0x4000 5 6

ib ib1 0x10000                       # CP_INDIRECT_BUFFER, then the ring again
	pkt7 0x3d 0x5000 0 0x1234
	pkt4 0xe20 0xabcd
end
pkt7 0x3f ib1.lo ib1.hi ib1.size
pkt7 0x3d 0x5004 0 0x5678
run
expect idle
expect mem 0x5000 0x1234 0x5678
expect reg 0xe20 0xabcd
EOF

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 1 "$name: cannot unpack $f"
		continue
	fi
	emu=$tmp/${name%.fw}.emu
	echo "image $name" >"$emu"
	# the layout as sdk/fw finds it, which afuc-objdump's header names
	if "$SDK_BIN/afuc-objdump" --no-names "$tmp/$name" 2>/dev/null | head -5 |
		grep -q '(AQE image)'; then
		# no packet table: the bootstrap ends waiting for BR's words
		what="AQE boots to idle"
		printf 'run\nexpect idle\n' >>"$emu"
	else
		what="boots, then runs the driver's first packets"
		cat "$tmp/stream" >>"$emu"
	fi
	run "$SDK_BIN/afuc-emu" "$emu"
	checks=$(printf '%s\n' "$out" | grep -c '^ok ')
	if [ "$status" -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok'; then
		ok 0 "$name: $what ($checks checks)"
	else
		ok 1 "$name: $what"
		diag "$(printf '%s\n%s\n' "$out" "$err" | grep -A12 '^not ok\|Bail\|error' | head -40)"
	fi
done
done_testing
