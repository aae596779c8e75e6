# The one build of the afuc/HWSQ firmware SDK (non-recursive GNU make).
#
#   make                 tools, libraries, generated headers, firmware images
#   make check           every test, through prove (test files in parallel)
#   make check-builds    every source with gcc and clang at -O0/-O1/-O2/-Os,
#                        -Werror (sdk/make/check-builds.sh; not part of check)
#   make fuzz            the libFuzzer harnesses (tests/fuzz/module.mk)
#   make bench           the benchmarks (never part of check)
#   make coverage        the firmware tests' coverage of the firmware sources,
#                        as lcov and HTML (sdk/make/coverage.mk)
#   make install         PREFIX=/usr/local DESTDIR= (sdk/make/install.mk)
#   make firmware        the firmware images only (firmware-a5xx, -a6xx, -a7xx)
#   make SANITIZE=1 ...  the same with ASan+UBSan, built under build/sanitize
#   make format          formats every C file with clang-format (.clang-format)
#   make clean           removes build/
#   make V=1 ...         show full command lines
#   make -j1 ...         one job at a time (the default is one per CPU)
#
# Each part adds itself through a module.mk next to its sources; the
# templates they use (sdk_library, sdk_tool, sdk_ctest) are in
# sdk/make/rules.mk.

.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SUFFIXES:
MAKEFLAGS += --no-builtin-rules
# One job per CPU, so the README's plain `make` and `make check` use the
# whole machine; a -jN on the command line (-j1) wins over this.
JOBS := $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS += -j$(JOBS)

ifeq ($(SANITIZE),1)
BUILD ?= build/sanitize
else
BUILD ?= build
endif

PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
ifeq ($(origin CC),default)
CC := gcc
endif
AR ?= ar
ifeq ($(origin AR),default)
AR := ar
endif
CFLAGS ?= -O2 -g
LDFLAGS ?=

include sdk/make/rules.mk
include $(sort $(wildcard sdk/*/module.mk))
include $(sort $(wildcard tests/*/module.mk))
include $(sort $(wildcard firmware/module.mk hwsq-scripts/module.mk docs/module.mk))
include sdk/make/install.mk
include sdk/make/coverage.mk
include sdk/make/compile.mk

all: $(ALL_LIBS) $(ALL_TOOLS) $(ALL_DATA) $(ALL_IMAGES)

# Tests get the build's location through the environment; tests/run-test
# picks the right way to run each kind of test file.
# Tests that compile C the way a user would get the compiler and the
# sanitizer flags of this build in SDK_CC and SDK_CFLAGS.
TEST_ENV = SDK_ROOT='$(CURDIR)' SDK_BUILD='$(abspath $(BUILD))' \
	SDK_BIN='$(abspath $(BUILD))/bin' SDK_CC='$(CC)' \
	SDK_CFLAGS='$(if $(filter 1,$(SANITIZE)),$(SAN_CFLAGS))'

# Test files run in parallel (each keeps its scratch files in a directory
# of its own); CHECK_JOBS=1 runs them one after another.
CHECK_JOBS ?= $(JOBS)
# prove starts them in this order: the slowest first (as `make
# check-times` lists them), so that what runs last is short and every
# CPU stays busy to the end.
CHECK_FIRST := tests/make/install.sh tests/hwsq/objdump.sh tests/firmware/opcodes.sh \
	tests/emu/binning.sh tests/dis/patched-twice.sh tests/hwsq/limits.sh tests/make/doc-figures.sh \
	tests/rnn/lookup.sh tests/dis/relink.sh tests/dis/roundtrip.sh tests/dsl/scratch.sh \
	tests/cli/compressed.sh tests/hwsq/as.sh tests/dsl/doc.sh tests/emu/replay.sh \
	tests/dis/patched.sh tests/cli/multi-input.sh tests/cli/options.sh tests/as/cli.sh
CHECK_ORDER = $(foreach t,$(CHECK_FIRST),$(filter $(t),$(TESTS))) $(filter-out $(CHECK_FIRST),$(TESTS))
check: all $(TEST_PROGRAMS)
	@$(TEST_ENV) prove -j$(CHECK_JOBS) $(PROVEFLAGS) --exec 'sh $(CURDIR)/tests/run-test' $(CHECK_ORDER)

# The CPU time (user + system, children included) of each test file,
# the most costly first, and their sum: what CHECK_FIRST and
# docs/testing.md's budget go by (CPU time, as the machine may be busy).
check-times: all $(TEST_PROGRAMS)
	@$(TEST_ENV) sh tests/check-times $(CHECK_JOBS) $(TESTS)

# sdk/make/check-builds.sh runs make check-builds-one once per compiler
# and optimisation level, each in its own BUILD.
check-builds:
	@MAKE='$(MAKE)' sh sdk/make/check-builds.sh

check-builds-one: all $(TEST_PROGRAMS) $(BENCH_PROGRAMS)

bench: all $(BENCH_PROGRAMS)
	@set -e; for b in $(BENCHES); do $(TEST_ENV) sh tests/run-test $$b; done

# tests/make/coverage-totals.sh's run (sdk/make/coverage.sh --totals:
# make coverage's tests again, gathering coverage, and the totals
# against docs/afuc-emu.md's): made by make, and again only when a file
# of the tree or of the build it uses changes, so a warm make check
# does not run a second copy of those tests (3 CPU-s). The recipe never
# fails: the test reads the outcome (.out, .err, and the exit status in
# the target itself).
COVERAGE_TOTALS := $(BUILD)/tests/make/coverage-totals.status
COVERAGE_INPUTS := $(wildcard sdk/*/* firmware/*/* include/*/* tests/*/* docs/*.md ld/*)
$(COVERAGE_TOTALS): $(COVERAGE_TESTS) $(ALL_TOOLS) $(ALL_IMAGES) $(ALL_DATA) $(COVERAGE_INPUTS)
	$(call quiet,COVERAGE,$@)mkdir -p $(@D) && \
	  { $(TEST_ENV) sh sdk/make/coverage.sh --totals '$(abspath $(BUILD))/tests/make/coverage' \
	      $(COVERAGE_TESTS) >$(@:.status=.out) 2>$(@:.status=.err); echo $$? >$@.new; } && \
	  mv $@.new $@
check: $(COVERAGE_TOTALS)

# make install, make firmware, make firmware-a6xx: sdk/make/install.mk.

C_SOURCES = $(wildcard sdk/*/*.c sdk/*/*.h include/afuc/*.h tests/*/*.c tests/*/*.h)

format:
	clang-format -i $(C_SOURCES)

# clang-format's verdict on every C file, the files it would change, one
# a line: tests/make/format.sh reads it, and make works it out again
# only when a C file or the style changes (a check costs 1.5 CPU-s).
FORMAT_REPORT := $(BUILD)/tests/make/format.txt
$(FORMAT_REPORT): $(C_SOURCES) .clang-format
	$(call quiet,FORMAT,$@)mkdir -p $(@D) && \
	  { if command -v clang-format >/dev/null 2>&1; then \
	      clang-format --dry-run $(C_SOURCES) 2>&1 | grep 'warning:' | cut -d: -f1 | sort -u; \
	    else echo '# clang-format is not installed'; fi; } >$@.tmp && mv $@.tmp $@
check: $(FORMAT_REPORT)

clean:
	rm -rf build

.PHONY: all check check-times check-builds check-builds-one bench install format clean
