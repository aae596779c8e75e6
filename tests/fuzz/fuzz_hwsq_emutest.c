/* A hwsq-emu test file (*.hemu): parsed and run. */
#include <stdio.h>

#include "fuzz.h"
#include "hwsq/hwsq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (size > FUZZ_MAX_INPUT)
		return 0;
	if (!sink)
		sink = fopen("/dev/null", "w");
	struct hwsq_emutest_options o = {0};
	hwsq_emutest_run(fuzz_file(".hemu", data, size), &o, sink);
	return 0;
}
