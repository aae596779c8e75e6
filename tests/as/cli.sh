# afuc-as as a tool: options, exit statuses, output files, error text,
# cpp preprocessing of .S sources, and objects readelf reads cleanly.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

as="$SDK_BIN/afuc-as"
cd "$tmp" || exit 1

# usage errors: exit 2
run "$as"
is "$status" 2 "no source: exit 2"
like "$err" '^afuc-as: error: no source file' "and says so"
run "$as" --frobnicate x.s
is "$status" 2 "unknown option: exit 2"
like "$err" "unknown option '--frobnicate'" "named"
run "$as" --gpu a9xx x.s
is "$status" 2 "bad --gpu: exit 2"
like "$err" "^afuc-as: error: --gpu takes a5xx, a6xx or a7xx .*, not 'a9xx'" "named"
run "$as" - </dev/null
is "$status" 2 "standard input without -o: exit 2"
run "$as" --help
is "$status" 0 "--help: exit 0"
like "$out" '^usage: afuc-as ' "--help prints the usage"
run "$as" --version
like "$out" '^afuc-as \(afuc SDK\) [0-9]' "--version"

# a good source: exit 0, FILE.o by default, readelf reads it cleanly
cat >good.s <<'SRC'
; a small handler
.gpu a6xx
.global CP_NOP
.handler CP_NOP
CP_NOP:
	(rep)mov $00, $data
	waitin
	mov $01, $data
SRC
run "$as" good.s
is "$status" 0 "a good source assembles"
is "$err" "" "silently"
ok "$([ -f good.o ]; echo $?)" "into good.o by default"
LC_ALL=C run readelf -a -W good.o
is "$status" 0 "readelf -a reads the object"
is "$(printf '%s\n' "$out" "$err" | grep -ciE 'warning|error')" 0 "without a warning or error"
like "$out" 'GLOBAL +DEFAULT +1 CP_NOP' "CP_NOP is a global symbol"
like "$out" "\\.afuc\\.handlers" "with a packet-handler record"
size=$(readelf -S -W good.o | awk '{ for (i = 1; i < NF; i++) if ($i == ".afuc.handlers") print $(i + 4) }')
is "$size" 000008 "  one record for .handler CP_NOP and the label CP_NOP: (not two)"
run "$as" -o other.o - <good.s
is "$status" 0 "standard input with -o"
is "$(readelf -x .text other.o | tail -n +2)" "$(readelf -x .text good.o | tail -n +2)" \
	"gives the same code"

# errors: file:line:col, the line and a caret, every error, exit 1,
# and no object
cat >bad.s <<'SRC'
.gpu a6xx
start:
	mov $02, 0x10000
	movv $02, $03
	cwrite $02, [$00 + @REG_WRIT]
start:
	mov $02, $addr
SRC
run "$as" bad.s -o bad.o
is "$status" 1 "a bad source: exit 1"
ok "$([ ! -e bad.o ]; echo $?)" "and no object"
expected="bad.s:3:11: error: value 0x10000 does not fit the 16-bit immediate of mov (0..0xffff)
 	mov \$02, 0x10000
 	         ^
bad.s:4:2: error: unknown instruction 'movv'; did you mean 'mov'?
 	movv \$02, \$03
 	^
bad.s:5:21: error: no control register REG_WRIT in A6XX; did you mean 'REG_WRITE'?
 	cwrite \$02, [\$00 + @REG_WRIT]
 	                   ^
bad.s:6:1: error: duplicate label 'start'
 start:
 ^
bad.s:2:1: note: 'start' was first defined here
 start:
 ^
bad.s:7:11: error: \$addr cannot be read: as a source, register 0x1d is \$memdata
 	mov \$02, \$addr
 	         ^"
is "$err" "$expected" "every error, with file:line:col, line and caret"
echo stale >bad.o
run "$as" bad.s -o bad.o
is "$(cat bad.o)" "stale" "an existing output file is left alone on error"
rm -f bad.o

