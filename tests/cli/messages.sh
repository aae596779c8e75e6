# Messages that say what to do (issue 29) and inputs refused once, clearly
# (issue 31), in the layers every tool shares: the sources afuc-as and
# hwsq-as preprocess (sdk/pp), -MD's make rules, rnn-lookup's hints.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
as=$SDK_BIN/afuc-as
hwsq=$SDK_BIN/hwsq-as
cd "$tmp" || exit 1

# ---- sources that are no sources ----
run "$as" --gpu a6xx -o x.o missing.S
is "$status:$err" "1:missing.S: error: cannot read: No such file or directory" \
	"afuc-as on a missing .S: one line, no cc1 'fatal error'"
head -c 4096 "$SDK_BUILD/firmware/a6xx/sqe.fw" >image.S
run "$as" --gpu a6xx -o x.o image.S
is "$status:$err" "1:image.S:1:1: error: expected text, found a NUL byte (a binary file, not a source)" \
	"a binary file renamed .S: one line saying so, not cpp's noise"
: >empty.S
run "$as" --gpu a6xx -o x.o empty.S
is "$status:$err" "1:empty.S: error: empty: expected a source" "an empty .S: an error, exit 1"
: >empty.hwsq
run "$hwsq" --chip nv50 -o x.bin empty.hwsq
is "$status:$err" "1:empty.hwsq: error: the source is empty: expected at least one statement" \
	"hwsq-as on an empty source: an error, not an image of exits"
ok "$([ ! -e x.o ] && [ ! -e x.bin ]; echo $?)" "and no output written"

# ---- a misspelt macro of the library ----
printf 'CP_THING:\n  READ_ADRR64($02, $03)\n  waitin\n  mov $01, $data\n' >macro.S
run "$as" --gpu a6xx -o x.o macro.S
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:macro.S:2:3: error: unknown macro 'READ_ADRR64'; did you mean 'READ_ADDR64'?" \
	"a misspelt macro: the nearest of the library's macros"
printf 'CP_THING:\n  READ_ADDR64($02, $03)\n  waitin\n  mov $01, $data\n' >macro.S
run "$as" --gpu a6xx -o x.o macro.S
is "$status:$err" "0:" "  spelt right, it assembles"

# ---- -MD and names make cannot read ----
nl='
'
cp "$SDK_ROOT/firmware/examples/fill.S" "a${nl}b.S"
run "$as" -MD -o md.o "a${nl}b.S"
is "$status:$err" '1:a\nb.S: error: cannot write a make rule (-MD): the source '"'"'a\nb.S'"'"' has a line break in its name, which make cannot read; rename it' \
	"-MD with a line break in the source's name: a located error"
ok "$([ ! -e md.o ] && [ ! -e md.d ]; echo $?)" "  and nothing written (neither object nor rule)"
run "$as" -MD -o "x${nl}y.o" "$SDK_ROOT/firmware/examples/fill.S"
like "$status:$err" "^1:.*fill\.S: error: cannot write a make rule \(-MD\): the target 'x\\\\ny\.o' has a line break" \
	"-MD with a line break in the target's name"
run "$as" -o "x${nl}y.o" "$SDK_ROOT/firmware/examples/fill.S"
is "$status" 0 "  without -MD the name is no problem"
printf 'entry 0, go\ngo:\n\texit\n' >"s${nl}t.hwsq"
run "$hwsq" --chip nv50 -MD -o s.bin "s${nl}t.hwsq"
like "$status:$err" "^1:s\\\\nt\.hwsq: error: cannot write a make rule \(-MD\)" "hwsq-as -MD the same"

# ---- rnn-lookup: a name of another space ----
run "$SDK_BIN/rnn-lookup" --gpu a6xx CP_MEM_WRITE
is "$status:$err" "1:rnn-lookup: error: no register CP_MEM_WRITE in A6XX: it is a PM4 packet (--space pm4)" \
	"rnn-lookup: a packet looked up as a register says so"
run "$SDK_BIN/rnn-lookup" --gpu a6xx --space pm4 CP_MEM_WRITE
is "$status:$out" "0:0x3d" "  and --space pm4 finds it"
run "$SDK_BIN/rnn-lookup" --chip nv50 FB_PAUSE
is "$status:$err" "1:rnn-lookup: error: no register FB_PAUSE in NV50: it is a HWSQ flag (--space hwsq-flag)" \
	"  a HWSQ flag as a register"
run "$SDK_BIN/rnn-lookup" --gpu a6xx CP_RB_BAS
is "$status:$err" "1:rnn-lookup: error: no register CP_RB_BAS in A6XX; did you mean 'CP_RB_BASE'?" \
	"  a name of no space: the nearest of its own"

# ---- a register database file that is no XML ----
cp -r "$SDK_BUILD/share/afuc-sdk/rnndb" db
: >db/adreno/a6xx.xml
run "$SDK_BIN/rnn-lookup" --rnndb db --gpu a6xx CP_RB_BASE
is "$status:$(printf '%s\n' "$err" | head -1)" "1:db/adreno/a6xx.xml: error: empty: expected an XML register database" \
	"an empty database file: said so (not libxml's 'Document is empty')"
head -c 300 "$SDK_BUILD/firmware/a6xx/sqe.fw" >db/adreno/a6xx.xml
run "$SDK_BIN/rnn-lookup" --rnndb db --gpu a6xx CP_RB_BASE
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:db/adreno/a6xx.xml: error: a binary file (a NUL byte), not an XML register database" \
	"a binary one"
done_testing
