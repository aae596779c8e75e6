# tests/hwsq: the HWSQ opcode table, compiler, disassembler and emulator.
$(eval $(call sdk_ctest,hwsq/test-isa,tests/hwsq/test_isa.c,$(HWSQ_LIBS) sdk-tap))
$(eval $(call sdk_ctest,hwsq/test-emu,tests/hwsq/test_emu.c,$(HWSQ_LIBS) sdk-tap))
TESTS += $(sort $(wildcard tests/hwsq/*.sh tests/hwsq/*.hemu))
