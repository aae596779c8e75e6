# hwsq-scripts: HWSQ scripts, compiled into $(BUILD)/hwsq/ for every
# family each one targets (SCRIPT-CHIP.bin, the code RAM image,
# SCRIPT-CHIP.h, its C header, and SCRIPT-CHIP.upload, the MMIO writes that
# load it and start entry 0), and their emulator tests.
HWSQ_SCRIPT_BUILDS := gddr3-reclock:nv50 gddr3-reclock:nv92 ddr2-reclock:nv50 ddr2-reclock:nv92 \
	nv50-clk:nv50 nv50-clk:nv92 engine-pll:nv41 engine-pll:nv50 engine-pll:nv92 gpio-vid:nv17

# The board headers the scripts include ("boards/NAME.h") are generated
# from their descriptions (hwsq-scripts/boards/NAME.board) by hwsq-board,
# into $(BUILD)/hwsq/boards/, which every compile searches (-I).
HWSQ_BOARD_HEADERS := $(patsubst hwsq-scripts/boards/%.board,$(BUILD)/hwsq/boards/%.h,\
	$(wildcard hwsq-scripts/boards/*.board))
ALL_IMAGES += $(HWSQ_BOARD_HEADERS)
$(BUILD)/hwsq/boards/%.h: hwsq-scripts/boards/%.board $(BUILD)/bin/hwsq-board
	$(call quiet,BOARD,$@)mkdir -p $(@D) && $(BUILD)/bin/hwsq-board $< -o $@

# What a compile reads besides the source: the compiler, its macro
# library, the shared headers and bodies (nv50-ram.h, nv50-ram.inc...),
# the board headers and the register database.
HWSQ_SCRIPT_DEPS := $(BUILD)/bin/hwsq-as $(BUILD)/include/afuc/hwsq.m4 \
	$(wildcard hwsq-scripts/*.h hwsq-scripts/*.inc) $(HWSQ_BOARD_HEADERS) \
	$(filter $(BUILD)/share/afuc-sdk/rnndb/%,$(ALL_DATA))

# $(1) script, $(2) chip
define hwsq_script
ALL_IMAGES += $(BUILD)/hwsq/$(1)-$(2).bin $(BUILD)/hwsq/$(1)-$(2).h $(BUILD)/hwsq/$(1)-$(2).upload
$(BUILD)/hwsq/$(1)-$(2).bin: hwsq-scripts/$(1).hwsq $(HWSQ_SCRIPT_DEPS)
	$$(call quiet,HWSQ-AS,$$@)mkdir -p $$(@D) && \
	  $(BUILD)/bin/hwsq-as --chip $(2) -I $(BUILD)/hwsq $$< -o $$@
$(BUILD)/hwsq/$(1)-$(2).h: hwsq-scripts/$(1).hwsq $(HWSQ_SCRIPT_DEPS)
	$$(call quiet,HWSQ-AS,$$@)mkdir -p $$(@D) && \
	  $(BUILD)/bin/hwsq-as --chip $(2) -I $(BUILD)/hwsq --emit c --name $(subst -,_,$(1)_$(2)) $$< -o $$@
$(BUILD)/hwsq/$(1)-$(2).upload: hwsq-scripts/$(1).hwsq $(HWSQ_SCRIPT_DEPS)
	$$(call quiet,HWSQ-AS,$$@)mkdir -p $$(@D) && \
	  $(BUILD)/bin/hwsq-as --chip $(2) -I $(BUILD)/hwsq --emit upload $$< -o $$@
endef
$(foreach b,$(HWSQ_SCRIPT_BUILDS),$(eval $(call hwsq_script,$(word 1,$(subst :, ,$(b))),$(word 2,$(subst :, ,$(b))))))

TESTS += $(sort $(wildcard hwsq-scripts/*.hemu))
BENCHES += hwsq-scripts/bench.sh

