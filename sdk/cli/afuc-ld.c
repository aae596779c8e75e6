/* afuc-ld: links afuc objects into a firmware image with a linker script,
 * or onto a vendor image (--base). The script language, the default
 * scripts, patching and the map format are in docs/afuc-ld.md. */
#include <libxml/parser.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw/fw.h"
#include "ld/ld.h"

static const char usage_text[] =
	"usage: afuc-ld [options] -o OUT.fw OBJECT...\n"
	"  -o FILE               write the firmware image to FILE\n"
	"  -T SCRIPT             link with SCRIPT (default: the generation's script:\n"
	"                        a5xx-me.ld, a6xx-sqe.ld or a7xx-sqe.ld in share/afuc-sdk/ld)\n"
	"  --gpu a5xx|a6xx|a7xx  the generation (default: the objects'); objects and\n"
	"                        script must agree with it\n"
	"  -Map FILE             write a map file (also -Map=FILE, --Map=FILE)\n"
	"  --elf FILE            write an ELF with the image and every symbol\n"
	"  --base FW             link the objects onto the vendor image FW (of the\n"
	"                        objects' generation), within the default script's\n"
	"                        size limits\n"
	"  --processor NAME      with --base: the processor image that gets the objects'\n"
	"                        .text (BR, BV or LPAC on a7xx; default the first)\n"
	"  --defsym NAME=VALUE   define an absolute symbol, e.g. a vendor function's address\n"
	"  --rnndb DIR           read PM4 packet names from DIR\n"
	"  --version             print the version\n"
	"  -h, --help            show this help\n";

/* Scripts are a few KB; the limit only stops a wrong -T (/dev/zero). */
#define LD_MAX_SCRIPT_BYTES ((size_t)16 << 20)

struct args {
	const char *output, *script, *map, *elf, *base, *processor, *rnndb;
	enum isa_gen gen;
	const char **objects;
	size_t object_count;
	struct ld_defsym *defsyms;
	size_t defsym_count;
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "afuc-ld: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage_text);
	return 2;
}

/* --defsym NAME=VALUE */
static bool parse_defsym(const char *text, struct ld_defsym *out)
{
	const char *eq = strchr(text, '=');
	uint64_t v;
	if (!eq || eq == text || !util_parse_u64(eq + 1, &v) || v > UINT32_MAX)
		return false;
	out->name = util_xstrndup(text, (size_t)(eq - text));
	out->value = (uint32_t)v;
	return true;
}

/* Options with a value; the value's slot in struct args. */
static const char **value_slot(struct args *a, const char *opt)
{
	static const struct {
		const char *name;
		size_t offset;
	} opts[] = {
		{"-o", offsetof(struct args, output)},
		{"-T", offsetof(struct args, script)},
		{"-Map", offsetof(struct args, map)},
		{"--Map", offsetof(struct args, map)},
		{"--elf", offsetof(struct args, elf)},
		{"--base", offsetof(struct args, base)},
		{"--processor", offsetof(struct args, processor)},
		{"--rnndb", offsetof(struct args, rnndb)},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(opts); i++)
		if (!strcmp(opt, opts[i].name))
			return (const char **)((char *)a + opts[i].offset);
	return NULL;
}

/* Returns -1 when the arguments are good, or the exit status. */
static int parse_args(int argc, char **argv, struct args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i], *v = NULL;
		char *eq = s[0] == '-' ? strchr(argv[i], '=') : NULL;
		if (s[0] == '-' && (s[1] == 'o' || s[1] == 'T') && s[2]) {
			v = s + 2; /* -ofile, -Tscript */
			s = s[1] == 'o' ? "-o" : "-T";
		} else if (eq) {
			*eq = 0; /* -Map=FILE, --elf=FILE, ... */
			v = eq + 1;
		}
		if (util_info_option(s, "afuc-ld", usage_text))
			return 0;
		if (s[0] != '-') {
			a->objects[a->object_count++] = s;
			continue;
		}
		if (!v && i + 1 < argc)
			v = argv[++i];
		if (!v)
			return usage_error("'%s' needs a value", s);
		const char **slot = value_slot(a, s);
		if (slot) {
			*slot = v;
		} else if (!strcmp(s, "--gpu")) {
			if (!fw_gen_of_part(v, &a->gen))
				return usage_error(
					"unknown generation '%s': --gpu takes a5xx, a6xx "
					"or a7xx (or a part: a630, gen70500...)",
					v);
		} else if (!strcmp(s, "--defsym")) {
			if (!parse_defsym(v, &a->defsyms[a->defsym_count]))
				return usage_error(
					"--defsym '%s': expected NAME=VALUE with a 32-bit "
					"number in C syntax",
					v);
			a->defsym_count++;
		} else {
			return usage_error("unknown option '%s'", s);
		}
	}
	if (!a->output)
		return usage_error("%s", "no output: name the image with -o");
	if (!a->object_count)
		return usage_error("%s", "no objects to link");
	if (a->base && a->script)
		return usage_error("%s", "--base and -T do not go together: a vendor image "
					 "already has its layout (the generation's default script "
					 "gives the size limits)");
	if (a->processor && !a->base)
		return usage_error("%s", "--processor only makes sense with --base");
	return -1;
}

/* Reads path, of at most max bytes; what names the kind of file for the
 * message when it is larger. */
