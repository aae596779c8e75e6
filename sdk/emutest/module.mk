# sdk/emutest: .emu test files (docs/afuc-emu.md): the parser and the
# runner that drives the emulator and writes TAP.
$(eval $(call sdk_library,sdk-emutest,$(wildcard sdk/emutest/*.c)))
