TESTS += tests/build/build.sh
TESTS += tests/build/format.sh
