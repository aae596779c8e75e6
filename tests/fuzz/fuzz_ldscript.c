/* afuc-ld: a linker script, parsed and used to link a small object of
 * each generation (code, a handler, a BV section), with a map and ELF. */
#include "fuzz.h"
#include "ld/ld.h"

static void make_object(struct obj_file *o, enum isa_gen gen)
{
	obj_init(o, gen);
	uint32_t text = obj_add_section(o, ".text");
	uint32_t sym = obj_symbol(o, "CP_NOP");
	o->symbols[sym].section = text;
	o->symbols[sym].value = 1;
	o->symbols[sym].global = true;
	obj_emit(&o->sections[text], 0x01000000u);
	obj_emit(&o->sections[text], 0xd8000000u);
	obj_add_handler(o, (struct obj_handler){.opcode = 0x10, .symbol = sym});
	uint32_t bv = obj_add_section(o, "BV");
	obj_emit(&o->sections[bv], 0xd8000000u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct ld_script *s = ld_script_parse("fuzz.ld", (const char *)data, size, &d);
	if (s) {
		enum isa_gen gen = ISA_A6XX;
		ld_script_gen(s, &gen);
		struct obj_file o;
		make_object(&o, gen);
		struct ld_input in[] = {{"fuzz.o", &o}};
		struct ld_options opt = {.script = s, .map = true, .elf = true};
		struct ld_output out;
		ld_link(in, 1, &opt, &out, &d);
		ld_output_free(&out);
		obj_free(&o);
		ld_script_free(s);
	}
	diag_free(&d);
	return 0;
}
