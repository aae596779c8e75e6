# The tools that read objects (afuc-ld, afuc-ld --base, afuc-objdump -d)
# on damaged ones: a clear error naming the file and what is wrong, exit
# status 1, never a crash. The sample object comes from test-obj; its
# sections are: 5 .afuc.handlers, 6 .afuc.jumptbl, 7 .afuc.locs.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for tool in afuc-ld afuc-objdump; do
	[ -x "$SDK_BIN/$tool" ] || skip_all "$tool is not built"
done
run "$SDK_BUILD/tests/obj/test-obj" --write "$tmp/sample.o"
is "$status" 0 "test-obj writes the sample object" || diag "$err"

# u32 FILE OFFSET: the little-endian word at OFFSET.
u32() {
	od -An -t u4 -j "$2" -N 4 "$1" | tr -d ' '
}
# put32 FILE OFFSET VALUE: overwrites the little-endian word at OFFSET.
put32() {
	# shellcheck disable=SC2059
	printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($3 & 255)) $(($3 >> 8 & 255)) \
		$(($3 >> 16 & 255)) $(($3 >> 24 & 255)))" |
		dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
shoff=$(u32 "$tmp/sample.o" 32)

# An SDK section typed SHT_NULL (0) or SHT_NOBITS (8), its offset far
# past the end: it used to be read there (SIGSEGV).
for case in "5 .afuc.handlers 8 SHT_NOBITS" "6 .afuc.jumptbl 0 SHT_NULL" \
	"7 .afuc.locs 8 SHT_NOBITS" "7 .afuc.locs 0 SHT_NULL"; do
	# shellcheck disable=SC2086
	set -- $case
	index=$1 name=$2 type=$3 type_name=$4
	cp "$tmp/sample.o" "$tmp/bad.o"
	put32 "$tmp/bad.o" $((shoff + index * 40 + 4)) "$type"
	put32 "$tmp/bad.o" $((shoff + index * 40 + 16)) $((0x7fffff00))
	want="$tmp/bad.o: error: not a valid afuc object: section $index ($name) has type $type ($type_name), expected 1 (SHT_PROGBITS)"
	for cmd in "afuc-ld -o $tmp/x.fw" "afuc-ld --base $tmp/sample.o -o $tmp/x.fw" \
		"afuc-objdump -d"; do
		# shellcheck disable=SC2086
		run "$SDK_BIN"/$cmd "$tmp/bad.o"
		is "$status" 1 "$name as $type_name: $(echo "$cmd" | sed "s|$tmp/||g") exits 1"
		is "$err" "$want" "and says which section is wrong"
	done
	[ ! -e "$tmp/x.fw" ]
	ok $? "no image is written"
done

# Too many sections for one object: refused with the limit.
cp "$tmp/sample.o" "$tmp/bad.o"
printf '\001\020' | dd of="$tmp/bad.o" bs=1 seek=48 conv=notrunc 2>/dev/null # e_shnum 4097
run "$SDK_BIN/afuc-objdump" -d "$tmp/bad.o"
is "$status" 1 "4097 sections: afuc-objdump -d exits 1"
is "$err" "$tmp/bad.o: error: not a valid afuc object: too many sections (4097; the limit is 4096)" \
	"and names the limit"

# No end at all: reading stops at the size limit.
run "$SDK_BIN/afuc-objdump" -d /dev/zero
is "$status:$err" "1:/dev/zero: error: larger than 268435456 bytes, the most an object may be: not an afuc object" \
	"/dev/zero as an object: refused with the limit"

done_testing
