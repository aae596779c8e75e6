# tests/fw: the image identity module, on hand-built images of every
# layout and on the vendor images found on this machine.
$(eval $(call sdk_ctest,fw/test-fw,tests/fw/test_fw.c tests/dis/vendor.c tests/lib/firmware.c,sdk-rnn afuc-isa sdk-util sdk-tap))
