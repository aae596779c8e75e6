# gen 8 SQE images (each one missing is a skip).
#
# The fourth image of the file (sdk/fw's PROC4, after LPAC's table):
# BR's bootstrap starts two processors on it as it starts BV, the
# image's address in control 0x088/0x089, then 0x08a = 1, and again in
# 0x08b/0x08c, then 0x08d = 1. The emulator runs both (EMU_PROC4,
# EMU_PROC4B): each reads its address at 0x088, fills its packet table
# (PACKET_TABLE_WRITE_ADDR, 0x070, ends at 0x80), sets 0x1f2 and 0x130
# to 1 and waits at its first waitin. gen70900, whose file has no
# fourth image, starts neither.
#
# gen80100's and gen80200's BV dispatch each packet with `call $03`;
# the entry its table gives a packet BV passes over (CP_NOP) jumps back
# to the dispatch loop without a `ret`, leaving a call-stack entry
# behind. The model's full stack drops its oldest entry (docs/emu-api.md,
# "Call stack"), so ten such packets leave BV's SP at 8 and what follows
# still runs: a CP_THREAD_CONTROL that BR and BV meet at (BV's handler
# is a call that returns through the full stack), a CP_MEM_WRITE.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

nops=$(printf 'pkt7 0x10\n%.0s' 1 2 3 4 5 6 7 8 9 10)
for part in gen80000 gen80100 gen80200; do
	image=$(find_firmware "${part}_sqe.fw") || {
		skip 3 "${part}_sqe.fw not found"
		continue
	}
	{
		printf 'image %s\nrun\nexpect idle\n' "$image"
		for proc in PROC4 PROC4B; do
			printf 'proc %s\nexpect ctrl 0x070 0x80\n' $proc
			printf 'expect ctrl 0x1f2 1\nexpect ctrl 0x130 1\n'
		done
		# the driver's first packets still run to idle with both waiting
		printf 'pkt7 0x3d 0x1000 0 0x1234\nrun\nexpect idle\nexpect mem 0x1000 0x1234\n'
	} >"$tmp/$part.emu"
	run "$SDK_BIN/afuc-emu" "$tmp/$part.emu"
	is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:9" \
		"$part: BR's bootstrap starts both processors of the fourth image, which reach their waitin"
	[ "$status" -eq 0 ] || diag "$out"
	run "$SDK_BIN/afuc-emu" --trace "$tmp/$part.emu"
	like "$err" "PROC4B 0000: " "$part: a trace names the second one PROC4B"

	if [ "$part" = gen80000 ]; then
		skip 1 "$part: its BV has no call-through-a-register dispatch to leave entries behind"
		continue
	fi
	cat >"$tmp/$part-bv.emu" <<EOF
image $image
run
expect idle
pkt7 0x48 0x14b 0x3 0x20000000 2 0 0 0   # CP_ME_INIT, a7xx_cp_init's words
$nops
run
expect idle
proc BV
expect sqe 0x05 8                    # SP: the oldest entries dropped
pkt7 0x17 0x80000003                 # CP_THREAD_CONTROL: SYNC_THREADS, both
pkt7 0x3d 0x1000 0 0x1234            # CP_MEM_WRITE
pkt7 0x17 0x80000003
run
expect idle
expect mem 0x1000 0x1234
EOF
	run "$SDK_BIN/afuc-emu" "$tmp/$part-bv.emu"
	is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:5" \
		"$part: BV passes over ten packets with its call stack full, then syncs with BR"
	[ "$status" -eq 0 ] || diag "$out"
done

if image=$(find_firmware gen70900_sqe.fw); then
	printf 'image %s\nrun\nexpect idle\nproc PROC4\nexpect ctrl 0x070 0\n' "$image" >"$tmp/g709.emu"
	run "$SDK_BIN/afuc-emu" "$tmp/g709.emu"
	is "$status" 0 "gen70900 (no fourth image in its file) starts no PROC4"
else
	skip 1 "gen70900_sqe.fw not found"
fi
done_testing
