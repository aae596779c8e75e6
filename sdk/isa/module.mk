# sdk/isa: the afuc instruction table, encoder, decoder and formatter,
# and with them sdk/fw, the image identity module (sdk/fw/module.mk).
$(eval $(call sdk_library,afuc-isa,$(wildcard sdk/isa/*.c) $(FW_SRCS)))
