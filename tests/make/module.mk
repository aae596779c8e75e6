TESTS += tests/make/build.sh
TESTS += tests/make/format.sh
TESTS += tests/make/install.sh tests/make/coverage-totals.sh
TESTS += tests/make/firmware.sh tests/make/by-hand.sh tests/make/doc-refs.sh
TESTS += tests/make/doc-figures.sh
