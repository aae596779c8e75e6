# sdk/dbg: the debugger of afuc-emu -i (breakpoints, watchpoints,
# stepping, printing); libedit gives its prompt line editing.
$(eval $(call sdk_library,sdk-dbg,$(wildcard sdk/dbg/*.c)))
$(BUILD)/obj/sdk/dbg/dbg_input.o: ALL_CPPFLAGS += $(EDIT_CFLAGS)
# what links the debugger links libedit: afuc-emu (sdk/emu/module.mk)
# and the fuzz harness of its commands (tests/fuzz/fuzz_debugger.c)
$(BUILD)/tests/fuzz/replay-debugger $(BUILD)/fuzz/debugger: LINK_LIBS += $(EDIT_LIBS)
