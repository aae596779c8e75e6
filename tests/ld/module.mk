# tests/ld: the linker (sdk/ld, afuc-ld) and the scripts of ld/.
LD_TEST_LIBS := afuc-ld afuc-obj afuc-isa sdk-rnn sdk-util sdk-tap
$(eval $(call sdk_ctest,ld/test-script,tests/ld/test_script.c,$(LD_TEST_LIBS)))
$(eval $(call sdk_ctest,ld/test-link,tests/ld/test_link.c tests/ld/ldtest.c tests/lib/firmware.c,$(LD_TEST_LIBS)))
$(eval $(call sdk_ctest,ld/test-patch,tests/ld/test_patch.c tests/ld/ldtest.c tests/lib/firmware.c,$(LD_TEST_LIBS)))
$(eval $(call sdk_cbench,ld/bench-ld,tests/ld/bench_ld.c tests/ld/ldtest.c tests/lib/firmware.c,afuc-as sdk-pp $(LD_TEST_LIBS)))
TESTS += tests/ld/afuc-ld.sh tests/ld/mesa-style.sh tests/ld/patch.sh tests/ld/patch-emu.sh
TESTS += tests/ld/append.sh
TESTS += tests/ld/check-state.sh
