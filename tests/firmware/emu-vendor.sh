# The hand-worked expectations of the SDK firmware's tests hold for the
# vendor's firmware too: a7xx-threads.emu (BR and BV meeting, concurrent
# binning turned on and off, sections passed over, IBs in a pass) and
# a7xx-lpac.emu (LPAC's own ring, its compute work) and a7xx-binning.emu
# (the binning streams' bases and the PC's stream registers) and
# a7xx-visibility.emu (draws and IB2s of a hardware-binned bin) and
# a7xx-onchip.emu (on-chip memory's writers and readers) on
# gen70500's bundle, a6xx-binning.emu (the same on a630's terms) and
# a6xx-kernel.emu (the kernel's packets from the ring) on
# a630_sqe.fw, aNxx-unknown.emu (an opcode without a handler is fatal)
# on each generation's, each with its image line pointed at the vendor
# image(s), pass every check. So what the SDK's firmware is tested against is what
# the vendor firmware does. Each is skipped without its vendor image.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/firmware/images.sh"

plan 20
for pair in a7xx-threads.emu:gen70500_sqe.fw a7xx-lpac.emu:gen70500_sqe.fw \
	a7xx-binning.emu:gen70500_sqe.fw a7xx-visibility.emu:gen70500_sqe.fw \
	a7xx-onchip.emu:gen70500_sqe.fw \
	a6xx-binning.emu:a630_sqe.fw a6xx-kernel.emu:a630_sqe.fw a5xx-unknown.emu:a530_pfp.fw,a530_pm4.fw \
	a6xx-unknown.emu:a630_sqe.fw a7xx-unknown.emu:gen70500_sqe.fw; do
	file=${pair%%:*}
	name=${pair#*:}
	vendor=$(vendor_paths "$name" ' ') || {
		skip 2 "vendor image $vendor not found: $file not checked against it"
		continue
	}
	sed "s|^image .*|image $vendor|" "$SDK_ROOT/tests/firmware/$file" >"$tmp/$file"
	run "$SDK_BIN/afuc-emu" "$tmp/$file"
	is "$status" 0 "$file passes on $name" ||
		diag "$(printf '%s\n' "$out" | grep -A8 '^not ok' | head -40)"
	planned=$(printf '%s\n' "$out" | sed -n 's/^1\.\.\([0-9]*\)$/\1/p')
	checks=$(printf '%s\n' "$out" | grep -c '^ok')
	ok "$([ "${planned:-0}" -gt 0 ] && [ "$checks" = "$planned" ] && echo 0 || echo 1)" \
		"and runs every one of its checks ($checks of ${planned:-none} passed)"
done
