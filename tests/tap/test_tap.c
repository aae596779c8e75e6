/* The TAP helper itself: what a failing check prints, and plan handling. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"

static char *run_into_string(void (*body)(struct tap *), int *status)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct tap inner;
	tap_init(&inner, f);
	body(&inner);
	*status = tap_done_testing(&inner);
	fclose(f);
	return text;
}

static void passing_and_failing(struct tap *t)
{
	tap_ok(t, true, "fine");
	tap_is_hex(t, 0x12, 0x13, "word %d", 4);
	tap_is_str(t, "a", "b", "names # with hash");
	tap_skip(t, 1, "no image");
}

static void planned_too_many(struct tap *t)
{
	tap_plan(t, 2);
	tap_ok(t, true, "one");
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	int status;
	char *text = run_into_string(passing_and_failing, &status);
	char *at = strstr(text, "#   at ");
	tap_ok(&t, at != NULL, "a failure names its file and line");
	tap_ok(&t, strstr(text, "ok 1 - fine\n") == text, "a pass is 'ok N - name'");
	tap_ok(&t, strstr(text, "not ok 2 - word 4\n") != NULL, "a failure is 'not ok N'");
	tap_ok(&t, strstr(text, "#          got: 0x00000012\n#     expected: 0x00000013\n") != NULL,
	       "hex comparison shows both values");
	tap_ok(&t, strstr(text, "not ok 3 - names   with hash\n") != NULL,
	       "'#' in a name cannot start a TAP directive");
	tap_ok(&t, strstr(text, "ok 4 # skip no image\n") != NULL, "skip directive");
	tap_ok(&t, strstr(text, "\n1..4\n") != NULL, "done_testing prints the real count");
	tap_is_int(&t, status, 1, "failures give exit status 1");
	free(text);

	text = run_into_string(planned_too_many, &status);
	tap_ok(&t, strstr(text, "# planned 2 tests but ran 1\n") != NULL,
	       "a short run against its plan is reported");
	tap_is_int(&t, status, 1, "and fails");
	free(text);
	return tap_done_testing(&t);
}
