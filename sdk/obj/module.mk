# sdk/obj: afuc relocatable objects in memory and as ELF32 files.
$(eval $(call sdk_library,afuc-obj,$(wildcard sdk/obj/*.c)))