# broken input of other kinds: binary bytes, a source cut mid-line, an
# empty source (fine with --gpu, an error without)
head -c 3000 "$as" >garbage.s
run "$as" garbage.s -o garbage.o
is "$status" 1 "binary garbage: exit 1"
ok "$([ ! -e garbage.o ]; echo $?)" "  and no object"
printf '.gpu a6xx\nmov $02, 0x' >cut.s
run "$as" cut.s -o cut.o
is "$status:$err" "1:cut.s:2:10: error: '0x' is not a number (numbers are written as in C: 0x1f, 31, 0b11111)
 mov \$02, 0x
          ^" "a source cut mid-number: the error names it"
: >empty.s
run "$as" --gpu a5xx empty.s
is "$status" 0 "an empty source with --gpu assembles"
run "$as" empty.s -o empty2.o
is "$status" 1 "without a generation it cannot"
like "$err" '^empty\.s: error: which GPU generation' "  and says why"

# a source with more errors than the cap
for i in $(seq 1 30); do echo "bogus$i"; done | sed '1i .gpu a6xx' >many.s
run "$as" many.s -o many.o
is "$status" 1 "30 errors: exit 1"
is "$(printf '%s\n' "$err" | grep -c ': error: ')" 20 "the first 20 are printed"
like "$err" 'afuc-as: too many errors \(30 in all\), stopped' "and all of them counted"

# .S: through cpp, errors at the original file and line
mkdir inc
cat >inc/regs.h <<'SRC'
#define SCRATCH_BASE 0x100
	nop
	badinstr
SRC
cat >fw.S <<'SRC'
/* a C comment, gone after cpp */
.gpu a6xx
#include "regs.h"
CP_NOP:
	mov $02, SCRATCH_BASE + VALUE
	waitin
	mov $01, $data
SRC
run "$as" -I inc -DVALUE=2 fw.S -o fw.o
is "$status" 1 "an error in an included file"
like "$err" '^inc/regs\.h:3:[0-9]+: error: unknown instruction .badinstr.' \
	"is reported at inc/regs.h:3"
sed -i '/badinstr/d' inc/regs.h
run "$as" -I inc -D VALUE=2 fw.S -o fw.o
is "$status" 0 "the fixed .S assembles"
run "$as" -E -I inc -DVALUE=2 fw.S
is "$status" 0 "-E: exit 0"
like "$out" 'mov \$02, 0x100 \+ 2' "-E prints the preprocessed text"
ok "$([ ! -e fw.s ]; echo $?)" "-E writes no object"
run "$as" -I inc fw.S -o fw2.o
is "$status" 1 "a macro left undefined"
like "$err" "^fw\\.S:5:[0-9]+: error: unknown name 'VALUE'" "is an unknown name at fw.S:5"

# .S with the SDK's macro library: m4's output maps back to the source,
# and a misused macro (it expands to .error) is reported where it is called
if [ -r "$SDK_BUILD/include/afuc/afuc.m4" ]; then
	cat >m4.S <<'SRC'
.gpu a6xx
CP_NOP:
	nop
	ENDIF()
	waitin
	mov $01, $data
SRC
	run "$as" m4.S -o m4.o
	is "$status" 1 "a misused library macro: exit 1"
	like "$err" '^m4\.S:4:[0-9]+: error: ENDIF' "reported at the line that calls it"
else
	skip 2 "no macro library in $SDK_BUILD/include/afuc"
fi

# A NUL byte is an error at its place, not the end of the line (which
# would hide what follows it), in .s sources and through cpp in .S ones.
printf '.gpu a6xx\nnop\0 junk\n' >nul.s
run "$as" nul.s -o nul.o
is "$status" 1 "a NUL byte in a .s source: exit 1"
is "$(printf '%s\n' "$err" | head -1)" "nul.s:2:4: error: expected text, found a NUL byte" \
	"reported at its line and column"
ok "$([ ! -e nul.o ]; echo $?)" "and no object is written"
printf '.gpu a6xx\nnop\n\tnop\0 junk\n' >nul.S
run "$as" nul.S -o nul.o
is "$status" 1 "a NUL byte in a .S source, which cpp drops with a warning: exit 1"
is "$(printf '%s\n' "$err" | grep ': error: ')" "nul.S:3:5: error: expected text, found a NUL byte" \
	"reported at its line and column"

