/* hwsq-board: a board description (the full bytes: a NUL is a located
 * error), and what parses turned into the board header, as the tool
 * does without --vbios (the tables come from the description). */
#include "fuzz.h"
#include "hwsq/board.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct hwsq_board b;
	if (hwsq_board_parse("fuzz.board", (const char *)data, size, &b, &d)) {
		struct util_str out = {0};
		hwsq_board_header(&b, "fuzz.board", &out, &d);
		util_str_free(&out);
	}
	hwsq_board_free(&b);
	diag_free(&d);
	return 0;
}
