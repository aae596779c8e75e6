# afuc-emu --coverage-out: lcov tracefiles of the SDK's firmware sources,
# added up over runs (two halves of a handler set give their union, the
# counts summed), checked by reading them back: SF, DA and FN/FNDA of
# cp-handlers.S's CP_MEM_WRITE against its source; AFUC_COVERAGE_OUT;
# pairs and replays; lines nothing reaches; an image without lines; a
# malformed tracefile (a located error, the file untouched); parallel
# writers; genhtml when installed.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"
fw="$SDK_BUILD/firmware"
src="$SDK_ROOT/firmware/common/cp-handlers.S"

# The record of a source file in a tracefile, then one of its values:
# da FILE.info SF LINE, fnda FILE.info SF NAME, fn FILE.info SF NAME.
record() { awk -v sf="SF:$2" '$0 == sf { on = 1 } on { print } /^end_of_record$/ { on = 0 }' "$1"; }
da() { record "$1" "$2" | sed -n "s/^DA:$3,\([0-9]*\)\$/\1/p"; }
fnda() { record "$1" "$2" | sed -n "s/^FNDA:\([0-9]*\),$3\$/\1/p"; }
fn() { record "$1" "$2" | sed -n "s/^FN:\([0-9]*\),$3\$/\1/p"; }

cp "$fw/a6xx/sqe.fw" "$fw/a6xx/sqe.elf" "$tmp/"
# the source lines of CP_MEM_WRITE: its first instruction follows
# HANDLER(CP_MEM_WRITE); its (rep) mov counts once per packet, however
# many words it repeats for
handler=$(grep -n '^HANDLER(CP_MEM_WRITE)' "$src" | cut -d: -f1)
first=$((handler + 1))
rep=$(awk -v h="$handler" 'NR > h && /\(rep\)\(xmov1\)mov \$data, \$data/ { print NR; exit }' "$src")
sf=firmware/common/cp-handlers.S

# half A: CP_MEM_WRITE twice (3 and 2 words) and CP_NOP
cat >"$tmp/a.emu" <<'END'
image sqe.fw
pkt7 CP_MEM_WRITE 0x1000 0 1 2 3
pkt7 CP_MEM_WRITE 0x2000 0 4 5
pkt7 CP_NOP 0
run
expect mem 0x2004 5
END
# half B: CP_MEM_WRITE once (1 word) and CP_MEM_TO_MEM
cat >"$tmp/b.emu" <<'END'
image sqe.fw
pkt7 CP_MEM_WRITE 0x3000 0 7
pkt7 CP_MEM_TO_MEM 0 0x3100 0 0x3000 0
run
expect mem 0x3100 7
END

run "$emu" --coverage-out "$tmp/a.info" "$tmp/a.emu"
ok "$status" "--coverage-out: the run passes and writes" || diag "$out" "$err"
like "$(grep '^SF:' "$tmp/a.info")" "^SF:$sf\$" "the tracefile names $sf as the ELF records it, normalised"
is "$(fn "$tmp/a.info" $sf CP_MEM_WRITE)" "$first" "FN: CP_MEM_WRITE at its first instruction's line ($first)"
is "$(fnda "$tmp/a.info" $sf CP_MEM_WRITE)" 2 "FNDA: CP_MEM_WRITE ran twice"
is "$(da "$tmp/a.info" $sf "$rep")" 2 "DA: the (rep) line ($rep) ran twice"
is "$(fnda "$tmp/a.info" $sf CP_MEM_TO_MEM)" 0 "CP_MEM_TO_MEM is listed, never run"
mem_to_mem=$(fn "$tmp/a.info" $sf CP_MEM_TO_MEM)
is "$(da "$tmp/a.info" $sf "$mem_to_mem")" 0 "and its first line is code never executed (DA 0)"
lf=$(record "$tmp/a.info" $sf | grep -c '^DA:')
is "$(record "$tmp/a.info" $sf | sed -n 's/^LF://p')" "$lf" "LF counts the DA lines"

# B into the same file (through the environment): the union, counts added
cp "$tmp/a.info" "$tmp/ab.info"
AFUC_COVERAGE_OUT="$tmp/ab.info" run "$emu" "$tmp/b.emu"
ok "$status" "AFUC_COVERAGE_OUT: the run passes and adds to the file" || diag "$out" "$err"
is "$(fnda "$tmp/ab.info" $sf CP_MEM_WRITE)" 3 "merged: CP_MEM_WRITE 2 + 1 runs"
is "$(da "$tmp/ab.info" $sf "$rep")" 3 "merged: the (rep) line 2 + 1"
is "$(fnda "$tmp/ab.info" $sf CP_MEM_TO_MEM)" 1 "merged: CP_MEM_TO_MEM from B"
is "$(fnda "$tmp/ab.info" $sf CP_NOP)" 1 "merged: CP_NOP from A"
is "$(da "$tmp/ab.info" $sf "$mem_to_mem")" 1 "merged: CP_MEM_TO_MEM's first line from B"
# the same from B alone, then A: the order does not matter
"$emu" --coverage-out "$tmp/ba.info" "$tmp/b.emu" >/dev/null
"$emu" --coverage-out "$tmp/ba.info" "$tmp/a.emu" >/dev/null
cmp -s "$tmp/ab.info" "$tmp/ba.info"
ok $? "A then B and B then A give the same tracefile"

# --coverage says source terms: where each handler is
run "$emu" --coverage "$tmp/a.emu"
like "$out" "^#   CP_MEM_WRITE +[0-9]+/[0-9]+ +[0-9]+%  cp-handlers\.S:$first\$" \
	"--coverage: each handler with its file:line"

