# sdk/isa: the afuc instruction table, encoder, decoder and formatter.
$(eval $(call sdk_library,afuc-isa,$(wildcard sdk/isa/*.c)))
