/* afuc-objdump: a firmware image (or, with -d, an afuc object) back to
 * assembly that afuc-as and afuc-ld rebuild into the same bytes.
 *
 *   afuc-objdump a630_sqe.fw > a630_sqe.s
 *   afuc-objdump --gpu a7xx --rnndb ~/mesa/src/freedreno/registers gen70500_sqe.fw
 *   afuc-objdump -d handler.o
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/dis.h"
#include "fw/fw.h"
#include "rnn/rnn.h"

static const char usage[] =
	"usage: afuc-objdump [--gpu a5xx|a6xx|a7xx] [--rnndb DIR] [--no-names]\n"
	"                    [--addresses] [-o FILE] IMAGE\n"
	"       afuc-objdump -d [--rnndb DIR] [--no-names] [--addresses] [-o FILE] OBJECT\n"
	"  Prints the listing of a firmware image (or with -d of an afuc ELF\n"
	"  object) on standard output, or into FILE with -o.\n"
	"  --gpu        the generation (default: from the firmware id in word 1)\n"
	"  --rnndb DIR  register database tree (default: $AFUC_RNNDB, $RNN_PATH,\n"
	"               then the SDK's own)\n"
	"  --no-names   print numbers and UNKNn labels, not names\n"
	"  --addresses  end each line with the word's address and value\n"
	"  --version    print the version\n";

struct options {
	const char *gpu;
	const char *rnndb;
	const char *output;
	const char *input;
	bool object;
	bool no_names;
	bool addresses;
};

static int usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "afuc-objdump: %s%s\n%s", what, arg, usage);
	return 2;
}

/* Returns -1 when the options are fine, else the exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char **value = NULL;
		if (util_info_option(arg, "afuc-objdump", usage))
			return 0;
		if (!strcmp(arg, "-d")) {
			o->object = true;
		} else if (!strcmp(arg, "--no-names")) {
			o->no_names = true;
		} else if (!strcmp(arg, "--addresses")) {
			o->addresses = true;
		} else if (!strcmp(arg, "--gpu")) {
			value = &o->gpu;
		} else if (!strcmp(arg, "--rnndb")) {
			value = &o->rnndb;
		} else if (!strcmp(arg, "-o")) {
			value = &o->output;
		} else if (arg[0] == '-' && arg[1]) {
			return usage_error("unknown option ", arg);
		} else if (o->input) {
			return usage_error("one input only; also got ", arg);
		} else {
			o->input = arg;
		}
		if (value) {
			if (++i >= argc)
				return usage_error(arg, " needs a value");
			*value = argv[i];
		}
	}
	if (!o->input)
		return usage_error("no input file", "");
	return -1;
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
	int err = util_read_file_max(o->input, FW_MAX_IMAGE_BYTES, &bytes, &len);
	if (err == EFBIG) {
		diag_error(d, diag_at(o->input, 0, 0),
			   "larger than %u bytes, the most the emulator loads (word 0 and %u "
			   "instructions): not a firmware image",
			   FW_MAX_IMAGE_BYTES, FW_MAX_IMAGE_WORDS);
		return false;
	}
	if (err) {
		diag_error(d, diag_at(o->input, 0, 0), "cannot read: %s", strerror(err));
		return false;
	}
	bool ok = dis_image(bytes, len, o->input, opt, text, d);
	free(bytes);
	return ok;
}

int main(int argc, char **argv)
{
	struct options o = {0};
	int status = parse_options(argc, argv, &o);
	if (status >= 0)
		return status;

	struct dis_options opt = {0};
	opt.addresses = o.addresses;
	if (o.gpu && !fw_gen_of_part(o.gpu, &opt.gen))
		return usage_error("--gpu takes a5xx, a6xx or a7xx (or a part: a630, a702, "
				   "gen70500, gen80000...), not ",
				   o.gpu);

	struct diag d;
	diag_init(&d);
	struct util_str text = {0};
	if (!o.no_names) {
		opt.db = rnn_open(o.rnndb, &d);
	} else {
		/* Numbers only; a database, when there is one, still tells
		 * which registers hold the code's base (see refs.c). */
		struct diag quiet;
		diag_init(&quiet);
		opt.db = rnn_open(o.rnndb, &quiet);
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
	diag_print(&d, stderr, "afuc-objdump");
	util_str_free(&text);
	if (opt.db)
		rnn_close(opt.db);
	diag_free(&d);
	return ok ? 0 : 1;
}
