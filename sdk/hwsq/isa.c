/* The HWSQ chip families and opcode table: the only place that knows an
 * opcode's bytes. The compiler, the disassembler and the emulator all
 * decode and encode through here. */
#include <string.h>
#include <strings.h>

#include "afuc/hwsq.h"
#include "util/util.h"

#define ALL HWSQ_ALL_FAMILIES
/* MMIO pokes and event waits arrived with NV41. */
#define NV41_UP \
	(HWSQ_FAMILY_BIT(HWSQ_NV41) | HWSQ_FAMILY_BIT(HWSQ_NV50) | HWSQ_FAMILY_BIT(HWSQ_NV92))

static const struct hwsq_family_info families[HWSQ_FAMILY_COUNT] = {
	[HWSQ_NV17] = {"nv17", "NV17", "NV17:NV41", 0x40, 2, false, false, false, HWSQ_ILLEGAL_NOP,
		       HWSQ_MMIO_CODE},
	[HWSQ_NV41] = {"nv41", "NV41", "NV41:NV50", 0x80, 2, true, true, false, HWSQ_ILLEGAL_HANG,
		       HWSQ_MMIO_CODE},
	[HWSQ_NV50] = {"nv50", "NV50", "NV50:NV92", 0x100, 2, true, true, false, HWSQ_ILLEGAL_HANG,
		       HWSQ_MMIO_CODE},
	[HWSQ_NV92] = {"nv92", "NV92", "NV92:NVC0", 0x200, 1, true, true, true, HWSQ_ILLEGAL_NOP,
		       HWSQ_MMIO_NEW_CODE},
};

const struct hwsq_family_info *hwsq_family_info(enum hwsq_family f)
{
	return &families[f];
}

bool hwsq_family_parse(const char *name, enum hwsq_family *f)
{
	for (unsigned i = 0; i < HWSQ_FAMILY_COUNT; i++) {
		if (strcasecmp(name, families[i].name) == 0) {
			*f = (enum hwsq_family)i;
			return true;
		}
	}
	return false;
}

/* clang-format off */
#define F(kind, pos, len) {HWSQ_OPND_##kind, pos, len}
/* clang-format on */

/* Decoding order matters only for 0x00, which is nop rather than
 * "wait 0x0 shl 0x0" (the same byte, printed the way envydis does). */
static const struct hwsq_opcode opcodes[] = {
	{HWSQ_OP_NOP, "nop", 0x00, 0xff, 1, ALL, {{0}}, NULL},
	{HWSQ_OP_WAIT, "wait", 0x00, 0xc0, 1, ALL, {F(NUM, 0, 2), F(SHIFT, 2, 4)}, "shl"},
	{HWSQ_OP_ADDRLO, "addrlo", 0x40, 0xff, 3, NV41_UP, {F(NUM, 8, 16)}, NULL},
	{HWSQ_OP_DATALO, "datalo", 0x42, 0xff, 3, NV41_UP, {F(NUM, 8, 16)}, NULL},
	{HWSQ_OP_EWAIT, "ewait", 0x5f, 0xff, 3, NV41_UP, {F(EVENT, 8, 5), F(NUM, 16, 1)}, NULL},
	{HWSQ_OP_EXIT, "exit", 0x7f, 0xff, 1, ALL, {{0}}, NULL},
	{HWSQ_OP_UNSET, "unset", 0x80, 0xe0, 1, ALL, {F(FLAG, 0, 5)}, NULL},
	{HWSQ_OP_SET1, "set1", 0xa0, 0xe0, 1, ALL, {F(FLAG, 0, 5)}, NULL},
	{HWSQ_OP_SET0, "set0", 0xc0, 0xe0, 1, ALL, {F(FLAG, 0, 5)}, NULL},
	{HWSQ_OP_ADDR, "addr", 0xe0, 0xff, 5, NV41_UP, {F(NUM, 8, 32)}, NULL},
	{HWSQ_OP_DATA, "data", 0xe2, 0xff, 5, NV41_UP, {F(NUM, 8, 32)}, NULL},
};

size_t hwsq_opcode_count(void)
{
	return UTIL_ARRAY_SIZE(opcodes);
}

const struct hwsq_opcode *hwsq_opcode_at(size_t index)
{
	return index < hwsq_opcode_count() ? &opcodes[index] : NULL;
}

const struct hwsq_opcode *hwsq_opcode_of(enum hwsq_op op)
{
	for (size_t i = 0; i < hwsq_opcode_count(); i++)
		if (opcodes[i].op == op)
			return &opcodes[i];
	return NULL;
}

const struct hwsq_opcode *hwsq_opcode_by_name(const char *name)
{
	for (size_t i = 0; i < hwsq_opcode_count(); i++)
		if (strcmp(opcodes[i].name, name) == 0)
			return &opcodes[i];
	return NULL;
}

static uint64_t field_mask(const struct hwsq_field *fl)
{
	return (uint64_t)hwsq_field_max(fl) << fl->pos;
}

void hwsq_decode(enum hwsq_family f, const uint8_t *code, size_t len, size_t pos,
		 struct hwsq_insn *insn)
{
	memset(insn, 0, sizeof *insn);
	uint8_t first = code[pos];
	const struct hwsq_opcode *o = NULL;
	for (size_t i = 0; i < hwsq_opcode_count() && !o; i++)
		if ((first & opcodes[i].mask) == opcodes[i].match && hwsq_opcode_on(&opcodes[i], f))
			o = &opcodes[i];
	if (!o) {
		insn->length = 1;
		insn->raw = first;
		insn->unknown = first;
		return;
	}
	insn->opcode = o;
	insn->length = o->length;
	if (pos + o->length > len) {
		insn->truncated = true;
		insn->length = (uint8_t)(len - pos);
	}
	for (unsigned i = 0; i < insn->length; i++)
		insn->raw |= (uint64_t)code[pos + i] << (8 * i);
	uint64_t claimed = o->mask;
	for (unsigned i = 0; i < HWSQ_MAX_OPERANDS && o->fields[i].kind != HWSQ_OPND_NONE; i++) {
		const struct hwsq_field *fl = &o->fields[i];
		insn->operands[i] = (uint32_t)((insn->raw >> fl->pos) & hwsq_field_max(fl));
		claimed |= field_mask(fl);
	}
	insn->unknown = insn->raw & ~claimed;
}

bool hwsq_encode(const struct hwsq_opcode *o, const uint32_t operands[HWSQ_MAX_OPERANDS],
		 uint64_t *raw)
{
	uint64_t r = o->match;
	for (unsigned i = 0; i < HWSQ_MAX_OPERANDS && o->fields[i].kind != HWSQ_OPND_NONE; i++) {
		const struct hwsq_field *fl = &o->fields[i];
		if (operands[i] > hwsq_field_max(fl))
			return false;
		r |= (uint64_t)operands[i] << fl->pos;
	}
	*raw = r;
	return true;
}

uint32_t hwsq_trigger_value(enum hwsq_family f, enum hwsq_slot slot, unsigned entry)
{
	uint32_t v = HWSQ_TRIGGER_START | entry << HWSQ_TRIGGER_ENTRY_SHIFT;
	/* NV92+ has one slot and no slot bit. */
	if (hwsq_family_info(f)->slots > 1 && slot == HWSQ_SLOT_A)
		v |= HWSQ_TRIGGER_SLOT_A;
	return v;
}
