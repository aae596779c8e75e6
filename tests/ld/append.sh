# Sections called NAME.append: the linker places them after every image,
# in NAME's image's address space (as --base places new code), and the
# assembler resolves their labels in NAME first. Checked word by word on
# a small a7xx bundle: BR (0x88 words), BV (0x88), then BR's appended code.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

word() {
	od -An -t x4 -j $((4 * $2)) -N 4 "$1" | tr -d ' '
}

cat >"$tmp/b.s" <<'EOF2'
.gpu a7xx
[01f01001]
[#__image_size]
[01f01002]
[#jumptbl]
waitin
mov $01, $data
back:
jump #back
nop
.align 32
jumptbl:
.jumptbl
.section BV
[01f01003]
[#jumptbl]
back:
waitin
mov $01, $data
.align 32
jumptbl:
.jumptbl
.section .text.append
CP_NOP:
mov $02, $data
jump #back
nop
EOF2
run "$SDK_BIN/afuc-as" "$tmp/b.s" -o "$tmp/b.o"
is "$status:$err" "0:" "afuc-as: 'back' in .text.append is .text's, though BV has one too"
run "$SDK_BIN/afuc-ld" "$tmp/b.o" -o "$tmp/b.fw" -Map "$tmp/b.map"
is "$status:$err" "0:" "afuc-ld places .text.append"
is "$(($(wc -c <"$tmp/b.fw") / 4 - 1))" $((0x113)) "after BR and BV: 0x110 + 3 words"
is "$(word "$tmp/b.fw" 2)" 01000113 "BR's size word counts it"
# BR's table at 8: entry 0x10 (file word 8 + 0x10 + 1) is BR address 0x110.
is "$(word "$tmp/b.fw" $((8 + 0x10 + 1)))" 00000110 "BR's CP_NOP entry: BR address 0x110"
# jump #back from BR address 0x111 to 6: offset 6 - 0x111 = -0x10b.
is "$(word "$tmp/b.fw" $((0x112)))" c800fef5 "its jump reaches BR's 'back' at 6"
like "$(cat "$tmp/b.map")" "appended after every image: BR addresses 0x00110\.\.0x00112 \(file words 0x111\.\.0x113\)" \
	"the map says where"
# afuc-objdump prints it back so, and the listing builds the same bytes.
run "$SDK_BIN/afuc-objdump" -o "$tmp/r.s" "$tmp/b.fw"
is "$status:$err" "0:" "afuc-objdump reads it without a warning"
like "$(cat "$tmp/r.s")" "\.section \.text\.append" "as a .text.append section"
"$SDK_BIN/afuc-as" "$tmp/r.s" -o "$tmp/r.o" && "$SDK_BIN/afuc-ld" "$tmp/r.o" -o "$tmp/r.fw" &&
	cmp -s "$tmp/r.fw" "$tmp/b.fw"
ok $? "the listing builds the same image"
done_testing
