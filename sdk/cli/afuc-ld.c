/* afuc-ld: links afuc objects into a firmware image with a linker script,
 * or onto a vendor image (--base). The script language, the default
 * scripts, patching and the map format are in docs/afuc-ld.md. */
#include <libxml/parser.h>

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "dis/dis.h"
#include "fw/fw.h"
#include "ld/ld.h"

enum {
	OPT_OUT = 1,
	OPT_SCRIPT,
	OPT_GPU,
	OPT_MAP,
	OPT_ELF,
	OPT_BASE,
	OPT_PROCESSOR,
	OPT_CHECK_STATE,
	OPT_DEFSYM,
	OPT_RNNDB,
	OPT_FORMAT,
	OPT_NAME,
};

/* What -o writes: the image, or C source holding it. */
enum format { FORMAT_BIN, FORMAT_C, FORMAT_C_KERNEL };

struct args {
	const char *output, *script, *map, *elf, *base, *processor, *rnndb, *name;
	enum format format;
	enum isa_gen gen;
	bool check_state;
	const char **objects;
	size_t object_count;
	struct ld_defsym *defsyms;
	size_t defsym_count;
};

static const struct cmd_option options[] = {
	{OPT_OUT, 'o', NULL, "FILE", "write the firmware image to FILE", 0,
	 CMD_KEEP_STRING(struct args, output)},
	{OPT_SCRIPT, 'T', NULL, "SCRIPT",
	 "link with SCRIPT (default: the generation's script:\n"
	 "a5xx-me.ld, a6xx-sqe.ld or a7xx-sqe.ld in share/afuc-sdk/ld)",
	 0, CMD_KEEP_STRING(struct args, script)},
	{OPT_GPU, 0, "gpu", "GEN",
	 "a5xx, a6xx or a7xx (default: the objects'); objects and\n"
	 "script must agree with it",
	 0, CMD_CALL, 0},
	{OPT_MAP, 0, "Map", "FILE", "write a map file (also -Map=FILE, --Map=FILE)",
	 CMD_SINGLE_DASH, CMD_KEEP_STRING(struct args, map)},
	{OPT_ELF, 0, "elf", "FILE", "write an ELF with the image and every symbol", 0,
	 CMD_KEEP_STRING(struct args, elf)},
	{OPT_BASE, 0, "base", "FW",
	 "link the objects onto the vendor image FW (of the\n"
	 "objects' generation; .xz and .zst are read too), within\n"
	 "the default script's size limits",
	 0, CMD_KEEP_STRING(struct args, base)},
	{OPT_PROCESSOR, 0, "processor", "NAME",
	 "with --base: the processor image that gets the\n"
	 "objects' .text (BR, BV or LPAC on a7xx; default the first)",
	 0, CMD_KEEP_STRING(struct args, processor)},
	{OPT_CHECK_STATE, 0, "check-state", NULL,
	 "with --base: warn where the objects write a register the\n"
	 "vendor's handlers keep state in across packets",
	 0, CMD_KEEP_FLAG(struct args, check_state)},
	{OPT_DEFSYM, 0, "defsym", "NAME=VALUE",
	 "define an absolute symbol, e.g. a vendor function's\n"
	 "address",
	 0, CMD_CALL, 0},
	{OPT_RNNDB, 0, "rnndb", "DIR", "read PM4 packet names from DIR", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
	{OPT_FORMAT, 0, "format", "KIND",
	 "what -o writes: bin (the image, default), c (a C header\n"
	 "with the image as a uint32_t array and its size) or\n"
	 "c-kernel (the same for a Linux driver: u32, no <stdint.h>)",
	 0, CMD_CALL, 0},
	{OPT_NAME, 0, "name", "NAME",
	 "c, c-kernel: the array's name (default: from the output file)", 0,
	 CMD_KEEP_STRING(struct args, name)},
};

static const struct cmd_spec spec = {
	"afuc-ld",
	"[options] -o OUT.fw OBJECT...",
	"Links afuc objects into a firmware image, or onto a vendor image.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	NULL,
};

/* Scripts are a few KB; the limit only stops a wrong -T (/dev/zero). */
#define LD_MAX_SCRIPT_BYTES ((size_t)16 << 20)

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

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	if (id == CMD_OPERAND) {
		a->objects[a->object_count++] = c->value;
	} else if (id == OPT_GPU) {
		if (!fw_gen_of_part(c->value, &a->gen))
			return cmd_bad_value(c,
					     "a5xx, a6xx or a7xx (or a part: a630, gen70500...)");
	} else if (id == OPT_FORMAT) {
		static const char *const formats[] = {
			[FORMAT_BIN] = "bin", [FORMAT_C] = "c", [FORMAT_C_KERNEL] = "c-kernel"};
		size_t k = 0;
		while (k < UTIL_ARRAY_SIZE(formats) && strcmp(c->value, formats[k]) != 0)
			k++;
		if (k == UTIL_ARRAY_SIZE(formats))
			return cmd_bad_value(c, "bin, c or c-kernel");
		a->format = (enum format)k;
	} else if (id == OPT_DEFSYM) {
		if (!parse_defsym(c->value, &a->defsyms[a->defsym_count]))
			return cmd_bad_value(c, "NAME=VALUE with a 32-bit number in C syntax");
		a->defsym_count++;
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!a->output)
		return cmd_usage_error(c, "no output: name the image with -o");
	if (!a->object_count)
		return cmd_usage_error(c, "no objects to link");
	if (a->base && a->script)
		return cmd_usage_error(c, "--base and -T do not go together: a vendor image "
					  "already has its layout (the generation's default script "
					  "gives the size limits)");
	if (a->processor && !a->base)
		return cmd_usage_error(c, "--processor only makes sense with --base");
	if (a->check_state && !a->base)
		return cmd_usage_error(c, "--check-state only makes sense with --base: it reads "
					  "the vendor image's handlers");
	return -1;
}

