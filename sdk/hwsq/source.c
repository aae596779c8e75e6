/* From a source file to a program: cpp and m4 (with the HWSQ macro
 * library), then the compiler. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"
#include "pp/pp.h"

bool hwsq_compile_file(const char *path, const struct hwsq_source_options *so,
		       const struct hwsq_as_options *o, struct hwsq_program *p, struct diag *d)
{
	char *text = NULL;
	size_t len = 0;
	bool ok = hwsq_preprocess(path, so, o->family, &text, &len, d);
	if (ok)
		ok = hwsq_assemble(text, path, o, p, d);
	else
		*p = (struct hwsq_program){.family = o->family};
	free(text);
	return ok;
}

/* The source itself, before cpp reads it: no larger than any real one
 * (cpp would read all of /dev/zero), not empty, and free of NUL bytes
 * (which cpp drops with only a warning). Standard input cannot be read twice, and a
 * file that cannot be read is left to cpp to report. */
static bool check_source(const char *path, struct diag *d)
{
	uint8_t *data;
	size_t len;
	if (strcmp(path, "-") == 0)
		return true;
	int err = hwsq_read_input(path, &data, &len);
	if (err == EFBIG) {
		diag_error(d, diag_at(path, 0, 0), "%s", hwsq_input_error(err));
		return false;
	}
	if (err)
		return true;
	if (len == 0) {
		/* it would compile to an image of nothing but exits */
		diag_error(d, diag_at(path, 0, 0),
			   "the source is empty: expected at least one statement");
		free(data);
		return false;
	}
	unsigned line, col;
	bool nul = hwsq_find_nul((const char *)data, len, &line, &col);
	if (nul)
		diag_error(d, diag_at(path, line, col), "expected text, found a NUL byte");
	free(data);
	return !nul;
}

bool hwsq_preprocess(const char *path, const struct hwsq_source_options *so,
		     enum hwsq_family family, char **text, size_t *len, struct diag *d)
{
	if (!check_source(path, d))
		return false;
	const struct hwsq_family_info *fam = hwsq_family_info(family);
	/* The family is visible to cpp: #ifdef HWSQ_CHIP_NV92. */
	char *chip = util_xasprintf("HWSQ_CHIP_%s=1", fam->variant);
	char *ram = util_xasprintf("HWSQ_RAM_SIZE=0x%x", fam->ram_size);
	size_t count = so->define_count + 2;
	const char **defines = util_xcalloc(count, sizeof *defines);
	defines[0] = chip;
	defines[1] = ram;
	for (size_t i = 0; i < so->define_count; i++)
		defines[i + 2] = so->defines[i];
	char *library = util_sdk_path("include/afuc/hwsq.m4");
	struct pp_options ppo = {
		.include_dirs = so->include_dirs,
		.include_count = so->include_count,
		.defines = defines,
		.define_count = count,
		.m4_library = library,
		.m4_prefix_builtins = true,
		.deps = so->deps,
	};
	bool ok = pp_run(path, &ppo, text, len, d);
	free(library);
	free(defines);
	free(chip);
	free(ram);
	return ok;
}
