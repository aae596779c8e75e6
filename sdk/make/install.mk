# What make install puts where, and the per-part goals (make firmware,
# make firmware-a6xx, make hwsq). Read after every module.mk.
#
#   PREFIX/bin/                       the tools
#   PREFIX/lib/libafuc-emu.a          public libraries, each standing alone
#   PREFIX/lib/libhwsq.a              (the internal archives folded in)
#   PREFIX/lib/pkgconfig/             afuc-sdk.pc, afuc-emu.pc, hwsq.pc
#   PREFIX/include/afuc/              headers, generated headers, m4 library
#   PREFIX/share/afuc-sdk/ld/         linker scripts
#   PREFIX/share/afuc-sdk/rnndb/      the register database
#   PREFIX/share/afuc-sdk/firmware/   the SDK's own images (a base for --base)
#   PREFIX/share/afuc-sdk/hwsq/       the HWSQ images
#   PREFIX/share/man/man1/            man pages
#   PREFIX/share/doc/afuc-sdk/        docs/*.md, docs/images/
#
# The internal libsdk-*.a and libafuc-*.a stay in the build tree. The
# installed libraries carry PREFIX (sdk/util/sdk_prefix.c), where a
# program linked with them finds the register database and the SDK's
# other files; the tools find them beside themselves, wherever the prefix
# is moved.

SDK_VERSION := $(shell sed -n 's/^\#define SDK_VERSION "\(.*\)"/\1/p' sdk/util/util.h)

# libhwsq.a: the HWSQ library with everything it needs, as libafuc-emu.a
# is for the emulator's layers (sdk/emu/module.mk).
HWSQ_BUNDLE_LIBS := sdk-hwsq sdk-pp sdk-rnn sdk-util sdk-tap
ALL_LIBS += $(BUILD)/lib/libhwsq.a
$(BUILD)/lib/libhwsq.a: $(call libs_of,$(HWSQ_BUNDLE_LIBS))
	$(call quiet,AR,$@)mkdir -p $(@D) && rm -f $@ && \
	  { echo 'create $@'; for l in $^; do echo "addlib $$l"; done; \
	    echo save; echo end; } | $(AR) -M && $(AR) s $@

INSTALL_LIBS := $(BUILD)/lib/libafuc-emu.a $(BUILD)/lib/libhwsq.a
PC_FILES := $(wildcard sdk/make/*.pc.in)
INSTALL_FIRMWARE := $(filter $(BUILD)/firmware/a%,$(ALL_IMAGES)) \
	$(patsubst %.fw,%.map,$(filter $(BUILD)/firmware/a%.fw,$(ALL_IMAGES)))
INSTALL_HWSQ := $(filter $(BUILD)/hwsq/%,$(ALL_IMAGES))
# the documents and everything they link to (docs/images)
INSTALL_DOCS := $(wildcard docs/*.md docs/images/*)
INSTALL_ROOT = $(DESTDIR)$(PREFIX)

install: all
	@set -e; root='$(INSTALL_ROOT)'; \
	for f in $(ALL_TOOLS); do install -D -m 755 $$f "$$root/bin/$${f##*/}"; done; \
	for f in $(INSTALL_LIBS); do install -D -m 644 $$f "$$root/lib/$${f##*/}"; done; \
	obj=$$(mktemp -d) && $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -DSDK_INSTALL_PREFIX='"$(PREFIX)"' \
	  -c -o "$$obj/sdk_prefix.o" sdk/util/sdk_prefix.c && \
	for f in $(INSTALL_LIBS); do $(AR) rs "$$root/lib/$${f##*/}" "$$obj/sdk_prefix.o"; done; \
	rm -rf "$$obj"; \
	for f in $(PC_FILES); do n=$${f##*/}; install -d "$$root/lib/pkgconfig"; \
	  sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(SDK_VERSION)|g' $$f \
	    >"$$root/lib/pkgconfig/$${n%.in}"; done; \
	for f in $(INSTALL_HEADERS); do install -D -m 644 $$f "$$root/$$f"; done; \
	for f in $(INSTALL_GENERATED) $(ALL_DATA); do install -D -m 644 $$f "$$root/$${f#$(BUILD)/}"; done; \
	for f in $(INSTALL_FIRMWARE); do install -D -m 644 $$f "$$root/share/afuc-sdk/$${f#$(BUILD)/}"; done; \
	for f in $(INSTALL_HWSQ); do install -D -m 644 $$f "$$root/share/afuc-sdk/$${f#$(BUILD)/}"; done; \
	for f in $(MAN_PAGES); do install -D -m 644 $$f "$$root/share/man/man1/$${f##*/}"; done; \
	for f in $(INSTALL_DOCS); do install -D -m 644 $$f "$$root/share/doc/afuc-sdk/$${f#docs/}"; done; \
	echo "installed under $$root"

# Per part: make firmware, make firmware-a6xx (the a6xx SQE and the
# examples linked with it), make hwsq. Phony, so a directory of the same
# name (firmware/ is one) never makes them "up to date".
FW_GENS := a5xx a6xx a7xx
firmware: $(filter $(BUILD)/firmware/%,$(ALL_IMAGES))
$(foreach g,$(FW_GENS),$(eval firmware-$(g): $(filter $(BUILD)/firmware/$(g)/%,$(ALL_IMAGES))))
firmware-a6xx: $(filter $(BUILD)/firmware/examples/%,$(ALL_IMAGES))
hwsq: $(filter $(BUILD)/hwsq/%,$(ALL_IMAGES))

.PHONY: install firmware hwsq $(addprefix firmware-,$(FW_GENS))
