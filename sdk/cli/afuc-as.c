/* afuc-as: assembles afuc source into an ELF32 relocatable object.
 * `.S` sources go through cpp and m4 first (sdk/pp); `.s` sources are
 * read as they are. The language is in docs/afuc-as.md. */
#include <libxml/parser.h>

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "as/as.h"
#include "cmd/cmd.h"
#include "fw/fw.h"
#include "pp/pp.h"

enum { OPT_GPU = 1, OPT_RNNDB, OPT_OUT, OPT_INCLUDE, OPT_DEFINE, OPT_PREPROCESS };

struct args {
	const char *source, *output, *rnndb;
	enum isa_gen gen;
	bool preprocess_only;
	const char **defines, **includes;
	size_t define_count, include_count;
};

static const struct cmd_option options[] = {
	{OPT_GPU, 0, "gpu", "GEN",
	 "a5xx, a6xx or a7xx (or a part: a630, gen70500...) when the\n"
	 "source has no .gpu (default: from the firmware id in the\n"
	 "first raw word)",
	 0, CMD_CALL, 0},
	{OPT_RNNDB, 0, "rnndb", "DIR", "read register and packet names from DIR", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
	{OPT_OUT, 'o', NULL, "FILE", "write the object to FILE (default: FILE with .o)", 0,
	 CMD_KEEP_STRING(struct args, output)},
	{OPT_INCLUDE, 'I', NULL, "DIR", ".S sources: search DIR for included files", 0, CMD_CALL,
	 0},
	{OPT_DEFINE, 'D', NULL, "NAME[=VALUE]", ".S sources: define a macro", 0, CMD_CALL, 0},
	{OPT_PREPROCESS, 'E', NULL, NULL, "print the preprocessed source instead of assembling", 0,
	 CMD_KEEP_FLAG(struct args, preprocess_only)},
};

static const struct cmd_spec spec = {
	"afuc-as",
	"[options] FILE",
	"Assembles afuc source into an ELF32 relocatable object.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	"FILE '-' is standard input (then -o is needed). Sources ending in .S are\n"
	"preprocessed with cpp and m4 (the SDK's include/afuc/afuc.m4).\n",
	"source file",
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	switch (id) {
	case CMD_OPERAND:
		a->source = c->value;
		break;
	case OPT_GPU:
		if (!fw_gen_of_part(c->value, &a->gen))
			return cmd_bad_value(c,
					     "a5xx, a6xx or a7xx (or a part: a630, gen70500...)");
		break;
	case OPT_INCLUDE:
		a->includes[a->include_count++] = c->value;
		break;
	case OPT_DEFINE:
		a->defines[a->define_count++] = c->value;
		break;
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (strcmp(a->source, "-") == 0 && !a->output && !a->preprocess_only)
		return cmd_usage_error(c, "the source is standard input: name the object with -o");
	return -1;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* x.s, x.S, x.asm -> x.o; anything else gets .o added. */
static char *default_output(const char *source)
{
	static const char *const exts[] = {".s", ".S", ".asm"};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(exts); i++)
		if (ends_with(source, exts[i]))
			return util_xasprintf("%.*s.o", (int)(strlen(source) - strlen(exts[i])),
					      source);
	return util_xasprintf("%s.o", source);
}

/* The source text: preprocessed for .S, as it is otherwise. */
static bool read_source(const struct args *a, char **text, size_t *len, struct diag *d)
{
	if (!ends_with(a->source, ".S")) {
		uint8_t *data;
		/* the bound of a preprocessed source holds for a plain one too */
		int err = util_read_file_max(a->source, PP_MAX_OUTPUT, &data, len);
		if (err == EFBIG)
			diag_error(d, diag_at(a->source, 0, 0),
				   "cannot read: larger than %u bytes, the most afuc-as reads",
				   PP_MAX_OUTPUT);
		else if (err)
			diag_error(d, diag_at(a->source, 0, 0), "cannot read: %s", strerror(err));
		if (err)
			return false;
		*text = (char *)data;
		return true;
	}
	char *library = util_sdk_path("include/afuc/afuc.m4");
	struct pp_options o = {
		.include_dirs = a->includes,
		.include_count = a->include_count,
		.defines = a->defines,
		.define_count = a->define_count,
		.m4_library = access(library, R_OK) == 0 ? library : NULL,
		.m4_prefix_builtins = true,
	};
	bool ok = pp_run(a->source, &o, text, len, d);
	free(library);
	return ok;
}

static int run(const struct args *a, struct diag *d)
{
	char *text;
	size_t len;
	if (!read_source(a, &text, &len, d))
		return 1;
	if (a->preprocess_only) {
		bool ok = fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0;
		free(text);
		if (!ok)
			diag_error(d, DIAG_NOWHERE, "cannot write standard output");
		return ok ? 0 : 1;
	}
	struct as_options opt = {.gen = a->gen, .rnndb_dir = a->rnndb};
	struct obj_file obj;
	const char *name = strcmp(a->source, "-") == 0 ? "<stdin>" : a->source;
	bool ok = as_assemble(text, len, name, &opt, &obj, d);
	free(text);
	if (ok) {
		char *out = a->output ? util_xstrdup(a->output) : default_output(a->source);
		ok = obj_write(&obj, out, d);
		free(out);
	}
	obj_free(&obj);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	a.defines = util_xcalloc((size_t)argc, sizeof *a.defines);
	a.includes = util_xcalloc((size_t)argc, sizeof *a.includes);
	int status = cmd_parse(&c, take, check, &a);
	if (status < 0) {
		struct diag d;
		diag_init(&d);
		d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
		status = run(&a, &d);
		cmd_print_diag(&c, &d);
		diag_free(&d);
	}
	free(a.defines);
	free(a.includes);
	xmlCleanupParser();
	return cmd_finish(&c, status);
}
