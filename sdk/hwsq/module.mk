# sdk/hwsq: the HWSQ compiler, disassembler, emulator and their tools.
# Register, flag and event names come from sdk/rnn.
HWSQ_LIBS := sdk-hwsq sdk-emutest sdk-pp sdk-rnn sdk-util sdk-tap

$(eval $(call sdk_library,sdk-hwsq,$(wildcard sdk/hwsq/*.c)))
$(eval $(call sdk_tool,hwsq-as,sdk/cli/hwsq-as.c,$(HWSQ_LIBS)))
$(eval $(call sdk_tool,hwsq-objdump,sdk/cli/hwsq-objdump.c,$(HWSQ_LIBS)))
$(eval $(call sdk_tool,hwsq-emu,sdk/cli/hwsq-emu.c,$(HWSQ_LIBS)))
$(eval $(call sdk_tool,hwsq-board,sdk/cli/hwsq-board.c,$(HWSQ_LIBS)))

# The macro library is read at run time from the SDK's include/afuc/.
$(BUILD)/include/afuc/hwsq.m4: include/afuc/hwsq.m4
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@
ALL_DATA += $(BUILD)/include/afuc/hwsq.m4
INSTALL_HEADERS += include/afuc/hwsq.h include/afuc/hwsq.m4
MAN_PAGES += docs/man/hwsq-as.1 docs/man/hwsq-objdump.1 docs/man/hwsq-emu.1 docs/man/hwsq-board.1
