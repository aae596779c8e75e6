# sdk/rd: freedreno command-stream captures (.rd, .rd.gz): the buffers
# and command streams of each submission, for afuc-emu --replay.
RD_SRCS := $(wildcard sdk/rd/*.c)
$(eval $(call sdk_library,sdk-rd,$(RD_SRCS)))
