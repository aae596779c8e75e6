# sdk/rd: freedreno's capture format (.rd, .rd.gz), read and written.
$(eval $(call sdk_library,sdk-rd,$(wildcard sdk/rd/*.c)))
