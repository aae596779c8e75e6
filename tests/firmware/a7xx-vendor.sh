# The hand-worked expectations of the a7xx bundle's tests hold for
# gen70500's bundle too: a7xx-threads.emu (BR and BV meeting, concurrent
# binning turned on and off, sections passed over, IBs in a pass) and
# a7xx-lpac.emu (LPAC's own ring, its compute work), each with its image
# line pointed at the vendor image, pass every check. So what the SDK's
# bundle is tested against is what the vendor firmware does. Skipped
# without gen70500_sqe.fw.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

files="a7xx-threads.emu a7xx-lpac.emu"
plan 4
if ! vendor=$(find_firmware gen70500_sqe.fw); then
	skip 4 "vendor image gen70500_sqe.fw not found: $files not checked against it"
	exit 0
fi
for file in $files; do
	sed "s|^image .*|image $vendor|" "$SDK_ROOT/tests/firmware/$file" >"$tmp/$file"
	run "$SDK_BIN/afuc-emu" "$tmp/$file"
	is "$status" 0 "$file passes on gen70500_sqe.fw" ||
		diag "$(printf '%s\n' "$out" | grep -A8 '^not ok' | head -40)"
	planned=$(printf '%s\n' "$out" | sed -n 's/^1\.\.\([0-9]*\)$/\1/p')
	checks=$(printf '%s\n' "$out" | grep -c '^ok')
	ok "$([ "${planned:-0}" -gt 0 ] && [ "$checks" = "$planned" ] && echo 0 || echo 1)" \
		"and runs every one of its checks ($checks of ${planned:-none} passed)"
done
