$(eval $(call sdk_ctest,pp/test-pp,tests/pp/test_pp.c,sdk-pp sdk-util sdk-tap))
