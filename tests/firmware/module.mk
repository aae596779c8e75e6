# Tests of the SDK's firmware: differential runs against vendor images,
# handler tests in the emulator, patching vendor images.
$(eval $(call sdk_ctest,firmware/test-diff,tests/firmware/test_diff.c tests/firmware/diff.c tests/lib/firmware.c,afuc-emu))
$(eval $(call sdk_ctest,firmware/test-boot,tests/firmware/test_boot.c,afuc-emu))
# The a5xx PFP and ME chained (what the PFP passes on runs on the ME).
$(eval $(call sdk_ctest,firmware/test-a5xx,tests/firmware/test_a5xx.c,afuc-emu))

# Handler tests of each image (afuc-emu files). Their `image` lines are
# relative to the build tree, so they run from a copy under
# $(BUILD)/tests/firmware/ (and so work with any BUILD).
FW_EMU_TESTS := $(patsubst tests/firmware/%,$(BUILD)/tests/firmware/%,$(wildcard tests/firmware/*.emu))
$(FW_EMU_TESTS): $(BUILD)/tests/firmware/%: tests/firmware/%
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@
TEST_PROGRAMS += $(FW_EMU_TESTS)
TESTS += $(FW_EMU_TESTS)

# The a7xx and a6xx-kernel tests' expectations, checked on the vendor's
# firmware.
TESTS += tests/firmware/emu-vendor.sh
# Patching vendor images with afuc-ld --base (uses test-diff).
TESTS += tests/firmware/patch.sh
# The SDK's firmware against vendor firmware over the shared captures
# (afuc-emu --replay --diff with vendor-diff.ignore), with its figures.
TESTS += tests/firmware/vendor-diff.sh
# A capture of turnip-like a7xx streams, written by a program (no real
# a7xx capture is shipped), for vendor-diff.sh.
TEST_PROGRAMS += $(BUILD)/tests/firmware/mkcapture-a7xx
$(eval $(call sdk_link,$(BUILD)/tests/firmware/mkcapture-a7xx,tests/firmware/mkcapture_a7xx.c,afuc-emu))
# Driver-shaped cases of every opcode the drivers and the kernel send,
# one capture per opcode and generation, compared with the vendor's
# firmware by opcodes.sh.
TEST_PROGRAMS += $(BUILD)/tests/firmware/mkcases
$(eval $(call sdk_link,$(BUILD)/tests/firmware/mkcases,tests/firmware/mkcases.c,afuc-emu))
TESTS += tests/firmware/opcodes.sh
# Every case of mkcases through every vendor image found, alone, to idle;
# make bench runs it (and vendor-all.sh) on each release directory of
# $AFUC_FIRMWARE_DIRS.
TESTS += tests/firmware/cases-all.sh
BENCHES += tests/firmware/cases-releases.sh
