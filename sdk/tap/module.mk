# sdk/tap: TAP output for C tests (header: include/afuc/tap.h).
$(eval $(call sdk_library,sdk-tap,$(wildcard sdk/tap/*.c)))
INSTALL_HEADERS += include/afuc/tap.h
