# sdk/emu: the afuc emulator library (API: include/afuc/emu.h), its
# test-file language, the afuc-emu tool, and libafuc-emu.a, the one
# archive a user's C test links: the emulator with everything it needs
# from sdk-util, afuc-dis (a vendor image's labels), afuc-obj (the linked
# ELF), afuc-isa, sdk-rnn and sdk-tap.
# The capture reader (sdk/rd) is part of the emulator's library, which
# replays captures.
# gen.c takes its register offsets from the headers sdk/rnn/module.mk
# generates from the register database (afuc/a[567]xx_regs.h, pm4.h: in
# GENERATED_HEADERS, made before any object).
EMU_SRCS := $(wildcard sdk/emu/*.c sdk/rd/*.c)
EMU_BUNDLE_LIBS := sdk-emu afuc-dis afuc-obj afuc-isa sdk-rnn sdk-util sdk-tap
$(eval $(call sdk_library,sdk-emu,$(EMU_SRCS)))
# afuc-emu -i, the debugger: libedit gives its prompt line editing
AFUC_EMU_DEBUG_SRCS := sdk/cli/afuc-emu-debug.c sdk/cli/afuc-emu-break.c sdk/cli/afuc-emu-show.c \
	sdk/cli/afuc-emu-input.c
$(BUILD)/bin/afuc-emu: LINK_LIBS += $(EDIT_LIBS)
$(BUILD)/obj/sdk/cli/afuc-emu-input.o: ALL_CPPFLAGS += $(EDIT_CFLAGS)
$(eval $(call sdk_tool,afuc-emu,sdk/cli/afuc-emu.c sdk/cli/afuc-emu-replay.c sdk/cli/afuc-emu-coverage.c $(AFUC_EMU_DEBUG_SRCS),sdk-emu afuc-dis afuc-obj afuc-isa sdk-rnn sdk-util sdk-tap))

# One archive from several: an ar MRI script adds each library's members.
ALL_LIBS += $(BUILD)/lib/libafuc-emu.a
$(BUILD)/lib/libafuc-emu.a: $(call libs_of,$(EMU_BUNDLE_LIBS))
	$(call quiet,AR,$@)mkdir -p $(@D) && rm -f $@ && \
	  { echo 'create $@'; for l in $^; do echo "addlib $$l"; done; \
	    echo save; echo end; } | $(AR) -M && $(AR) s $@
INSTALL_HEADERS += include/afuc/emu.h
MAN_PAGES += docs/man/afuc-emu.1
