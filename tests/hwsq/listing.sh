# hwsq-as -a / --listing FILE: per source line its number, the address
# of its first byte, its bytes and the line. Checked against the image
# hwsq-as writes and the instructions hwsq-objdump finds in it, not
# against a saved listing.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
DUMP=$SDK_BIN/hwsq-objdump
# (never in the working tree: without tap.sh's $tmp, stop)
[ -n "$tmp" ] && mkdir "$tmp/w" && cd "$tmp/w" || { echo "Bail out! no scratch directory"; exit 1; }
mkdir inc
printf 'flag 7 on\n\tflag 8 off\n' >inc/body.hwsq
cat >s.hwsq <<'SRC'
entry 0
	wr32 0x1234, 0xcafe
	wr32 0x1238, 0xcafe
	wr32 0x123c, 0xbeef
	exit
entry 3, late
#include "inc/body.hwsq"
	delay 4 us
	delay 40 us
late:
	wr32 0x100200, 0x55555555
	exit
SRC

run "$AS" --chip nv50 s.hwsq -o s.bin --listing s.lst
is "$status:$err" "0:" "--listing FILE with -o: exit 0, silently"
ok "$([ -s s.bin ] && [ -s s.lst ]; echo $?)" "  writes both"
run "$AS" --chip nv50 s.hwsq -a
is "$out" "$(cat s.lst)" "-a prints the same listing on standard output"
lst=$(cat s.lst)

# the encodings that are known facts (tests/hwsq/outputs.sh): data
# 0xcafe, then addr 0x1234, each five bytes, each on a row of its own;
# the text is the line as compiled (cpp turns indentation into a space)
like "$lst" '^    2 000 e2 fe ca 00 00   wr32 0x1234, 0xcafe$' \
	"wr32: line 2, address 0, the data opcode and the line"
like "$lst" '^      005 e0 34 12 00 00$' "  the addr opcode on the next row, address 5"
like "$lst" '^    3 00a 40 38 12 +wr32 0x1238, 0xcafe$' \
	"the second wr32: only addrlo (DATA already holds 0xcafe)"
like "$lst" '^    4 00d 42 ef be +wr32 0x123c, 0xbeef$' \
	"the third: datalo and addrlo, six bytes, on two rows (no row splits one)"
like "$lst" '^      010 40 3c 12$' "  the addrlo on its own row"
like "$lst" '^    5 013 7f +exit$' "exit: 7f"
like "$lst" '^    1 +entry 0$' "a line without bytes: only its number and text"
is "$(printf '%s\n' "$lst" | grep '^; [a-z]')" "$(printf '; s.hwsq\n; inc/body.hwsq\n; s.hwsq')" \
	"'; FILE' where the #include'd file begins and where the script goes on"

# the rows against the image: every code byte once, in order, equal
size=$("$AS" --chip nv50 s.hwsq --stats | sed 's/.* bytes=\([0-9]*\) .*/\1/')
rows=$(printf '%s\n' "$lst" | awk 'substr($0, 7, 3) ~ /^[0-9a-f][0-9a-f][0-9a-f]$/ && substr($0, 6, 1) == " " {
	print substr($0, 7, 3), substr($0, 11, 14) }')
covered=$(printf '%s\n' "$rows" | awk '{ printf "%s", (NR > 1 ? " " : "") $1 }')
expected=$(printf '%s\n' "$rows" | awk -v pos=0 '
	function hex(s,  v, i) {
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	{
		if (hex($1) != pos) { print "row at " $1 " but the bytes before end at " pos; exit }
		pos += NF - 1
	}
	END { print "end " pos }')
is "$expected" "end $size" "the rows cover the $size code bytes, each once, in order"
listed=$(printf '%s\n' "$rows" | awk '{ for (i = 2; i <= NF; i++) printf "%s ", $i }')
image=$(od -An -v -tx1 -N "$size" s.bin | tr -s ' \n' '  ' | sed 's/^ //')
is "$listed" "$image" "  and hold the image's bytes"

# no row splits an instruction: each starts where hwsq-objdump finds one
starts=$("$DUMP" --chip nv50 s.bin | sed -n 's/.*; \([0-9a-f]\{3\}\): .*/\1/p' | tr '\n' ' ')
bad=""
for a in $covered; do
	case " $starts" in *" $a "*) ;; *) bad="$bad $a" ;; esac
done
is "$bad" "" "every row begins an instruction hwsq-objdump finds ($starts)"
is "$(printf '%s\n' "$rows" | awk 'NF - 1 > 5' | wc -l)" 0 "  and holds at most five bytes"

# the numbers name the lines of the files the markers give
mismatch=$(printf '%s\n' "$lst" | awk '
	/^; [a-z]/ { file = $2; next }
	substr($0, 1, 5) ~ /^ *[0-9]+$/ {
		n = $1; text = substr($0, 27); sub(/^[ \t]+/, "", text)
		line = ""; i = 0
		while ((getline l < file) > 0) if (++i == n) { line = l; break }
		close(file); sub(/^[ \t]+/, "", line)
		if (line != text) print file ":" n ": listed \"" text "\", the file has \"" line "\""
	}')
is "$mismatch" "" "each numbered line is that line of its file"

# the delays are encoded together, at the first one's line
like "$lst" '^    8 016 [0-9a-f]{2} +delay 4 us$' "delay 4 us + 40 us: the wait byte at the first delay"
like "$lst" '^    9 +delay 40 us$' "  the second delay's line has none"
# the padding that completes the image
pad=$(printf '%s\n' "$lst" | tail -n 1)
is "$pad" "$(printf '; 0x%03x-0x0ff: exit padding to the end of the code RAM' "$size")" \
	"last: the exit padding, from the end of the code to the end of the RAM"
is "$(od -An -v -tx1 -j "$size" s.bin | tr -s ' \n' '  ' | tr -d ' 7f')" "" "  (the image holds 7f there)"

# .byte values: one row holds up to five of them
printf '.byte 1, 2, 3, 4, 5, 6, 7\nexit\n' >b.hwsq
run "$AS" --chip nv50 b.hwsq -a
like "$out" '^    1 000 01 02 03 04 05  \.byte 1, 2, 3, 4, 5, 6, 7$' ".byte: five values on the first row"
like "$out" '^      005 06 07$' "  the rest on the next"

# nothing on errors, all or none
cp s.lst old.lst
printf 'nop\nbogus\n' >bad.hwsq
run "$AS" --chip nv50 bad.hwsq --listing old.lst
is "$status" 1 "a bad script: exit 1"
cmp -s old.lst s.lst
ok $? "  the old listing is left as it was"
run "$AS" --chip nv50 bad.hwsq -a
is "$out" "" "  -a prints nothing"
run "$AS" --chip nv50 s.hwsq -o new.bin --listing nodir/s.lst
is "$status" 1 "--listing in a missing directory: exit 1"
is "$err" "hwsq-as: nodir/s.lst: error: cannot write the --listing file: 'nodir' does not exist" "  says so"
ok "$([ ! -e new.bin ]; echo $?)" "  and writes no image either"

run "$AS" --chip nv50 -E -a s.hwsq
is "$status:$err" "2:hwsq-as: error: -E compiles nothing to list: no -a or --listing
usage: hwsq-as --chip CHIP [options] SOURCE...
Try 'hwsq-as --help' for the options." "-E -a: usage error"

done_testing
