# The emulator's layers (docs/emu-api.md, "Layers"): the machine does no
# I/O and reads no environment, and no layer includes a header of one
# above it.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
core="$SDK_BUILD/lib/libsdk-emu.a"
[ -f "$core" ] || skip_all "$core is not built"
command -v nm >/dev/null 2>&1 || skip_all "no nm"
undefined=$(nm -u "$core" | awk '{ print $NF }' | sort -u)
for f in open fopen fprintf printf puts fputs fwrite getenv abort exit rename; do
	is "$(printf '%s\n' "$undefined" | grep -cx "$f")" 0 "the machine (libsdk-emu.a) calls no $f"
done
# layer FOLDER HEADERS...: FOLDER's sources include none of HEADERS'
# folders (the layers above it)
layer() {
	folder=$1
	shift
	for above in "$@"; do
		found=$(grep -l "#include \"$above/" "$SDK_ROOT/sdk/$folder"/*.[ch] 2>/dev/null)
		is "$found" "" "sdk/$folder includes nothing of sdk/$above"
	done
}
layer emu emuload replay lcov emutest dbg obj dis cli
layer emuload replay lcov emutest dbg cli
layer replay lcov emutest dbg cli
layer lcov replay emutest dbg cli
layer emutest dbg cli
layer dbg cli
is "$(grep -l 'emu/machine.h' "$SDK_ROOT"/sdk/*/*.[ch] | grep -v '/sdk/emu/')" "" \
	"only the machine includes its internals (emu/machine.h)"
done_testing
