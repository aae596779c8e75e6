/* hwsq-as: compiles HWSQ scripts for a chip family into code RAM
 * images, C headers or the upload sequences a driver performs; with -c
 * one output per script, named after it, as gcc -c does. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "hwsq/hwsq.h"
#include "hwsq/listing.h"
#include "pp/pp.h"

enum {
	OPT_CHIP = 1,
	OPT_OUT,
	OPT_FORMAT,
	OPT_ENTRY,
	OPT_SLOT,
	OPT_NAME,
	OPT_DEFINE,
	OPT_INCLUDE,
	OPT_RNNDB,
	OPT_STATS,
	OPT_PREPROCESS,
	OPT_MD,
	OPT_MF,
	OPT_MT,
	OPT_EACH,
	OPT_LIST,
	OPT_LIST_FILE,
};

enum emit_kind { EMIT_BIN, EMIT_C, EMIT_C_KERNEL, EMIT_UPLOAD };

/* --format's names, and the extension -c gives each kind's output */
static const struct {
	const char *name, *ext;
} formats[] = {
	[EMIT_BIN] = {"bin", ".bin"},
	[EMIT_C] = {"c", ".h"},
	[EMIT_C_KERNEL] = {"c-kernel", ".h"},
	[EMIT_UPLOAD] = {"upload", ".up"},
};

struct args {
	const char **sources;
	size_t source_count;
	const char *chip, *output, *name, *rnndb;
	const char *listing;               /* -a: "-"; --listing FILE */
	const char *dep_file, *dep_target; /* -MF, -MT */
	bool deps;                         /* -MD */
	bool each;                         /* -c */
	enum emit_kind emit;
	enum hwsq_family family; /* from chip */
	unsigned entry;
	enum hwsq_slot slot;
	bool stats, preprocess_only;
	const char **defines, **includes;
	size_t define_count, include_count;
};

