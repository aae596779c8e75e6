# tests/fuzz: libFuzzer harnesses, one per parser of outside input
# (tests/fuzz/fuzz.h). Two builds of each:
#
#   make check   build/tests/fuzz/replay-NAME: the harness with replay.c,
#                fed every file of tests/fuzz/corpus/NAME (text only: the
#                inputs fuzzing found, kept as regression tests; binary
#                ones as *.hex) and of build/tests/fuzz/corpus/NAME (the
#                objects and images made below from the text ones).
#   make fuzz    clang -fsanitize=fuzzer,address,undefined builds under
#                build/fuzz and runs each harness FUZZ_SECONDS (default
#                60) on its corpus, seeded from the tree (tests/fuzz/run.sh).
#                `make fuzz FUZZ_SECONDS=2` is the smoke run (a few
#                minutes, most of it the clang build): never part of check.
# One harness per tests/fuzz/fuzz_NAME.c.
FUZZ_HARNESSES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_LIBS := sdk-hwsq afuc-as afuc-ld sdk-dbg sdk-emutest sdk-replay sdk-rd sdk-lcov sdk-emuload sdk-emu afuc-dis afuc-obj sdk-pp sdk-rnn afuc-isa \
	sdk-util sdk-tap
FUZZ_COMMON := tests/fuzz/util.c

ifeq ($(FUZZ),1)
# Every object carries the coverage the fuzzer steers by. -O1 with line
# tables: as fast to fuzz, and the whole build compiles in about half
# the time of -O2 -g (make check builds it for its short run).
CFLAGS := -O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined \
	-fno-omit-frame-pointer -fno-sanitize-recover=all
# (A target-specific LDFLAGS would reach the generators the objects
# depend on, so the harnesses get a link rule of their own.)
define fuzz_harness
FUZZ_PROGRAMS += $(BUILD)/fuzz/$(1)
ALL_OBJS += $(call objs_of,tests/fuzz/fuzz_$(1).c $(FUZZ_COMMON))
$(BUILD)/fuzz/$(1): $(call objs_of,tests/fuzz/fuzz_$(1).c $(FUZZ_COMMON)) $(call libs_of,$(FUZZ_LIBS))
	$$(call quiet,LD,$$@)mkdir -p $$(@D) && \
	  $$(CC) $$(ALL_CFLAGS) $$(LDFLAGS) -fsanitize=fuzzer -o $$@ $$(filter %.o,$$^) \
	  $(call libs_of,$(FUZZ_LIBS)) $$(LINK_LIBS)
endef
else
define fuzz_harness
$(call sdk_ctest,fuzz/replay-$(1),tests/fuzz/fuzz_$(1).c tests/fuzz/replay.c $(FUZZ_COMMON),$(FUZZ_LIBS))
endef
endif
$(foreach h,$(FUZZ_HARNESSES),$(eval $(call fuzz_harness,$(h))))

# Binary seeds are built, never committed: objects and images from the
# sources that assemble, a HWSQ image from the HWSQ source.
FUZZ_SEED_NAMES := mesa-a6xx sdk-a7xx
FUZZ_SEED_DIR := $(BUILD)/tests/fuzz/corpus
FUZZ_SEEDS := $(FUZZ_SEED_NAMES:%=$(FUZZ_SEED_DIR)/object/%.o) \
	$(FUZZ_SEED_NAMES:%=$(FUZZ_SEED_DIR)/image/%.fw) $(FUZZ_SEED_DIR)/hwsq_image/gpio-vid-nv17.bin
$(FUZZ_SEED_DIR)/object/%.o: tests/fuzz/corpus/as/%.s $(BUILD)/bin/afuc-as | $(ALL_DATA)
	$(call quiet,AS,$@)mkdir -p $(@D) && $(BUILD)/bin/afuc-as -o $@ $<
$(FUZZ_SEED_DIR)/image/%.fw: $(FUZZ_SEED_DIR)/object/%.o $(BUILD)/bin/afuc-ld | $(ALL_DATA)
	$(call quiet,LD,$@)mkdir -p $(@D) && $(BUILD)/bin/afuc-ld -o $@ $<
$(FUZZ_SEED_DIR)/hwsq_image/gpio-vid-nv17.bin: tests/fuzz/corpus/hwsq_as/gpio-vid.hwsq \
		$(BUILD)/bin/hwsq-as | $(ALL_DATA)
	$(call quiet,HWSQ,$@)mkdir -p $(@D) && $(BUILD)/bin/hwsq-as --chip nv17 -o $@ $<
check: $(FUZZ_SEEDS)

# The tools and images of the ordinary build make the seeds.
FUZZ_SECONDS ?= 60
fuzz: all $(FUZZ_SEEDS)
	@sh tests/fuzz/run.sh --probe
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=clang FUZZ=1 \
	  SEED_BUILD='$(abspath $(BUILD))' fuzz-run

fuzz-run: $(FUZZ_PROGRAMS)
	@FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_HARNESSES='$(FUZZ_HARNESSES)' \
	  SDK_ROOT='$(CURDIR)' SDK_BUILD='$(SEED_BUILD)' FUZZ_BUILD='$(abspath $(BUILD))' \
	  sh tests/fuzz/run.sh

.PHONY: fuzz fuzz-run