static bool read_all(const char *path, size_t max, const char *what, uint8_t **data, size_t *len,
		     struct diag *d)
{
	int err = util_read_file_max(path, max, data, len);
	if (err == EFBIG && max == FW_MAX_IMAGE_BYTES)
		diag_error(d, diag_at(path, 0, 0),
			   "larger than %u bytes, the most the emulator loads (word 0 and %u "
			   "instructions): not %s",
			   FW_MAX_IMAGE_BYTES, FW_MAX_IMAGE_WORDS, what);
	else if (err == EFBIG)
		diag_error(d, diag_at(path, 0, 0), "larger than %zu bytes: not %s", max, what);
	else if (err)
		diag_error(d, diag_at(path, 0, 0), "cannot read: %s", strerror(err));
	return !err;
}

static struct ld_script *load_script(const struct args *a, enum isa_gen gen, struct diag *d)
{
	char *path = a->script ? util_xstrdup(a->script) : NULL;
	if (!path) {
		char *dir = util_sdk_path("share/afuc-sdk/ld");
		path = util_xasprintf("%s/%s", dir, ld_default_script(gen));
		free(dir);
	}
	uint8_t *text;
	size_t len;
	struct ld_script *s = NULL;
	if (read_all(path, LD_MAX_SCRIPT_BYTES, "a linker script", &text, &len, d)) {
		s = ld_script_parse(path, (const char *)text, len, d);
		free(text);
	}
	free(path);
	return s;
}

/* PM4 names for the map and the script's HANDLER; NULL (numbers) when
 * no database is found, unless --rnndb named one. */
static const struct rnn_view *load_pm4(const struct args *a, enum isa_gen gen, struct rnn_db **db,
				       struct diag *d)
{
	struct diag quiet;
	diag_init(&quiet);
	struct diag *to = a->rnndb ? d : &quiet;
	const struct rnn_view *v = NULL;
	*db = rnn_open(a->rnndb, to);
	if (*db)
		v = rnn_view(*db, RNN_PM4, isa_gen_variant(gen), to);
	diag_free(&quiet);
	return v;
}

/* Writes every output or none: all are prepared (temporary files beside
 * them) before any replaces a file, so a failure leaves every existing
 * file as it was. */
static bool write_outputs(const struct args *a, const struct ld_output *out, struct diag *d)
{
	const struct {
		const char *path;
		const void *data;
		size_t len;
	} files[] = {
		{a->output, out->image, out->image_len},
		{a->map, out->map, out->map ? strlen(out->map) : 0},
		{a->elf, out->elf, out->elf_len},
	};
	const char *paths[UTIL_ARRAY_SIZE(files)]; /* by index in the group */
	struct util_outputs group = {0};
	int err = 0;
	size_t failed = 0;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(files) && !err; i++) {
		if (!files[i].path)
			continue;
		paths[group.count] = files[i].path; /* add pushes at index count */
		err = util_outputs_add(&group, files[i].path, files[i].data, files[i].len);
		if (err)
			failed = group.count;
	}
	if (err)
		util_outputs_abort(&group);
	else
		err = util_outputs_commit(&group, &failed);
	if (err)
		diag_error(d, diag_at(paths[failed], 0, 0), "cannot write: %s", strerror(err));
	return !err;
}

static int run(const struct args *a, struct diag *d)
{
	struct obj_file *objs = util_xcalloc(a->object_count, sizeof(*objs));
	struct ld_input *inputs = util_xcalloc(a->object_count, sizeof(*inputs));
	bool ok = true;
	for (size_t i = 0; i < a->object_count; i++) {
		ok &= obj_read(&objs[i], a->objects[i], d);
		inputs[i] = (struct ld_input){a->objects[i], &objs[i]};
	}
	enum isa_gen gen = a->gen ? a->gen : objs[0].gen;
	struct ld_script *script = NULL;
	struct rnn_db *db = NULL;
	uint8_t *base = NULL;
	size_t base_len = 0;
	if (ok) {
		/* With --base the default script gives the size limits only. */
		if (a->base)
			ok = read_all(a->base, FW_MAX_IMAGE_BYTES, "a firmware image", &base,
				      &base_len, d);
		ok = ok && (script = load_script(a, gen, d)) != NULL;
	}
	const struct rnn_view *pm4 = ok ? load_pm4(a, gen, &db, d) : NULL;
	ok = ok && (pm4 || !a->rnndb);
	struct ld_output out = {0};
	if (ok) {
		struct ld_options opt = {
			.script = script,
			.gen = a->gen,
			.pm4 = pm4,
			.defsyms = a->defsyms,
			.defsym_count = a->defsym_count,
			.base = base,
			.base_len = base_len,
			.base_name = a->base,
			.processor = a->processor,
			.output_name = a->output,
			.map = a->map != NULL,
			.elf = a->elf != NULL,
		};
		ok = ld_link(inputs, a->object_count, &opt, &out, d) && write_outputs(a, &out, d);
	}
	ld_output_free(&out);
	ld_script_free(script);
	if (db)
		rnn_close(db);
	free(base);
	for (size_t i = 0; i < a->object_count; i++)
		obj_free(&objs[i]);
	free(objs);
	free(inputs);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct args a = {0};
	a.objects = util_xcalloc((size_t)argc, sizeof(*a.objects));
	a.defsyms = util_xcalloc((size_t)argc, sizeof(*a.defsyms));
	int status = parse_args(argc, argv, &a);
	if (status < 0) {
		struct diag d;
		diag_init(&d);
		d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
		status = run(&a, &d);
		diag_print(&d, stderr, "afuc-ld");
		diag_free(&d);
	}
	for (size_t i = 0; i < a.defsym_count; i++)
		free((char *)a.defsyms[i].name);
	free(a.objects);
	free(a.defsyms);
	xmlCleanupParser();
	return status;
}
