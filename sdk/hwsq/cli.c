/* What the HWSQ command-line tools share: parsers of their option
 * values, which return and never print (the tools report through
 * sdk/cmd). */
#include <string.h>

#include "hwsq/hwsq.h"

bool hwsq_parse_entry_arg(const char *text, unsigned *n, uint32_t *addr)
{
	uint64_t v;
	if (text[0] < '0' || text[0] > '3' || text[1] != '=' || !util_parse_u64(text + 2, &v) ||
	    v > 0x1ff)
		return false;
	*n = (unsigned)(text[0] - '0');
	*addr = (uint32_t)v;
	return true;
}

bool hwsq_parse_slot(const char *text, enum hwsq_slot *slot)
{
	if (strcmp(text, "a") != 0 && strcmp(text, "b") != 0)
		return false;
	*slot = text[0] == 'a' ? HWSQ_SLOT_A : HWSQ_SLOT_B;
	return true;
}