static const struct cmd_option options[] = {
	{OPT_CHIP, 0, "chip", "CHIP",
	 "a chip (nv50, g84, nv92, gt215...) or a family (nv17, nv41,\n"
	 "nv50, nv92), any case: the family of the code RAM",
	 CMD_REQUIRED, CMD_KEEP_STRING(struct args, chip)},
	{OPT_OUT, 'o', NULL, "FILE", "write the output to FILE (- for standard output)", 0,
	 CMD_KEEP_STRING(struct args, output)},
	{OPT_EACH, 'c', NULL, NULL,
	 "write each SOURCE's output to its base name with .bin,\n"
	 ".h or .up (by --format), in the current directory",
	 0, CMD_KEEP_FLAG(struct args, each)},
	{OPT_FORMAT, 0, "format", "KIND",
	 "bin (the code RAM image, default), c (a C header),\n"
	 "c-kernel (a C header for a Linux driver: u32, no\n"
	 "<stdint.h>) or upload (the MMIO writes that load and\n"
	 "start the script)",
	 0, CMD_CALL, 0},
	{OPT_FORMAT, 0, "emit", "KIND", "the same as --format", 0, CMD_CALL, 0},
	{OPT_ENTRY, 0, "entry", "N", "upload: the entry point TRIGGER starts (default 0)", 0,
	 CMD_CALL, 0},
	{OPT_SLOT, 0, "slot", "a|b", "upload: the execution slot (default a)", 0, CMD_CALL, 0},
	{OPT_NAME, 0, "name", "NAME",
	 "c: the prefix of the identifiers (default: from the file name)", 0,
	 CMD_KEEP_STRING(struct args, name)},
	{OPT_DEFINE, 'D', NULL, "NAME[=VALUE]", "define a macro for the preprocessor", 0, CMD_CALL,
	 0},
	{OPT_INCLUDE, 'I', NULL, "DIR", "search DIR for included files", 0, CMD_CALL, 0},
	{OPT_RNNDB, 0, "rnndb", "DIR", "read register, flag and event names from DIR", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
	{OPT_STATS, 0, "stats", NULL,
	 "print the size report: bytes against a greedy encoder,\n"
	 "delays asked and encoded",
	 0, CMD_KEEP_FLAG(struct args, stats)},
	{OPT_LIST, 'a', NULL, NULL,
	 "print a listing on standard output: per line, the byte\n"
	 "address, the bytes and the source line",
	 0, CMD_CALL, 0},
	{OPT_LIST_FILE, 0, "listing", "FILE", "write the listing to FILE", 0,
	 CMD_KEEP_STRING(struct args, listing)},
	{OPT_PREPROCESS, 'E', NULL, NULL,
	 "print the preprocessed source instead of compiling\n"
	 "(to -o FILE when given; without line markers)",
	 0, CMD_KEEP_FLAG(struct args, preprocess_only)},
	{OPT_MD, 0, "MD", NULL,
	 "write a make rule naming every file read (the source,\n"
	 "#included headers, m4 files), as gcc -MD -MP does",
	 CMD_SINGLE_DASH, CMD_KEEP_FLAG(struct args, deps)},
	{OPT_MF, 0, "MF", "FILE",
	 "-MD: write the rule to FILE (default: the output's\nname with .d)", CMD_SINGLE_DASH,
	 CMD_KEEP_STRING(struct args, dep_file)},
	{OPT_MT, 0, "MT", "TARGET", "-MD: the rule's target (default: the output)", CMD_SINGLE_DASH,
	 CMD_KEEP_STRING(struct args, dep_target)},
};

static const struct cmd_spec spec = {
	"hwsq-as",
	"--chip CHIP [options] SOURCE...",
	"Compiles an HWSQ script into a code RAM image, a C header or the upload\n"
	"sequence a driver performs.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	"Without -o or -c a SOURCE is only checked. Each SOURCE is compiled on its\n"
	"own; with several, -o, -MF, -MT, --listing and --name are refused.\n",
	NULL, /* one or more sources: check() counts them */
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	const char *v = c->value;
	switch (id) {
	case CMD_OPERAND:
		a->sources[a->source_count++] = v;
		break;
	case OPT_LIST:
		a->listing = "-";
		break;
	case OPT_DEFINE:
		a->defines[a->define_count++] = v;
		break;
	case OPT_INCLUDE:
		a->includes[a->include_count++] = v;
		break;
	case OPT_FORMAT:
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(formats); k++)
			if (strcmp(v, formats[k].name) == 0) {
				a->emit = (enum emit_kind)k;
				return -1;
			}
		return cmd_bad_value(c, "bin, c, c-kernel or upload");
	case OPT_ENTRY:
		if (strlen(v) != 1 || v[0] < '0' || v[0] > '3')
			return cmd_bad_value(c, "0, 1, 2 or 3");
		a->entry = (unsigned)(v[0] - '0');
		break;
	case OPT_SLOT:
		if (!hwsq_parse_slot(v, &a->slot))
			return cmd_bad_value(c, "a or b");
		break;
	}
	return -1;
}

/* The C identifier prefix: the output (or source) file's base name. */
static char *default_name(const char *source, const char *output)
{
	return util_c_identifier(output && strcmp(output, "-") != 0 ? output : source, "hwsq_");
}

/* Where source's output goes: -o, -c's name for it, or nowhere (a check
 * only; NULL). malloc'ed. */
static char *output_of(const struct args *a, const char *source)
{
	static const char *const exts[] = {".hwsq"};
	if (a->output)
		return util_xstrdup(a->output);
	if (!a->each)
		return NULL;
	return cmd_output_name(source, exts, UTIL_ARRAY_SIZE(exts), formats[a->emit].ext);
}

static void print_stats(const struct hwsq_program *p, const char *source)
{
	struct hwsq_stats s;
	hwsq_program_stats(p, &s);
	const struct hwsq_family_info *fam = hwsq_family_info(p->family);
	uint8_t ram[0x200];
	hwsq_image(p, ram);
	uint64_t used = hwsq_image_used(p->family, ram, fam->ram_size);
	/* One line of name=value pairs, for people and for scripts. */
	printf("stats: source=%s chip=%s bytes=%zu greedy=%zu naive=%zu writes=%zu delays=%zu "
	       "asked_ns=%llu encoded_us=%llu greedy_us=%llu ram=%u free=%llu\n",
	       source, fam->name, s.bytes, s.greedy_bytes, s.naive_bytes, s.writes, s.delays,
	       (unsigned long long)s.requested_ns, (unsigned long long)s.encoded_us,
	       (unsigned long long)s.greedy_us, fam->ram_size,
	       (unsigned long long)(fam->ram_size - used));
}

