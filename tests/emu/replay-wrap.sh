# The replay wraps each submission as the msm kernel does
# (docs/afuc-emu.md, "Replaying captures"): a capture written here of two
# processes (submissions 1, 2 and 5 of app/100, 3 of other/200; 4's label
# names no process, so it stays in 3's context) replayed through the
# SDK's images and every vendor image there is. On a6xx and a7xx the
# kernel's set_pagetable runs where the context changes (submissions 1,
# 3 and 5), and CP_SMMU_TABLE_UPDATE, whose vendor handlers
# wait for the bus halt the model acknowledges, runs to idle and writes
# the context's TTBR0 and ASID (context n: TTBR0 0x100000000 + n pages,
# ASID n) into the SMMU's context bank (TTBR0 at word 0x8 of the bank, in
# the GPU register window above 0x10000). a5xx has no page-table switch.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

le32() {
	for v in "$@"; do
		printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((v & 255)) $((v >> 8 & 255)) \
			$((v >> 16 & 255)) $((v >> 24 & 255)))"
	done
}
# submission LABEL ADDR: the driver's note, then a buffer at ADDR holding
# one CP_WAIT_FOR_IDLE, run as a one-dword command stream
submission() {
	le32 2 ${#1}
	printf '%s' "$1"
	le32 3 12 "$2" 16 0 12 16 0x70268000 0 0 0 6 12 "$2" 1 0
}
# capture GPU_ID
capture() {
	le32 13 4 "$1"
	submission "app/100: fence=1" 0x100000
	submission "app/100: fence=2" 0x101000
	submission "other/200: fence=3" 0x102000
	submission "eglTerminate(display)" 0x103000
	submission "app/100: fence=5" 0x104000
}
capture 630 >"$tmp/two-contexts.rd"

# a7xx_submit's CP_THREAD_CONTROL BOTH before the command streams brings
# BV into them: a stream that writes memory, then starts as turnip's
# tu6_init_hw does (CP_THREAD_CONTROL SYNC_THREADS | BR, a wait for
# idle, CONCURRENT_BIN_DISABLE | BR, then SYNC_THREADS |
# CONCURRENT_BIN_DISABLE | BOTH), with a write after each of the last
# two. BV makes the first write too, meets BR at each SYNC_THREADS and
# at the binning stop, and passes the rest over; without the BOTH it
# would pass the whole stream over and BR would wait for it at the first
# SYNC_THREADS for ever.
{
	le32 13 4 730
	le32 2 12
	printf 'app/1: fence'
	le32 3 12 0x100000 76 0
	le32 12 76 0x703d8003 0x200000 0 0x51 0x70970001 0x80000001 0x70268000 \
		0x70970001 0x08000001 0x703d8003 0x200004 0 0x52 0x70970001 0x88000003 \
		0x703d8003 0x200008 0 0x53
	le32 6 12 0x100000 19 0
} >"$tmp/threads.rd"
capture 540 >"$tmp/two-contexts-a5xx.rd"

# result STATUS DESCRIPTION [GOT EXPECTED]: a test line, with what was
# got and expected when it fails
result() {
	ok "$1" "$2" || [ $# -lt 4 ] || diag "         got:" "$3" "    expected:" "$4"
}

# check NAME IMAGE: three tests of one image
check() {
	name=$1
	run "$SDK_BIN/afuc-emu" --replay "$tmp/two-contexts.rd" "$2" --writes "$tmp/writes.log"
	result "$([ "$status" -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c '^ok')" -eq 5 ] &&
		echo 0 || echo 1)" "$name: every submission runs to idle and writes its fence" ||
		diag "$(printf '%s\n' "$out" | grep -A3 '^not ok' | head -8)"
	took=$(sed -n 's/^# packet \([0-9]*\) ring .* CP_SMMU_TABLE_UPDATE$/\1/p' "$tmp/writes.log" |
		tr '\n' ' ')
	expected="1 3 5 "
	result "$([ "$took" = "$expected" ] && echo 0 || echo 1)" \
		"$name: CP_SMMU_TABLE_UPDATE where the context changes" "$took" "$expected"
	# consecutive writes of a context bank's TTBR0 (low, then high word
	# with the ASID): "SUBMISSION LOW HIGH"
	ttbr=$(awk 'function hex(h, i, v) {
			v = 0
			for (i = 3; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		/^# packet/ { smmu = / CP_SMMU_TABLE_UPDATE$/; s = $3; prev = -1; next }
		smmu && $1 == "reg" {
			off = hex($2)
			if (prev >= 65536 && off == prev + 1 && prev % 1024 == 8)
				printf "%s %s %s; ", s, pval, $3
			prev = off; pval = $3
		}' "$tmp/writes.log")
	expected="1 0x00001000 0x00010001; 3 0x00002000 0x00020001; 5 0x00001000 0x00010001; "
	result "$([ "$ttbr" = "$expected" ] && echo 0 || echo 1)" \
		"$name: the SMMU gets each context's TTBR0 and ASID" "$ttbr" "$expected"
}

check "SDK a6xx/sqe.fw" "$SDK_BUILD/firmware/a6xx/sqe.fw"
check "SDK a7xx/sqe.fw" "$SDK_BUILD/firmware/a7xx/sqe.fw"

all_firmware '*_sqe*.fw*'
for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 3 "$name: cannot unpack $f"
		continue
	fi
	check "$name" "$tmp/$name"
done

# threads NAME IMAGE: the stream above through an a7xx image with BV
threads() {
	run "$SDK_BIN/afuc-emu" --replay "$tmp/threads.rd" "$2" --writes "$tmp/writes.log"
	got="$status $(grep -c '^mem 0x200000 0x00000051' "$tmp/writes.log")"
	got="$got $(grep -c '^mem 0x200004 0x00000052' "$tmp/writes.log")"
	got="$got $(grep -c '^mem 0x200008 0x00000053' "$tmp/writes.log")"
	result "$([ "$got" = "0 2 1 1" ] && echo 0 || echo 1)" \
		"$name: under the kernel's BOTH, BV runs the command stream up to turnip's CP_THREAD_CONTROL for BR" \
		"$got" "0 2 1 1 (exit status, BR's and BV's first write, BR's second and third)" ||
		diag "$(printf '%s\n' "$out" | grep -A3 '^not ok' | head -8)"
}
name="SDK a7xx/sqe.fw"
threads "$name" "$SDK_BUILD/firmware/a7xx/sqe.fw"
all_firmware 'gen7*_sqe*.fw*' 'a7*_sqe*.fw*' 'gen8*_sqe*.fw*'
for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f" ||
		! "$SDK_BIN/afuc-objdump" --no-names "$tmp/$name" 2>/dev/null | head -5 | grep -q ' + BV'; then
		skip 1 "$name: no BV in its image"
		continue
	fi
	threads "$name" "$tmp/$name"
done

# a5xx: a5xx_submit switches no page table
for pair in "$SDK_BUILD/firmware/a5xx/pfp.fw,$SDK_BUILD/firmware/a5xx/me.fw" vendor; do
	if [ "$pair" = vendor ]; then
		if pfp=$(find_firmware a530_pfp.fw) && me=$(find_firmware a530_pm4.fw); then
			pair=$pfp,$me
		else
			skip 2 "a530_pfp.fw or a530_pm4.fw not found"
			continue
		fi
	fi
	run "$SDK_BIN/afuc-emu" --replay "$tmp/two-contexts-a5xx.rd" "$pair" --writes "$tmp/writes.log"
	is "$status $(printf '%s\n' "$out" | grep -c '^ok')" "0 5" \
		"${pair##*/}: every a5xx submission runs to idle and writes its fence"
	is "$(grep -c 'CP_SMMU_TABLE_UPDATE' "$tmp/writes.log")" 0 "${pair##*/}: and no page table is switched"
done
done_testing
