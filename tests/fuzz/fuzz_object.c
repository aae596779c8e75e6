/* An ELF object as afuc-ld and afuc-objdump -d read it: read, listed
 * with -d, and linked with a minimal script of its generation. */
#include <string.h>

#include "dis/dis.h"
#include "fuzz.h"
#include "ld/ld.h"

static const char script_text[] = "SECTIONS { PROCESSOR P { .text : { *(*) } "
				  ".packet_table : { PACKET_TABLE(__packet_table) } } }";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct obj_file o;
	if (obj_read_mem(&o, data, size, "fuzz.o", &d)) {
		struct dis_options opt = {0};
		struct util_str text = {0};
		dis_object(&o, "fuzz.o", &opt, &text, &d);
		util_str_free(&text);
		struct ld_script *s = ld_script_parse("fuzz.ld", script_text, strlen(script_text),
						      &d);
		if (s) {
			struct ld_input in[] = {{"fuzz.o", &o}};
			struct ld_options lo = {.script = s, .map = true, .elf = true};
			struct ld_output out;
			ld_link(in, 1, &lo, &out, &d);
			ld_output_free(&out);
			ld_script_free(s);
		}
		obj_free(&o);
	}
	diag_free(&d);
	return 0;
}