/* The output's bytes, in out. */
static void emit(const struct args *a, const char *source, const char *output,
		 const struct hwsq_program *p, struct util_str *out)
{
	if (a->emit == EMIT_BIN) {
		uint8_t ram[0x200];
		hwsq_image(p, ram);
		util_str_putn(out, (const char *)ram, hwsq_family_info(p->family)->ram_size);
	} else if (a->emit == EMIT_C || a->emit == EMIT_C_KERNEL) {
		char *name = a->name ? util_xstrdup(a->name) : default_name(source, output);
		hwsq_emit_c(p, name, source, a->emit == EMIT_C_KERNEL, out);
		free(name);
	} else {
		hwsq_emit_upload(p, a->entry, a->slot, out);
	}
}

/* Writes the output (when there is one), the listing (-a) and the make
 * rule (-MD), all or none. */
static bool write_outputs(const struct args *a, const char *out, const struct util_str *text,
			  const struct util_str *list, const struct pp_deps *deps, struct diag *d)
{
	struct cmd_outputs o = {0};
	struct util_str rule = {0};
	char *dep_file = NULL;
	bool ok = true;
	if (out)
		cmd_outputs_add(&o, NULL, out, text->text, text->len);
	if (a->listing)
		cmd_outputs_add(&o, "listing", a->listing, list->text, list->len);
	if (a->deps) {
		/* check() made sure there is a file to name */
		const char *target = a->dep_target ? a->dep_target : out;
		dep_file = a->dep_file ? util_xstrdup(a->dep_file) : cmd_dep_file(out);
		ok = pp_deps_rule(deps, target, !a->dep_target, &rule, d);
		cmd_outputs_add(&o, "make rule", dep_file, rule.text, rule.len);
	}
	ok = ok && cmd_outputs_write(&o, d);
	util_str_free(&rule);
	free(dep_file);
	return ok;
}

/* -E: the text the compiler would read, without the line markers that
 * only locate it. */
static bool preprocess(const struct args *a, const char *source,
		       const struct hwsq_source_options *so, enum hwsq_family family,
		       struct diag *d)
{
	char *text = NULL;
	size_t len = 0;
	bool ok = hwsq_preprocess(source, so, family, &text, &len, d);
	if (ok) {
		pp_strip_markers(text, &len);
		struct util_str s = {.text = text, .len = len, .cap = len + 1};
		ok = write_outputs(a, a->output ? a->output : "-", &s, NULL, so->deps, d);
	}
	free(text);
	return ok;
}

static bool compile(const struct args *a, const char *source, const struct hwsq_source_options *so,
		    const struct hwsq_as_options *ao, struct diag *d)
{
	struct hwsq_listing listing = {0};
	struct hwsq_program p = {.family = ao->family};
	char *text = NULL;
	size_t len = 0;
	/* hwsq_compile_file, with the listing */
	bool ok = hwsq_preprocess(source, so, ao->family, &text, &len, d) &&
		  hwsq_assemble_listing(text, source, ao, a->listing ? &listing : NULL, &p, d);
	free(text);
	if (ok && a->stats)
		print_stats(&p, source);
	char *output = output_of(a, source);
	struct util_str out = {0}, list = {0};
	if (ok && output)
		emit(a, source, output, &p, &out);
	if (ok && a->listing)
		hwsq_listing_print(&listing, &p, &list);
	if (ok)
		ok = write_outputs(a, output, &out, &list, so->deps, d);
	free(output);
	util_str_free(&out);
	util_str_free(&list);
	hwsq_listing_free(&listing);
	hwsq_program_free(&p);
	return ok;
}

static char *name_output(const void *ctx, const char *source)
{
	return output_of(ctx, source);
}

/* What several sources, -c and the listing rule out: -1 when the line
 * is good, else the exit status. */
