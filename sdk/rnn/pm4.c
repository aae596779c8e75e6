/* Packet opcodes by name, as Mesa's tools write them: the PM4 view's
 * names, and UNKNn for an opcode the database does not name. */
#include <string.h>

#include "rnn/rnn.h"

#define PM4_OPCODES 0x80

/* UNKNn: n decimal, without leading zeros, below 0x80. */
static bool unkn_opcode(const char *name, uint32_t *opcode)
{
	const char *digits = name + 4;
	if (strncmp(name, "UNKN", 4) != 0 || !digits[0] || strlen(digits) > 3 ||
	    (digits[0] == '0' && digits[1]))
		return false;
	uint32_t v = 0;
	for (const char *p = digits; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		v = v * 10 + (uint32_t)(*p - '0');
	}
	*opcode = v;
	return v < PM4_OPCODES;
}

bool rnn_pm4_opcode(const struct rnn_view *pm4, const char *name, uint32_t *opcode)
{
	if (unkn_opcode(name, opcode))
		return true;
	uint64_t value;
	if (!pm4 || !rnn_name_to_value(pm4, name, &value) || value >= PM4_OPCODES)
		return false;
	*opcode = (uint32_t)value;
	return true;
}

void rnn_pm4_name(const struct rnn_view *pm4, uint32_t opcode, struct util_str *out)
{
	if (!pm4 || !rnn_value_to_name(pm4, opcode, out))
		util_str_printf(out, "UNKN%u", opcode);
}
