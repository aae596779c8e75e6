# sdk/dis: the afuc disassembler library, and afuc-objdump.
DIS_LIBS := afuc-dis afuc-obj sdk-rnn afuc-isa sdk-util
$(eval $(call sdk_library,afuc-dis,$(wildcard sdk/dis/*.c)))
$(eval $(call sdk_tool,afuc-objdump,sdk/cli/afuc-objdump.c,$(DIS_LIBS)))
MAN_PAGES += docs/man/afuc-objdump.1
