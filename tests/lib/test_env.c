/* Linked into every compiled test (sdk_ctest): run by hand, from any
 * directory, a test finds the tree and the build that made it as make
 * check would give them (SDK_ROOT, SDK_BUILD, SDK_BIN; those already set
 * win) and runs from the root, as tests/run-test runs it. */
#include "test_env.h"

#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void test_env(void)
{
	if (!getenv("SDK_ROOT") && chdir(SDK_TEST_ROOT) != 0)
		return;
	setenv("SDK_ROOT", SDK_TEST_ROOT, 0);
	setenv("SDK_BUILD", SDK_TEST_BUILD, 0);
	setenv("SDK_BIN", SDK_TEST_BUILD "/bin", 0);
}

const char *test_tmpdir(void)
{
	const char *dir = getenv("TMPDIR");
	return dir && *dir ? dir : "/tmp";
}
