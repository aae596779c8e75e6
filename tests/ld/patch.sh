# afuc-ld --base: handlers linked onto the real vendor images, checked
# word by word: every vendor word is where it was, only the listed
# packet-table entries (and on a7xx the size header word) change, the
# new code is appended where the map says and the entries point at it.
#
# Facts used (reference/disasm listings and the bootstraps): a630_sqe.fw
# has 0x2162 words after its zero word, its table at 0x20e2; gen70500
# has 0x4b84 (BR header word 1 says so), BV at 0x2590 with its table at
# BV address 0x1cb0.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for tool in afuc-as afuc-ld; do
	[ -x "$SDK_BIN/$tool" ] || skip_all "$tool is not built"
done
ld="$SDK_BIN/afuc-ld"

words() {
	od -An -v -t x4 -w4 "$1" | tr -d ' '
}

# word FILE N: file word N (word 0 is the zero word)
word() {
	od -An -t x4 -j $((4 * $2)) -N 4 "$1" | tr -d ' '
}

# changed A B: the file words (1-based line numbers - 1) where the first
# `wc -l A` words of B differ from A, space separated.
changed() {
	words "$1" >"$tmp/.a"
	words "$2" | head -n "$(wc -l <"$tmp/.a")" >"$tmp/.b"
	diff "$tmp/.a" "$tmp/.b" | sed -n 's/^\([0-9]*\)c[0-9]*$/\1/p' |
		awk '{ printf "%s%d", (NR > 1 ? " " : ""), $1 - 1 }'
}

handler() {
	cat >"$tmp/h$1.s" <<EOF
.gpu $1
; A CP_NOP that reads one word and then does what the vendor's does.
CP_NOP:
	mov \$02, \$data
	jump #__vendor_CP_NOP
	nop
; A new packet.
.handler 0x7e
new7e:
	waitin
	mov \$01, \$data
EOF
	run "$SDK_BIN/afuc-as" "$tmp/h$1.s" -o "$tmp/h$1.o"
	is "$status" 0 "the $1 handler assembles" || diag "$err"
}

# --- a6xx
if a630=$(find_firmware a630_sqe.fw); then
	handler a6xx
	run "$ld" --base "$a630" "$tmp/ha6xx.o" -o "$tmp/p6.fw" -Map "$tmp/p6.map" --elf "$tmp/p6.elf"
	is "$status" 0 "a630_sqe.fw: links" || diag "$err"
	# Entries 0x10 and 0x7e of the table at 0x20e2: file words 0x20f3, 0x2161.
	is "$(changed "$a630" "$tmp/p6.fw")" "$((0x20f3)) $((0x2161))" \
		"a630_sqe.fw: only the two table entries changed"
	is "$(wc -c <"$tmp/p6.fw")" $((4 * (1 + 0x2168 + 5))) \
		"5 words appended at address 0x2168 (the first 32-byte boundary)"
	is "$(word "$tmp/p6.fw" $((0x20f3)))" 00002168 "CP_NOP's entry points at the new code"
	is "$(word "$tmp/p6.fw" $((0x2161)))" 0000216b "0x7e's entry at the new handler"
	vendor_nop=$(word "$a630" $((0x20f3)))
	is "$(word "$tmp/p6.fw" $((1 + 0x2169)))" \
		"$(printf 'c800%04x' $(((0x$vendor_nop - 0x2169) & 0xffff)))" \
		"jump #__vendor_CP_NOP reaches the vendor's CP_NOP"
	map=$(cat "$tmp/p6.map")
	like "$map" '^  new code: SQE addresses 0x02168\.\.0x0216c \(file words 0x2169\.\.0x216d\)' \
		"the map says where the new code went"
	like "$map" '^changed vendor words \(2\)' "and how many vendor words changed"
	like "$map" "^  file word 0x020f3  SQE 0x020f2  0x$vendor_nop -> 0x00002168  packet table CP_NOP" \
		"and each of them, old and new"
	if command -v readelf >/dev/null 2>&1; then
		like "$(readelf -S -W "$tmp/p6.elf")" ' SQE\.patch +PROGBITS +000085a0 ' \
			"the ELF has the new code as SQE.patch at its SQE byte address"
	else
		skip 1 "readelf is not installed"
	fi
	# Another generation's code does not go into an a6xx image.
	handler a7xx
	run "$ld" --base "$a630" "$tmp/ha7xx.o" -o "$tmp/x.fw"
	is "$status" 1 "a630_sqe.fw with an a7xx object: refused"
	like "$err" "error: this is an a6xx image \(a630 SQE\), but the objects are for a7xx" \
		"because the generations differ"
	ok "$([ ! -e "$tmp/x.fw" ]; echo $?)" "and nothing is written"
	# The size limit of a normal link (the a6xx script's SIZE_LIMIT(0x10000)):
	# 0x10000 new words after 0x2168 vendor ones put the SQE at 0x12168.
	{
		echo ".gpu a6xx"
		echo "big:"
		awk 'BEGIN { for (i = 0; i < 65536; i++) print "nop" }'
	} >"$tmp/big.s"
	"$SDK_BIN/afuc-as" "$tmp/big.s" -o "$tmp/big.o"
	run "$ld" --base "$a630" "$tmp/big.o" -o "$tmp/x.fw"
	is "$status" 1 "a630_sqe.fw with 0x10000 more words: refused"
	like "$err" "a6xx-sqe\.ld:[0-9]+:[0-9]+: error: patched onto .*a630_sqe\.fw, processor image SQE spans 0x12168 words with its new code, 0x2168 over this SIZE_LIMIT of 0x10000" \
		"at the script's SIZE_LIMIT, as a normal link"
