/* tests/fuzz: libFuzzer harnesses, one per parser of outside input.
 *
 * Each harness defines LLVMFuzzerTestOneInput. `make fuzz` links it with
 * libFuzzer (clang -fsanitize=fuzzer) and runs it on its corpus;
 * `make check` links it with replay.c instead, which feeds it every file
 * of tests/fuzz/corpus/NAME as a plain regression input (what fuzzing
 * once found stays found). docs/testing.md tells how. */
#ifndef TESTS_FUZZ_H
#define TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* data as a NUL-terminated string (malloc'ed): text parsers that take
 * one see the bytes up to the first NUL, and every harness also feeds
 * the full bytes to the reader that must refuse a NUL. */
char *fuzz_text(const uint8_t *data, size_t size);

/* Writes data to a file of this process's own (the same path each call)
 * and returns its path, for parsers that read files. */
const char *fuzz_file(const char *suffix, const uint8_t *data, size_t size);

/* Inputs larger than this are not interesting (every parser has its own
 * size limit, tested elsewhere); keeps each run fast. */
#define FUZZ_MAX_INPUT (256 * 1024)

#endif
