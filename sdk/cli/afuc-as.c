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
};

struct args {
	const char *source, *output, *rnndb;
	const char *listing;               /* -a: "-"; --listing FILE */
	const char *dep_file, *dep_target; /* -MF, -MT */
	enum isa_gen gen;
	bool preprocess_only, deps;
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
	case OPT_LIST:
		a->listing = "-";
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
	if ((a->dep_file || a->dep_target) && !a->deps)
		return cmd_usage_error(c, "%s needs -MD", a->dep_file ? "-MF" : "-MT");
	if (a->deps && !a->dep_file && !a->output && strcmp(a->source, "-") == 0)
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

/* -MD's file: the output's name with its extension (if any) replaced
 * by .d, as gcc names it. */
static char *default_dep_file(const char *output)
{
	const char *base = strrchr(output, '/');
	base = base ? base + 1 : output;
	const char *dot = strrchr(base, '.');
	size_t keep = dot && dot != base ? (size_t)(dot - output) : strlen(output);
	return util_xasprintf("%.*s.d", (int)keep, output);
}

/* The source text: preprocessed for .S, as it is otherwise. */
static bool read_source(const struct args *a, struct pp_deps *deps, char **text, size_t *len,
			struct diag *d)
{
	if (!ends_with(a->source, ".S")) {
		if (deps)
			pp_deps_add(deps, a->source);
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
		.deps = deps,
	};
	bool ok = pp_run(a->source, &o, text, len, d);
	free(library);
	return ok;
}

/* Everything the run writes, all or none: the object (or -E's text), the
 * listing and the make rule. */
struct outputs {
	const char *paths[3];
	const char *what[3]; /* for the message: "cannot write object" */
	const void *data[3];
	size_t len[3];
	size_t count;
};

static void output(struct outputs *o, const char *what, const char *path, const void *data,
		   size_t len)
{
	o->what[o->count] = what;
	o->paths[o->count] = path;
	o->data[o->count] = data;
	o->len[o->count++] = len;
}

static bool write_outputs(const struct outputs *o, struct diag *d)
{
	struct util_outputs group = {0};
	int err = 0;
	size_t failed = 0;
	for (size_t i = 0; i < o->count && !err; i++) {
		err = util_outputs_add(&group, o->paths[i], o->data[i], o->len[i]);
		failed = group.count;
	}
	if (err)
		util_outputs_abort(&group);
	else
		err = util_outputs_commit(&group, &failed);
	if (err)
		diag_error(d,
			   diag_at(strcmp(o->paths[failed], "-") ? o->paths[failed] : "<stdout>", 0,
				   0),
			   "cannot write %s: %s", o->what[failed], strerror(err));
	return !err;
}

static int run(const struct args *a, struct diag *d)
{
	struct pp_deps deps = {0};
	char *text;
	size_t len;
	if (!read_source(a, a->deps ? &deps : NULL, &text, &len, d)) {
		pp_deps_free(&deps);
		return 1;
	}
	struct as_listing listing = {0};
	struct as_options opt = {
		.gen = a->gen, .rnndb_dir = a->rnndb, .listing = a->listing ? &listing : NULL};
	struct obj_file obj = {0};
	const char *name = strcmp(a->source, "-") == 0 ? "<stdin>" : a->source;
	char *out = a->output            ? util_xstrdup(a->output)
		    : a->preprocess_only ? util_xstrdup("-")
					 : default_output(a->source);
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
	struct outputs o = {0};
	struct util_str list = {0}, rule = {0};
	char *dep_file = NULL, *target = NULL;
	if (ok) {
		if (a->preprocess_only)
			output(&o, "the preprocessed source", out, text, len);
		else
			output(&o, "object", out, bytes, bytes_len);
		if (a->listing) {
			as_listing_print(&listing, &obj, &list);
			output(&o, "listing", a->listing, list.text ? list.text : "", list.len);
		}
		if (a->deps) {
			/* the object names the rule, -E's text or not (gcc's way) */
			target = a->output ? util_xstrdup(a->output) : default_output(a->source);
			dep_file = a->dep_file ? util_xstrdup(a->dep_file)
					       : default_dep_file(target);
			pp_deps_rule(&deps, a->dep_target ? a->dep_target : target, !a->dep_target,
				     &rule);
			output(&o, "make rule", dep_file, rule.text, rule.len);
		}
		ok = write_outputs(&o, d);
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
