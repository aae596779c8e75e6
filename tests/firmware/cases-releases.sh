# make bench: cases-all.sh (every case through every image, opcodes.sh's
# included) and tests/emu/vendor-all.sh (the driver-like stream) on each
# firmware release directory of $AFUC_FIRMWARE_DIRS (space-separated,
# say AFUC_FIRMWARE_DIRS="/srv/fw/20230210 /srv/fw/20260916"), one after
# the other as AFUC_FIRMWARE_DIR; each image's figures in the
# diagnostics. Skipped when it is unset.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

[ -n "${AFUC_FIRMWARE_DIRS:-}" ] ||
	skip_all "AFUC_FIRMWARE_DIRS is unset: no release directories to run"

for dir in $AFUC_FIRMWARE_DIRS; do
	for test in tests/firmware/cases-all.sh tests/emu/vendor-all.sh; do
		AFUC_FIRMWARE_DIR=$dir AFUC_CASES_ALL=1 run sh "$SDK_ROOT/tests/run-test" "$test"
		diag "$(printf '%s\n' "$out" | grep '^\(not \)\?ok' | grep -v '# skip .* CP_REG_WRITE' |
			sed 's/^\(not \)\?ok [0-9]* - //')"
		ok "$status" "$dir: $test passes"
	done
done
done_testing
