/* hwsq-board: from a board's VBIOS tables and register readings, the
 * header nouveau's reclock programs need (boards/NAME.h; make writes
 * those of the descriptions in hwsq-scripts/boards into build/hwsq/boards),
 * computed as nouveau computes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "hwsq/board.h"
#include "hwsq/hwsq.h"

enum { OPT_VBIOS = 1, OPT_EMIT_VBIOS, OPT_OUT };

struct args {
	const char *desc, *vbios, *emit_vbios, *output;
};

static const struct cmd_option options[] = {
	{OPT_VBIOS, 0, "vbios", "IMAGE",
	 "read the tables from a VBIOS image (nvagetbios,\n"
	 "debugfs vbios.rom) instead of the description's",
	 0, CMD_KEEP_STRING(struct args, vbios)},
	{OPT_EMIT_VBIOS, 0, "emit-vbios", "FILE",
	 "also write the VBIOS image the description's\n"
	 "tables make (a synthetic one, for tests)",
	 0, CMD_KEEP_STRING(struct args, emit_vbios)},
	{OPT_OUT, 'o', NULL, "FILE", "write the header to FILE instead of standard output", 0,
	 CMD_KEEP_STRING(struct args, output)},
};

static const struct cmd_spec spec = {
	"hwsq-board",
	"[--vbios IMAGE] [-o HEADER] DESCRIPTION",
	"Computes what nouveau's G80..GT200 memory reclock (nv50_ram_calc) or\n"
	"clock change (nv50_clk_calc) takes from a board -- PLL coefficients\n"
	"within the VBIOS's PLL limits, dividers, the vdec and dom6 choices,\n"
	"timings, mode registers, partitions and ranks -- and writes the board\n"
	"header the hwsq-scripts reclock scripts include. DESCRIPTION gives the\n"
	"chipset, the program, the performance level, the registers nouveau reads\n"
	"and (without --vbios) the VBIOS tables; see docs/hwsq.md.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	"board description",
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	if (id == CMD_OPERAND) {
		if (a->desc)
			return cmd_usage_error(c, "one description at a time: '%s' and '%s'",
					       a->desc, c->value);
		a->desc = c->value;
	}
	return -1;
}

static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!a->desc)
		return cmd_usage_error(c, "expected a board description");
	if (a->vbios && a->emit_vbios)
		return cmd_usage_error(c, "--emit-vbios writes the description's tables: it "
					  "cannot go with --vbios");
	return -1;
}

static int run(const struct cmd *c, const struct args *a)
{
	uint8_t *text;
	size_t len;
	int err = hwsq_read_input(a->desc, &text, &len);
	if (err) {
		cmd_error(c, "cannot read %s: %s", a->desc, hwsq_input_error(err));
		return 1;
	}
	struct diag d;
	diag_init(&d);
	struct hwsq_board b;
	bool ok = hwsq_board_parse(a->desc, (const char *)text, len, &b, &d);
	free(text);
	const char *source = a->desc;
	if (ok && a->vbios) {
		uint8_t *image;
		size_t size;
		err = util_read_file(a->vbios, &image, &size);
		if (err) {
			diag_error(&d, diag_at(a->vbios, 0, 0), "cannot read: %s", strerror(err));
			ok = false;
		} else if (size < 2 || image[0] != 0x55 || image[1] != 0xaa) {
			diag_error(&d, diag_at(a->vbios, 0, 0),
				   "not a VBIOS image: expected 55 aa at its start (nvagetbios "
				   "or debugfs vbios.rom)");
			free(image);
			ok = false;
		} else {
			free(b.vbios);
			b.vbios = image;
			b.vbios_size = size;
			source = a->vbios;
		}
	}
	struct util_str out = {0};
	if (ok)
		ok = hwsq_board_header(&b, source, &out, &d);
	struct util_outputs g = {0};
	if (ok) {
		err = util_outputs_add(&g, a->output ? a->output : "-", out.text, out.len);
		if (!err && a->emit_vbios)
			err = util_outputs_add(&g, a->emit_vbios, b.vbios, b.vbios_size);
		size_t failed = 0;
		if (!err)
			err = util_outputs_commit(&g, &failed);
		else
			util_outputs_abort(&g);
		if (err) {
			diag_error(&d, diag_at(a->output ? a->output : "<stdout>", 0, 0),
				   "cannot write: %s", strerror(err));
			ok = false;
		}
	}
	cmd_print_diag(c, &d);
	diag_free(&d);
	util_str_free(&out);
	hwsq_board_free(&b);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	int status = cmd_parse(&c, take, check, &a);
	if (status < 0)
		status = run(&c, &a);
	return cmd_finish(&c, status);
}
