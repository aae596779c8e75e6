# sdk/ld: the afuc linker library; sdk/cli/afuc-ld.c is its tool. The
# scripts in ld/ are copied to share/afuc-sdk/ld, where afuc-ld finds its
# default script (docs/afuc-ld.md).
$(eval $(call sdk_library,afuc-ld,$(wildcard sdk/ld/*.c)))
# afuc-ld --base reads the map beside the base as afuc-objdump does (afuc-dis).
$(eval $(call sdk_tool,afuc-ld,sdk/cli/afuc-ld.c,afuc-ld afuc-dis afuc-obj afuc-isa sdk-rnn sdk-util))
MAN_PAGES += docs/man/afuc-ld.1

LD_SCRIPTS := $(wildcard ld/*.ld)
ALL_DATA += $(patsubst ld/%,$(BUILD)/share/afuc-sdk/ld/%,$(LD_SCRIPTS))
$(BUILD)/share/afuc-sdk/ld/%.ld: ld/%.ld
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@
