$(eval $(call sdk_ctest,tap/test-tap,tests/tap/test_tap.c,sdk-tap))
TESTS += $(sort $(wildcard tests/tap/*.sh))
