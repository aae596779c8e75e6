/* What the HWSQ command-line tools share. */
#include "hwsq/hwsq.h"

int hwsq_usage_error(const char *tool, const char *usage, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", tool);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage);
	return 2;
}

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
