# Tests of sdk/rnn: the loader, views and names, the reference listings,
# the tools.
$(eval $(call sdk_ctest,rnn/test-listings,tests/rnn/test_listings.c,sdk-rnn sdk-util sdk-tap))
$(eval $(call sdk_ctest,rnn/test-rnn,tests/rnn/test_rnn.c,sdk-rnn sdk-util sdk-tap))
TESTS += tests/rnn/lookup.sh
TESTS += tests/rnn/headers.sh
$(eval $(call sdk_ctest,rnn/test-headers,tests/rnn/test_headers.c,sdk-rnn sdk-util sdk-tap))
TESTS += tests/rnn/reference.sh
$(eval $(call sdk_cbench,rnn/bench-rnn,tests/rnn/bench_rnn.c,sdk-rnn sdk-util))
