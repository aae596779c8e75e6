# make coverage: the SDK's firmware sources line by line, as the firmware
# tests run them (the afuc-emu test files of tests/firmware and
# firmware/examples, and tests/dsl's scripts), gathered through
# AFUC_COVERAGE_OUT into $(BUILD)/coverage/firmware.info, then genhtml
# into $(BUILD)/coverage/html/index.html (sdk/make/coverage.sh; never
# part of make check, whose tests/make/coverage-totals.sh checks only the
# totals). docs/afuc-emu.md, "Coverage tracefiles".
COVERAGE_TESTS = $(FW_EMU_TESTS) $(FW_EXAMPLE_TESTS) $(filter tests/dsl/%.sh,$(TESTS))

coverage: all $(COVERAGE_TESTS)
	@$(TEST_ENV) sh sdk/make/coverage.sh '$(BUILD)/coverage' $(COVERAGE_TESTS)

# The same list for make check, whose tests/make/coverage-totals.sh
# checks the totals docs/afuc-emu.md quotes (coverage.sh --totals):
# rewritten whenever it changes (a test file added or removed).
COVERAGE_LIST := $(BUILD)/coverage-tests.txt
TEST_PROGRAMS += $(COVERAGE_LIST)
$(COVERAGE_LIST): coverage-list-always
	@mkdir -p $(@D) && printf '%s\n' $(COVERAGE_TESTS) >$@.new && \
	  { cmp -s $@.new $@ && rm -f $@.new || mv -f $@.new $@; }

.PHONY: coverage coverage-list-always
