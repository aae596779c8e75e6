/* The operands of each syntax: how each is written, what it is to the
 * instruction, and the field it fills. The assembler parses by this
 * table, the formatter prints by it, the emulator's decoder and the
 * delay-slot pass of afuc-as read roles from it. */
#include "isa/isa.h"

/* The rows are laid out by hand, one syntax a row. */
/* clang-format off */

#define NO ISA_F_COUNT
#define REG(role, field) {ISA_OPND_REG, ISA_ROLE_##role, ISA_F_##field, NO, false, 0}
#define BIT(role, field) {ISA_OPND_BIT, ISA_ROLE_##role, ISA_F_##field, NO, false, 0}
#define EXPR(role, field) {ISA_OPND_EXPR, ISA_ROLE_##role, ISA_F_##field, NO, false, 0}
#define MEM(base) {ISA_OPND_MEM, ISA_ROLE_MEM, ISA_F_##base, ISA_F_IMM, false, 0}
#define MOVI_VALUE {ISA_OPND_EXPR, ISA_ROLE_VALUE, ISA_F_IMM, ISA_F_SHIFT, false, 0}
/* Written out, fixed by the encoding: the field names only where the
 * assembler keeps what was written until it can check it. */
#define IMPLIED(kind, role, field, value) {ISA_OPND_##kind, ISA_ROLE_##role, ISA_F_##field, NO, true, value}

static const struct isa_syntax_desc descs[ISA_SYN_COUNT] = {
	[ISA_SYN_NONE] = {0, {{0}}, "no operands"},
	[ISA_SYN_ALU] = {3, {REG(DST, DST), REG(SRC, SRC1), REG(SRC, SRC2)}, "$dst, $src1, $src2"},
	[ISA_SYN_ALU_IMM] = {3, {REG(DST, DST), REG(SRC, SRC1), EXPR(SRC_IMM, IMM)}, "$dst, $src1, immediate"},
	[ISA_SYN_ALU1] = {2, {REG(DST, DST), REG(SRC, SRC2)}, "$dst, $src"},
	[ISA_SYN_ALU1_IMM] = {2, {REG(DST, DST), EXPR(SRC_IMM, IMM)}, "$dst, immediate"},
	[ISA_SYN_MOVI] = {2, {REG(DST, DST), MOVI_VALUE}, "$dst, immediate [<< shift]"},
	[ISA_SYN_SETBIT] = {3, {REG(DST, DST), REG(SRC, SRC1), BIT(BIT, BIT)}, "$dst, $src, bN"},
	[ISA_SYN_BITFIELD] = {4, {REG(DST, DST), REG(SRC, SRC1), BIT(BIT, BIT), BIT(HI, HI)}, "$dst, $src, bLO, bHI"},
	[ISA_SYN_CONTROL_WRITE] = {2, {REG(SRC, SRC1), MEM(SRC2)}, "$src, [$base + offset][!]"},
	[ISA_SYN_CONTROL_READ] = {2, {REG(DST, DST), MEM(SRC1)}, "$dst, [$base + offset][!]"},
	[ISA_SYN_BRANCH_IMM] = {3, {REG(SRC, SRC1), EXPR(CMP, IMM), EXPR(OFFSET, OFFSET)}, "$src, immediate, #target"},
	[ISA_SYN_BRANCH_BIT] = {3, {REG(SRC, SRC1), BIT(BIT, BIT), EXPR(OFFSET, OFFSET)}, "$src, bN, #target"},
	[ISA_SYN_JUMP] = {1, {EXPR(OFFSET, OFFSET)}, "#target"},
	[ISA_SYN_CALL] = {1, {EXPR(TARGET, TARGET)}, "#target"},
	[ISA_SYN_JUMPR] = {1, {REG(SRC, SRC1)}, "$src"},
	[ISA_SYN_SETSECURE] = {2, {IMPLIED(REG, SRC, SRC1, 2), IMPLIED(EXPR, OFFSET, OFFSET, 3)}, "$02, #target (3 words on)"},
};

/* clang-format on */

const struct isa_syntax_desc *isa_syntax_desc(enum isa_syntax syntax)
{
	return &descs[(unsigned)syntax < ISA_SYN_COUNT ? syntax : ISA_SYN_NONE];
}

uint32_t isa_operand_value(const struct isa_instr *in, const struct isa_operand *op)
{
	if (op->implied)
		return op->fixed;
	if (op->kind == ISA_OPND_MEM)
		return in->f[op->field2];
	uint32_t v = in->f[op->field];
	if (op->field2 == ISA_F_SHIFT)
		return in->f[ISA_F_SHIFT] < 32 ? v << in->f[ISA_F_SHIFT] : 0;
	return v;
}

/* Registers that ops use beyond their operands. */
static const struct {
	uint32_t reads, writes;
} implicit_regs[ISA_OP_COUNT] = {
	[ISA_OP_BL] = {0, 1u << ISA_REG_LR}, /* the return address */
	[ISA_OP_SRET] = {1u << ISA_REG_LR, 0},
};

void isa_instr_regs(const struct isa_instr *in, uint32_t *reads, uint32_t *writes)
{
	const struct isa_syntax_desc *syn = isa_form_syntax(in->form);
	uint32_t r = implicit_regs[in->form->op].reads, w = implicit_regs[in->form->op].writes;
	for (unsigned i = 0; i < syn->count; i++) {
		const struct isa_operand *op = &syn->ops[i];
		if (op->kind != ISA_OPND_REG && op->kind != ISA_OPND_MEM)
			continue;
		uint32_t bit = 1u << ((op->implied ? op->fixed : in->f[op->field]) & 31);
		if (op->role == ISA_ROLE_DST)
			w |= bit;
		else
			r |= bit;
		if (op->kind == ISA_OPND_MEM && in->f[ISA_F_PREINC])
			w |= bit;
	}
	if (isa_form_field(in->form, ISA_F_REP) && in->f[ISA_F_REP]) {
		r |= 1u << ISA_REG_REM; /* counted down to zero */
		w |= 1u << ISA_REG_REM;
	}
	*reads = r;
	*writes = w;
}
