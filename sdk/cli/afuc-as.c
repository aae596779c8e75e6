/* afuc-as: assembles afuc source into an ELF32 relocatable object.
 * `.S` sources go through cpp and m4 first (sdk/pp); `.s` sources are
 * read as they are. The language is in docs/afuc-as.md. */
#include <libxml/parser.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "as/as.h"
#include "fw/fw.h"
#include "pp/pp.h"

static const char usage_text[] =
	"usage: afuc-as [options] FILE\n"
	"  --gpu a5xx|a6xx|a7xx  the generation when the source has no .gpu\n"
	"                        (default: from the firmware id in the first raw word)\n"
	"  --rnndb DIR           read register and packet names from DIR\n"
	"  -o FILE               write the object to FILE (default: FILE with .o)\n"
	"  -I DIR                .S sources: search DIR for included files\n"
	"  -D NAME[=VALUE]       .S sources: define a macro\n"
	"  -E                    print the preprocessed source instead of assembling\n"
	"  --version             print the version\n"
	"  -h, --help            show this help\n"
	"FILE '-' is standard input (then -o is needed). Sources ending in .S are\n"
	"preprocessed with cpp and m4 (the SDK's include/afuc/afuc.m4).\n";

struct args {
	const char *source, *output, *rnndb;
	enum isa_gen gen;
	bool preprocess_only;
	const char **defines, **includes;
	size_t define_count, include_count;
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "afuc-as: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage_text);
	return 2;
}

/* Returns -1 when the arguments are good, or the exit status. */
static int parse_args(int argc, char **argv, struct args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (util_info_option(s, "afuc-as", usage_text))
			return 0;
		if (strcmp(s, "-E") == 0) {
			a->preprocess_only = true;
			continue;
		} else if (strncmp(s, "-D", 2) == 0 && s[2]) {
			a->defines[a->define_count++] = s + 2;
			continue;
		} else if (strncmp(s, "-I", 2) == 0 && s[2]) {
			a->includes[a->include_count++] = s + 2;
			continue;
		} else if (s[0] != '-' || strcmp(s, "-") == 0) {
			if (a->source)
				return usage_error("one source at a time, found '%s' too", s);
			a->source = s;
			continue;
		} else if (!v) {
			return usage_error("'%s' needs a value", s);
		} else if (strcmp(s, "--gpu") == 0) {
			if (!fw_gen_of_part(v, &a->gen))
				return usage_error(
					"unknown generation '%s': --gpu takes a5xx, a6xx "
					"or a7xx (or a part: a630, gen70500...)",
					v);
		} else if (strcmp(s, "-o") == 0) {
			a->output = v;
		} else if (strcmp(s, "--rnndb") == 0) {
			a->rnndb = v;
		} else if (strcmp(s, "-D") == 0) {
			a->defines[a->define_count++] = v;
		} else if (strcmp(s, "-I") == 0) {
			a->includes[a->include_count++] = v;
		} else {
			return usage_error("unknown option '%s'", s);
		}
		i++;
	}
	if (!a->source)
		return usage_error("%s", "no source file");
	if (strcmp(a->source, "-") == 0 && !a->output && !a->preprocess_only)
		return usage_error("%s", "the source is standard input: name the object with -o");
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
	struct args a = {0};
	a.defines = util_xcalloc((size_t)argc, sizeof *a.defines);
	a.includes = util_xcalloc((size_t)argc, sizeof *a.includes);
	int status = parse_args(argc, argv, &a);
	if (status < 0) {
		struct diag d;
		diag_init(&d);
		d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
		status = run(&a, &d);
		diag_print(&d, stderr, "afuc-as");
		diag_free(&d);
	}
	free(a.defines);
	free(a.includes);
	xmlCleanupParser();
	return status;
}
