# tests/as: the assembler, as a library and as a tool.
$(eval $(call sdk_ctest,as/test-as,tests/as/test_as.c tests/lib/firmware.c,afuc-as afuc-obj afuc-isa sdk-pp sdk-rnn sdk-util sdk-tap))
$(eval $(call sdk_ctest,as/test-slots,tests/as/test_slots.c,afuc-as afuc-obj afuc-isa sdk-pp sdk-rnn sdk-util sdk-tap))
TESTS += tests/as/cli.sh tests/as/listings.sh tests/as/build.sh tests/as/slots-emu.sh
$(eval $(call sdk_cbench,as/bench-as,tests/as/bench_as.c,afuc-as afuc-obj afuc-isa sdk-pp sdk-rnn sdk-util))