else
	skip 17 "a630_sqe.fw not found (AFUC_FIRMWARE_DIR, ../shared/firmware/qcom, /usr/lib/firmware/qcom)"
fi

# --- a660: SQE with LPAC appended; its size word follows the growth.
# The 20250410 image has 0x2a46 words, its SQE table at 0x2041 (the
# bootstrap's mov $12), LPAC at 0x20c8 (its mov $13).
if a660=$(find_firmware a660_sqe.fw); then
	[ -f "$tmp/ha6xx.o" ] || handler a6xx
	size=$((0x$(word "$a660" 2) & 0xffffff))
	run "$ld" --base "$a660" "$tmp/ha6xx.o" -o "$tmp/p660.fw"
	is "$status" 0 "a660_sqe.fw: links" || diag "$err"
	new=$(((size + 7) / 8 * 8 + 5))
	is "$(word "$tmp/p660.fw" 2)" "$(printf '01%06x' "$new")" \
		"a660_sqe.fw: header word 1 carries the new size"
	is "$(wc -c <"$tmp/p660.fw")" $((4 * (1 + new))) "and the file has that many words"
	is "$(echo $(changed "$a660" "$tmp/p660.fw") | wc -w)" 3 \
		"only the size word and two SQE table entries changed"
else
	skip 4 "a660_sqe.fw not found (AFUC_FIRMWARE_DIR, ../shared/firmware/qcom, /usr/lib/firmware/qcom)"
fi

# --- a7xx, into BV
if gen7=$(find_firmware gen70500_sqe.fw); then
	handler a7xx
	run "$ld" --base "$gen7" --processor BV "$tmp/ha7xx.o" -o "$tmp/p7.fw" -Map "$tmp/p7.map"
	is "$status" 0 "gen70500_sqe.fw --processor BV: links" || diag "$err"
	# BV's table is at file word 1 + 0x2590 + 0x1cb0 = 0x4241.
	is "$(changed "$gen7" "$tmp/p7.fw")" "2 $((0x4251)) $((0x42bf))" \
		"gen70500: only the size word and BV's two entries changed"
	is "$(word "$tmp/p7.fw" 2)" 01004b8d "the size word: 0x4b88 + 5 words"
	is "$(wc -c <"$tmp/p7.fw")" $((4 * (1 + 0x4b8d))) "the file has that many words"
	is "$(word "$tmp/p7.fw" $((0x4251)))" 000025f8 \
		"BV's CP_NOP entry: the new code at BV address 0x4b88 - 0x2590"
	like "$(cat "$tmp/p7.map")" '^  new code: BV addresses 0x025f8\.\.0x025fc \(file words 0x4b89\.\.0x4b8d\)' \
		"the map says where"
	run "$ld" --base "$gen7" --processor XYZ "$tmp/ha7xx.o" -o "$tmp/x.fw"
	is "$status" 1 "--processor XYZ fails"
	like "$err" "--processor XYZ: this a7xx image has no such processor image \(it has BR, BV, LPAC\)" \
		"and lists the processor images"
else
	skip 9 "gen70500_sqe.fw not found (AFUC_FIRMWARE_DIR, ../shared/firmware/qcom, /usr/lib/firmware/qcom)"
fi

# --- not a firmware image
printf '.gpu a6xx\nCP_NOP:\n\twaitin\n\tmov $01, $data\n' >"$tmp/n.s"
"$SDK_BIN/afuc-as" "$tmp/n.s" -o "$tmp/n.o"
run "$ld" --base "$tmp/n.o" "$tmp/n.o" -o "$tmp/x.fw" -Map "$tmp/x.map"
is "$status" 1 "an object given as the base fails"
like "$err" "n\.o: error: word 0 is 0x464c457f, not the zero word a firmware image starts with" \
	"because it does not look like a firmware image"
ok "$([ ! -e "$tmp/x.fw" ] && [ ! -e "$tmp/x.map" ]; echo $?)" "and writes nothing"

done_testing
