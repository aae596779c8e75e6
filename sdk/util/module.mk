# sdk/util: allocation, strings, byte order, file I/O, diagnostics.
$(eval $(call sdk_library,sdk-util,$(wildcard sdk/util/*.c)))
