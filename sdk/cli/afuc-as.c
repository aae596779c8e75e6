/* afuc-as: assembles afuc source into an ELF32 relocatable object, one
 * per source as gcc -c does. `.S` sources go through cpp and m4 first
 * (sdk/pp); `.s` sources are read as they are. The language is in
 * docs/afuc-as.md. */
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

enum {
	OPT_GPU = 1,
	OPT_RNNDB,
	OPT_OUT,
	OPT_INCLUDE,
	OPT_DEFINE,
	OPT_PREPROCESS,
	OPT_LIST,
	OPT_LIST_FILE,
	OPT_MD,
	OPT_MF,
	OPT_MT,
	OPT_FILL_SLOTS,
};

struct args {
	const char **sources;
	size_t source_count;
	const char *output, *rnndb;
	const char *listing;               /* -a: "-"; --listing FILE */
	const char *dep_file, *dep_target; /* -MF, -MT */
	enum isa_gen gen;
	bool preprocess_only, deps, fill_slots;
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
	{OPT_OUT, 'o', NULL, "FILE",
	 "write the object to FILE (default: the source's\nbase name with .o, in the current "
	 "directory)",
	 0, CMD_KEEP_STRING(struct args, output)},
	{OPT_INCLUDE, 'I', NULL, "DIR", ".S sources: search DIR for included files", 0, CMD_CALL,
	 0},
	{OPT_DEFINE, 'D', NULL, "NAME[=VALUE]", ".S sources: define a macro", 0, CMD_CALL, 0},
	{OPT_PREPROCESS, 'E', NULL, NULL,
	 "print the preprocessed source instead of assembling\n"
	 "(to -o FILE when given; without line markers)",
	 0, CMD_KEEP_FLAG(struct args, preprocess_only)},
	{OPT_LIST, 'a', NULL, NULL,
	 "print a listing on standard output: per line, the word\n"
	 "address, the words and the source line",
	 0, CMD_CALL, 0},
	{OPT_LIST_FILE, 0, "listing", "FILE", "write the listing to FILE", 0,
	 CMD_KEEP_STRING(struct args, listing)},
	{OPT_MD, 0, "MD", NULL,
	 "write a make rule naming every file read (the source,\n"
	 "#included headers, m4 files), as gcc -MD -MP does",
	 CMD_SINGLE_DASH, CMD_KEEP_FLAG(struct args, deps)},
	{OPT_MF, 0, "MF", "FILE",
	 "-MD: write the rule to FILE (default: the object's\nname with .d)", CMD_SINGLE_DASH,
	 CMD_KEEP_STRING(struct args, dep_file)},
	{OPT_MT, 0, "MT", "TARGET", "-MD: the rule's target (default: the object)", CMD_SINGLE_DASH,
	 CMD_KEEP_STRING(struct args, dep_target)},
	{OPT_FILL_SLOTS, 'O', "fill-delay-slots", NULL,
	 "move the instruction before a branch into the branch's\n"
	 "nop delay slot where that provably changes nothing",
	 0, CMD_KEEP_FLAG(struct args, fill_slots)},
};

static const struct cmd_spec spec = {
	"afuc-as",
	"[options] FILE...",
	"Assembles afuc source into an ELF32 relocatable object.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	"Each FILE gives its own object, as gcc -c does; with several, -o, -MF,\n"
	"-MT and --listing are refused. FILE '-' is standard input (then -o is\n"
	"needed). Sources ending in .S are preprocessed with cpp and m4 (the\n"
	"SDK's include/afuc/afuc.m4).\n",
	NULL, /* one or more sources: check() counts them */
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	switch (id) {
	case CMD_OPERAND:
		a->sources[a->source_count++] = c->value;
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
	case OPT_LIST:
		a->listing = "-";
		break;
	}
	return -1;
}

/* fw/x.s, x.S, x.asm -> x.o in the current directory, as gcc -c names
 * it; anything else gets .o added. */
static char *default_output(const char *source)
{
	static const char *const exts[] = {".s", ".S", ".asm"};
	return cmd_output_name(source, exts, UTIL_ARRAY_SIZE(exts), ".o");
}

