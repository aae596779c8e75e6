# sdk/rnn: the register database (rnndb XML through libxml2), its lookup
# tool and the generator of the constant headers firmware includes.
RNN_SRCS := sdk/rnn/arena.c sdk/rnn/load.c sdk/rnn/variant.c sdk/rnn/flatten.c \
	sdk/rnn/index.c sdk/rnn/name.c sdk/rnn/suggest.c sdk/rnn/db.c
$(eval $(call sdk_library,sdk-rnn,$(RNN_SRCS)))
$(eval $(call sdk_tool,rnn-lookup,sdk/cli/rnn-lookup.c,sdk-rnn sdk-util))
