# afuc-emu on inputs that must not pass or hang: NUL bytes, files with no
# test, typos in vendor image names, AFUC_REQUIRE_FIRMWARE, images too
# big to load (/dev/zero). Exact messages. And the test helpers' own
# firmware finders under AFUC_REQUIRE_FIRMWARE.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"
# the skips tested here are skips unless a test asks otherwise
unset AFUC_REQUIRE_FIRMWARE
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$tmp/sdk.fw"

# A NUL byte is an error at its line and column: reading stopped there
# before, so a failing expect after it vanished and the file passed.
printf 'image sdk.fw\npkt7 CP_NOP\nrun\nexpect idle\n\0expect reg 0x10 1\n' >"$tmp/nul.emu"
run "$emu" "$tmp/nul.emu"
is "$status" 1 "a NUL byte in a test file: exit 1"
is "$err" "$tmp/nul.emu:5:1: error: expected text, found a NUL byte
 
 ^" "reported at its line and column"
printf 'image sdk.fw\nib a 0x1000\n\tpkt7 CP_NOP\0 1\nend\nrun\nexpect idle\n' >"$tmp/nul-ib.emu"
run "$emu" "$tmp/nul-ib.emu"
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:$tmp/nul-ib.emu:3:13: error: expected text, found a NUL byte" "in an ib block too"

# A file that tests nothing is an error, not 1..0 (which is a skip)
: >"$tmp/empty.emu"
run "$emu" "$tmp/empty.emu"
is "$status" 1 "an empty test file: exit 1"
is "$err" "$tmp/empty.emu: error: no 'image' statement: a test file needs one
$tmp/empty.emu: error: the file has no test: expected at least one 'expect' statement" "says it has no test"
like "$out" '^Bail out!' "and TAP bails out"
printf 'image sdk.fw\npkt7 CP_NOP\nrun\n# expect idle\n' >"$tmp/none.emu"
run "$emu" "$tmp/none.emu"
is "$status:$err" "1:$tmp/none.emu: error: the file has no test: expected at least one 'expect' statement" \
	"a file whose expectations are all commented out: exit 1"
printf 'image vendor:missing.fw\nrun\n' >"$tmp/none-vendor.emu"
AFUC_FIRMWARE_DIR=$tmp SDK_ROOT=$tmp/none run "$emu" "$tmp/none-vendor.emu"
is "$status" 1 "no test and a missing vendor image: an error, not a skip"

# A typo in a vendor image name: the skip names the directories and the
# near names found there
mkdir "$tmp/fw" "$tmp/fw2"
for f in a630_sqe.fw a650_sqe.fw gen70500_sqe.fw; do cp "$tmp/sdk.fw" "$tmp/fw/$f"; done
cp "$tmp/sdk.fw" "$tmp/fw2/a660_sqe.fw"
printf 'image vendor:a999_sqe.fw\nrun\nexpect idle\n' >"$tmp/typo.emu"
AFUC_FIRMWARE_DIR=$tmp/fw SDK_ROOT=$tmp/fw2/x run "$emu" "$tmp/typo.emu"
is "$status" 0 "a vendor image that is not there: a skip"
is "$out" "1..0 # SKIP vendor image a999_sqe.fw not found (looked in $tmp/fw, $tmp/fw2/x/../shared/firmware/qcom, /usr/lib/firmware/qcom); did you mean 'a630_sqe.fw' or 'a650_sqe.fw'?" \
	"whose reason names the directories searched and the near names"
printf 'image vendor:zzz.bin\nrun\nexpect idle\n' >"$tmp/far.emu"
AFUC_FIRMWARE_DIR=$tmp/fw SDK_ROOT=$tmp/none run "$emu" "$tmp/far.emu"
is "$out" "1..0 # SKIP vendor image zzz.bin not found (looked in $tmp/fw, $tmp/none/../shared/firmware/qcom, /usr/lib/firmware/qcom)" \
	"and suggests nothing when nothing is near"
AFUC_REQUIRE_FIRMWARE=1 AFUC_FIRMWARE_DIR=$tmp/fw SDK_ROOT=$tmp/none run "$emu" "$tmp/typo.emu"
is "$status" 1 "AFUC_REQUIRE_FIRMWARE=1: a missing vendor image fails"
is "$err" "$tmp/typo.emu:1:7: error: vendor image a999_sqe.fw not found (looked in $tmp/fw, $tmp/none/../shared/firmware/qcom, /usr/lib/firmware/qcom); did you mean 'a630_sqe.fw' or 'a650_sqe.fw'? (a missing vendor image is an error: AFUC_REQUIRE_FIRMWARE is set)
 image vendor:a999_sqe.fw
       ^" "with the reason as an error at the image statement"
AFUC_REQUIRE_FIRMWARE=0 AFUC_FIRMWARE_DIR=$tmp/fw SDK_ROOT=$tmp/none run "$emu" "$tmp/typo.emu"
is "$status" 0 "AFUC_REQUIRE_FIRMWARE=0 still skips"

