#sdk / cmd : the command - line layer of every tool in sdk / cli(options,
#usage errors, --help / --version, diagnostics, checked standard output).
#sdk_tool links it into every tool(sdk / make / rules.mk).
$(eval $(call sdk_library,sdk-cmd,$(wildcard sdk/cmd/*.c)))
