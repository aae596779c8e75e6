/* Printing an instruction in Mesa's afuc syntax. The operand description
 * of the form's syntax (syntax.c) says which operands there are; the
 * field values fill them in. */
#include "isa/isa.h"

static void put_reg(struct util_str *out, uint32_t reg, bool is_dst)
{
	util_str_puts(out, isa_reg_name(reg, is_dst));
}

static void put_label(struct util_str *out, const struct isa_names *names, uint32_t address)
{
	util_str_putc(out, '#');
	if (!names || !names->label || !names->label(names->ctx, address, out))
		util_str_printf(out, "0x%x", address);
}

/* The base of a [reg + base] operand: a register name when the hook
 * knows one, otherwise a number ("0x0a4"; pre-increment bases are plain
 * offsets, printed "0x1", as Mesa does). */
static void put_base(struct util_str *out, const struct isa_instr *in, uint32_t base,
		     const struct isa_names *names)
{
	bool preinc = in->f[ISA_F_PREINC] != 0;
	enum isa_space space = (enum isa_space)in->form->space;
	if (!preinc && names) {
		if (space == ISA_SPACE_CONTROL && names->control &&
		    names->control(names->ctx, base, out))
			return;
		if (space == ISA_SPACE_SQE && names->sqe && names->sqe(names->ctx, base, out))
			return;
	}
	if (preinc || space == ISA_SPACE_MEMORY)
		util_str_printf(out, "0x%x", base);
	else
		util_str_printf(out, "0x%03x", base);
}

static void put_modifiers(struct util_str *out, const struct isa_instr *in)
{
	const struct isa_form *form = in->form;
	if (isa_form_field(form, ISA_F_REP) && in->f[ISA_F_REP])
		util_str_puts(out, "(rep)");
	if (isa_form_field(form, ISA_F_SDS) && in->f[ISA_F_SDS])
		util_str_printf(out, "(sds%u)", in->f[ISA_F_SDS]);
	if (isa_form_field(form, ISA_F_XMOV) && in->f[ISA_F_XMOV])
		util_str_printf(out, "(xmov%u)", in->f[ISA_F_XMOV]);
	if (isa_form_field(form, ISA_F_PEEK) && in->f[ISA_F_PEEK])
		util_str_puts(out, "(peek)");
}

/* One operand, as its description in syntax.c says it is written. */
static void put_operand(struct util_str *out, const struct isa_instr *in,
			const struct isa_operand *op, uint32_t pc, const struct isa_names *names)
{
	const uint32_t *f = in->f;
	switch ((enum isa_operand_kind)op->kind) {
	case ISA_OPND_REG:
		put_reg(out, op->implied ? op->fixed : f[op->field], op->role == ISA_ROLE_DST);
		return;
	case ISA_OPND_BIT:
		util_str_printf(out, "b%u", f[op->field]);
		return;
	case ISA_OPND_MEM:
		util_str_putc(out, '[');
		put_reg(out, f[op->field], false);
		util_str_puts(out, " + ");
		put_base(out, in, f[op->field2], names);
		util_str_puts(out, f[ISA_F_PREINC] ? "]!" : "]");
		return;
	case ISA_OPND_EXPR:
	case ISA_OPND_KIND_COUNT:
		break;
	}
	if (op->role == ISA_ROLE_OFFSET) {
		uint32_t offset = op->implied ? op->fixed : f[op->field];
		put_label(out, names, pc + offset);
	} else if (op->role == ISA_ROLE_TARGET) {
		put_label(out, names, f[op->field]);
	} else {
		util_str_printf(out, "0x%x", f[op->field]);
		if (op->field2 == ISA_F_SHIFT && f[ISA_F_SHIFT])
			util_str_printf(out, " << %u", f[ISA_F_SHIFT]);
	}
}

void isa_format(const struct isa_instr *in, uint32_t pc, const struct isa_names *names,
		struct util_str *out)
{
	put_modifiers(out, in);
	util_str_puts(out, in->form->name);
	const struct isa_syntax_desc *syn = isa_form_syntax(in->form);
	for (unsigned i = 0; i < syn->count; i++) {
		util_str_puts(out, i ? ", " : " ");
		put_operand(out, in, &syn->ops[i], pc, names);
	}
}