# Preprocessing always ends: a file that includes itself stops at cpp's
# depth limit, a macro that nests without end at m4's, one that expands
# to itself forever at the time limit, each with an error naming the file.
printf '#include "self.S"\nnop\n' >self.S
run "$as" self.S -o self.o
is "$status" 1 "a .S that includes itself: exit 1"
like "$err" '^self\.S:1:[0-9]+: error: #include nested depth 200 exceeds maximum of 200' \
	"cpp stops it at its include depth"
is "$(printf '%s\n' "$err" | tail -1)" "afuc-as: error: the C preprocessor failed (exit status 1)" \
	"and afuc-as says cpp failed"
if [ -r "$SDK_BUILD/include/afuc/afuc.m4" ]; then
	printf '.gpu a6xx\nnop\nm4_define({f}, {g(f)})m4_define({g}, {$1})\n\tf\n' >nest.S
	run "$as" nest.S -o nest.o
	is "$status" 1 "an m4 macro that nests without end: exit 1"
	is "$err" "nest.S:4: error: m4 macros nested more than 1024 deep (a macro that calls itself without end?)
afuc-as: error: m4 failed (exit status 1)" "stops at m4's nesting limit, reported at the source line"
	printf '.gpu a6xx\nm4_define({f}, {f})\nf\n' >loop.S
	AFUC_PP_TIME_LIMIT=1 run "$as" loop.S -o loop.o
	is "$status" 1 "an m4 macro that expands to itself forever: exit 1"
	is "$err" "loop.S: error: m4 ran for more than 1 seconds (a macro that expands without end?); stopped it" \
		"stops at the time limit"
else
	skip 4 "no macro library in $SDK_BUILD/include/afuc"
fi

# .align N, FILL pads with FILL words (a660 pads before LPAC with zeros).
printf '.gpu a6xx\nwaitin\n.align 16, 0xdead\nnop\n' >"$tmp/fill.s"
run "$as" "$tmp/fill.s" -o "$tmp/fill.o"
is "$status" 0 ".align 16, 0xdead assembles"
run "$SDK_BIN/afuc-objdump" -d --no-names "$tmp/fill.o"
like "$out" "waitin
\[0000dead\]
\[0000dead\]
\[0000dead\]
nop" "it pads with the fill word"
printf '.gpu a6xx\nwaitin\n.align 16, 0x100000000\n' >"$tmp/fill.s"
run "$as" "$tmp/fill.s" -o "$tmp/fill.o"
like "$status $err" "^1 .*fill\.s:3:12: error: \.align's fill is one 32-bit word, not 4294967296" \
	"a fill past 32 bits is an error at it"

# .control names control registers from another map: a750 and gen 8's
# (A7XX_GEN3, REG_READ_ADDR 0x01b) instead of a7xx's own (0x039).
printf '.gpu a7xx\n.control A7XX_GEN3\ncwrite $02, [$00 + @REG_READ_ADDR]\n' >"$tmp/ctl.s"
run "$as" "$tmp/ctl.s" -o "$tmp/ctl.o"
run "$SDK_BIN/afuc-objdump" -d --no-names "$tmp/ctl.o"
like "$out" "cwrite \\\$02, \[\\\$00 \+ 0x01b\]" ".control A7XX_GEN3: @REG_READ_ADDR is 0x01b"
printf '.gpu a7xx\ncwrite $02, [$00 + @REG_READ_ADDR]\n' >"$tmp/ctl.s"
run "$as" "$tmp/ctl.s" -o "$tmp/ctl.o"
run "$SDK_BIN/afuc-objdump" -d --no-names "$tmp/ctl.o"
like "$out" "cwrite \\\$02, \[\\\$00 \+ 0x039\]" "without it, a7xx's own: 0x039"
printf '.gpu a7xx\ncwrite $02, [$00 + @REG_READ_ADDR]\n.control A7XX_GEN3\n' >"$tmp/ctl.s"
run "$as" "$tmp/ctl.s" -o "$tmp/ctl.o"
like "$status $err" "^1 .*ctl\.s:3:10: error: \.control comes after a control register was named" \
	".control after a name is an error"

done_testing
