# The afuc emulator, in layers (docs/emu-api.md), each a library of its
# own folder; arrows point down only:
#
#   afuc-emu (sdk/cli)      the command line: options, then the layers
#   sdk-dbg (sdk/dbg)       the debugger of afuc-emu -i
#   sdk-emutest             .emu test files: parser and runner
#   sdk-replay, sdk-lcov    captures (with sdk-rd), write logs, diffs;
#                           coverage
#   sdk-emuload             images from bytes, ELF, map, objdump labels,
#                           the register database
#   sdk-emu (here)          the machine: no I/O, no ELF, no XML
#
# libafuc-emu.a is the one archive a user's C test links: every layer
# with everything it needs from sdk-util, afuc-dis, afuc-obj, afuc-isa,
# sdk-rnn and sdk-tap.
# gen.c takes its register offsets from the headers sdk/rnn/module.mk
# generates from the register database (afuc/a[567]xx_regs.h, pm4.h: in
# GENERATED_HEADERS, made before any object).
# The pipe registers that take no payload come from the database too, as
# a table made here (emu/void_pipes.h), so no run reads XML for them.
EMU_VOID_PIPES := $(BUILD)/include/emu/void_pipes.h
GENERATED_HEADERS += $(EMU_VOID_PIPES)
$(EMU_VOID_PIPES): sdk/emu/void_pipes.awk sdk/rnn/db/adreno/adreno_pipe_regs.xml
	$(call quiet,GEN,$@)mkdir -p $(@D) && awk -f $^ > $@.tmp && mv $@.tmp $@
$(eval $(call sdk_library,sdk-emu,$(wildcard sdk/emu/*.c)))
EMU_LIBS := sdk-dbg sdk-emutest sdk-replay sdk-rd sdk-lcov sdk-emuload sdk-emu afuc-dis \
	afuc-obj afuc-isa sdk-rnn sdk-util sdk-tap
EMU_BUNDLE_LIBS := $(EMU_LIBS)
$(BUILD)/bin/afuc-emu: LINK_LIBS += $(EDIT_LIBS)
$(eval $(call sdk_tool,afuc-emu,sdk/cli/afuc-emu.c sdk/cli/afuc-emu-replay.c sdk/cli/afuc-emu-coverage.c,$(EMU_LIBS)))

# One archive from several: an ar MRI script adds each library's members.
ALL_LIBS += $(BUILD)/lib/libafuc-emu.a
$(BUILD)/lib/libafuc-emu.a: $(call libs_of,$(EMU_BUNDLE_LIBS))
	$(call quiet,AR,$@)mkdir -p $(@D) && rm -f $@ && \
	  { echo 'create $@'; for l in $^; do echo "addlib $$l"; done; \
	    echo save; echo end; } | $(AR) -M && $(AR) s $@
INSTALL_HEADERS += include/afuc/emu.h include/afuc/emucore.h include/afuc/emuload.h
MAN_PAGES += docs/man/afuc-emu.1
