# firmware/: the SDK's own firmware, written in the macro language, and
# the macro library it is written in (include/afuc/afuc*.m4).
#
#   build/firmware/a5xx/pfp.fw, me.fw    a5xx PFP and ME
#   build/firmware/a6xx/sqe.fw           a6xx SQE
#   build/firmware/a7xx/sqe.fw           a7xx BR + BV + LPAC bundle
#   build/firmware/examples/*.fw         each example linked with the a6xx SQE
#
# Each image comes with its .map and its .elf (symbols and source lines,
# which afuc-emu finds beside the image). Sources: firmware/<gen>/*.S, which
# include firmware/common/.

# afuc-as reads the macro library from the SDK's include/afuc/ at run time.
AFUC_M4 := $(wildcard include/afuc/afuc*.m4)
AFUC_M4_OUT := $(patsubst include/%,$(BUILD)/include/%,$(AFUC_M4))
$(AFUC_M4_OUT): $(BUILD)/include/afuc/%: include/afuc/%
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@
ALL_DATA += $(AFUC_M4_OUT)
INSTALL_HEADERS += $(AFUC_M4)

FW_AS := $(BUILD)/bin/afuc-as
FW_LD := $(BUILD)/bin/afuc-ld
FW_COMMON := $(wildcard firmware/common/*.S firmware/common/*.h)
# The files a generation's top-level sources include (a6xx/events.S...):
# every .S of firmware/<gen>/ that is not an image's own source.
FW_TOPS := firmware/a5xx/pfp.S firmware/a5xx/me.S firmware/a6xx/sqe.S firmware/a7xx/sqe.S
FW_GEN_INCLUDES := $(filter-out $(FW_TOPS),$(wildcard firmware/a5xx/*.S firmware/a6xx/*.S firmware/a7xx/*.S))
# What assembling needs besides the source: the tools, the macro library,
# the register database and headers they read.
FW_AS_DEPS := $(FW_AS) $(AFUC_M4_OUT) $(FW_COMMON) $(FW_GEN_INCLUDES)
FW_DATA_DEPS = $(filter-out $(AFUC_M4_OUT),$(ALL_DATA)) $(GENERATED_HEADERS)

# -O: instructions move into the nop delay slots of branches where that
# provably changes nothing (docs/afuc-as.md, docs/firmware.md "Delay slots").
FW_ASFLAGS := -O
$(BUILD)/firmware/%.o: firmware/%.S $(FW_AS_DEPS) | $(FW_DATA_DEPS)
	$(call quiet,AS,$@)mkdir -p $(@D) && $(FW_AS) $(FW_ASFLAGS) -o $@ $<

# fw_image(output, objects, script)
define fw_image
ALL_IMAGES += $(BUILD)/firmware/$(1) $(BUILD)/firmware/$(1:.fw=.elf)
$(BUILD)/firmware/$(1) $(BUILD)/firmware/$(1:.fw=.elf) &: $(addprefix $(BUILD)/firmware/,$(2)) $(3) $(FW_LD)
	$$(call quiet,LD,$$@)$(FW_LD) -T $(3) -Map $$(@:.fw=.map) --elf $$(@:.fw=.elf) -o $$@ \
	  $(addprefix $(BUILD)/firmware/,$(2))
endef

$(eval $(call fw_image,a5xx/pfp.fw,a5xx/pfp.o,ld/a5xx-pfp.ld))
$(eval $(call fw_image,a5xx/me.fw,a5xx/me.o,ld/a5xx-me.ld))
$(eval $(call fw_image,a6xx/sqe.fw,a6xx/sqe.o,ld/a6xx-sqe.ld))
$(eval $(call fw_image,a7xx/sqe.fw,a7xx/sqe.o,ld/a7xx-sqe.ld))

# Examples: one handler each, linked with the SDK's a6xx SQE so that their
# emulator tests need no vendor image. Each test file is copied beside its
# image, whose name it gives without a directory.
FW_EXAMPLES := $(patsubst firmware/examples/%.S,%,$(wildcard firmware/examples/*.S))
$(foreach e,$(FW_EXAMPLES),$(eval $(call fw_image,examples/$(e).fw,a6xx/sqe.o examples/$(e).o,ld/a6xx-sqe.ld)))
FW_EXAMPLE_TESTS := $(patsubst firmware/%,$(BUILD)/firmware/%,$(wildcard firmware/examples/*.emu))
$(FW_EXAMPLE_TESTS): $(BUILD)/firmware/%: firmware/%
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@
TEST_PROGRAMS += $(FW_EXAMPLE_TESTS)
TESTS += $(FW_EXAMPLE_TESTS)
