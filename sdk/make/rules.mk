# Flags, configuration and the templates every module.mk uses.
#
#   $(eval $(call sdk_library,NAME,SOURCES))        -> $(BUILD)/lib/libNAME.a
#   $(eval $(call sdk_tool,NAME,SOURCES,LIBS))      -> $(BUILD)/bin/NAME (with sdk-cmd)
#   $(eval $(call sdk_ctest,NAME,SOURCES,LIBS))     -> $(BUILD)/tests/NAME, run by check
#   $(eval $(call sdk_cbench,NAME,SOURCES,LIBS))    -> $(BUILD)/bench/NAME, run by bench
#
# LIBS are library names (without lib/.a) in link order. Modules may also
# append to: TESTS (script or data test files run by tests/run-test),
# BENCHES, GENERATED_HEADERS (built before any object), ALL_DATA,
# ALL_IMAGES, INSTALL_HEADERS, INSTALL_GENERATED, MAN_PAGES.

WARN_CFLAGS := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wpointer-arith -Wvla
SAN_CFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
# Position-independent everywhere: make install links the public
# libraries' objects into shared libraries too (sdk/make/install.mk);
# without interposition the code is as fast as a PIE's.
PIC_CFLAGS := -fPIC -fno-semantic-interposition
ALL_CFLAGS = $(WARN_CFLAGS) $(PIC_CFLAGS) $(CFLAGS) $(if $(filter 1,$(SANITIZE)),$(SAN_CFLAGS))
ALL_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Iinclude -I$(BUILD)/include -Isdk \
	$(XML_CFLAGS) $(COMPRESS_CFLAGS) $(CPPFLAGS)
LINK_LIBS = $(XML_LIBS) $(ZLIB_LIBS) $(COMPRESS_LIBS) -lm

ifeq ($(V),1)
quiet :=
else
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

# Goals that only remove things never configure (and never install packages).
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),all)),)
# The build dependencies are checked (and installed with apt-get on Debian
# when missing) before anything is compiled; make restarts once config.mk
# exists, so pkg-config's answers are seen by this same run.
include $(BUILD)/config.mk

# Everything compiled depends on this stamp, rewritten only when the
# compiler or its flags change, so CC=clang after gcc rebuilds everything.
# The candidate has a name of its own per make ($$$$, the shell's pid):
# tests run make (make -q, make install) side by side with each other.
flags_text := $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS)
$(shell mkdir -p $(BUILD) && f=$(BUILD)/flags.new.$$$$ && \
	printf '%s\n' '$(subst ','"'"',$(flags_text))' >$$f && \
	{ cmp -s $$f $(BUILD)/flags.stamp && rm -f $$f || mv -f $$f $(BUILD)/flags.stamp; })
endif

$(BUILD)/config.mk: sdk/make/configure.sh
	@mkdir -p $(@D)
	@sh sdk/make/configure.sh '$(CC)' '$@'

objs_of = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
libs_of = $(foreach l,$(1),$(BUILD)/lib/lib$(l).a)

define sdk_library
ALL_OBJS += $(call objs_of,$(2))
ALL_LIBS += $(BUILD)/lib/lib$(1).a
$(BUILD)/lib/lib$(1).a: $(call objs_of,$(2))
	$$(call quiet,AR,$$@)mkdir -p $$(@D) && rm -f $$@ && $$(AR) rcs $$@ $$^
endef

# $(1) target path, $(2) sources, $(3) libraries
define sdk_link
ALL_OBJS += $(call objs_of,$(2))
$(1): $(call objs_of,$(2)) $(call libs_of,$(3))
	$$(call quiet,LD,$$@)mkdir -p $$(@D) && \
	  $$(CC) $$(ALL_CFLAGS) $$(LDFLAGS) -o $$@ $$(filter %.o,$$^) \
	  $(call libs_of,$(3)) $$(LINK_LIBS)
endef

# Every tool parses its command line through sdk/cmd.
define sdk_tool
ALL_TOOLS += $(BUILD)/bin/$(1)
$(call sdk_link,$(BUILD)/bin/$(1),$(2),sdk-cmd $(3))
endef

# A compiled test also gets tests/lib/test_env.c: run by hand, it finds
# the tree and the build that made it.
TEST_ENV_SOURCE := tests/lib/test_env.c
$(call objs_of,$(TEST_ENV_SOURCE)): ALL_CPPFLAGS += -DSDK_TEST_ROOT='"$(CURDIR)"' \
	-DSDK_TEST_BUILD='"$(abspath $(BUILD))"'
define sdk_ctest
TEST_PROGRAMS += $(BUILD)/tests/$(1)
TESTS += $(BUILD)/tests/$(1)
$(call sdk_link,$(BUILD)/tests/$(1),$(2) $(TEST_ENV_SOURCE),$(3))
endef

define sdk_cbench
BENCH_PROGRAMS += $(BUILD)/bench/$(1)
BENCHES += $(BUILD)/bench/$(1)
$(call sdk_link,$(BUILD)/bench/$(1),$(2),$(3))
endef
