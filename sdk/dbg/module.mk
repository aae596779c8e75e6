# sdk/dbg: the debugger of afuc-emu -i (breakpoints, watchpoints,
# stepping, printing); libedit gives its prompt line editing.
$(eval $(call sdk_library,sdk-dbg,$(wildcard sdk/dbg/*.c)))
$(BUILD)/obj/sdk/dbg/dbg_input.o: ALL_CPPFLAGS += $(EDIT_CFLAGS)
