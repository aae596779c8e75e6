# sdk/lcov: coverage of emulated firmware as lcov tracefiles (what ran,
# what is reachable), and the tracefile reader and merger.
$(eval $(call sdk_library,sdk-lcov,$(wildcard sdk/lcov/*.c)))