/* Reads path, of at most max bytes; what names the kind of file for the
 * message when it is larger. */
static bool read_all(const char *path, size_t max, const char *what, uint8_t **data, size_t *len,
		     struct diag *d)
{
	/* images may come compressed (.xz, .zst), scripts not */
	int err = max == FW_MAX_IMAGE_BYTES ? util_read_image(path, max, data, len)
					    : util_read_file_max(path, max, data, len);
	if (err == EFBIG && max == FW_MAX_IMAGE_BYTES)
		diag_error(d, diag_at(path, 0, 0),
			   "larger than %u bytes, the most the emulator loads (word 0 and %u "
			   "instructions): not %s",
			   FW_MAX_IMAGE_BYTES, FW_MAX_IMAGE_WORDS, what);
	else if (err == EFBIG)
		diag_error(d, diag_at(path, 0, 0), "larger than %zu bytes: not %s", max, what);
	else if (err)
		diag_error(d, diag_at(path, 0, 0), "cannot read: %s", util_read_error(err));
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
	*db = rnn_open_for(a->rnndb, RNN_ADRENO, to);
	if (*db)
		v = rnn_view(*db, RNN_PM4, isa_gen_variant(gen), to);
	diag_free(&quiet);
	return v;
}

/* Writes every output or none: all are prepared (temporary files beside
 * them) before any replaces a file, so a failure leaves every existing
 * file as it was. */
/* --format c: the image as C source a driver includes. */
static char *c_source(const struct args *a, const struct ld_output *out, size_t *len)
{
	char *name = a->name ? util_xstrdup(a->name) : util_c_identifier(a->output, "afuc_");
	char *upper = util_c_upper(name);
	char *guard = util_xasprintf("AFUC_%s_H", upper);
	struct util_str s = {0};
	util_str_printf(&s,
			"/* %s: afuc firmware image made by afuc-ld, the file as the kernel\n"
			" * loads it (word 0 included), little-endian words. Do not edit. */\n",
			a->output);
	util_c_begin(&s, guard, a->format == FORMAT_C_KERNEL);
	util_str_printf(&s, "#define %s_SIZE %zu /* bytes */\n\n", upper, out->image_len);
	util_c_words(&s, name, out->image, out->image_len, a->format == FORMAT_C_KERNEL);
	util_c_end(&s);
	free(guard);
	free(upper);
	free(name);
	*len = s.len;
	return util_str_take(&s);
}