static char *name_output(const void *ctx, const char *source)
{
	(void)ctx;
	return default_output(source);
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	const struct cmd_single singles[] = {
		{"-o", a->output != NULL, "each object is named after its source, as gcc -c does"},
		{"-MF", a->dep_file != NULL, "each rule goes beside its object (a.o: a.d)"},
		{"-MT", a->dep_target != NULL, "each rule's target is its object"},
		{"--listing", a->listing && strcmp(a->listing, "-") != 0,
		 "-a prints the listings, one after the other"},
	};
	/* -E without -MD writes only standard output */
	bool named = !a->preprocess_only || a->deps;
	int status = cmd_check_sources(c, a->sources, a->source_count, singles,
				       UTIL_ARRAY_SIZE(singles), named ? name_output : NULL, NULL);
	if (status >= 0)
		return status;
	if (a->output && a->listing && strcmp(a->output, "-") == 0 && strcmp(a->listing, "-") == 0)
		return cmd_usage_error(c, "-o - and -a would both write standard output: name "
					  "the listing's file with --listing FILE");
	const char *source = a->sources[0];
	if (strcmp(source, "-") == 0 && !a->output && !a->preprocess_only)
		return cmd_usage_error(c, "the source is standard input: name the object with -o");
	if ((a->dep_file || a->dep_target) && !a->deps)
		return cmd_usage_error(c, "%s needs -MD", a->dep_file ? "-MF" : "-MT");
	if (a->deps && !a->dep_file && !a->output && strcmp(source, "-") == 0)
		return cmd_usage_error(c, "-MD with standard input: name the rule's file with -MF");
	if (a->preprocess_only && a->listing)
		return cmd_usage_error(c, "-E assembles nothing to list: no -a or --listing");
	return -1;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The source text: preprocessed for .S, as it is otherwise. */
static bool read_source(const struct args *a, const char *source, struct pp_deps *deps, char **text,
			size_t *len, struct diag *d)
{
	if (!ends_with(source, ".S")) {
		if (deps)
			pp_deps_add(deps, source);
		uint8_t *data;
		/* the bound of a preprocessed source holds for a plain one too */
		int err = util_read_file_max(source, PP_MAX_OUTPUT, &data, len);
		if (err == EFBIG)
			diag_error(d, diag_at(source, 0, 0),
				   "cannot read: larger than %u bytes, the most afuc-as reads",
				   PP_MAX_OUTPUT);
		else if (err)
			diag_error(d, diag_at(source, 0, 0), "cannot read: %s", strerror(err));
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
		.deps = deps,
	};
	bool ok = pp_run(source, &o, text, len, d);
	free(library);
	return ok;
}

/* One source: its object (or -E's text), listing and rule, all or none. */
static int run(const struct args *a, const char *source, struct diag *d)
{
	struct pp_deps deps = {0};
	char *text;
	size_t len;
	if (!read_source(a, source, a->deps ? &deps : NULL, &text, &len, d)) {
		pp_deps_free(&deps);
		return 1;
	}
	struct as_listing listing = {0};
	struct as_options opt = {.gen = a->gen,
				 .rnndb_dir = a->rnndb,
				 .listing = a->listing ? &listing : NULL,
				 .fill_delay_slots = a->fill_slots};
	struct obj_file obj = {0};
	const char *name = strcmp(source, "-") == 0 ? "<stdin>" : source;
	char *out = a->output            ? util_xstrdup(a->output)
		    : a->preprocess_only ? util_xstrdup("-")
					 : default_output(source);
	uint8_t *bytes = NULL;
	size_t bytes_len = 0;
	bool ok;
	if (a->preprocess_only) {
		pp_strip_markers(text, &len);
		ok = true;
	} else {
		ok = as_assemble(text, len, name, &opt, &obj, d) &&
		     obj_write_mem(&obj, &bytes, &bytes_len, d);
	}
	/* all or none: a failed assembly leaves every old file as it was */
	struct cmd_outputs o = {0};
	struct util_str list = {0}, rule = {0};
	char *dep_file = NULL, *target = NULL;
	if (ok) {
		if (a->preprocess_only)
			cmd_outputs_add(&o, "the preprocessed source", out, text, len);
		else
			cmd_outputs_add(&o, "object", out, bytes, bytes_len);
		if (a->listing) {
			as_listing_print(&listing, &obj, &list);
			cmd_outputs_add(&o, "listing", a->listing, list.text, list.len);
		}
		if (a->deps) {
			/* the object names the rule, -E's text or not (gcc's way) */
			target = a->output ? util_xstrdup(a->output) : default_output(source);
			dep_file = a->dep_file ? util_xstrdup(a->dep_file) : cmd_dep_file(target);
			ok = pp_deps_rule(&deps, a->dep_target ? a->dep_target : target,
					  !a->dep_target, &rule, d);
			cmd_outputs_add(&o, "make rule", dep_file, rule.text, rule.len);
		}
		ok = ok && cmd_outputs_write(&o, d);
	}
	free(text);
	free(bytes);
	free(out);
	free(dep_file);
	free(target);
	util_str_free(&list);
	util_str_free(&rule);
	as_listing_free(&listing);
	pp_deps_free(&deps);
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
	a.sources = util_xcalloc((size_t)argc, sizeof *a.sources);
	int status = cmd_parse(&c, take, check, &a);
	if (status < 0) {
		/* A source with errors does not stop the others (gcc -c's
		 * way); the exit status says that one failed. */
		status = 0;
		for (size_t i = 0; i < a.source_count; i++) {
			struct diag d;
			diag_init(&d);
			d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
			if (run(&a, a.sources[i], &d))
				status = 1;
			cmd_print_diag(&c, &d);
			diag_free(&d);
		}
	}
	free(a.sources);
	free(a.defines);
	free(a.includes);
	xmlCleanupParser();
	return cmd_finish(&c, status);
}
