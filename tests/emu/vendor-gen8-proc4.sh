# gen 8 SQE files hold a fourth image after LPAC's table (sdk/fw's
# PROC4). BR's bootstrap starts two processors on it as it starts BV:
# the image's address in control 0x088/0x089, then 0x08a = 1, and again
# in 0x08b/0x08c, then 0x08d = 1. The emulator runs both (EMU_PROC4,
# EMU_PROC4B): each reads its address at 0x088, fills its packet table
# (PACKET_TABLE_WRITE_ADDR, 0x070, ends at 0x80), sets 0x1f2 and 0x130 to
# 1 and waits at its first waitin. gen70900, whose file has no fourth
# image, starts neither. Each image missing is a skip.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for part in gen80000 gen80100 gen80200; do
	image=$(find_firmware "${part}_sqe.fw") || {
		skip 1 "${part}_sqe.fw not found: no fourth image to start"
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
done

if image=$(find_firmware gen70900_sqe.fw); then
	printf 'image %s\nrun\nexpect idle\nproc PROC4\nexpect ctrl 0x070 0\n' "$image" >"$tmp/g709.emu"
	run "$SDK_BIN/afuc-emu" "$tmp/g709.emu"
	is "$status" 0 "gen70900 (no fourth image in its file) starts no PROC4"
else
	skip 1 "gen70900_sqe.fw not found"
fi
done_testing
