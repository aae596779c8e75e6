# The C example of docs/emu-api.md, built exactly as the document says
# (libafuc-emu.a and libxml2, nothing else), boots the a630 firmware.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
fw=$(find_firmware a630_sqe.fw) || skip_all "vendor image a630_sqe.fw not found"
cc=${SDK_CC:-cc}
command -v "$cc" >/dev/null 2>&1 || skip_all "no C compiler ($cc)"
plan 4
sed -n '/^```c$/,/^```$/p' "$SDK_ROOT/docs/emu-api.md" | sed '1d;$d' > "$tmp/example.c"
like "$(head -1 "$tmp/example.c")" 'a630' "the example is extracted from the document"
run "$cc" -std=c11 $SDK_CFLAGS -I"$SDK_BUILD/include" -I"$SDK_ROOT/include" "$tmp/example.c" \
	"$SDK_BUILD/lib/libafuc-emu.a" $(pkg-config --libs libxml-2.0) -o "$tmp/example"
is "$status" 0 "it links against libafuc-emu.a and libxml2 alone${err:+: $err}"
run "$tmp/example" "$fw"
is "$status" 0 "it runs${err:+: $err}"
like "$out" '^ok 1 - memory written' "and the firmware wrote memory"
done_testing
