/* A firmware image as every tool reads it: sdk/fw's identification,
 * afuc-objdump's listing, afuc-ld --base with a one-handler object, and
 * the emulator's boot and a few packets under a small step limit. */
#include <stdlib.h>

#include "afuc/emu.h"
#include "dis/dis.h"
#include "fuzz.h"
#include "fw/fw.h"
#include "ld/ld.h"

static void patch(const uint8_t *data, size_t size, enum isa_gen gen)
{
	struct obj_file o;
	obj_init(&o, gen);
	uint32_t text = obj_add_section(&o, ".text");
	uint32_t sym = obj_symbol(&o, "h");
	o.symbols[sym].section = text;
	obj_emit(&o.sections[text], 0xd8000000u);
	obj_add_handler(&o, (struct obj_handler){.opcode = 0x7e, .symbol = sym});
	struct ld_input in[] = {{"h.o", &o}};
	struct ld_options opt = {
		.base = data, .base_len = size, .base_name = "fuzz.fw", .map = true};
	struct ld_output out;
	struct diag d;
	diag_init(&d);
	ld_link(in, 1, &opt, &out, &d);
	ld_output_free(&out);
	diag_free(&d);
	obj_free(&o);
}

static void run(const uint8_t *data, size_t size, enum emu_gen gen)
{
	char *why = NULL;
	struct emu *e = emu_new(&(struct emu_config){.gen = gen, .step_limit = 20000}, &why);
	if (!e) {
		free(why);
		return;
	}
	if (emu_load_image_bytes(e, data, size) && emu_run(e) == EMU_IDLE) {
		emu_push_pkt7(e, 0x10, (uint32_t[]){1, 2}, 2);
		emu_push_pkt7(e, 0x3d, (uint32_t[]){0x1000, 0, 5}, 3);
		emu_run(e);
	}
	emu_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct dis_options opt = {0};
	struct util_str text = {0};
	dis_image(data, size, "fuzz.fw", &opt, &text, &d);
	util_str_free(&text);
	diag_free(&d);
	if (size >= 8 && size % 4 == 0) {
		struct fw_info fw;
		uint32_t n = (uint32_t)(size / 4 - 1);
		uint32_t *w = malloc(n * sizeof *w);
		for (uint32_t i = 0; i < n; i++)
			w[i] = util_le32(data + 4 * (i + 1));
		if (fw_identify(w, n, 0, &fw)) {
			patch(data, size, fw.gen);
			run(data, size, (enum emu_gen)fw.gen);
		}
		free(w);
	}
	return 0;
}
