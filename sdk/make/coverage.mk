# make coverage: the SDK's firmware sources line by line, as the firmware
# tests run them (the afuc-emu test files of tests/firmware and
# firmware/examples, and tests/dsl's scripts), gathered through
# AFUC_COVERAGE_OUT into $(BUILD)/coverage/firmware.info, then genhtml
# into $(BUILD)/coverage/html/index.html (sdk/make/coverage.sh; never
# part of make check). docs/afuc-emu.md, "Coverage tracefiles".
COVERAGE_TESTS = $(FW_EMU_TESTS) $(FW_EXAMPLE_TESTS) $(filter tests/dsl/%.sh,$(TESTS))

coverage: all $(COVERAGE_TESTS)
	@$(TEST_ENV) sh sdk/make/coverage.sh '$(BUILD)/coverage' $(COVERAGE_TESTS)

.PHONY: coverage
