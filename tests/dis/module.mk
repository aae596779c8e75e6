# Tests of sdk/dis and afuc-objdump.
DIS_TEST_LIBS := afuc-dis afuc-obj sdk-rnn afuc-isa sdk-util sdk-tap
$(eval $(call sdk_ctest,dis/test-mesa,tests/dis/test_mesa.c tests/dis/listing.c tests/dis/vendor.c tests/lib/firmware.c,$(DIS_TEST_LIBS)))
$(eval $(call sdk_ctest,dis/test-dis,tests/dis/test_dis.c,$(DIS_TEST_LIBS)))
TESTS += tests/dis/objdump-errors.sh
TESTS += tests/dis/roundtrip.sh
$(eval $(call sdk_ctest,dis/test-moved,tests/dis/test_moved.c tests/dis/listing.c tests/dis/vendor.c tests/lib/firmware.c,afuc-dis afuc-as afuc-ld afuc-obj sdk-pp sdk-rnn afuc-isa sdk-util sdk-tap))
$(eval $(call sdk_cbench,dis/bench-roundtrip,tests/dis/bench_roundtrip.c tests/dis/vendor.c tests/lib/firmware.c,afuc-dis afuc-as afuc-ld afuc-obj sdk-pp sdk-rnn afuc-isa sdk-util sdk-tap))
TESTS += tests/dis/patched.sh tests/dis/patched-twice.sh
TESTS += tests/dis/relink.sh
BENCHES += tests/dis/relink-all.sh tests/dis/patched-twice-all.sh tests/dis/roundtrip-all.sh
