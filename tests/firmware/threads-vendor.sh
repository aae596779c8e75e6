# The hand-worked expectations of a7xx-threads.emu (BR and BV meeting,
# concurrent binning turned on and off, sections passed over, IBs in a
# pass) hold for gen70500's bundle too: the same file, its image line
# pointed at the vendor image, passes every check. So what the SDK's
# bundle is tested against is what the vendor firmware does. Skipped
# without gen70500_sqe.fw.
. "$SDK_ROOT/tests/lib/tap.sh"

plan 2
if ! vendor=$(find_firmware gen70500_sqe.fw); then
	skip 2 "vendor image gen70500_sqe.fw not found: a7xx-threads.emu not checked against it"
	exit 0
fi
sed "s|^image .*|image $vendor|" "$SDK_ROOT/tests/firmware/a7xx-threads.emu" >"$tmp/threads.emu"
run "$SDK_BIN/afuc-emu" "$tmp/threads.emu"
is "$status" 0 "a7xx-threads.emu passes on gen70500_sqe.fw" ||
	diag "$(printf '%s\n' "$out" | grep -A8 '^not ok' | head -40)"
planned=$(printf '%s\n' "$out" | sed -n 's/^1\.\.\([0-9]*\)$/\1/p')
checks=$(printf '%s\n' "$out" | grep -c '^ok')
ok "$([ "${planned:-0}" -gt 0 ] && [ "$checks" = "$planned" ] && echo 0 || echo 1)" \
	"and runs every one of its checks ($checks of ${planned:-none} passed)"