# a pair: both ELFs
run "$emu" --coverage-out "$tmp/pair.info" "$SDK_BUILD/tests/firmware/a5xx-pair.emu"
ok "$status" "the a5xx pair's test file runs with --coverage-out" || diag "$out" "$err"
like "$(grep '^SF:' "$tmp/pair.info" | tr '\n' ' ')" 'SF:firmware/a5xx/me\.S .*SF:firmware/a5xx/pfp\.S' \
	"its tracefile has the PFP's and the ME's sources"

# a replay, when the shared capture is there
capture="$SDK_ROOT/../shared/captures/fd-clouds.rd.gz"
if [ -r "$capture" ]; then
	run "$emu" --replay "$capture" "$tmp/sqe.fw" --coverage-out "$tmp/replay.info"
	ok "$status" "--replay with --coverage-out" || diag "$err"
	n=$(fnda "$tmp/replay.info" $sf CP_MEM_WRITE)
	like "${n:-none}" '^[1-9][0-9]*$' "the replay's CP_MEM_WRITE ran ($n)"
else
	skip 2 "no capture at $capture"
fi

# lines nothing reaches: a subroutine nobody calls, linked in
sqe_o="$SDK_BUILD/firmware/a6xx/sqe.o"
cat >"$tmp/orphan.S" <<'END'
GPU(a6xx)
HANDLER(UNKN118)
	mov $02, $data
END_HANDLER()

; nothing calls this
SUBROUTINE(orphan)
	mov $03, 0x1
	mov $04, 0x2
END_SUBROUTINE()
END
"$SDK_BIN/afuc-as" -o "$tmp/orphan.o" "$tmp/orphan.S" &&
	"$SDK_BIN/afuc-ld" -T "$SDK_ROOT/ld/a6xx-sqe.ld" --elf "$tmp/orphan.elf" -o "$tmp/orphan.fw" \
		"$sqe_o" "$tmp/orphan.o"
ok $? "a handler and an orphan subroutine link with the SDK's a6xx firmware"
printf 'image orphan.fw\npkt7 UNKN118 9\nrun\nexpect gpr $02 9\n' >"$tmp/orphan.emu"
run "$emu" --coverage --coverage-out "$tmp/orphan.info" "$tmp/orphan.emu"
ok "$status" "it runs" || diag "$out" "$err"
osf=$(grep '^SF:.*orphan\.S$' "$tmp/orphan.info" | cut -c4-)
is "$(da "$tmp/orphan.info" "$osf" 3)" 1 "the handler's line is executed (DA 1)"
is "$(record "$tmp/orphan.info" "$osf" | grep -cE '^DA:(8|9|10),')" 0 \
	"the orphan's lines have no DA: not code to genhtml, neither run nor missed"
like "$out" "^# unreachable from every entry: .*orphan\.S:8-10\$" \
	"--coverage lists them as unreachable"

# an image without source lines: a note, no file
cp "$tmp/sqe.fw" "$tmp/bare.fw"
sed 's/^image sqe.fw/image bare.fw/' "$tmp/a.emu" >"$tmp/bare.emu"
run "$emu" --coverage-out "$tmp/bare.info" "$tmp/bare.emu"
ok "$status" "an image without an ELF runs with --coverage-out"
like "$err" "^afuc-emu: note: .*bare\.emu has no source lines" "with a note that it adds nothing"
test ! -e "$tmp/bare.info"
ok $? "and no tracefile"

# a malformed tracefile: a located error, the file as it was
printf 'TN:\nSF:x.S\nDA:3,x\nend_of_record\n' >"$tmp/bad.info"
cp "$tmp/bad.info" "$tmp/bad.orig"
run "$emu" --coverage-out "$tmp/bad.info" "$tmp/a.emu"
is "$status" 1 "a malformed tracefile fails the run"
like "$err" "bad\.info:3:6: error: expected an execution count, found 'x'" "with file:line:column and what it found"
cmp -s "$tmp/bad.info" "$tmp/bad.orig"
ok $? "and is left untouched"
printf 'TN:\nSF:x.S\nFNDA:1,f\nend_of_record\n' >"$tmp/fnda.info"
run "$emu" --coverage-out "$tmp/fnda.info" "$tmp/a.emu"
like "$err" "fnda\.info:3:8: error: expected the name of a function an FN line of this record gives, found 'f'" \
	"an FNDA without its FN is located too"
printf 'SF:x.S\nDA:1,1\n' >"$tmp/open.info"
run "$emu" --coverage-out "$tmp/open.info" "$tmp/a.emu"
like "$err" "open\.info:3: error: expected end_of_record for SF: x\.S \(line 1\), found the end of the file" \
	"a record left open"

# parallel writers lose nothing: four at once, twice
for i in 1 2 3 4 5 6 7 8; do
	"$emu" --coverage-out "$tmp/par.info" "$tmp/a.emu" >/dev/null &
	[ "$i" = 4 ] && wait
done
wait
is "$(fnda "$tmp/par.info" $sf CP_MEM_WRITE)" 16 "eight writers, four at a time, onto one file: 8 x 2 runs"

# genhtml reads it (lcov's HTML; the paths are relative to the root)
if command -v genhtml >/dev/null 2>&1; then
	(cd "$SDK_ROOT" && genhtml -q -o "$tmp/html" "$tmp/ab.info") >"$tmp/genhtml.out" 2>&1
	ok $? "genhtml accepts the merged tracefile" || diag "$(cat "$tmp/genhtml.out")"
	test -s "$tmp/html/common/cp-handlers.S.gcov.html"
	ok $? "and writes cp-handlers.S's page"
else
	skip 2 "genhtml is not installed (Debian: apt-get install lcov)"
fi
done_testing
