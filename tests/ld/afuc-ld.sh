# afuc-ld, the tool: options, outputs (image, map, ELF), errors with
# their locations, exit statuses, and no output files after a failure.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for tool in afuc-as afuc-ld; do
	[ -x "$SDK_BIN/$tool" ] || skip_all "$tool is not built"
done
ld="$SDK_BIN/afuc-ld"

cat >"$tmp/ok.s" <<'EOF'
.global helper
[016ee207]
[#jumptbl]
CP_NOP:
	call #helper
	nop
CP_ME_INIT:
	waitin
	mov $01, $data
helper:
	ret
	nop
jumptbl:
.jumptbl
EOF
run "$SDK_BIN/afuc-as" "$tmp/ok.s" -o "$tmp/ok.o"
is "$status" 0 "a source for the tests assembles" || diag "$err"

# --- usage errors: exit 2
run "$ld" --help
is "$status" 0 "--help exits 0"
like "$out" '^usage: afuc-ld ' "and prints the usage"
for args in "$tmp/ok.o" "-o $tmp/x.fw" "--frob -o $tmp/x.fw $tmp/ok.o" \
	"-T a.ld --base b.fw -o $tmp/x.fw $tmp/ok.o" "--processor BR -o $tmp/x.fw $tmp/ok.o" \
	"--defsym nonsense -o $tmp/x.fw $tmp/ok.o" "--gpu a9xx -o $tmp/x.fw $tmp/ok.o" \
	"$tmp/ok.o -o"; do
	# shellcheck disable=SC2086
	run "$ld" $args
	is "$status" 2 "usage error: afuc-ld $(echo "$args" | sed "s|$tmp/||g")"
done
like "$err" "'-o' needs a value" "a missing value is named"

# --- a good link: image, map (three spellings of -Map), ELF
run "$ld" "$tmp/ok.o" -o "$tmp/ok.fw" -Map "$tmp/ok.map" --elf "$tmp/ok.elf"
is "$status" 0 "links" || diag "$err"
is "$err" "" "silently"
is "$(od -An -t x4 -N 12 "$tmp/ok.fw" | tr -s ' ')" " 00000000 016ee207 01000008" \
	"the image starts with the zero word and [#jumptbl] = nop | 8"
map=$(cat "$tmp/ok.map")
like "$map" '^processor image SQE: address 0 = file word 0x1, 0x88 words' "map: the image"
like "$map" '^  0x00002  CP_NOP +.*ok\.o' "map: symbols with addresses"
like "$map" '^  0x10  CP_NOP +0x00002  CP_NOP \(.*ok\.o\)' "map: table entries by PM4 name"
like "$map" '^  0x48  CP_ME_INIT +0x00004  CP_ME_INIT' "map: CP_ME_INIT's entry"
like "$map" '^  0x04  PKT4 +0x00000  \(none\)' "map: unhandled entries"
for form in "-Map=$tmp/m2.map" "--Map=$tmp/m2.map"; do
	rm -f "$tmp/m2.map"
	run "$ld" "$tmp/ok.o" -o "$tmp/ok2.fw" "$form"
	is "$(cat "$tmp/m2.map" 2>/dev/null)" "$(sed "s|ok\.fw|ok2.fw|" "$tmp/ok.map")" \
		"$(echo "$form" | sed 's/=.*//')=FILE writes the same map"
done
if command -v readelf >/dev/null 2>&1; then
	run readelf -a -W "$tmp/ok.elf"
	is "$status" 0 "readelf -a reads the ELF"
	if printf '%s\n' "$err" | grep -qiE 'warning|error'; then
		ok 1 "readelf complains: $err"
	else
		ok 0 "readelf has no complaint"
	fi
	like "$out" 'Type: +EXEC' "an ET_EXEC file"
	like "$out" ' SQE +PROGBITS +00000000 [0-9a-f]+ 000220 ' "one section for the SQE image, 0x88 words"
	like "$out" '00000018 +0 NOTYPE +GLOBAL +DEFAULT +1 helper' "helper at byte 0x18 (word 6)"
else
	skip 5 "readelf is not installed"
fi

# the ELF has the source line of every word, and is no object
if command -v readelf >/dev/null 2>&1; then
	run readelf -S -W "$tmp/ok.elf"
	like "$out" ' \.afuc\.locs +PROGBITS ' "the ELF has the words' source lines (.afuc.locs)"
else
	skip 1 "readelf is not installed"
fi
run "$SDK_BIN/afuc-objdump" -d "$tmp/ok.elf"
like "$out" '^helper:' "afuc-objdump -d reads the ELF, labels at their words"
run "$ld" "$tmp/ok.elf" -o "$tmp/again.fw"
is "$status" 1 "the ELF is no input of a link"
like "$err" 'ok\.elf: error: a linked image.s ELF \(afuc-ld --elf\), not an object' "and says what it is"

# --- link errors: exit 1, file:line:col, no output at all
cat >"$tmp/bad.s" <<'EOF'
.gpu a6xx
fn:
	call #fnn
	nop
EOF
"$SDK_BIN/afuc-as" "$tmp/bad.s" -o "$tmp/bad.o"
run "$ld" "$tmp/bad.o" -o "$tmp/bad.fw" -Map "$tmp/bad.map" --elf "$tmp/bad.elf"
is "$status" 1 "an undefined symbol fails the link"
like "$err" "bad\.s:3:7: error: undefined symbol 'fnn' \(referenced from .*bad\.o\); did you mean 'fn'\?" \
	"the error names the source line, the symbol, the object and a suggestion"
like "$err" '	call #fnn' "and shows the source line"
ok "$([ ! -e "$tmp/bad.fw" ] && [ ! -e "$tmp/bad.map" ] && [ ! -e "$tmp/bad.elf" ]; echo $?)" \
	"no image, map or ELF is written"

run "$ld" --gpu a7xx "$tmp/ok.o" -o "$tmp/x.fw"
is "$status" 1 "--gpu that the objects contradict fails"
like "$err" "ok\.o: error: this object is for a6xx, but --gpu is for a7xx" "and says why"

run "$ld" "$tmp/missing.o" -o "$tmp/x.fw"
is "$status" 1 "a missing object fails"
head -c 100 "$tmp/ok.o" >"$tmp/cut.o"
run "$ld" "$tmp/cut.o" -o "$tmp/x.fw"
is "$status" 1 "a truncated object fails"
like "$err" "cut\.o: error: not a valid afuc object" "with the object reader's reason"
ok "$([ ! -e "$tmp/x.fw" ]; echo $?)" "and leaves no image"

# --- scripts: -T, script errors at script:line:col
cat >"$tmp/s.ld" <<'EOF'
SECTIONS
{
	.text : { *(.text) LONG(helpr) }
}
EOF
run "$ld" -T "$tmp/s.ld" "$tmp/ok.o" -o "$tmp/x.fw"
is "$status" 1 "an undefined symbol in a script fails"
like "$err" "s\.ld:3:26: error: undefined symbol 'helpr'; did you mean 'helper'\?" \
	"at script:line:col, with a suggestion"
printf 'SECTIONS\n{\n\t.text : { *(.text) }\n\tLONG(1)\n}\n' >"$tmp/s2.ld"
run "$ld" -T"$tmp/s2.ld" "$tmp/ok.o" -o "$tmp/x.fw"
like "$err" 's2\.ld:4:2: error: LONG cannot stand directly inside SECTIONS' \
	"a parse error, with -TSCRIPT"
printf 'SECTIONS { .text : { *(.text) } .t : { PACKET_TABLE(t) } }\n' >"$tmp/s3.ld"
run "$ld" -T "$tmp/s3.ld" "$tmp/ok.o" -o "$tmp/s3.fw" --defsym t2=0x40
is "$status" 0 "a minimal script links" || diag "$err"
cmp -s "$tmp/s3.fw" "$tmp/ok.fw"
ok $? "and gives the same image as the default script"

# --- --defsym: calls into code the objects do not have
cat >"$tmp/ext.s" <<'EOF'
.gpu a6xx
	call #vendor_fn
	nop
EOF
"$SDK_BIN/afuc-as" "$tmp/ext.s" -o "$tmp/ext.o"
run "$ld" "$tmp/ext.o" -o "$tmp/ext.fw" --defsym vendor_fn=0x1234
is "$status" 0 "--defsym defines an address" || diag "$err"
is "$(od -An -t x4 -j 4 -N 4 "$tmp/ext.fw" | tr -d ' ')" d4001234 "call #vendor_fn = call 0x1234"

# --- a failed write removes what was written before it
run "$ld" "$tmp/ok.o" -o "$tmp/w.fw" -Map "$tmp/no/such/dir/w.map"
is "$status" 1 "an unwritable map fails the link"
ok "$([ ! -e "$tmp/w.fw" ]; echo $?)" "and the image written before it is removed"

done_testing
