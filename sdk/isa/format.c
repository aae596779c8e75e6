/* Printing an instruction in Mesa's afuc syntax. The shape's syntax says
 * which operands there are; the field values fill them in. */
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
static void put_base(struct util_str *out, const struct isa_instr *in,
		     const struct isa_names *names)
{
	uint32_t base = in->f[ISA_F_IMM];
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

void isa_format(const struct isa_instr *in, uint32_t pc, const struct isa_names *names,
		struct util_str *out)
{
	const uint32_t *f = in->f;
	put_modifiers(out, in);
	util_str_puts(out, in->form->name);
	switch (in->form->shape->syntax) {
	case ISA_SYN_NONE:
		break;
	case ISA_SYN_ALU:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_puts(out, ", ");
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_puts(out, ", ");
		put_reg(out, f[ISA_F_SRC2], false);
		break;
	case ISA_SYN_ALU_IMM:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_puts(out, ", ");
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_printf(out, ", 0x%x", f[ISA_F_IMM]);
		break;
	case ISA_SYN_ALU1:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_puts(out, ", ");
		put_reg(out, f[ISA_F_SRC2], false);
		break;
	case ISA_SYN_ALU1_IMM:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_printf(out, ", 0x%x", f[ISA_F_IMM]);
		break;
	case ISA_SYN_MOVI:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_printf(out, ", 0x%x", f[ISA_F_IMM]);
		if (f[ISA_F_SHIFT])
			util_str_printf(out, " << %u", f[ISA_F_SHIFT]);
		break;
	case ISA_SYN_SETBIT:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_puts(out, ", ");
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_printf(out, ", b%u", f[ISA_F_BIT]);
		break;
	case ISA_SYN_BITFIELD:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_puts(out, ", ");
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_printf(out, ", b%u, b%u", f[ISA_F_BIT], f[ISA_F_HI]);
		break;
	case ISA_SYN_CONTROL_WRITE:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_puts(out, ", [");
		put_reg(out, f[ISA_F_SRC2], false);
		util_str_puts(out, " + ");
		put_base(out, in, names);
		util_str_puts(out, f[ISA_F_PREINC] ? "]!" : "]");
		break;
	case ISA_SYN_CONTROL_READ:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_DST], true);
		util_str_puts(out, ", [");
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_puts(out, " + ");
		put_base(out, in, names);
		util_str_puts(out, f[ISA_F_PREINC] ? "]!" : "]");
		break;
	case ISA_SYN_BRANCH_IMM:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_printf(out, ", 0x%x, ", f[ISA_F_IMM]);
		put_label(out, names, pc + (uint32_t)isa_branch_offset(in));
		break;
	case ISA_SYN_BRANCH_BIT:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_SRC1], false);
		util_str_printf(out, ", b%u, ", f[ISA_F_BIT]);
		put_label(out, names, pc + (uint32_t)isa_branch_offset(in));
		break;
	case ISA_SYN_JUMP:
		util_str_putc(out, ' ');
		put_label(out, names, pc + (uint32_t)isa_branch_offset(in));
		break;
	case ISA_SYN_CALL:
		util_str_putc(out, ' ');
		put_label(out, names, f[ISA_F_TARGET]);
		break;
	case ISA_SYN_JUMPR:
		util_str_putc(out, ' ');
		put_reg(out, f[ISA_F_SRC1], false);
		break;
	case ISA_SYN_SETSECURE:
		util_str_puts(out, " $02, ");
		put_label(out, names, pc + 3);
		break;
	}
}
