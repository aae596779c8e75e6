# sdk/rnn: the register database (rnndb XML through libxml2), its lookup
# tool and the generator of the constant headers firmware includes.
RNN_SRCS := sdk/rnn/arena.c sdk/rnn/load.c sdk/rnn/variant.c sdk/rnn/flatten.c \
	sdk/rnn/index.c sdk/rnn/name.c sdk/rnn/suggest.c sdk/rnn/db.c sdk/rnn/pm4.c
$(eval $(call sdk_library,sdk-rnn,$(RNN_SRCS)))
$(eval $(call sdk_tool,rnn-lookup,sdk/cli/rnn-lookup.c,sdk-rnn sdk-util))

# The SDK's own database, copied where rnn_open(NULL) finds it (the build
# tree and an installed tree have the same shape).
RNN_DB_FILES := $(patsubst sdk/rnn/db/%,%,$(shell find sdk/rnn/db -name '*.xml' | sort))
RNN_DB_OUT := $(addprefix $(BUILD)/share/afuc-sdk/rnndb/,$(RNN_DB_FILES))
ALL_DATA += $(RNN_DB_OUT)
$(BUILD)/share/afuc-sdk/rnndb/%.xml: sdk/rnn/db/%.xml
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@

$(eval $(call sdk_tool,rnn-headergen,sdk/cli/rnn-headergen.c,sdk-rnn sdk-util))

# The headers firmware sources and C tests include. Every object waits for
# GENERATED_HEADERS, so the generator that makes them is built from its own
# objects, outside that rule ($(BUILD)/gen), or it would wait for itself.
RNN_GEN_SRCS := sdk/cli/rnn-headergen.c $(RNN_SRCS) $(wildcard sdk/util/*.c sdk/cmd/*.c)
RNN_GEN_OBJS := $(patsubst %.c,$(BUILD)/gen/obj/%.o,$(RNN_GEN_SRCS))
RNN_HEADERGEN := $(BUILD)/gen/rnn-headergen
$(RNN_GEN_OBJS): $(BUILD)/gen/obj/%.o: %.c $(BUILD)/flags.stamp
	$(call quiet,CC,$<)mkdir -p $(@D) && \
	  $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<
-include $(RNN_GEN_OBJS:.o=.d)
$(RNN_HEADERGEN): $(RNN_GEN_OBJS)
	$(call quiet,LD,$@)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LINK_LIBS)

RNN_HEADERS := $(addprefix $(BUILD)/include/afuc/,pm4.h a5xx_regs.h a6xx_regs.h a7xx_regs.h hwsq_regs.h)
GENERATED_HEADERS += $(RNN_HEADERS)
INSTALL_GENERATED += $(RNN_HEADERS)
$(RNN_HEADERS): $(BUILD)/include/afuc/%.h: $(RNN_HEADERGEN) $(RNN_DB_OUT)
	$(call quiet,GEN,$@)mkdir -p $(@D) && $(RNN_HEADERGEN) --rnndb $(BUILD)/share/afuc-sdk/rnndb $*.h -o $@

MAN_PAGES += docs/man/rnn-lookup.1 docs/man/rnn-headergen.1
