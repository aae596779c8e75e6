# tests/hwsq: the HWSQ opcode table, compiler, disassembler and emulator,
# and the SDK scripts against a model of nouveau's HWSQ builder.
$(eval $(call sdk_ctest,hwsq/test-isa,tests/hwsq/test_isa.c,$(HWSQ_LIBS) sdk-tap))
$(eval $(call sdk_ctest,hwsq/test-emu,tests/hwsq/test_emu.c,$(HWSQ_LIBS) sdk-tap))
HWSQ_NOUVEAU_SRCS := tests/hwsq/nvmodel.c tests/hwsq/nvram.c tests/hwsq/nvclk.c \
	tests/hwsq/nvinputs.c tests/hwsq/nvboards.c tests/hwsq/nvcompare.c
$(eval $(call sdk_ctest,hwsq/test-nouveau,tests/hwsq/test_nouveau.c $(HWSQ_NOUVEAU_SRCS),$(HWSQ_LIBS) sdk-tap))
$(eval $(call sdk_cbench,hwsq/bench-nouveau,tests/hwsq/bench_nouveau.c $(HWSQ_NOUVEAU_SRCS),$(HWSQ_LIBS) sdk-tap))
TESTS += $(sort $(wildcard tests/hwsq/*.sh tests/hwsq/*.hemu))
