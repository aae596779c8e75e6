/* afuc-emu --coverage-out: an lcov tracefile, parsed (located errors or
 * records), and what parses written back out, which must parse again to
 * the same text: the merge writes what it read. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "lcov/lcov.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct lcov cov = {0};
	bool ok = lcov_parse(&cov, "fuzz.info", (const char *)data, size, &d);
	for (size_t i = 0; i < d.count; i++)
		if (d.msgs[i].line == 0 || !strstr(d.msgs[i].text, "expected"))
			abort(); /* every error is located and says what it expected */
	if (ok) {
		struct util_str once = {0}, twice = {0};
		lcov_format(&cov, &once);
		struct lcov again = {0};
		struct diag d2;
		diag_init(&d2);
		if (!lcov_parse(&again, "once.info", once.text ? once.text : "", once.len, &d2))
			abort();
		lcov_format(&again, &twice);
		if (once.len != twice.len || (once.len && memcmp(once.text, twice.text, once.len)))
			abort();
		lcov_free(&again);
		diag_free(&d2);
		util_str_free(&once);
		util_str_free(&twice);
	}
	lcov_free(&cov);
	diag_free(&d);
	return 0;
}
