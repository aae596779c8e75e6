# sdk/emuload: the emulator's loader: images from a file's bytes (plain
# words or the ELF afuc-ld --elf writes), the labels and source lines of
# the ELF or map beside an image or afuc-objdump's for a vendor image,
# and the register database.
$(eval $(call sdk_library,sdk-emuload,$(wildcard sdk/emuload/*.c)))
