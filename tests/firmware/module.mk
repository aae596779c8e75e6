# Tests of the SDK's firmware: differential runs against vendor images,
# handler tests in the emulator, patching vendor images.
$(eval $(call sdk_ctest,firmware/test-diff,tests/firmware/test_diff.c tests/firmware/diff.c,afuc-emu))
