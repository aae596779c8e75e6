# Source terms on the SDK's own images: make writes each image's ELF
# beside it, and the emulator reads it wherever an image is loaded, so
# that a failing test names the handler and its source line; the ELF
# itself loads as an image; an ELF older than its image is not used.
. "$SDK_ROOT/tests/lib/tap.sh"
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

done_testing
