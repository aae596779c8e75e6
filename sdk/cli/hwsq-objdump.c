/* hwsq-objdump: decodes an HWSQ code RAM image for a chip family into
 * source that hwsq-as compiles back to the same bytes. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "hwsq/hwsq.h"

enum {
	OPT_CHIP = 1,
	OPT_ENTRY,
	OPT_ENTRY_POINT,
	OPT_ENTRY_POINT_HIGH,
	OPT_KEEP_PADDING,
	OPT_PLAIN,
	OPT_NUMERIC,
	OPT_RNNDB,
	OPT_OUT,
};

struct args {
	const char *chip, *image, *rnndb, *output;
	bool numeric;
	struct hwsq_dis_options dis;
	bool have_ep, have_ep_high;
	uint64_t ep, ep_high;
};

static const struct cmd_option options[] = {
	{OPT_CHIP, 0, "chip", "CHIP",
	 "a chip (nv50, g84, gt215...) or a family (nv17, nv41,\n"
	 "nv50, nv92), any case",
	 CMD_REQUIRED, CMD_KEEP_STRING(struct args, chip)},
	{OPT_ENTRY, 'e', "entry", "N=ADDR", "entry point N is at ADDR: label it (repeatable)", 0,
	 CMD_CALL, 0},
	{OPT_ENTRY_POINT, 0, "entry-point", "VALUE",
	 "the four entry points as the ENTRY_POINT\n"
	 "register holds them",
	 0, CMD_CALL, 0},
	{OPT_ENTRY_POINT_HIGH, 0, "entry-point-high", "VALUE",
	 "with --entry-point on nv92:\n"
	 "ENTRY_POINT_HIGH",
	 0, CMD_CALL, 0},
	{OPT_KEEP_PADDING, 0, "keep-padding", NULL,
	 "print the exit padding at the end instead of a\n"
	 "note",
	 0, CMD_KEEP_FLAG(struct args, dis.keep_padding)},
	{OPT_PLAIN, 0, "plain", NULL, "no address and byte comments", 0,
	 CMD_KEEP_FLAG(struct args, dis.plain)},
	{OPT_NUMERIC, 0, "numeric", NULL, "print numbers, no names from the register database", 0,
	 CMD_KEEP_FLAG(struct args, numeric)},
	{OPT_RNNDB, 0, "rnndb", "DIR", "read names from DIR", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
	{OPT_OUT, 'o', NULL, "FILE", "write to FILE instead of standard output", 0,
	 CMD_KEEP_STRING(struct args, output)},
};

static const struct cmd_spec spec = {
	"hwsq-objdump",
	"--chip CHIP [options] IMAGE",
	"Decodes an HWSQ code RAM image into source that hwsq-as compiles back\n"
	"to the same bytes.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	"image file",
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	const char *v = c->value;
	unsigned n;
	uint32_t addr;
	switch (id) {
	case CMD_OPERAND:
		a->image = v;
		break;
	case OPT_ENTRY:
		if (!hwsq_parse_entry_arg(v, &n, &addr))
			return cmd_bad_value(c, "N=ADDRESS (N 0 to 3)");
		a->dis.entry_set[n] = true;
		a->dis.entry[n] = addr;
		break;
	case OPT_ENTRY_POINT:
	case OPT_ENTRY_POINT_HIGH: {
		bool high = id == OPT_ENTRY_POINT_HIGH;
		uint64_t *value = high ? &a->ep_high : &a->ep;
		bool *have = high ? &a->have_ep_high : &a->have_ep;
		*have = util_parse_u64(v, value) && *value <= 0xffffffff;
		if (!*have)
			return cmd_bad_value(c, "a 32-bit value");
		break;
	}
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!hwsq_chip_family(a->chip, &a->dis.family))
		return cmd_usage_error(c, "unknown chip '%s': --chip takes %s", a->chip,
				       HWSQ_CHIP_NAMES);
	if (a->have_ep_high && !hwsq_family_info(a->dis.family)->entry_high)
		return cmd_usage_error(c, "%s has no ENTRY_POINT_HIGH",
				       hwsq_family_info(a->dis.family)->range);
	return -1;
}

/* The image, checked against the family's code RAM; NULL after an
 * error. */
static uint8_t *load(const struct cmd *c, const struct args *a, size_t *size)
{
	const struct hwsq_family_info *fam = hwsq_family_info(a->dis.family);
	uint8_t *image;
	int err = hwsq_read_input(a->image, &image, size);
	if (err) {
		cmd_error(c, "cannot read %s: %s", a->image, hwsq_input_error(err));
		return NULL;
	}
	if (*size == 0) {
		cmd_error(c,
			  "%s: the image is empty: expected the bytes of a code RAM (up to 0x%x)",
			  a->image, fam->ram_size);
		free(image);
		return NULL;
	}
	if (*size > fam->ram_size) {
		cmd_error(c, "%s: 0x%zx bytes, more than the 0x%x bytes of %s code RAM", a->image,
			  *size, fam->ram_size, fam->range);
		free(image);
		return NULL;
	}
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++) {
		if (a->dis.entry_set[n] && a->dis.entry[n] >= fam->ram_size) {
			cmd_error(c, "entry point %u at 0x%x is outside %s code RAM", n,
				  a->dis.entry[n], fam->range);
			free(image);
			return NULL;
		}
	}
	return image;
}

static int run(const struct cmd *c, struct args *a)
{
	size_t size;
	uint8_t *image = load(c, a, &size);
	if (!image)
		return 1;
	struct rnn_db *db = NULL;
	struct hwsq_names names;
	if (!a->numeric) {
		char *why = NULL;
		db = hwsq_names_open_db(a->rnndb, &why);
		if (!db && a->rnndb) {
			cmd_error(c, "%s", why);
			free(why);
			free(image);
			return 1;
		}
		free(why);
		hwsq_names_init(&names, db, a->dis.family);
		a->dis.names = &names;
	}
	struct util_str out = {0};
	hwsq_disassemble(image, size, &a->dis, &out);
	int err = util_write_file(a->output ? a->output : "-", out.text, out.len);
	if (err) {
		/* the file's error, as every tool words it (diag) */
		struct diag d;
		diag_init(&d);
		diag_error(&d, diag_at(a->output ? a->output : "<stdout>", 0, 0),
			   "cannot write: %s", strerror(err));
		cmd_print_diag(c, &d);
		diag_free(&d);
	}
	util_str_free(&out);
	if (!a->numeric)
		hwsq_names_free(&names);
	hwsq_names_close_db(db);
	free(image);
	return err ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	int status = cmd_parse(&c, take, check, &a);
	if (status >= 0)
		return cmd_finish(&c, status);
	for (unsigned n = 0; a.have_ep && n < HWSQ_ENTRY_COUNT; n++) {
		a.dis.entry_set[n] = true;
		a.dis.entry[n] = (uint32_t)(a.ep >> (8 * n) & 0xff) |
				 (uint32_t)(a.ep_high >> (8 * n) & 1) << 8;
	}
	return cmd_finish(&c, run(&c, &a));
}
