# The external trees of ../shared/reference: Mesa's (through every way of
# naming a tree) and envytools' NVIDIA one, whose extract lacks the files
# bus/pbus.xml imports: that is a dangling import, reported at its line.
# Completed with stubs, it must give the HWSQ names and values of ours.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
L="$SDK_BIN/rnn-lookup"
ref=${AFUC_REFERENCE_DIR:-$SDK_ROOT/../shared/reference}
[ -r "$ref/rnndb/adreno.xml" ] && [ -r "$ref/rnndb-nv/bus/pbus.xml" ] ||
	skip_all "no reference trees in $ref (set AFUC_REFERENCE_DIR)"
unset AFUC_RNNDB RNN_PATH

# Mesa's tree, named four ways; the answer is Mesa's name (a6xx.xml
# calls 0x883 CP_SCRATCH[0].REG and has no CP_SCRATCH_REG array).
run "$L" --rnndb "$ref/rnndb" --gpu a6xx 0x885
is "$status:$out" "0:CP_SCRATCH[0x2].REG" "--rnndb DIR"
run "$L" --rnndb "$ref/rnndb/adreno.xml" --gpu a6xx 0x885
is "$status:$out" "0:CP_SCRATCH[0x2].REG" "--rnndb DIR/adreno.xml"
AFUC_RNNDB="$ref/rnndb" run "$L" --gpu a6xx 'CP_SCRATCH_REG[2]'
like "$status:$err" "^1:rnn-lookup: error: no register CP_SCRATCH_REG\[2\] in A6XX; did you mean" \
	"AFUC_RNNDB: Mesa's names, not ours"
RNN_PATH="$tmp:$ref/rnndb" run "$L" --gpu a7xx --space control 0x23f
is "$status:$out" "0:THREAD_SYNC" "RNN_PATH: the first directory holding a tree"
run "$L" --rnndb "$ref/rnndb" --gpu a7xx --space pm4 CP_THREAD_CONTROL
is "$status:$out" "0:0x17" "PM4 opcodes from adreno_pm4.xml"

nv="$ref/rnndb-nv"
run "$L" --rnndb "$nv" --chip nv50 0x1304
like "$status:$err" "^1:$nv/bus/pbus.xml:7: error: cannot find imported file 'nvchipsets.xml'" \
	"envytools extract: dangling import at bus/pbus.xml:7"

# Complete it: our chipset list, empty stand-ins for the rest.
cp -r "$nv" "$tmp/nv"
chmod -R u+w "$tmp/nv"
cp "$SDK_BUILD/share/afuc-sdk/rnndb/nvchipsets.xml" "$tmp/nv/"
stub='<?xml version="1.0"?><database xmlns="http://nouveau.freedesktop.org/">%s</database>\n'
mkdir -p "$tmp/nv/memory" "$tmp/nv/display"
printf "$stub" '' >"$tmp/nv/g80_defs.xml"
printf "$stub" '' >"$tmp/nv/memory/g80_vm.xml"
printf "$stub" '<group name="vga_unk_stack"/>' >"$tmp/nv/display/nv_vga.xml"
printf "$stub" '<group name="nv_pci"/>' >"$tmp/nv/bus/pci.xml"

for chip in NV17 NV41 NV50 NV92; do
	for space in hwsq-reg hwsq-flag hwsq-event; do
		run "$L" --chip $chip --space $space --list
		ours=$out
		run "$L" --rnndb "$tmp/nv" --chip $chip --space $space --list
		theirs=$out
		is "$status" 0 "$chip $space: envytools tree loads"
		# Every name of ours is in envytools' tree at the same value
		# (we leave out registers HWSQ does not need, and add the
		# HWSQ documentation's CRTC names for the events; PFB is from
		# envytools' memory/g80_pfb.xml, which the extract lacks).
		missing=$(printf '%s\n' "$ours" | grep -v -e CRTC -e ' PFB\.' | grep . | while read -r value name rest; do
			printf '%s\n' "$theirs" | grep -qxF "$value $name${rest:+ $rest}" || echo "$value $name"
		done)
		is "$missing" "" "$chip $space: same names and values as envytools"
	done
done
# The flags and events are the whole sets, not just a part.
for space in hwsq-flag hwsq-event; do
	run "$L" --chip nv41 --space $space --list
	ours=$(printf '%s\n' "$out" | grep -v CRTC)
	run "$L" --rnndb "$tmp/nv" --chip nv41 --space $space --list
	is "$ours" "$out" "NV41 $space: exactly envytools' list"
done
done_testing
