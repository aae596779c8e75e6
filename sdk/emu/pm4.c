/* PM4 packet headers, with the odd parity the kernel's adreno driver
 * puts on each field (pm4_calc_odd_parity_bit: the XOR of the field's
 * nibbles, looked up in the constant 0x9669), taken apart and named. */
#include <stdio.h>
#include <string.h>

#include "emu/machine.h"

unsigned emu_pm4_parity(uint32_t value)
{
	uint32_t x = value ^ value >> 4 ^ value >> 8 ^ value >> 12 ^ value >> 16 ^ value >> 20 ^
		     value >> 24 ^ value >> 28;
	return (0x9669u >> (x & 0xf)) & 1;
}

uint32_t emu_pkt7_header(uint32_t opcode, uint32_t count)
{
	opcode &= EMU_PKT7_MAX_OPCODE;
	count &= EMU_PKT7_MAX_COUNT;
	return 0x70000000u | emu_pm4_parity(opcode) << 23 | opcode << 16 |
	       emu_pm4_parity(count) << 15 | count;
}

uint32_t emu_pkt4_header(uint32_t reg, uint32_t count)
{
	reg &= EMU_PKT4_MAX_REG;
	count &= EMU_PKT4_MAX_COUNT;
	return 0x40000000u | emu_pm4_parity(reg) << 27 | reg << 8 | emu_pm4_parity(count) << 7 |
	       count;
}

bool emu_pm4_decode(uint32_t header, struct emu_pm4 *pkt)
{
	return emu_pm4_split(header, pkt);
}

uint32_t emu_pm4_entry(uint32_t header)
{
	return header >> 28 == 4 ? EMU_PKT4_ENTRY : (header >> 16) & EMU_PKT7_MAX_OPCODE;
}

size_t emu_entry_name(const struct emu *e, uint32_t entry, char *buf, size_t size)
{
	if (entry != EMU_PKT4_ENTRY && emu_name(e, EMU_SPACE_PM4, entry, buf, size))
		return strlen(buf);
	int n = entry == EMU_PKT4_ENTRY ? snprintf(buf, size, "PKT4")
					: snprintf(buf, size, "UNKN%u", (unsigned)entry);
	return n < 0 ? 0 : (size_t)n;
}
