/* afuc-as: a source (after cpp and m4, as afuc-as hands it over) into
 * an object, for each generation, with names from the SDK's database;
 * what assembles is written as ELF and read back. */
#include <stdlib.h>

#include "as/as.h"
#include "fuzz.h"
#include "obj/obj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* opened once: reading the XML for every input would be most of
	 * the run */
	static struct rnn_db *db;
	static struct diag open_d;
	if (size > FUZZ_MAX_INPUT)
		return 0;
	if (!db) {
		diag_init(&open_d);
		db = rnn_open(NULL, &open_d);
	}
	for (enum isa_gen gen = ISA_GEN_MIN; gen <= ISA_GEN_MAX; gen++) {
		/* a6xx with -O, so that the delay-slot pass sees every input */
		struct as_options opt = {.gen = gen, .db = db, .fill_delay_slots = gen == ISA_A6XX};
		struct obj_file o;
		struct diag d;
		diag_init(&d);
		if (as_assemble((const char *)data, size, "fuzz.s", &opt, &o, &d)) {
			uint8_t *elf;
			size_t len;
			struct diag wd;
			diag_init(&wd);
			if (obj_write_mem(&o, &elf, &len, &wd)) {
				struct obj_file back;
				if (obj_read_mem(&back, elf, len, "fuzz.o", &wd))
					obj_free(&back);
				free(elf);
			}
			diag_free(&wd);
			obj_free(&o);
		}
		diag_free(&d);
	}
	return 0;
}
