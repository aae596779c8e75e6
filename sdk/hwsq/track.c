/* Following a slot's ADDR and DATA through code, and finding where the
 * code of an image ends: shared by the compiler, the disassembler, the
 * emulator and the test runner. */
#include "hwsq/hwsq.h"

bool hwsq_mmio_apply(struct hwsq_mmio_state *m, const struct hwsq_insn *insn)
{
	uint32_t v = insn->operands[0];
	switch (insn->opcode ? insn->opcode->op : HWSQ_OP_COUNT) {
	case HWSQ_OP_DATA:
		m->data = v;
		m->data_known = 0xffffffff;
		return false;
	case HWSQ_OP_DATALO:
		m->data = (m->data & 0xffff0000) | v;
		m->data_known |= 0xffff;
		return false;
	case HWSQ_OP_ADDR:
		m->addr = v;
		m->addr_known = 0xffffffff;
		return true;
	case HWSQ_OP_ADDRLO:
		m->addr = (m->addr & 0xffff0000) | v;
		m->addr_known |= 0xffff;
		return true;
	default:
		return false;
	}
}

uint32_t hwsq_image_used(enum hwsq_family f, const uint8_t *code, uint32_t size)
{
	uint32_t end = 0;
	for (uint32_t pos = 0; pos < size;) {
		struct hwsq_insn insn;
		hwsq_decode(f, code, size, pos, &insn);
		pos += insn.length;
		if (!insn.opcode || insn.opcode->op != HWSQ_OP_EXIT)
			end = pos;
	}
	return end < size ? end + 1 : end;
}

uint32_t hwsq_entry_bytes(enum hwsq_family f, const uint8_t *code, uint32_t size, uint32_t entry)
{
	for (uint32_t pos = entry; pos < size;) {
		struct hwsq_insn insn;
		hwsq_decode(f, code, size, pos, &insn);
		pos += insn.length;
		if (insn.opcode && insn.opcode->op == HWSQ_OP_EXIT)
			return pos - entry;
	}
	return entry < size ? size - entry : 0;
}
