# No tool writes its output over one of its inputs (sdk/cmd, cmd_parse):
# an output option naming the same file as another argument, by device
# and inode (a symbolic or hard link too), is refused before any work
# with "TOOL: FILE: error: ...", exit 1, and the input is left as it was;
# so is an output in a directory that is not there.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$tmp" || exit 1
cp "$SDK_ROOT/firmware/examples/fill.S" f.S
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" img
cp "$SDK_BUILD/hwsq/gpio-vid-nv50.bin" hwsq.bin 2>/dev/null || cp "$(ls "$SDK_BUILD"/hwsq/*.bin | head -1)" hwsq.bin
cp "$SDK_ROOT/hwsq-scripts/gpio-vid.hwsq" s.hwsq
"$SDK_BIN/afuc-as" -o f.o f.S || { echo "Bail out! cannot assemble f.S"; exit 1; }
printf 'junk\n' >cap.rd
ln -s img link
ln img hard
for f in f.S img hwsq.bin s.hwsq f.o cap.rd; do cp "$f" "$f.orig"; done

# refused TOOL FILE INPUT ARGS...: the run must fail naming FILE as the
# output and INPUT as what it is also, and leave every input unchanged
refused() {
	tool=$1 file=$2 input=$3
	shift 3
	run "$SDK_BIN/$tool" "$@"
	like "$status:$err" "^1:$tool: $file: error: the output of [-a-zA-Z]+ is also the (input|output) '$input'; refusing to write over it" \
		"$tool $*: refused" || diag "$err"
	changed=
	for f in f.S img hwsq.bin s.hwsq f.o cap.rd; do cmp -s "$f" "$f.orig" || changed="$changed $f"; done
	is "$changed" "" "  every input as it was"
}
refused afuc-as f.S f.S -o f.S f.S
refused afuc-as f.S f.S --listing f.S -o x.o f.S
refused afuc-objdump img img -o img img
refused afuc-objdump link img -o link img
refused afuc-objdump hard img -ohard img
refused afuc-ld f.o f.o -o f.o f.o
refused afuc-ld img img --base img -o img f.o
refused afuc-ld img img -o x.fw -Map img --base img f.o
refused afuc-emu cap.rd cap.rd --replay cap.rd img --writes cap.rd
refused afuc-emu f.S f.S --coverage-out f.S f.S
refused hwsq-as s.hwsq s.hwsq --chip nv50 -o s.hwsq s.hwsq
refused hwsq-objdump hwsq.bin hwsq.bin --chip nv50 -o hwsq.bin hwsq.bin

# Outputs that are no input still work: a new file, an old output.
run "$SDK_BIN/afuc-objdump" -o img.s img
is "$status" 0 "afuc-objdump -o a new file: written"
run "$SDK_BIN/afuc-objdump" -o img.s img
is "$status" 0 "  and written over again (it is no input)"
run "$SDK_BIN/afuc-objdump" -o /dev/null img
is "$status" 0 "  -o /dev/null"

# An output whose directory is missing: said before any work (afuc-emu
# would otherwise replay the whole capture first).
run "$SDK_BIN/afuc-emu" --replay cap.rd img --writes "$tmp/none/w.txt"
is "$status:$err" "1:afuc-emu: $tmp/none/w.txt: error: cannot write the --writes file: '$tmp/none' does not exist" \
	"afuc-emu --writes into a missing directory: refused before the replay"
run "$SDK_BIN/afuc-as" -o "$tmp/none/f.o" f.S
is "$status:$err" "1:afuc-as: $tmp/none/f.o: error: cannot write the -o file: '$tmp/none' does not exist" \
	"afuc-as -o into a missing directory"
run "$SDK_BIN/afuc-objdump" -o f.S/x img
is "$status:$err" "1:afuc-objdump: f.S/x: error: cannot write the -o file: 'f.S' is not a directory" \
	"afuc-objdump -o under a file"
done_testing
