TESTS += tests/make/build.sh
TESTS += tests/make/format.sh
TESTS += tests/make/install.sh
