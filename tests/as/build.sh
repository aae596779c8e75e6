# afuc-as in a build system: make dependency files (-MD, -MF, -MT), -E
# without line markers, and the -a listing.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

as="$SDK_BIN/afuc-as"
cd "$tmp" || exit 1
mkdir -p inc out
printf '#define VAL 0x12\n' >inc/regs.h
cat >inc/mac.m4 <<'SRC'
m4_define({TWICE}, {$1
	$1})m4_dnl
SRC
cat >fw.S <<'SRC'
#include "regs.h"
m4_include({mac.m4})
.gpu a6xx
start:
	mov $01, VAL
TWICE({nop})
	waitin
SRC

# -MD: OUTPUT with .d, every file cpp and m4 read, a phony rule for each
run "$as" -Iinc -MD fw.S -o out/fw.o
is "$status:$err" "0:" "-MD assembles silently"
ok "$([ -f out/fw.d ]; echo $?)" "and writes out/fw.d beside out/fw.o"
like "$(head -n 1 out/fw.d)" '^out/fw\.o: \\$' "  the target is the object"
deps=$(sed -n '/^$/q; s/^ //; s/ \\$//; /:/!p' out/fw.d)
is "$(printf '%s\n' "$deps" | grep -c -e '^fw\.S$' -e '^inc/regs\.h$' -e '^inc/mac\.m4$' \
	-e '/afuc\.m4$' -e '/afuc-flow\.m4$')" 5 \
	"  it names the source, the #included header, the m4 include and the library"
is "$(printf '%s\n' "$deps" | head -n 1)" fw.S "  the source first"
like "$(cat out/fw.d)" "$(printf '\ninc/regs\\.h:\n')" "  an empty rule for the header (as -MP)"
is "$(grep -c '^fw\.S:' out/fw.d)" 0 "  and none for the source"

rm -f out/fw.o
run "$as" -Iinc -MD -MF deps/x.dep -MT 'my target' fw.S -o out/fw.o
is "$status" 1 "-MF into a missing directory: exit 1"
like "$err" "deps/x\\.dep: error: cannot write the -MF file" "  says which file"
ok "$([ ! -e out/fw.o ]; echo $?)" "  and writes no object either (all or none)"
mkdir deps
run "$as" -Iinc -MD -MF deps/x.dep -MT 'my target' fw.S -o out/fw.o
is "$status" 0 "-MF FILE -MT TARGET"
like "$(head -n 1 deps/x.dep)" '^my target: \\$' "  the target as given"
ok "$([ -f out/fw.o ]; echo $?)" "  with the object"

# a name make would misread is escaped: a space, a '#', a '$'
cp fw.S 'a b#$.S'
run "$as" -Iinc -MD 'a b#$.S' -o out/odd.o
is "$(sed -n 2p out/odd.d)" ' a\ b\#$$.S \' "file names are escaped for make"

# a failed assembly writes neither the object nor the rule, and leaves
# an old rule alone
printf 'start:\n\tmovv $01, $02\n' >>fw.S
cp out/fw.d old.d
run "$as" -Iinc -MD fw.S -o out/new.o
is "$status" 1 "a bad source: exit 1"
ok "$([ ! -e out/new.o ] && [ ! -e out/new.d ]; echo $?)" "  no object and no rule"
sed -i '$d' fw.S
sed -i '$d' fw.S

run "$as" -MF x.d fw.S
is "$status" 2 "-MF without -MD: usage error"
like "$err" "-MF needs -MD" "  says so"

# a Makefile that includes the rules rebuilds when a header changes
if ! command -v make >/dev/null; then
	skip 6 "no make"
else
	cat >Makefile <<MK
out/fw.o: fw.S
	"$as" -Iinc -MD -o \$@ fw.S
-include out/fw.d
MK
	rm -f out/fw.o out/fw.d
	run make
	is "$status" 0 "make builds out/fw.o"
	# the object as if just built, a file as if changed after it:
	# times set explicitly, so that no test waits for the clock
	now=$(date +%s)
	built() { touch -d "@$((now + 3600))" out/fw.o out/fw.d; }
	changed() { touch -d "@$((now + 7200))" "$1"; }
	built
	run make -q out/fw.o
	is "$status" 0 "  then it is up to date"
	changed inc/regs.h
	run make -q out/fw.o
	is "$status" 1 "  a changed #included header makes it out of date"
	run make
	touch -d "@$((now + 9000))" out/fw.o out/fw.d
	touch -d "@$((now + 9900))" inc/mac.m4
	run make -q out/fw.o
	is "$status" 1 "  so does a changed m4 include"
	run make
	# the header goes: the source no longer includes it
	sed -i '1d' fw.S
	sed -i 's/VAL/0x12/' fw.S
	rm inc/regs.h
	run make
	is "$status" 0 "  a deleted header does not stop make (the empty rules)"
	run grep -c regs.h out/fw.d
	is "$out" 0 "  and the new rule no longer names it"
fi

# -E: the text assembled, without cpp's or m4's line markers
run "$as" -Iinc -E fw.S
is "$status" 0 "-E"
is "$(printf '%s\n' "$out" | grep -cE '^#')" 0 "  no marker lines"
like "$out" 'mov \$01, 0x12' "  macros expanded"
is "$(printf '%s\n' "$out" | grep -c nop)" 2 "  m4 macros too"
run "$as" -Iinc -E fw.S -o pre.s
is "$status:$(cat pre.s)" "0:$(afuc_e=$("$as" -Iinc -E fw.S); printf '%s' "$afuc_e")" \
	"-E -o FILE writes the same text"

# -a: the listing, against the words readelf shows
run "$as" -Iinc -a fw.S -o out/l.o
is "$status" 0 "-a"
words=$(readelf -x .text out/l.o | awk '/^  0x/ { for (i = 2; i <= 5 && i < NF; i++) print $i }')
# readelf shows the bytes in file order: little-endian words
le() { printf '%s\n' "$1" | sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/'; }
w0=$(le "$(printf '%s\n' "$words" | sed -n 1p)")
w2=$(le "$(printf '%s\n' "$words" | sed -n 3p)")
like "$out" "^ +4 0000 $w0  [ 	]?mov \\\$01, 0x12\$" "  line 4: address 0, its word, the source line"
like "$out" "^ +5 0001 [0-9a-f]{8}  nop\$" "  line 5 (two words from one macro): the first"
like "$out" "^ +5 0002 $w2  [ 	]?nop\$" "  and the second, at 2"
like "$out" '^; fw\.S$' "  the file named"
run "$as" -Iinc --listing=out/l.lst fw.S -o out/l.o
is "$status:$out" "0:" "--listing FILE: nothing on standard output"
is "$(cat out/l.lst)" "$("$as" -Iinc -a fw.S -o out/l.o)" "  the same listing in the file"
printf 'bad\n' >bad.s
rm -f out/bad.lst
run "$as" --listing=out/bad.lst bad.s -o out/bad.o
ok "$([ "$status" = 1 ] && [ ! -e out/bad.lst ]; echo $?)" "  a failed assembly writes no listing"

done_testing
