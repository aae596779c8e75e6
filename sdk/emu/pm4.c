/* PM4 packet headers, with the odd parity the kernel's adreno driver
 * puts on each field (pm4_calc_odd_parity_bit: the XOR of the field's
 * nibbles, looked up in the constant 0x9669). */
#include "emu/machine.h"

unsigned emu_pm4_parity(uint32_t value)
{
	uint32_t x = value ^ value >> 4 ^ value >> 8 ^ value >> 12 ^ value >> 16 ^ value >> 20 ^
		     value >> 24 ^ value >> 28;
	return (0x9669u >> (x & 0xf)) & 1;
}

uint32_t emu_pkt7_header(uint32_t opcode, uint32_t count)
{
	opcode &= 0x7f;
	count &= 0x3fff;
	return 0x70000000u | emu_pm4_parity(opcode) << 23 | opcode << 16 |
	       emu_pm4_parity(count) << 15 | count;
}

uint32_t emu_pkt4_header(uint32_t reg, uint32_t count)
{
	reg &= 0x3ffff;
	count &= 0x7f;
	return 0x40000000u | emu_pm4_parity(reg) << 27 | reg << 8 | emu_pm4_parity(count) << 7 |
	       count;
}
