/* The listing: Mesa's afuc syntax plus our directives, in file order.
 * Labels are named by address, as Mesa names them: packet handlers by
 * their PM4 name (UNKNn when the database has none), `jumptbl` for the
 * packet table, fxnN for call targets, lN for branch targets, dataN for
 * data the code addresses (N is the decimal word address in the section).
 */
#include "dis/priv.h"

struct printer {
	struct dis *dis;
	struct dis_sect *s;
	struct util_str *out;
	struct isa_names hooks;
};

static void handler_name(struct printer *p, unsigned opcode, struct util_str *out)
{
	if (!dis_names_pm4(p->dis->names, opcode, out))
		util_str_printf(out, "UNKN%u", opcode);
}

static void label_name(struct printer *p, uint32_t addr, struct util_str *out)
{
	const struct dis_sect *s = p->s;
	uint8_t flags = s->label[addr];
	if (s->handler_at[addr] != 0xff)
		handler_name(p, s->handler_at[addr], out);
	else if (addr == s->table)
		util_str_puts(out, "jumptbl");
	else if (flags & DIS_L_CALL)
		util_str_printf(out, "fxn%u", addr);
	else if (flags & DIS_L_DATA)
		util_str_printf(out, "data%u", addr);
	else
		util_str_printf(out, "l%u", addr);
}

static bool label_hook(void *ctx, uint32_t addr, struct util_str *out)
{
	struct printer *p = ctx;
	if (addr > p->s->count)
		return false;
	label_name(p, addr, out);
	return true;
}

static bool control_hook(void *ctx, uint32_t base, struct util_str *out)
{
	return dis_names_control(((struct printer *)ctx)->dis->names, base, out);
}

static bool sqe_hook(void *ctx, uint32_t base, struct util_str *out)
{
	return dis_names_sqe(((struct printer *)ctx)->dis->names, base, out);
}

static void print_labels(struct printer *p, uint32_t pc)
{
	const struct dis_sect *s = p->s;
	bool handler = s->handler_at[pc] != 0xff;
	if (!handler && !(s->label[pc] & (DIS_L_BRANCH | DIS_L_CALL | DIS_L_DATA)))
		return;
	if (handler || (s->label[pc] & DIS_L_CALL))
		util_str_putc(p->out, '\n');
	if (!handler) {
		if (pc == s->table)
			return; /* print_sect writes jumptbl: */
		label_name(p, pc, p->out);
		util_str_puts(p->out, ":\n");
		return;
	}
	for (unsigned op = s->handler_at[pc]; op != 0xff; op = s->handler_next[op]) {
		handler_name(p, op, p->out);
		util_str_puts(p->out, ":\n");
	}
}

/* An immediate that stands for an address: `#label`, or for a byte
 * offset into the image `(#label - #l0) * 4` (a constant: both labels
 * are in the section, which starts at 0). */
static void print_ref(struct printer *p, uint32_t pc)
{
	if (!p->s->ref_bytes[pc]) {
		util_str_putc(p->out, '#');
		label_name(p, p->s->ref[pc], p->out);
		return;
	}
	util_str_puts(p->out, "(#");
	label_name(p, p->s->ref[pc], p->out);
	util_str_puts(p->out, " - #");
	label_name(p, 0, p->out);
	util_str_puts(p->out, ") * 4");
}

/* mov and or/add with an address in the immediate (the only forms the
 * references are found in: see refs.c). */
static void print_with_ref(struct printer *p, uint32_t pc)
{
	const struct isa_instr *in = &p->s->ins[pc];
	if (in->f[ISA_F_REP])
		util_str_puts(p->out, "(rep)");
	util_str_printf(p->out, "%s %s, ", in->form->name, isa_reg_name(in->f[ISA_F_DST], true));
	if (in->form->shape->syntax == ISA_SYN_ALU_IMM)
		util_str_printf(p->out, "%s, ", isa_reg_name(in->f[ISA_F_SRC1], false));
	print_ref(p, pc);
	if (in->form->shape->syntax == ISA_SYN_MOVI && in->f[ISA_F_SHIFT])
		util_str_printf(p->out, " << %u", in->f[ISA_F_SHIFT]);
}

static void print_code(struct printer *p, uint32_t pc)
{
	const struct isa_instr *in = &p->s->ins[pc];
	if (p->s->ref[pc] != DIS_NONE)
		print_with_ref(p, pc);
	else
		isa_format(in, pc, &p->hooks, p->out);
	dis_names_imm_comment(p->dis->names, in, p->out);
}

/* A word printed as [xxxxxxxx]: what it would decode to goes in a
 * comment (targets as numbers: they may have no label). */
static void print_raw(struct printer *p, uint32_t pc)
{
	struct dis_sect *s = p->s;
	util_str_printf(p->out, "[%08x]", s->w[pc]);
	if (!s->decoded[pc] || s->kind[pc] == DIS_K_DATA) {
		dis_names_gpu_comment(p->dis->names, s->w[pc], p->out);
		return;
	}
	struct isa_names plain = p->hooks;
	plain.label = NULL;
	util_str_puts(p->out, "\t; ");
	isa_format(&s->ins[pc], pc, &plain, p->out);
	if (s->ins[pc].ignored_bits)
		util_str_printf(p->out, " (ignored bits 0x%08x set)", s->ins[pc].ignored_bits);
}

static void print_sect(struct printer *p)
{
	struct dis_sect *s = p->s;
	if (s->name)
		util_str_printf(p->out, "\n.section %s\n", s->name);
	for (uint32_t pc = 0; pc <= s->count; pc++) {
		if (pc < s->count && s->kind[pc] == DIS_K_PAD)
			continue;
		if (s->align[pc])
			util_str_printf(p->out, ".align %u\n", 4u << s->align[pc]);
		print_labels(p, pc);
		if (pc == s->count)
			break;
		switch ((enum dis_kind)s->kind[pc]) {
		case DIS_K_TABLE:
			util_str_puts(p->out, "jumptbl:\n.jumptbl\n");
			pc += DIS_TABLE_WORDS - 1;
			continue;
		case DIS_K_TABLE_REF:
			util_str_puts(p->out, "[#jumptbl]");
			break;
		case DIS_K_CODE:
			print_code(p, pc);
			break;
		case DIS_K_RAW:
		case DIS_K_DATA:
		case DIS_K_PAD:
			print_raw(p, pc);
			break;
		}
		util_str_putc(p->out, '\n');
	}
}

void dis_print(struct dis *dis, struct util_str *out)
{
	util_str_printf(out, "; %s microcode\n", isa_gen_name(dis->gen));
	util_str_printf(out, "; Version: %08x\n", dis->words[0]);
	util_str_printf(out, ".gpu %s\n\n", isa_gen_name(dis->gen));
	for (unsigned i = 0; i < dis->sect_count; i++) {
		struct printer p = {dis, &dis->sect[i], out, {0}};
		p.hooks = (struct isa_names){&p, control_hook, sqe_hook, label_hook};
		print_sect(&p);
	}
}
