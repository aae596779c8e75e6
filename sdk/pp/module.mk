# sdk/pp: cpp + m4 preprocessing of sources, with line tracking.
$(eval $(call sdk_library,sdk-pp,$(wildcard sdk/pp/*.c)))
