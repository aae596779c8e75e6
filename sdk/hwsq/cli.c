/* What the HWSQ command-line tools share: parsers of their option
 * values, which return and never print (the tools report through
 * sdk/cmd). */
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
