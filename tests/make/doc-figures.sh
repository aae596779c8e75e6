# Figures the documents quote from the build stay true: each is worked
# out again here, from the built images (and the vendor images of
# ../shared, whose figures the documents give; skipped without them), and
# must be what the document says. On failure the diagnostics give the
# document, the place and the run's figure to put there.
#   docs/firmware.md "Delay slots": the nop table (with -O: the built
#     images; without: the same sources assembled again without it;
#     vendor: the images themselves), and the images' sizes; the prose
#     figures of instructions per packet that repeat the table's cells
#     (which opcodes.sh checks);
#   docs/afuc-ld.md "The map file": the map of its handler.s on a630,
#     and the registers --check-state finds a630 keeps state in;
#   docs/tutorial.md: the pc its prose quotes;
#   docs/afuc-objdump.md: test-mesa's figures;
#   docs/hwsq.md: a size report and the table against nouveau;
#   docs/afuc-emu.md: a trace line, an error with its source places, the
#     debugger session and the coverage lines of a6xx-handlers.emu, on
#     the SDK's a6xx image.
# (Elsewhere: tests/make/doc-refs.sh the FILE.S:LINE places,
# tests/make/coverage-totals.sh the coverage totals, tests/dsl/tutorial.sh
# the tutorial's outputs, tests/firmware/opcodes.sh firmware.md's
# opcode tables, tests/firmware/vendor-diff.sh its capture table and
# afuc-emu.md's replay examples.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/firmware/images.sh"

for f in a5xx/pfp.fw a5xx/me.fw a6xx/sqe.fw a7xx/sqe.fw; do
	[ -r "$SDK_BUILD/firmware/$f" ] || skip_all "$SDK_BUILD/firmware/$f is not built"
done

