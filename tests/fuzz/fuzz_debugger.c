/* The debugger's command language (afuc-emu -i -x FILE): a session on
 * the SDK's a6xx image (with the ELF beside it, so that lines and labels
 * are known) reads the input as its command file, to its end, with a
 * small step limit; the transcript goes nowhere. */
#include <stdio.h>
#include <stdlib.h>

#include "dbg/dbg.h"
#include "fuzz.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	const char *build = getenv("SDK_BUILD");
	char *image = util_xasprintf("%s/firmware/a6xx/sqe.fw", build && *build ? build : "build");
	FILE *out = fopen("/dev/null", "w");
	char *error = NULL;
	struct dbg *d = dbg_new(&(struct dbg_options){.commands = fuzz_file(".cmds", data, size),
						      .script_only = true,
						      .out = out},
				&error);
	if (d) {
		dbg_run_image(d, image, 0, 20000, NULL, &error);
		free(error);
		error = NULL;
	}
	dbg_free(d);
	free(error);
	if (out)
		fclose(out);
	free(image);
	return 0;
}
