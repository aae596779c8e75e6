# GNU binutils read our objects without complaint: readelf -a and nm on
# the sample object test-obj writes (every kind of section in it).
. "$(dirname "$0")/../lib/tap.sh" || exit 1

command -v readelf >/dev/null || skip_all "readelf is not installed"
maker="$SDK_BUILD/tests/obj/test-obj"

run "$maker" --write "$tmp/sample.o"
is "$status" 0 "test-obj writes the sample object"

LC_ALL=C run readelf -a -W "$tmp/sample.o"
is "$status" 0 "readelf -a exits 0"
is "$(printf '%s\n' "$out" "$err" | grep -ciE 'warning|error')" 0 \
	"readelf prints no warning or error"
like "$out" 'Type: +REL \(Relocatable file\)' "an ET_REL file"
like "$out" 'Machine: +<unknown>: 0xafc0' "e_machine 0xafc0"
like "$out" 'Flags: +0x7' "e_flags is the generation (7)"
like "$out" '\] BV +PROGBITS +00000000 [0-9a-f]+ 000210 00 +AX +0 +0 32' \
	"BV: 0x84 words, executable, 32-byte aligned"
like "$out" "Relocation section '\\.rela\\.text' at offset 0x[0-9a-f]+ contains 5 entries" \
	".rela.text has the five .text relocations"
like "$out" '0000000c +00000103 +unrecognized: 3 +00000014 +loop \+ 8' \
	"IMM16 at byte 0xc: type 3, symbol loop (byte 0x14) + 8 bytes"
like "$out" 'NOTYPE +GLOBAL +DEFAULT +UND external_fn' "undefined symbols are global"
like "$out" '00001234 +0 NOTYPE +LOCAL +DEFAULT +ABS SIZE' "absolute symbols keep their number"

LC_ALL=C run nm "$tmp/sample.o"
is "$status" 0 "nm exits 0"
like "$out" '^00000014 t loop$' "nm: loop is a local text symbol at byte 0x14"
like "$out" '^ +U external_fn$' "nm: external_fn is undefined"

done_testing
