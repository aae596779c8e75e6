TESTS += tests/build/build.sh
