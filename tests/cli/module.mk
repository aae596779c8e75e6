# tests/cli: what every tool's command line does alike (sdk/cmd).
TESTS += $(sort $(wildcard tests/cli/*.sh))
