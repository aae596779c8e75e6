# A short fuzz run of every harness (FUZZ_SECONDS each, 2 by default) as
# part of make check, when clang can link libFuzzer here; skipped with
# the reason otherwise. The long runs are `make fuzz` (docs/testing.md).
. "$SDK_ROOT/tests/lib/tap.sh"

command -v clang >/dev/null 2>&1 || skip_all "clang is not installed (make fuzz needs it)"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ (void)d; (void)n; return 0; }\n' >"$tmp/probe.c"
clang -fsanitize=fuzzer "$tmp/probe.c" -o "$tmp/probe" >/dev/null 2>&1 ||
	skip_all "clang cannot link libFuzzer here (Debian: libclang-rt-dev)"

run make -C "$SDK_ROOT" --no-print-directory fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-2}"
printf '%s\n' "$out" | grep '^fuzz ' | while read -r line; do diag "$line"; done
is "$status" 0 "every harness builds and a short run finds nothing" ||
	diag "$(printf '%s\n' "$out" "$err" | tail -20)"
for harness in "$SDK_ROOT"/tests/fuzz/fuzz_*.c; do
	name=${harness##*/fuzz_}
	name=${name%.c}
	like "$out" "^fuzz $name .*nothing found" "$name: fuzzed, nothing found"
done
done_testing
