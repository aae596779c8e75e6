/* Chip names to HWSQ families: "g84", "NV84", "gt215" as well as the
 * family names themselves. The ranges are the register database's
 * (sdk/rnn/db/nvchipsets.xml, envytools' order): NV17:NV41, NV41:G80,
 * G80:G92 and G92:GF100; a table here so that a tool knows the family
 * before (and without) loading any database. One exception: G92 is in
 * nv50, as nouveau drives it (nv92_chipset's bus is nv50_bus: the 0x1400
 * window, 64 words), not in envytools' G92:GF100. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "afuc/hwsq.h"
#include "util/util.h"

struct chip {
	const char *name;
	unsigned number; /* the chipset number: "nv84" names G84 */
	enum hwsq_family family;
};

static const struct chip chips[] = {
	{"NV17", 0x17, HWSQ_NV17},  {"NV1F", 0x1f, HWSQ_NV17},  {"NV18", 0x18, HWSQ_NV17},
	{"NV20", 0x20, HWSQ_NV17},  {"NV25", 0x25, HWSQ_NV17},  {"NV28", 0x28, HWSQ_NV17},
	{"NV2A", 0x2a, HWSQ_NV17},  {"NV30", 0x30, HWSQ_NV17},  {"NV35", 0x35, HWSQ_NV17},
	{"NV31", 0x31, HWSQ_NV17},  {"NV36", 0x36, HWSQ_NV17},  {"NV34", 0x34, HWSQ_NV17},
	{"NV40", 0x40, HWSQ_NV17},  {"NV41", 0x41, HWSQ_NV41},  {"NV42", 0x42, HWSQ_NV41},
	{"NV43", 0x43, HWSQ_NV41},  {"NV44", 0x44, HWSQ_NV41},  {"NV44A", 0x4a, HWSQ_NV41},
	{"G70", 0x47, HWSQ_NV41},   {"G72", 0x46, HWSQ_NV41},   {"G71", 0x49, HWSQ_NV41},
	{"G73", 0x4b, HWSQ_NV41},   {"C51", 0x4e, HWSQ_NV41},   {"MCP61", 0x4c, HWSQ_NV41},
	{"MCP67", 0x67, HWSQ_NV41}, {"MCP68", 0x68, HWSQ_NV41}, {"MCP73", 0x63, HWSQ_NV41},
	{"RSX", 0x4d, HWSQ_NV41},   {"G80", 0x50, HWSQ_NV50},   {"G84", 0x84, HWSQ_NV50},
	{"G86", 0x86, HWSQ_NV50},   {"G92", 0x92, HWSQ_NV50},   {"G94", 0x94, HWSQ_NV92},
	{"G96", 0x96, HWSQ_NV92},   {"G98", 0x98, HWSQ_NV92},   {"G200", 0xa0, HWSQ_NV92},
	{"MCP77", 0xaa, HWSQ_NV92}, {"MCP79", 0xac, HWSQ_NV92}, {"GT215", 0xa3, HWSQ_NV92},
	{"GT216", 0xa5, HWSQ_NV92}, {"GT218", 0xa8, HWSQ_NV92}, {"MCP89", 0xaf, HWSQ_NV92},
};

bool hwsq_chip_family(const char *name, enum hwsq_family *f)
{
	if (hwsq_family_parse(name, f))
		return true;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(chips); i++) {
		char number[8];
		snprintf(number, sizeof number, "NV%02X", chips[i].number);
		if (strcasecmp(name, chips[i].name) == 0 || strcasecmp(name, number) == 0) {
			*f = chips[i].family;
			return true;
		}
	}
	return false;
}