static int check_sources(struct cmd *c, const struct args *a)
{
	const struct cmd_single singles[] = {
		{"-o", a->output != NULL,
		 "-c writes each output, named after its source, as gcc -c does"},
		{"-MF", a->dep_file != NULL, "each rule goes beside its output (a.bin: a.d)"},
		{"-MT", a->dep_target != NULL, "each rule's target is its output"},
		{"--listing", a->listing && strcmp(a->listing, "-") != 0,
		 "-a prints the listings, one after the other"},
		{"--name", a->name != NULL, "each header's prefix comes from its file's name"},
	};
	int status = cmd_check_sources(c, a->sources, a->source_count, singles,
				       UTIL_ARRAY_SIZE(singles), a->each ? name_output : NULL, a);
	if (status >= 0)
		return status;
	if (a->preprocess_only && a->each)
		return cmd_usage_error(c, "-E prints the preprocessed text (or writes it to -o "
					  "FILE): no -c");
	if (a->preprocess_only && a->listing)
		return cmd_usage_error(c, "-E compiles nothing to list: no -a or --listing");
	if (a->listing && strcmp(a->listing, "-") == 0 && a->output && strcmp(a->output, "-") == 0)
		return cmd_usage_error(c, "-o - and -a would both write standard output: name "
					  "the listing's file with --listing FILE");
	if (a->each && !a->output && strcmp(a->sources[0], "-") == 0)
		return cmd_usage_error(c, "-c names the output after the source, and standard "
					  "input has no name: use -o FILE");
	return -1;
}

/* The command line as a whole, with the family --chip names: -1 when it
 * is good, else the exit status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!hwsq_chip_family(a->chip, &a->family))
		return cmd_usage_error(c, "unknown chip '%s': --chip takes %s", a->chip,
				       HWSQ_CHIP_NAMES);
	const struct hwsq_family_info *fam = hwsq_family_info(a->family);
	if (a->emit == EMIT_UPLOAD && a->slot == HWSQ_SLOT_B && fam->slots == 1)
		return cmd_usage_error(c, "%s has one execution slot: no --slot b", fam->range);
	int status = check_sources(c, a);
	if (status >= 0)
		return status;
	if ((a->dep_file || a->dep_target) && !a->deps)
		return cmd_usage_error(c, "%s needs -MD", a->dep_file ? "-MF" : "-MT");
	bool named = a->output ? strcmp(a->output, "-") != 0 : a->each;
	if (a->deps && !named && a->source_count > 1)
		return cmd_usage_error(c, "-MD with several sources needs -c: each rule "
					  "names its source's output");
	if (a->deps && !named && (!a->dep_file || !a->dep_target))
		return cmd_usage_error(c, "-MD without an output file: name the rule's file "
					  "and target with -MF and -MT");
	return -1;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {.emit = EMIT_BIN};
	a.defines = util_xcalloc((size_t)argc, sizeof *a.defines);
	a.includes = util_xcalloc((size_t)argc, sizeof *a.includes);
	a.sources = util_xcalloc((size_t)argc, sizeof *a.sources);
	int status = cmd_parse(&c, take, check, &a);
	enum hwsq_family family = a.family;
	char *why = NULL;
	struct rnn_db *db = NULL;
	if (status < 0) {
		db = hwsq_names_open_db(a.rnndb, &why);
		if (!db && a.rnndb) {
			cmd_error(&c, "%s", why);
			status = 1;
		}
	}
	if (status < 0) {
		struct hwsq_names names;
		hwsq_names_init(&names, db, family);
		if (!db) {
			/* Say why a name is unknown: no database could be read. */
			free(names.why_none);
			names.why_none = why;
			why = NULL;
		}
		/* A source with errors does not stop the others (gcc -c's
		 * way); the exit status says that one failed. */
		status = 0;
		for (size_t i = 0; i < a.source_count; i++) {
			struct diag d;
			diag_init(&d);
			d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
			struct pp_deps deps = {0};
			struct hwsq_source_options so = {a.includes, a.include_count, a.defines,
							 a.define_count, a.deps ? &deps : NULL};
			struct hwsq_as_options ao = {family, &names};
			const char *source = a.sources[i];
			bool ok = a.preprocess_only ? preprocess(&a, source, &so, family, &d)
						    : compile(&a, source, &so, &ao, &d);
			cmd_print_diag(&c, &d);
			pp_deps_free(&deps);
			if (!ok)
				status = 1;
			diag_free(&d);
		}
		hwsq_names_free(&names);
	}
	hwsq_names_close_db(db);
	free(why);
	free(a.sources);
	free(a.defines);
	free(a.includes);
	return cmd_finish(&c, status);
}
