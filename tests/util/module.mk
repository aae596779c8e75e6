$(eval $(call sdk_ctest,util/test-util,tests/util/test_util.c,sdk-util sdk-tap))
$(eval $(call sdk_ctest,util/test-diag,tests/util/test_diag.c,sdk-util sdk-tap))
$(eval $(call sdk_ctest,util/test-file,tests/util/test_file.c,sdk-util sdk-tap))
TESTS += tests/util/outputs.sh
