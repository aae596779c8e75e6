# sdk/fw: what a firmware image is (generation, layout, processors, packet
# tables, what the bootstrap checks). It needs only the ISA table, and
# every afuc tool needs it, so it goes into libafuc-isa.a.
FW_SRCS := $(wildcard sdk/fw/*.c)
