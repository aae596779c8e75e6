/* A register database file: loaded (imports resolved next to it) and
 * flattened into every view the tools ask for. */
#include "fuzz.h"
#include "rnn/rnn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const variants[] = {"A5XX", "A6XX", "A7XX", "NV50", "NV92"};
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_load_file(fuzz_file(".xml", data, size), &d);
	if (db) {
		for (int space = 0; space < RNN_SPACE_COUNT; space++)
			for (size_t v = 0; v < sizeof variants / sizeof *variants; v++) {
				const struct rnn_view *view = rnn_view(db, (enum rnn_space)space,
								       variants[v], &d);
				uint64_t value;
				if (view)
					rnn_name_to_value(view, "CP_NOP", &value);
			}
		rnn_close(db);
	}
	diag_free(&d);
	return 0;
}
