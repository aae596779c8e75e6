$(eval $(call sdk_ctest,isa/test-isa,tests/isa/test_isa.c,afuc-isa sdk-util sdk-tap))
