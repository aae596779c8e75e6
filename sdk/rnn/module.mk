# sdk/rnn: the register database (rnndb XML through libxml2), its lookup
# tool and the generator of the constant headers firmware includes.
RNN_SRCS := sdk/rnn/arena.c sdk/rnn/load.c sdk/rnn/variant.c sdk/rnn/flatten.c \
	sdk/rnn/index.c sdk/rnn/name.c sdk/rnn/suggest.c sdk/rnn/db.c
$(eval $(call sdk_library,sdk-rnn,$(RNN_SRCS)))
$(eval $(call sdk_tool,rnn-lookup,sdk/cli/rnn-lookup.c,sdk-rnn sdk-util))

# The SDK's own database, copied where rnn_open(NULL) finds it (the build
# tree and an installed tree have the same shape).
RNN_DB_FILES := $(patsubst sdk/rnn/db/%,%,$(shell find sdk/rnn/db -name '*.xml' | sort))
RNN_DB_OUT := $(addprefix $(BUILD)/share/afuc-sdk/rnndb/,$(RNN_DB_FILES))
ALL_DATA += $(RNN_DB_OUT)
$(BUILD)/share/afuc-sdk/rnndb/%.xml: sdk/rnn/db/%.xml
	$(call quiet,CP,$@)mkdir -p $(@D) && cp $< $@
