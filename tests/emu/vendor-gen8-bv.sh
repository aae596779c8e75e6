# gen80100's and gen80200's BV dispatch each packet with `call $03`; the
# entry its table gives a packet BV passes over (CP_NOP) jumps back to
# the dispatch loop without a `ret`, leaving a call-stack entry behind.
# The model's full stack drops its oldest entry (docs/emu-api.md, "Call
# stack"), so ten such packets leave BV's SP at 8 and what follows still
# runs: a CP_THREAD_CONTROL that BR and BV meet at (BV's handler is a
# call that returns through the full stack), a CP_MEM_WRITE. Each image
# missing is a skip.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

nops=$(printf 'pkt7 0x10\n%.0s' 1 2 3 4 5 6 7 8 9 10)
for part in gen80100 gen80200; do
	image=$(find_firmware "${part}_sqe.fw") || {
		skip 1 "${part}_sqe.fw not found: no gen 8 BV to run"
		continue
	}
	cat >"$tmp/$part.emu" <<EOF
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
	run "$SDK_BIN/afuc-emu" "$tmp/$part.emu"
	is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:5" \
		"$part: BV passes over ten packets with its call stack full, then syncs with BR"
	[ "$status" -eq 0 ] || diag "$out"
done
done_testing
