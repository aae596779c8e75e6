# tests/obj: the object model and its ELF form.
$(eval $(call sdk_ctest,obj/test-obj,tests/obj/test_obj.c,afuc-obj sdk-util sdk-tap))
$(eval $(call sdk_ctest,obj/test-lines,tests/obj/test_lines.c,afuc-obj sdk-util sdk-tap))
TESTS += tests/obj/readelf.sh
TESTS += tests/obj/bad-objects.sh
