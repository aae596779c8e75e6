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
#   PREFIX/lib/libafuc-emu.so, libhwsq.so   the same, shared
#
# The internal libsdk-*.a and libafuc-*.a stay in the build tree. A
# shared library finds the SDK's files (register database, macros) from
# its own location, as the tools do from theirs, wherever the prefix is
# moved (sdk/util/sdk_prefix.c); the static ones carry PREFIX, which a
# program linked with them goes by.

SDK_VERSION := $(shell sed -n 's/^\#define SDK_VERSION "\(.*\)"/\1/p' sdk/util/util.h)

# libhwsq.a: the HWSQ library with everything it needs, as libafuc-emu.a
# is for the emulator's layers (sdk/emu/module.mk).
HWSQ_BUNDLE_LIBS := $(HWSQ_LIBS)
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

# The shared libraries: each what its installed archive's functions of
# the public prefixes need (its public headers' prefixes: a static link
# of a program calling all of them), under a soname of the major
# version, exporting those prefixes only (the SDK's internals stay out of
# a user's namespace).
SO_MAJOR := $(firstword $(subst ., ,$(SDK_VERSION)))
SO_EXPORTS_afuc-emu := emu_ tap_
SO_EXPORTS_hwsq := hwsq_
# $(1) the library's name; a command of install's shell ($$root, $$obj)
install_so = printf '{ global: %s; local: *; };\n' \
	  '$(subst $(eval) ,; ,$(addsuffix *,$(SO_EXPORTS_$(1))))' >"$$obj/$(1).map" && \
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,lib$(1).so.$(SO_MAJOR) \
	  -Wl,--version-script="$$obj/$(1).map" -o "$$root/lib/lib$(1).so.$(SDK_VERSION)" \
	  $$(nm -g --defined-only "$$root/lib/lib$(1).a" | awk '$$2 == "T" && \
	    $$3 ~ /^($(subst $(eval) ,|,$(SO_EXPORTS_$(1))))/ { print "-Wl,--undefined=" $$3 }') \
	  "$$root/lib/lib$(1).a" $(LINK_LIBS) && \
	ln -sf lib$(1).so.$(SDK_VERSION) "$$root/lib/lib$(1).so.$(SO_MAJOR)" && \
	ln -sf lib$(1).so.$(SO_MAJOR) "$$root/lib/lib$(1).so" &&

install: all
	@set -e; root='$(INSTALL_ROOT)'; \
	for f in $(ALL_TOOLS); do install -D -m 755 $$f "$$root/bin/$${f##*/}"; done; \
	for f in $(INSTALL_LIBS); do install -D -m 644 $$f "$$root/lib/$${f##*/}"; done; \
	obj=$$(mktemp -d) && $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -DSDK_INSTALL_PREFIX='"$(PREFIX)"' \
	  -c -o "$$obj/sdk_prefix.o" sdk/util/sdk_prefix.c && \
	for f in $(INSTALL_LIBS); do $(AR) rs "$$root/lib/$${f##*/}" "$$obj/sdk_prefix.o"; done && \
	$(foreach l,afuc-emu hwsq,$(call install_so,$(l))) \
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