# Images the emulator cannot load are refused without reading them whole
printf 'image /dev/zero\ngpu a6xx\nrun\nexpect idle\n' >"$tmp/zero.emu"
run "$emu" "$tmp/zero.emu"
is "$status" 1 "image /dev/zero: exit 1"
is "$err" "$tmp/zero.emu:1:7: error: cannot read image /dev/zero: it is larger than 4194308 bytes, the most the emulator loads (word 0 and 1048576 instructions)
 image /dev/zero
       ^" "refused with the limit"
head -c 4194312 /dev/zero >"$tmp/fw/big.fw"
printf 'image vendor:big.fw\ngpu a6xx\nrun\nexpect idle\n' >"$tmp/big.emu"
AFUC_FIRMWARE_DIR=$tmp/fw run "$emu" "$tmp/big.emu"
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:$tmp/big.emu:1:7: error: cannot read image $tmp/fw/big.fw: it is larger than 4194308 bytes, the most the emulator loads (word 0 and 1048576 instructions)" \
	"a vendor image one word too big: refused, not skipped"
head -c 4096 /dev/zero | tr '\0' '\377' >"$tmp/garbage.fw" # not an instruction
printf 'image garbage.fw\ngpu a6xx\nsteps 100000\nrun\nexpect idle\n' >"$tmp/garbage.emu"
run "$emu" "$tmp/garbage.emu"
is "$status" 1 "a garbage image ends with a failure"
is "$(printf '%s\n' "$out" | head -2)" "not ok 1 - run (line 4) stopped with an error
#   unknown encoding 0xffffffff for A6XX: no instruction of the ISA table matches (an illegal word, or one the SDK does not know yet)" "which says why: an encoding the ISA table does not know"
# an image cut short (at a word boundary) is refused where it is named,
# as afuc-objdump refuses it (the loader asks sdk/fw, as a replay does)
head -c 400 "$tmp/sdk.fw" >"$tmp/cut.fw"
printf 'image cut.fw\nrun\nexpect idle\n' >"$tmp/cut.emu"
run "$emu" "$tmp/cut.emu"
is "$status:$(printf '%s\n' "$err" | head -1)" \
	"1:$tmp/cut.emu:1:7: error: truncated: the image ends at file word 0x63; its header says 0x$(printf '%x' $(($(wc -c <"$tmp/sdk.fw") / 4 - 1)))" \
	"a truncated image: refused, naming where it ends and what its header says"
printf 'image sdk.fw\nraw 0x7010bfff\nrun\nexpect error\n' >"$tmp/count.emu"
run "$emu" "$tmp/count.emu"
is "$status:$out" "0:ok 1 - expect error (line 4)
1..1" "a packet announcing 0x3fff words that never come ends with an error"

# The test helpers: under AFUC_REQUIRE_FIRMWARE=1 a missing image fails
# instead of skipping (tests/lib/tap.sh, tests/dis/vendor.c)
cat >"$tmp/helper.sh" <<'SH'
. "$SDK_ROOT/tests/lib/tap.sh" || exit 1
fw=$(find_firmware no-such.fw) || skip_all "vendor image no-such.fw not found"
ok 0 "found"
done_testing
SH
AFUC_FIRMWARE_DIR=$tmp/fw run bash "$tmp/helper.sh"
is "$status:$out" "0:1..0 # SKIP vendor image no-such.fw not found" "find_firmware: a skip by default"
AFUC_REQUIRE_FIRMWARE=1 AFUC_FIRMWARE_DIR=$tmp/fw run bash "$tmp/helper.sh"
is "$status:$out" "1:1..1
not ok 1 - vendor image no-such.fw not found
# AFUC_REQUIRE_FIRMWARE=1: a missing vendor image fails the test" "a failure with AFUC_REQUIRE_FIRMWARE=1"
cat >"$tmp/helper2.sh" <<'SH'
. "$SDK_ROOT/tests/lib/tap.sh" || exit 1
if fw=$(find_firmware no-such.fw); then ok 0 "found"; else skip 1 "no-such.fw not found"; fi
ok 0 "other"
done_testing
SH
AFUC_REQUIRE_FIRMWARE=1 AFUC_FIRMWARE_DIR=$tmp/fw run bash "$tmp/helper2.sh"
is "$status" 1 "skip after find_firmware fails with AFUC_REQUIRE_FIRMWARE=1"
like "$out" '^not ok 1 - no-such.fw not found \(AFUC_REQUIRE_FIRMWARE=1' "as a failing test"
mesa="$SDK_BUILD/tests/dis/test-mesa"
if [ -x "$mesa" ]; then
	AFUC_REQUIRE_FIRMWARE=1 AFUC_FIRMWARE_DIR=$tmp/fw SDK_ROOT=$tmp/none run "$mesa"
	is "$status:$(printf '%s\n' "$out" | tail -1)" "1:Bail out! vendor image a530_pfp.fw not found (looked in $tmp/fw, $tmp/none/../shared/firmware/qcom, /usr/lib/firmware/qcom) and AFUC_REQUIRE_FIRMWARE=1" \
		"a C test's vendor_read bails out with AFUC_REQUIRE_FIRMWARE=1"
else
	skip 1 "$mesa is not built"
fi

done_testing
