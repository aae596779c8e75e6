/* An afuc-emu test file: parsed and run (on the images it names: the
 * SDK's own, found through $AFUC_FIRMWARE_DIR-style directories given by
 * the fuzz run), with a small step limit. */
#include <stdio.h>
#include <stdlib.h>

#include "emutest/emutest.h"
#include "fuzz.h"

static void drop(void *ctx, const char *text)
{
	(void)ctx;
	(void)text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	char *text = fuzz_text(data, size);
	struct diag d;
	diag_init(&d);
	struct emutest *s = emutest_parse("fuzz.emu", text, &d);
	if (s) {
		const char *dir = getenv("AFUC_FUZZ_FIRMWARE");
		const char *const dirs[] = {dir ? dir : ".", NULL};
		struct emutest_run r = {.emit = drop, .step_limit = 20000, .firmware_dirs = dirs};
		emutest_exec(s, &r, &d);
		emu_free(r.emu);
		emutest_free(s);
	}
	diag_free(&d);
	free(text);
	return 0;
}
