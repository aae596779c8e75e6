/* afuc-objdump: a firmware image (or, with -d, an afuc object) back to
 * assembly that afuc-as and afuc-ld rebuild into the same bytes.
 *
 *   afuc-objdump a630_sqe.fw > a630_sqe.s
 *   afuc-objdump --gpu a7xx --rnndb ~/mesa/src/freedreno/registers gen70500_sqe.fw
 *   afuc-objdump -d handler.o
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "dis/dis.h"
#include "fw/fw.h"
#include "rnn/rnn.h"

enum { OPT_OBJECT = 1, OPT_GPU, OPT_RNNDB, OPT_NO_NAMES, OPT_ADDRESSES, OPT_OUT };

struct options {
	const char *rnndb;
	const char *output;
	const char *input;
	bool object;
	bool no_names;
	bool addresses;
	struct dis_options *dis; /* --gpu goes there */
};

static const struct cmd_option options[] = {
	{OPT_OBJECT, 'd', NULL, NULL, "the input is an afuc ELF object, not an image", 0,
	 CMD_KEEP_FLAG(struct options, object)},
	{OPT_GPU, 0, "gpu", "GEN",
	 "a5xx, a6xx or a7xx (or a part: a630, a702, gen70500...)\n"
	 "(default: from the firmware id in word 1)",
	 0, CMD_CALL, 0},
	{OPT_RNNDB, 0, "rnndb", "DIR",
	 "register database tree (default: $AFUC_RNNDB, $RNN_PATH,\n"
	 "then the SDK's own)",
	 0, CMD_KEEP_STRING(struct options, rnndb)},
	{OPT_NO_NAMES, 0, "no-names", NULL, "print numbers and UNKNn labels, not names", 0,
	 CMD_KEEP_FLAG(struct options, no_names)},
	{OPT_ADDRESSES, 0, "addresses", NULL, "end each line with the word's address and value", 0,
	 CMD_KEEP_FLAG(struct options, addresses)},
	{OPT_OUT, 'o', NULL, "FILE", "write the listing to FILE, not standard output", 0,
	 CMD_KEEP_STRING(struct options, output)},
};

static const struct cmd_spec spec = {
	"afuc-objdump",
	"[--gpu GEN] [--rnndb DIR] [--no-names] [--addresses] [-o FILE] IMAGE\n"
	"-d [--rnndb DIR] [--no-names] [--addresses] [-o FILE] OBJECT",
	"Prints the listing of a firmware image (or with -d of an afuc ELF\n"
	"object) on standard output, or into FILE with -o. Images compressed\n"
	"with xz or zstd are read as they are.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	"input file",
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct options *o = ctx;
	switch (id) {
	case CMD_OPERAND:
		o->input = c->value;
		break;
	case OPT_GPU:
		if (!fw_gen_of_part(c->value, &o->dis->gen))
			return cmd_bad_value(c, "a5xx, a6xx or a7xx (or a part: a630, a702, "
						"gen70500, gen80000...)");
		break;
	}
	return -1;
}

/* The ELF afuc-ld --elf wrote beside image (x.fw, x.fw.xz: x.elf), read
 * into elf when there is one that is a linked image's; its symbols name
 * appended code (dis_options.elf). A missing or unusable one is silence:
 * the listing is the same, with generated names. */
static bool read_elf_beside(const char *image, struct obj_file *elf)
{
	char *path = dis_beside_path(image, ".elf");
	struct diag quiet;
	diag_init(&quiet);
	obj_init(elf, ISA_A6XX);
	bool ok = path && access(path, R_OK) == 0 && obj_read(elf, path, &quiet) && elf->linked;
	diag_free(&quiet);
	free(path);
	if (!ok)
		obj_free(elf);
	return ok;
}

static bool disassemble(const struct options *o, struct dis_options *opt, struct util_str *text,
			struct diag *d)
{
	if (o->object) {
		struct obj_file obj;
		obj_init(&obj, ISA_A6XX);
		bool ok = obj_read(&obj, o->input, d) && dis_object(&obj, o->input, opt, text, d);
		obj_free(&obj);
		return ok;
	}
	uint8_t *bytes;
	size_t len;
	int err = util_read_image(o->input, FW_MAX_IMAGE_BYTES, &bytes, &len);
	if (err == EFBIG) {
		diag_error(d, diag_at(o->input, 0, 0),
			   "larger than %u bytes, the most the emulator loads (word 0 and %u "
			   "instructions): not a firmware image",
			   FW_MAX_IMAGE_BYTES, FW_MAX_IMAGE_WORDS);
		return false;
	}
	if (err) {
		diag_error(d, diag_at(o->input, 0, 0), "cannot read: %s", util_read_error(err));
		return false;
	}
	struct obj_file elf;
	bool beside = read_elf_beside(o->input, &elf);
	opt->elf = beside ? &elf : NULL;
	/* without a matching ELF, the map afuc-ld -Map wrote (x.map) names
	 * the appended code; none, or one that cannot be read, is silence */
	char *map_path = dis_beside_path(o->input, ".map");
	uint8_t *map = NULL;
	size_t map_len = 0;
	if (map_path && util_read_file_max(map_path, 64u << 20, &map, &map_len) == 0) {
		opt->map = (const char *)map;
		opt->map_len = map_len;
		opt->map_name = map_path;
	}
	bool ok = dis_image(bytes, len, o->input, opt, text, d);
	if (beside)
		obj_free(&elf);
	free(map);
	free(map_path);
	opt->map = opt->map_name = NULL;
	free(bytes);
	return ok;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct dis_options opt = {0};
	struct options o = {.dis = &opt};
	int status = cmd_parse(&c, take, NULL, &o);
	if (status >= 0)
		return cmd_finish(&c, status);
	opt.addresses = o.addresses;

	struct diag d;
	diag_init(&d);
	struct util_str text = {0};
	if (!o.no_names) {
		opt.db = rnn_open_for(o.rnndb, RNN_ADRENO, &d);
	} else {
		/* Numbers only; a database, when there is one, still tells
		 * which registers hold the code's base (see refs.c). */
		struct diag quiet;
		diag_init(&quiet);
		opt.db = rnn_open_for(o.rnndb, RNN_ADRENO, &quiet);
		diag_free(&quiet);
		opt.numbers_only = true;
	}
	bool ok = (o.no_names || opt.db) && disassemble(&o, &opt, &text, &d);
	if (ok) {
		int err = util_write_file(o.output ? o.output : "-", text.text ? text.text : "",
					  text.len);
		if (err) {
			diag_error(&d, diag_at(o.output ? o.output : "<stdout>", 0, 0),
				   "cannot write: %s", strerror(err));
			ok = false;
		}
	}
	cmd_print_diag(&c, &d);
	util_str_free(&text);
	if (opt.db)
		rnn_close(opt.db);
	diag_free(&d);
	return cmd_finish(&c, ok ? 0 : 1);
}