static bool write_outputs(const struct args *a, const struct ld_output *out, struct diag *d)
{
	size_t c_len = 0;
	char *c_text = a->format != FORMAT_BIN ? c_source(a, out, &c_len) : NULL;
	const struct {
		const char *path;
		const void *data;
		size_t len;
	} files[] = {
		{a->output, c_text ? (const void *)c_text : out->image,
		 c_text ? c_len : out->image_len},
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
	free(c_text);
	return !err;
}

/* What is beside the base (an image an earlier afuc-ld --base wrote):
 * the symbols and appended blocks (BR.patch, BR.base) of its ELF when
 * the ELF holds the base's words, else its map's (dis_map_read, which
 * checks the size). None, or files of another image, leave them empty:
 * the base is then a vendor image. */
struct base_info {
	struct ld_name *names;
	size_t name_count, name_cap;
	struct ld_base_code *code;
	size_t code_count, code_cap;
	char **strings;
	size_t string_count, string_cap;
};

static const char *keep(struct base_info *b, const char *text, size_t len)
{
	char *copy = util_xasprintf("%.*s", (int)len, text);
	*UTIL_PUSH(b->strings, b->string_count, b->string_cap) = copy;
	return copy;
}

static void base_symbol(void *ctx, const char *proc, uint32_t addr, uint32_t index,
			const char *label)
{
	(void)index;
	struct base_info *b = ctx;
	*UTIL_PUSH(b->names, b->name_count, b->name_cap) = (struct ld_name){
		keep(b, proc, strlen(proc)), addr, keep(b, label, strlen(label))};
}

static void base_code(void *ctx, const char *proc, uint32_t addr, uint32_t index, uint32_t count)
{
	struct base_info *b = ctx;
	*UTIL_PUSH(b->code, b->code_count, b->code_cap) = (struct ld_base_code){
		keep(b, proc, strlen(proc)), addr, index, count};
}

/* The ELF's: a region's name is its image's, then ".patch" or ".base"
 * for a block appended to it. */
static void read_base_elf(const struct obj_file *elf, struct base_info *b)
{
	for (size_t i = 0; i < elf->section_count; i++) {
		const struct obj_section *r = &elf->sections[i];
		const char *dot = strchr(r->name, '.');
		if (dot)
			*UTIL_PUSH(b->code, b->code_count, b->code_cap) = (struct ld_base_code){
				keep(b, r->name, (size_t)(dot - r->name)), r->addr, r->load,
				(uint32_t)r->count};
	}
	for (size_t k = 0; k < elf->symbol_count; k++) {
		const struct obj_symbol *sym = &elf->symbols[k];
		if (sym->section >= elf->section_count)
			continue;
		const char *region = elf->sections[sym->section].name;
		const char *dot = strchr(region, '.');
		*UTIL_PUSH(b->names, b->name_count, b->name_cap) = (struct ld_name){
			keep(b, region, dot ? (size_t)(dot - region) : strlen(region)), sym->value,
			keep(b, sym->name, strlen(sym->name))};
	}
}

static void read_base_info(const char *path, const uint8_t *base, size_t len, struct base_info *b)
{
	char *elf_path = dis_beside_path(path, ".elf");
	struct obj_file elf;
	struct diag quiet;
	diag_init(&quiet);
	obj_init(&elf, ISA_A6XX);
	uint32_t count = len >= 4 ? (uint32_t)(len / 4 - 1) : 0;
	uint32_t *words = util_xcalloc(count + 1, sizeof *words);
	for (uint32_t i = 0; i < count; i++)
		words[i] = util_le32(base + 4 * (i + 1));
	if (elf_path && access(elf_path, R_OK) == 0 && obj_read(&elf, elf_path, &quiet) &&
	    dis_elf_holds(&elf, words, count)) {
		read_base_elf(&elf, b);
	} else {
		char *map_path = dis_beside_path(path, ".map");
		uint8_t *text;
		size_t text_len;
		char *error = NULL;
		const struct dis_map_visitor v = {base_symbol, base_code, b};
		if (map_path && util_read_file_max(map_path, 64u << 20, &text, &text_len) == 0) {
			if (!dis_map_read((const char *)text, text_len, map_path, len / 4, &v,
					  &error))
				b->name_count = b->code_count = 0; /* another image's */
			free(error);
			free(text);
		}
		free(map_path);
	}
	obj_free(&elf);
	diag_free(&quiet);
	free(elf_path);
	free(words);
}

static void free_base_info(struct base_info *b)
{
	for (size_t i = 0; i < b->string_count; i++)
		free(b->strings[i]);
	free(b->strings);
	free(b->names);
	free(b->code);
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
	struct base_info info = {0};
	if (ok && a->base)
		read_base_info(a->base, base, base_len, &info);
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
			.base_names = info.names,
			.base_name_count = info.name_count,
			.base_code = info.code,
			.base_code_count = info.code_count,
			.processor = a->processor,
			.check_state = a->check_state,
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
	free_base_info(&info);
	for (size_t i = 0; i < a->object_count; i++)
		obj_free(&objs[i]);
	free(objs);
	free(inputs);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	a.objects = util_xcalloc((size_t)argc, sizeof(*a.objects));
	a.defsyms = util_xcalloc((size_t)argc, sizeof(*a.defsyms));
	int status = cmd_parse(&c, take, check, &a);
	if (status < 0) {
		struct diag d;
		diag_init(&d);
		d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
		status = run(&a, &d);
		cmd_print_diag(&c, &d);
		diag_free(&d);
	}
	for (size_t i = 0; i < a.defsym_count; i++)
		free((char *)a.defsyms[i].name);
	free(a.objects);
	free(a.defsyms);
	xmlCleanupParser();
	return cmd_finish(&c, status);
}
