TESTS += tests/make/build.sh
TESTS += tests/make/format.sh tests/make/merge-markers.sh
TESTS += tests/make/install.sh tests/make/coverage-totals.sh
TESTS += tests/make/firmware.sh tests/make/by-hand.sh tests/make/doc-refs.sh
# Figures the documents quote, worked out again; bench-nouveau prints
# docs/hwsq.md's table of the scripts against nouveau's (no timings).
TESTS += tests/make/doc-figures.sh
TEST_PROGRAMS += $(BUILD)/bench/hwsq/bench-nouveau
