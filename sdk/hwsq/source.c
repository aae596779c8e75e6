/* From a source file to a program: cpp and m4 (with the HWSQ macro
 * library), then the compiler. */
#include <stdlib.h>

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

bool hwsq_preprocess(const char *path, const struct hwsq_source_options *so,
		     enum hwsq_family family, char **text, size_t *len, struct diag *d)
{
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
	};
	bool ok = pp_run(path, &ppo, text, len, d);
	free(library);
	free(defines);
	free(chip);
	free(ram);
	return ok;
}
