/* A HWSQ code-RAM image, as hwsq-objdump and hwsq-emu read it, for every
 * family: disassembled, then run from every entry on both slots until it
 * ends or a simulated second passes. */
#include "fuzz.h"
#include "hwsq/hwsq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	for (int f = 0; f < HWSQ_FAMILY_COUNT; f++) {
		struct hwsq_dis_options o = {.family = (enum hwsq_family)f};
		struct util_str text = {0};
		hwsq_disassemble(data, size, &o, &text);
		util_str_free(&text);
		struct hwsq_emu *e = hwsq_emu_new(o.family);
		if (hwsq_emu_load(e, data, size)) {
			hwsq_emu_set_enable(e, true);
			for (unsigned entry = 0; entry < HWSQ_ENTRY_COUNT; entry++) {
				hwsq_emu_start(e, entry & 1 ? HWSQ_SLOT_B : HWSQ_SLOT_A, entry);
				hwsq_emu_run(e, hwsq_emu_time_ns(e) + 1000000000ull);
			}
		}
		hwsq_emu_free(e);
	}
	return 0;
}
