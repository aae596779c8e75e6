# sdk/replay: captures (.rd, read by sdk/rd) replayed through the
# emulator as the kernel submits them, write logs and the diff of two
# firmwares (include/afuc/replay.h).
$(eval $(call sdk_library,sdk-replay,$(wildcard sdk/replay/*.c)))
INSTALL_HEADERS += include/afuc/replay.h