# shared NAME: the vendor image NAME when it is the one of ../shared the
# documents quote, else failure.
shared() {
	shared_path=$(find_firmware "$1") || return 1
	case $shared_path in "$SDK_ROOT"/../shared/*) printf '%s\n' "$shared_path" ;; *) return 1 ;; esac
}

# nops IMAGE: "N of M, P%": nops among the instruction words of the
# listing (labels, directives and raw words such as header payloads
# and the packet table left out).
nops() {
	"$SDK_BIN/afuc-objdump" "$1" | sed 's/;.*//' | awk '
		/^[ \t]*$/ || /^[A-Za-z0-9_.#]+:$/ || /^[ \t]*[.[]/ { next }
		{ n++; if ($1 == "nop") z++ }
		END { printf "%d of %d, %.1f%%\n", z, n, n ? 100 * z / n : 0 }'
}

# squeezed FILE: the file on one line, runs of blanks one space (prose
# wraps anywhere).
squeezed() {
	tr '\n' ' ' <"$1" | tr -s ' \t' '  '
}

# block DOC PATTERN: the first fenced block after the first line of DOC
# that PATTERN (an awk regular expression) matches, without its "..."
# lines (what the example leaves out).
block() {
	awk -v pat="$2" '
		!after { after = $0 ~ pat; next }
		/^```/ { if (inside) exit; inside = 1; next }
		inside && !/^[# ]*\.\.\.$/ { print }' "$1"
}

# --- docs/firmware.md, "Delay slots"
# doc_nop_row IMAGE: that image's row of the table, cells after the first.
doc_nop_row() {
	awk -F '|' -v name="\`$1\`" '
		index($2, name) == 2 && NF == 6 { print $3 "|" $4 "|" $5; exit }' docs/firmware.md |
		sed 's/ *| */ | /g; s/^ *//; s/ *$//'
}
while read -r image source script vendor; do
	built=0
	"$SDK_BIN/afuc-as" -o "$tmp/plain.o" "$source" 2>"$tmp/as.err" &&
		"$SDK_BIN/afuc-ld" -T "$script" -o "$tmp/plain.fw" "$tmp/plain.o" 2>>"$tmp/as.err" ||
		built=1
	ok $built "$source assembles and links without -O" || diag "$(cat "$tmp/as.err")"
	without=$(nops "$tmp/plain.fw")
	with=$(nops "$SDK_BUILD/firmware/$image")
	doc=$(doc_nop_row "$image")
	if path=$(shared "$vendor"); then
		is "$doc" "$without | $with | \`$vendor\`: $(nops "$path")" \
			"docs/firmware.md's nops of $image and $vendor are today's" ||
			diag "got: docs/firmware.md; expected: the run. Update the row of \`$image\` (\"Delay slots\")"
	else
		is "${doc% | *}" "$without | $with" "docs/firmware.md's nops of $image are today's" ||
			diag "got: docs/firmware.md; expected: the run. Update the row of \`$image\` (\"Delay slots\")"
		skip 1 "$vendor: not the image of ../shared whose figures docs/firmware.md gives"
	fi
done <<'EOF'
a6xx/sqe.fw firmware/a6xx/sqe.S ld/a6xx-sqe.ld a630_sqe.fw
a5xx/pfp.fw firmware/a5xx/pfp.S ld/a5xx-pfp.ld a530_pfp.fw
a5xx/me.fw firmware/a5xx/me.S ld/a5xx-me.ld a530_pm4.fw
a7xx/sqe.fw firmware/a7xx/sqe.S ld/a7xx-sqe.ld gen70500_sqe.fw
EOF

# The sizes, in bytes: the vendor's as a pattern of digits when the
# images of ../shared are not there.
size() {
	wc -c <"$SDK_BUILD/firmware/$1" | tr -d ' '
}
vsize() {
	if vsize_path=$(shared "$1"); then wc -c <"$vsize_path" | tr -d ' '; else echo '[0-9]+'; fi
}
sizes="\`a6xx/sqe.fw\` $(size a6xx/sqe.fw) bytes against \`a630_sqe.fw\`'s $(vsize a630_sqe.fw) \\(32056 in the 2023 release\\), \`a7xx/sqe.fw\` $(size a7xx/sqe.fw) against \`gen70500_sqe.fw\`'s $(vsize gen70500_sqe.fw), \`a5xx/pfp.fw\` and \`me.fw\` $(size a5xx/pfp.fw) and $(size a5xx/me.fw) against $(vsize a530_pfp.fw) and $(vsize a530_pm4.fw)\\."
squeezed docs/firmware.md | grep -qE -- "$sizes"
ok $? "docs/firmware.md gives today's image sizes" ||
	diag "docs/firmware.md (\"Delay slots\") should say, after \"Image sizes today\":" "$(printf '%s\n' "$sizes" | tr -d '\\')"

# --- docs/firmware.md's prose figures of instructions per packet: those
# that repeat a cell of the table (which opcodes.sh checks) must be that
# cell.
# table_cell OPCODE COLUMN: "SDK vendor" of the opcode's row of the table
# of instructions per packet (COLUMN 3 a5xx, 4 a6xx, 5 a7xx).
table_cell() {
	awk -F '|' -v op=" $1 " -v col="$2" '
		$2 == op && NF == 6 && $3 ~ /\// { print $col; exit }' docs/firmware.md |
		sed 's| */ *| |; s/^ *//; s/ *$//'
}
# shellcheck disable=SC2046
set -- $(table_cell CP_SET_RENDER_MODE 3)
squeezed docs/firmware.md | grep -qF -- "CP_SET_RENDER_MODE $1 against $2;"
ok $? "docs/firmware.md's CP_SET_RENDER_MODE figure is the table's ($1 against $2)" ||
	diag "docs/firmware.md (\"everywhere else it is faster\") should say: CP_SET_RENDER_MODE $1 against $2;"
# shellcheck disable=SC2046
set -- $(table_cell CP_COND_REG_EXEC 4)
squeezed docs/firmware.md | grep -qF -- "cases $1 instructions against $2,"
ok $? "docs/firmware.md's CP_COND_REG_EXEC figure is the table's ($1 against $2)" ||
	diag "docs/firmware.md (\"CP_COND_REG_EXEC takes the drivers' PRED_TEST\") should say: cases $1 instructions against $2,"
# --- docs/tutorial.md: its prose's pc of add.S:10 is the one its
# debugger output (which tests/dsl/tutorial.sh checks) gives.
pc=$(sed -n 's/^breakpoint 1: SQE pc \([0-9a-f]*\) add.S:10 .*/\1/p' docs/tutorial.md)
squeezed docs/tutorial.md | grep -qF -- "of \`add.S:10\` instead of \`pc ${pc:-?}\`"
ok $? "docs/tutorial.md's prose gives add.S:10's pc as its debugger output does (${pc:-none})" ||
	diag "docs/tutorial.md (section 3) should say: of \`add.S:10\` instead of \`pc $pc\`"

# --- docs/afuc-objdump.md: test-mesa's figures (words compared with
# Mesa's listings, and the share of Mesa's instruction words that are
# instructions in ours), from its run.
"$SDK_BUILD/tests/dis/test-mesa" >"$tmp/mesa.out" 2>&1
words=$(sed -n 's/^# \([0-9]*\) words compared with Mesa.s listings$/\1/p' "$tmp/mesa.out")
if [ "${words:-0}" -gt 0 ]; then
	# "ok 15 - a630_sqe: 7888 of Mesa's 7966 instruction words are ..."
	share() {
		sed -n "s/^ok [0-9]* - $1: \\([0-9]*\\) of Mesa's \\([0-9]*\\) instruction words.*/\\1 \\2/p" "$tmp/mesa.out" |
			awk '{ s = sprintf("%.1f", 100 * $1 / $2); print (s == "100.0" ? "100" : s) "%" }'
	}
	a5=$(share a530_pfp)
	[ "$a5" = "$(share a530_pm4)" ] || a5="$a5 and $(share a530_pm4)"
	want="$words words over the four listings, none differ. It also checks that our listing places every word of the image and keeps at least 90% of Mesa's instruction words as instructions ($a5 on a5xx, $(share a630_sqe) on a630, $(share gen70500_sqe) on gen70500:"
	squeezed docs/afuc-objdump.md | grep -qF -- "$want"
	ok $? "docs/afuc-objdump.md gives test-mesa's figures" ||
		diag "docs/afuc-objdump.md (tests/dis/test-mesa) should say:" "$want"
else
	skip 1 "test-mesa compared no words (no ../shared/reference): no check of its figures"
fi

# --- docs/hwsq.md: the size report of hwsq-emu's example, and the table
# of the SDK's scripts against nouveau's programs, which bench-nouveau
# prints (emulated bytes and times, not timings of this machine).
image=$SDK_BUILD/hwsq/gddr3-reclock-nv50.bin
"$SDK_BIN/hwsq-emu" --chip nv50 --event 1=1@5 "$image" >"$tmp/hwsq.out" 2>&1
block docs/hwsq.md '^\(here `hwsq-emu --chip nv50 --event 1=1@5' >"$tmp/hwsq.doc"
ok "$([ -s "$tmp/hwsq.doc" ]; echo $?)" "docs/hwsq.md shows hwsq-emu's size report"
is "$(grep -vxF -f "$tmp/hwsq.out" "$tmp/hwsq.doc")" "" "docs/hwsq.md's size report is hwsq-emu's" ||
	diag "got: lines of docs/hwsq.md the run does not print; the run's:" "$(tail -4 "$tmp/hwsq.out")"
bench=$SDK_BUILD/bench/hwsq/bench-nouveau
"$bench" >"$tmp/nouveau.out" 2>"$tmp/nouveau.err"
ok $? "bench-nouveau compares every script with nouveau's" || diag "$(cat "$tmp/nouveau.err")"
awk '/^\| script \| board \|/ { on = 1 } on && !/^\|/ { exit } on' docs/hwsq.md >"$tmp/nouveau.doc"
ok "$([ -s "$tmp/nouveau.doc" ]; echo $?)" "docs/hwsq.md has the table of the scripts against nouveau's"
is "$(diff "$tmp/nouveau.doc" "$tmp/nouveau.out" | grep '^[<>]')" "" \
	"docs/hwsq.md's table of the scripts against nouveau's is bench-nouveau's" ||
	diag "got: < docs/hwsq.md's rows, > what $bench prints: put its table in docs/hwsq.md"
# The board list repeats the size of the program too large for its RAM.
odt=$(awk -F ' *[|] *' '$3 == "g92-gddr3-odt" { print $6 }' "$tmp/nouveau.out")
grep -qF -- "| the same with an ODT GPIO: nouveau's program is ${odt:-?} bytes with its exit," docs/hwsq.md
ok $? "docs/hwsq.md's board list gives g92-gddr3-odt's size as bench-nouveau does (${odt:-none})" ||
	diag "docs/hwsq.md (g92-gddr3-odt's row of the boards) should say: nouveau's program is $odt bytes with its exit"

# --- docs/afuc-ld.md, "The map file": its handler.s linked onto a630
# with the command it gives; every line of its map but "..." is the
# map's.
if a630=$(shared a630_sqe.fw); then
	mkdir "$tmp/map"
	ln -s "$a630" "$tmp/map/a630_sqe.fw"
	block docs/afuc-ld.md 'with this handler.s:$' >"$tmp/map/handler.s"
	block docs/afuc-ld.md '^## The map file' >"$tmp/map/doc"
	(cd "$tmp/map" && "$SDK_BIN/afuc-as" handler.s -o handler.o &&
		"$SDK_BIN/afuc-ld" --base a630_sqe.fw handler.o --defsym vendor_fn=0x1234 \
			-o patched.fw -Map patched.map) 2>"$tmp/map/err"
	ok $? "docs/afuc-ld.md's handler.s links onto a630_sqe.fw" || diag "$(cat "$tmp/map/err")"
	ok "$([ -s "$tmp/map/doc" ]; echo $?)" "docs/afuc-ld.md shows a map"
	: >>"$tmp/map/patched.map"
	is "$(grep -vxF -f "$tmp/map/patched.map" "$tmp/map/doc")" "" \
		"every line of docs/afuc-ld.md's map is the link's" ||
		diag "got: lines of docs/afuc-ld.md (\"The map file\") the map does not have; the map:" \
			"$(cat "$tmp/map/patched.map")"
	# --check-state: how many of the 26 registers it watches ($00-$19)
	# a630's handlers keep state in, found by writing each.
	{
		printf '.gpu a6xx\n.handler 0x7e\nnew7e:\n'
		for r in 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19; do
			printf '\tmov $%s, 1\n' "$r"
		done
		printf '\twaitin\n\tmov $01, $data\n'
	} >"$tmp/map/all.s"
	(cd "$tmp/map" && "$SDK_BIN/afuc-as" all.s -o all.o &&
		"$SDK_BIN/afuc-ld" --base a630_sqe.fw --check-state all.o -o all.fw) >"$tmp/map/state" 2>&1
	kept=$(grep -c 'warning: writes \$' "$tmp/map/state")
	squeezed docs/afuc-ld.md | grep -qF -- "(a630_sqe.fw: $kept of the 26,"
	ok $? "docs/afuc-ld.md says a630_sqe.fw keeps state in $kept of the 26 registers --check-state watches" ||
		diag "docs/afuc-ld.md (\"--check-state\") should say: (a630_sqe.fw: $kept of the 26, ..." \
			"$(sed -n 's/.*warning: writes \(\$[0-9a-f]*\),.*/\1/p' "$tmp/map/state" | tr '\n' ' ')"
else
	skip 4 "a630_sqe.fw: not the image of ../shared docs/afuc-ld.md's map is of"
fi

# --- docs/afuc-emu.md: the coverage lines of a6xx-handlers.emu, run as
# make check runs it (its image line is relative to the build tree).
emu_dir=$tmp/build/tests/firmware
mkdir -p "$emu_dir"
ln -s "$SDK_BUILD/firmware" "$tmp/build/firmware"
cp tests/firmware/a6xx-handlers.emu "$emu_dir/"
block docs/afuc-emu.md '^Coverage, as TAP comments' >"$tmp/cov.doc"
(cd "$emu_dir" && "$SDK_BIN/afuc-emu" --coverage a6xx-handlers.emu) >"$tmp/cov.out" 2>&1
ok "$([ -s "$tmp/cov.doc" ]; echo $?)" "docs/afuc-emu.md shows coverage lines"
is "$(grep -vxF -f "$tmp/cov.out" "$tmp/cov.doc")" "" \
	"docs/afuc-emu.md's coverage lines are those of a6xx-handlers.emu" ||
	diag "got: lines of docs/afuc-emu.md the run does not print; the run's:" \
		"$(grep -A1 -E '^# coverage|^#   (bootstrap|CP_MEM_WRITE|CP_MEM_TO_MEM) |never run' "$tmp/cov.out" | grep -v '^--')"
# --- docs/afuc-emu.md: a trace line, an error and the debugger session
# on the build's a6xx image (its ELF beside it gives the places).
mkdir -p "$tmp/emu/build/firmware/a6xx"
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$SDK_BUILD/firmware/a6xx/sqe.elf" "$tmp/emu/build/firmware/a6xx/"
cd "$tmp/emu/build/firmware/a6xx" || exit 1
printf 'image sqe.fw\npkt7 CP_MEM_WRITE 0x1000 0 0xdeadbeef\nrun\nexpect idle\n' >trace.emu
"$SDK_BIN/afuc-emu" --trace trace.emu >/dev/null 2>trace.out
want=$(block "$SDK_ROOT/docs/afuc-emu.md" '^A trace line')
[ -n "$want" ] && grep -qxF -- "$want" trace.out
ok $? "docs/afuc-emu.md's trace line is the run's" ||
	diag "docs/afuc-emu.md (\"A trace line\") should quote:" "$(grep -F CP_MEM_WRITE+4 trace.out)"
printf 'image sqe.fw\npkt7 CP_MEM_WRITE 0x1000 0 1\nraw 0x12345678\nrun\nexpect idle\n' >error.emu
"$SDK_BIN/afuc-emu" error.emu >error.out 2>&1
block "$SDK_ROOT/docs/afuc-emu.md" '^CP_MEM_WRITE followed by a word that is no header' >error.doc
ok "$([ -s error.doc ]; echo $?)" "docs/afuc-emu.md shows an error with its places"
is "$(grep -vxF -f error.out error.doc)" "" "docs/afuc-emu.md's error is the run's" ||
	diag "got: lines of docs/afuc-emu.md (\"Source lines and labels\") the run does not print; the run's:" \
		"$(sed -n '1,/^not ok 2/p' error.out)"
# The session: its "(afuc) " lines are the commands, the rest what they
# print (the first line is the command line).
block "$SDK_ROOT/docs/afuc-emu.md" '^A stop prints the processor' >session.doc
sed -n 's/^(afuc) //p' session.doc >session.x
cd "$tmp/emu" || exit 1
"$SDK_BIN/afuc-emu" -i -x build/firmware/a6xx/session.x build/firmware/a6xx/sqe.fw </dev/null >session.out 2>&1
ok "$([ -s build/firmware/a6xx/session.x ]; echo $?)" "docs/afuc-emu.md shows a debugger session"
is "$(cat session.out)" "$(sed 1d build/firmware/a6xx/session.doc)" \
	"docs/afuc-emu.md's debugger session is the run's" ||
	diag "got: the run; expected: docs/afuc-emu.md (\"A stop prints the processor\"): update the session there"
cd "$SDK_ROOT" || exit 1
done_testing
