# Source terms on the SDK's own images: make writes each image's ELF
# beside it, and the emulator reads it wherever an image is loaded, so
# that a failing test names the handler and its source line; the ELF
# itself loads as an image; an ELF older than its image is not used.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"

for fw in "$SDK_BUILD"/firmware/*/*.fw; do
	name=${fw#"$SDK_BUILD"/firmware/}
	elf=${fw%.fw}.elf
	test -s "$elf"
	ok $? "make wrote ${name%.fw}.elf beside $name"
done

cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$SDK_BUILD/firmware/a6xx/sqe.elf" "$tmp/"
# CP_MEM_WRITE, then a word that is no packet header: the run stops at
# the waitin that ends the handler
cat > "$tmp/fail.emu" <<'END'
image sqe.fw
pkt7 CP_MEM_WRITE 0x1000 0 5
raw 0x12345678
run
expect mem 0x1000 5
END
run "$emu" "$tmp/fail.emu"
is "$status" 1 "the failing test fails"
like "$out" 'at SQE pc [0-9a-f]{4} \(cp-handlers\.S:[0-9]+ CP_MEM_WRITE\+[0-9]+\):' \
	"the error names the handler and its source line"
like "$out" '; cp-handlers\.S:[0-9]+ CP_MEM_WRITE$' \
	"each instruction before it too, down to the handler's first"
line=$(printf '%s\n' "$out" | sed -n 's/.*(cp-handlers\.S:\([0-9]*\) CP_MEM_WRITE+[0-9]*):$/\1/p')
src=$(sed -n "${line:-0}p" "$SDK_ROOT/firmware/common/cp-handlers.S")
like "$src" '^END_HANDLER' "and that line of cp-handlers.S ends the handler ($src)"

run "$emu" --trace "$tmp/fail.emu"
like "$err" '^main [0-9a-f]{4}: 9c1ffa06  \(rep\)\(xmov1\)mov \$data, \$data .* ; cp-handlers\.S:[0-9]+ CP_MEM_WRITE\+[0-9]+$' \
	"--trace ends each instruction with its source line and label"

# a vendor image, without an ELF: the labels afuc-objdump prints
if fw=$(find_firmware a630_sqe.fw); then
	cp "$fw" "$tmp/a630.fw"
	sed 's/^image sqe.fw/image a630.fw/' "$tmp/fail.emu" > "$tmp/vendor.emu"
	run "$emu" --trace "$tmp/vendor.emu"
	trace=$err
	handler=$(printf '%s\n' "$trace" | grep -m1 -o ' ; CP_MEM_WRITE$')
	is "$handler" " ; CP_MEM_WRITE" "a vendor image's handler has afuc-objdump's name"
	pc=$(printf '%s\n' "$trace" | grep -m1 ' ; CP_MEM_WRITE$' | cut -c6-9)
	run "$SDK_BIN/afuc-objdump" "$tmp/a630.fw"
	printf '%s\n' "$out" | grep -q '^CP_MEM_WRITE:$'
	ok $? "and afuc-objdump's listing has that label (the trace says pc $pc)"
	like "$(printf '%s\n' "$trace" | grep -m1 ' l[0-9]*\(+[0-9]*\)\?$')" 'l[0-9]+' \
		"branch targets are lN as in the listing"
else
	skip 3 "no a630_sqe.fw found"
fi

# the ELF alone is an image
sed 's/^image sqe.fw/image sqe.elf/; s/^raw .*//' "$tmp/fail.emu" > "$tmp/elf.emu"
run "$emu" "$tmp/elf.emu"
is "$status" 0 "the ELF afuc-ld wrote runs as the image"
like "$out" '^ok 1 - expect mem 0x1000 5' "with its handlers"

# an ELF that is not this image's is not used, and says so
cp "$SDK_BUILD/firmware/a7xx/sqe.elf" "$tmp/sqe.elf"
run "$emu" "$tmp/fail.emu"
like "$err" 'fail\.emu:1:7: warning: .*sqe\.elf does not describe this image: word [0-9]+ of section [A-Z]+' \
	"a stale ELF beside the image is a warning at the image statement"
like "$out" 'at SQE pc [0-9a-f]{4}:' "and the error has no source terms then"

# an image with only its map beside it: the map's labels, no lines
mkdir "$tmp/m"
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$SDK_BUILD/firmware/a6xx/sqe.map" "$tmp/fail.emu" "$tmp/m/"
run "$emu" "$tmp/m/fail.emu"
like "$out" 'at SQE pc [0-9a-f]{4} \(CP_MEM_WRITE\+[0-9]+\):' "a map beside the image gives its labels"
sed 's/^  0x\([0-9a-f]*\)  bootstrap /  0xZZ bootstrap /' "$SDK_BUILD/firmware/a6xx/sqe.map" > "$tmp/m/sqe.map"
bad=$(grep -n '0xZZ bootstrap' "$tmp/m/sqe.map" | cut -d: -f1)
run "$emu" "$tmp/m/fail.emu"
like "$err" "warning: .*m/sqe\.map:$bad: expected a symbol line '  0xADDR  NAME  FROM', found '  0xZZ bootstrap" \
	"a broken map is a warning at its line"
cp "$SDK_BUILD/firmware/a5xx/me.map" "$tmp/m/sqe.map"
run "$emu" "$tmp/m/fail.emu"
like "$err" "warning: .*m/sqe\.map:1: expected a map of this image's words" "another image's map is not used"

done_testing
