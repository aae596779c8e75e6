# Firmware as distributions ship it: a630_sqe.fw.xz, .fw.zst. Every tool
# that reads an image (afuc-objdump, afuc-ld --base, afuc-emu's image
# and vendor:NAME) reads them, told by the magic bytes, not the name,
# and says so clearly when the compressed data are damaged.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
command -v xz >/dev/null && command -v zstd >/dev/null || skip_all "xz or zstd is not installed"

fw="$SDK_BUILD/firmware/a6xx/sqe.fw"
cp "$fw" "$tmp/sqe.fw"
xz -c "$fw" >"$tmp/sqe.fw.xz"
zstd -q -c "$fw" >"$tmp/sqe.fw.zst"
# the names must not matter: no suffix at all, and the wrong one
cp "$tmp/sqe.fw.xz" "$tmp/packed-xz"
cp "$tmp/sqe.fw.zst" "$tmp/packed.fw.xz"
ok "$(cmp -s "$tmp/sqe.fw" "$tmp/sqe.fw.xz"; [ $? = 1 ]; echo $?)" "the compressed files differ from the image"

run "$SDK_BIN/afuc-objdump" "$tmp/sqe.fw"
is "$status" 0 "afuc-objdump: the plain image"
plain=$out
for f in sqe.fw.xz sqe.fw.zst packed-xz packed.fw.xz; do
	run "$SDK_BIN/afuc-objdump" "$tmp/$f"
	is "$status:$err" "0:" "afuc-objdump $f: reads it"
	ok "$([ "$out" = "$plain" ]; echo $?)" "afuc-objdump $f: the same listing as the plain image"
done

# afuc-ld --base: the same image from a compressed base
cat >"$tmp/h.s" <<'SRC'
.gpu a6xx
.handler 0x7e
new7e:
	waitin
	mov $01, $data
SRC
"$SDK_BIN/afuc-as" -o "$tmp/h.o" "$tmp/h.s" || echo "Bail out! afuc-as failed"
run "$SDK_BIN/afuc-ld" --base "$tmp/sqe.fw" -o "$tmp/p.fw" "$tmp/h.o"
is "$status" 0 "afuc-ld --base plain"
for f in sqe.fw.xz sqe.fw.zst; do
	run "$SDK_BIN/afuc-ld" --base "$tmp/$f" -o "$tmp/p-$f" "$tmp/h.o"
	is "$status:$err" "0:" "afuc-ld --base $f"
	ok "$(cmp -s "$tmp/p.fw" "$tmp/p-$f"; echo $?)" "afuc-ld --base $f: the same image as from the plain base"
done

# afuc-emu: an image line naming a compressed file, and vendor:NAME
# finding NAME.xz or NAME.zst
printf 'image sqe.fw.xz\nrun\nexpect idle\n' >"$tmp/xz.emu"
run "$SDK_BIN/afuc-emu" "$tmp/xz.emu"
is "$status:$out" "0:ok 1 - expect idle (line 3)
1..1" "afuc-emu: image FILE.xz runs"
mkdir -p "$tmp/fwdir"
cp "$tmp/sqe.fw.zst" "$tmp/fwdir/vendor_sqe.fw.zst"
printf 'image vendor:vendor_sqe.fw\nrun\nexpect idle\n' >"$tmp/vendor.emu"
AFUC_FIRMWARE_DIR=$tmp/fwdir SDK_ROOT=$tmp/none run "$SDK_BIN/afuc-emu" "$tmp/vendor.emu"
is "$status:$out" "0:ok 1 - expect idle (line 3)
1..1" "afuc-emu: vendor:NAME finds NAME.zst (not a skip)"
# the tests' search: find_firmware unpacks it
AFUC_FIRMWARE_DIR=$tmp/fwdir found=$(find_firmware vendor_sqe.fw)
ok "$(cmp -s "$found" "$tmp/sqe.fw"; echo $?)" "find_firmware: NAME.zst, unpacked"

# damaged data: a clear error, exit 1, no output file
head -c 200 "$tmp/sqe.fw.xz" >"$tmp/cut.fw.xz"
run "$SDK_BIN/afuc-objdump" "$tmp/cut.fw.xz"
is "$status:$err" "1:$tmp/cut.fw.xz: error: cannot read: damaged or truncated xz, zstd or gzip data" \
	"afuc-objdump: a truncated .xz"
head -c 100 "$tmp/sqe.fw.zst" >"$tmp/cut.fw.zst"
run "$SDK_BIN/afuc-ld" --base "$tmp/cut.fw.zst" -o "$tmp/cut-out.fw" "$tmp/h.o"
is "$status:$err" "1:$tmp/cut.fw.zst: error: cannot read: damaged or truncated xz, zstd or gzip data" \
	"afuc-ld --base: a truncated .zst"
ok "$([ ! -e "$tmp/cut-out.fw" ]; echo $?)" "and no output file"
# a bomb: more than any image holds, stopped at the limit
head -c 20000000 /dev/zero | xz -c >"$tmp/big.fw.xz"
run "$SDK_BIN/afuc-objdump" "$tmp/big.fw.xz"
like "$status:$err" "^1:.*big\.fw\.xz: error: larger than [0-9]+ bytes" "a compressed file holding too much: refused"
# A bomb is stopped at the first byte past the limit, never inflated
# whole first: 300 MB of zeros read in 200 MB of address space.
head -c 300000000 /dev/zero | zstd -q -1 -c >"$tmp/bomb.fw.zst"
case $SDK_CFLAGS in
*sanitize*) skip 1 "AddressSanitizer's shadow memory does not fit under ulimit -v" ;;
*)
	run sh -c 'ulimit -v 200000 && exec "$1" "$2"' sh "$SDK_BIN/afuc-objdump" "$tmp/bomb.fw.zst"
	like "$status:$err" "^1:.*bomb\.fw\.zst: error: larger than [0-9]+ bytes" \
		"a 300 MB bomb: refused within 200 MB of memory"
	;;
esac

# gzip's own rules: zeros padding the end (as tapes and block devices
# leave them) are accepted, as gzip -t accepts them; other bytes are not.
command -v gzip >/dev/null || skip_all "gzip is not installed"
gzip -c "$fw" >"$tmp/padded.fw.gz"
head -c 4096 /dev/zero >>"$tmp/padded.fw.gz"
ok "$(gzip -t "$tmp/padded.fw.gz" 2>/dev/null; echo $?)" "gzip -t accepts the zero padding"
run "$SDK_BIN/afuc-objdump" "$tmp/sqe.fw"
plain=$out
run "$SDK_BIN/afuc-objdump" "$tmp/padded.fw.gz"
is "$status:$err" "0:" "a .gz with trailing zeros: accepted"
ok "$([ "$out" = "$plain" ]; echo $?)" "  the same image as the plain file"
gzip -c "$fw" >"$tmp/garbage.fw.gz"
printf 'garbage' >>"$tmp/garbage.fw.gz"
run "$SDK_BIN/afuc-objdump" "$tmp/garbage.fw.gz"
is "$status:$err" "1:$tmp/garbage.fw.gz: error: cannot read: damaged or truncated xz, zstd or gzip data" \
	"  other trailing bytes: refused"
done_testing
