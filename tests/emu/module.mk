# tests/emu: the emulator's unit tests (every instruction and modifier,
# the machine model, the vendor images), afuc-emu test files and the
# benchmark.
EMU_TEST_LIBS := $(EMU_LIBS)
$(eval $(call sdk_ctest,emu/test-insn,tests/emu/test_insn.c,$(EMU_TEST_LIBS)))
# binning-all.sh is binning.sh over every image there is: make bench.
TESTS += $(sort $(filter-out tests/emu/binning-all.sh,$(wildcard tests/emu/*.emu tests/emu/*.sh)))
BENCHES += tests/emu/binning-all.sh
$(eval $(call sdk_ctest,emu/test-machine,tests/emu/test_machine.c,$(EMU_TEST_LIBS)))
$(eval $(call sdk_ctest,emu/test-pair,tests/emu/test_pair.c,$(EMU_TEST_LIBS)))
$(eval $(call sdk_ctest,emu/test-boot,tests/emu/test_boot.c,$(EMU_TEST_LIBS)))
$(eval $(call sdk_ctest,emu/test-mesa-trace,tests/emu/test_mesa_trace.c tests/lib/firmware.c,$(EMU_TEST_LIBS)))
$(eval $(call sdk_ctest,emu/test-replay,tests/emu/test_replay.c,$(EMU_TEST_LIBS)))
$(eval $(call sdk_ctest,emu/test-debug,tests/emu/test_debug.c,$(EMU_TEST_LIBS)))
# afuc-emu -i at a pseudo-terminal (tests/emu/debugger.sh drives it through -x)
$(eval $(call sdk_ctest,emu/test-debug-pty,tests/emu/test_debug_pty.c,sdk-tap sdk-util))
$(eval $(call sdk_cbench,emu/bench-emu,tests/emu/bench_emu.c tests/lib/firmware.c,$(EMU_TEST_LIBS)))
# The synthetic capture bench-replay replays.
BENCH_PROGRAMS += $(BUILD)/bench/emu/mkcapture-nop
$(eval $(call sdk_link,$(BUILD)/bench/emu/mkcapture-nop,tests/emu/mkcapture_nop.c,afuc-emu))
$(eval $(call sdk_cbench,emu/bench-replay,tests/emu/bench_replay.c tests/lib/firmware.c,$(EMU_TEST_LIBS)))
