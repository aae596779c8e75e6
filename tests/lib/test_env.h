/* What tests/lib/test_env.c gives every compiled test. */
#ifndef TESTS_LIB_TEST_ENV_H
#define TESTS_LIB_TEST_ENV_H

/* Where a test makes its scratch directories: $TMPDIR (tests/run-test
 * gives each test file one of its own, removed afterwards), else /tmp. */
const char *test_tmpdir(void);

#endif
