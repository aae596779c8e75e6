# make fuzz: runs every harness (build/fuzz/fuzz/NAME, libFuzzer) for
# FUZZ_SECONDS on a working corpus in build/fuzz/corpus/NAME, seeded from
# the committed regression inputs (tests/fuzz/corpus/NAME, and those make
# builds from them) and from the tree: sources, scripts, objects, images and test files the build made
# or holds (vendor images too when ../shared has them; they stay under
# build/, never in the tree). What crashes is written to
# build/fuzz/crashes/NAME-*; docs/testing.md says how it becomes a test.
# Exits 1 when any harness found something.
#
# run.sh --probe: only checks that clang can link libFuzzer here, and says
# what to install when it cannot (make fuzz runs it before building).
set -u
if [ "${1:-}" = --probe ]; then
	command -v clang >/dev/null 2>&1 ||
		{ echo "make fuzz: error: clang is not installed (Debian: clang, libclang-rt-dev)" >&2; exit 1; }
	probe=$(mktemp -d "${TMPDIR:-/tmp}/sdk-fuzz-probe.XXXXXX") || exit 1
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ (void)d; (void)n; return 0; }\n' >"$probe/probe.c"
	clang -fsanitize=fuzzer "$probe/probe.c" -o "$probe/probe" >/dev/null 2>&1
	status=$?
	rm -rf "$probe"
	[ "$status" -eq 0 ] ||
		echo "make fuzz: error: clang cannot link libFuzzer here (Debian: libclang-rt-dev)" >&2
	exit "$status"
fi
: "${FUZZ_SECONDS:=60}" "${SDK_ROOT:=$(pwd)}" "${SDK_BUILD:=$SDK_ROOT/build}"
: "${FUZZ_BUILD:=$SDK_ROOT/build/fuzz}"
bin=$SDK_BUILD/bin
work=$FUZZ_BUILD/corpus
crashes=$FUZZ_BUILD/crashes
mkdir -p "$work" "$crashes"

# seed NAME FILE...: copies files into NAME's working corpus.
seed() {
	name=$1
	shift
	mkdir -p "$work/$name"
	for f in "$@"; do
		[ -f "$f" ] && cp "$f" "$work/$name/seed-$(basename "$f")"
	done
	return 0
}

for s in "$SDK_ROOT"/firmware/*/*.S; do
	"$bin/afuc-as" -E "$s" >"$work/.as.$$" 2>/dev/null &&
		seed as "$work/.as.$$" && mv "$work/as/seed-.as.$$" "$work/as/seed-$(basename "$s").s"
done
rm -f "$work/.as.$$"
for f in "$SDK_BUILD"/firmware/*/*.fw; do
	"$bin/afuc-objdump" --no-names "$f" >"$work/.s" 2>/dev/null &&
		seed as "$work/.s" && mv "$work/as/seed-.s" "$work/as/seed-$(basename "$(dirname "$f")")-$(basename "$f").s"
done
rm -f "$work/.s"
# The committed regression inputs (binary ones are hex text: decoded)
# and the binary seeds make built from the text ones.
for dir in "$SDK_ROOT"/tests/fuzz/corpus/* "$SDK_BUILD"/tests/fuzz/corpus/*; do
	[ -d "$dir" ] || continue
	name=$(basename "$dir")
	mkdir -p "$work/$name"
	for f in "$dir"/*; do
		[ -f "$f" ] || continue
		case $f in
		*.hex) perl -ne 'next if /^#/; s/\s+//g; print pack("H*", $_)' "$f" \
			>"$work/$name/regression-$(basename "$f" .hex)" ;;
		*) cp "$f" "$work/$name/regression-$(basename "$f")" ;;
		esac
	done
done
seed ldscript "$SDK_ROOT"/ld/*.ld
seed object "$SDK_BUILD"/firmware/*/*.o
seed image "$SDK_BUILD"/firmware/*/*.fw "$SDK_ROOT"/../shared/firmware/qcom/*.fw
seed emutest "$SDK_ROOT"/tests/*/*.emu "$SDK_ROOT"/firmware/examples/*.emu
seed rnndb "$SDK_ROOT"/sdk/rnn/db/*.xml "$SDK_ROOT"/sdk/rnn/db/*/*.xml
seed hwsq_as "$SDK_ROOT"/hwsq-scripts/*.hwsq
seed hwsq_image "$SDK_BUILD"/hwsq/*.bin
seed hwsq_emutest "$SDK_ROOT"/tests/hwsq/*.hemu "$SDK_ROOT"/hwsq-scripts/*.hemu
seed hwsq_board "$SDK_ROOT"/hwsq-scripts/boards/*.board "$SDK_ROOT"/tests/hwsq/boards/*.board
# the synthetic VBIOS images the descriptions make
for f in "$SDK_ROOT"/hwsq-scripts/boards/*.board "$SDK_ROOT"/tests/hwsq/boards/*.board; do
	mkdir -p "$work/hwsq_vbios"
	"$bin/hwsq-board" --emit-vbios "$work/hwsq_vbios/seed-$(basename "$f" .board).rom" \
		-o /dev/null "$f" 2>/dev/null
done

export AFUC_SDK_PREFIX="$SDK_BUILD"
export AFUC_FUZZ_FIRMWARE="$SDK_ROOT/../shared/firmware/qcom"
failed=0
for name in $FUZZ_HARNESSES; do
	mkdir -p "$work/$name"
	dict=
	[ -f "$SDK_ROOT/tests/fuzz/$name.dict" ] && dict="-dict=$SDK_ROOT/tests/fuzz/$name.dict"
	log=$FUZZ_BUILD/$name.log
	# shellcheck disable=SC2086
	"$FUZZ_BUILD/fuzz/$name" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -artifact_prefix="$crashes/$name-" $dict \
		"$work/$name" >"$log" 2>&1
	status=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
	if [ "$status" -eq 0 ]; then
		printf 'fuzz %-13s %4ss, %s runs, corpus %s inputs, nothing found\n' "$name" \
			"$FUZZ_SECONDS" "${runs:-?}" "$(ls "$work/$name" | wc -l)"
	else
		failed=1
		printf 'fuzz %-13s FOUND something (exit %s): see %s and %s\n' "$name" "$status" \
			"$log" "$(ls -t "$crashes/$name-"* 2>/dev/null | head -1)"
	fi
done
exit "$failed"
