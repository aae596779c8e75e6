/* hwsq-as: a source (after cpp and m4) compiled for every family, and
 * what compiles disassembled and run in the emulator. */
#include <stdlib.h>

#include "fuzz.h"
#include "hwsq/hwsq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	char *text = fuzz_text(data, size);
	for (int f = 0; f < HWSQ_FAMILY_COUNT; f++) {
		struct hwsq_as_options o = {.family = (enum hwsq_family)f};
		struct hwsq_program p;
		struct diag d;
		diag_init(&d);
		if (hwsq_assemble(text, "fuzz.hwsq", &o, &p, &d)) {
			size_t ram = hwsq_family_info(o.family)->ram_size;
			uint8_t *image = calloc(1, ram);
			hwsq_image(&p, image);
			struct hwsq_emu *e = hwsq_emu_new(o.family);
			if (hwsq_emu_load(e, image, ram)) {
				hwsq_emu_start(e, HWSQ_SLOT_A, 0);
				hwsq_emu_run(e, 1000000000ull);
			}
			hwsq_emu_free(e);
			free(image);
		}
		hwsq_program_free(&p);
		diag_free(&d);
	}
	free(text);
	return 0;
}
