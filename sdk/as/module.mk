# sdk/as: the afuc assembler library; sdk/cli/afuc-as.c is its tool.
$(eval $(call sdk_library,afuc-as,$(wildcard sdk/as/*.c)))
$(eval $(call sdk_tool,afuc-as,sdk/cli/afuc-as.c,afuc-as afuc-obj afuc-isa sdk-pp sdk-rnn sdk-util))
MAN_PAGES += docs/man/afuc-as.1
