/* The listing: Mesa's afuc syntax plus our directives, in file order.
 * Labels are named by address, as Mesa names them: packet handlers by
 * their PM4 name (UNKNn when the database has none), `jumptbl` for the
 * packet table, fxnN for call targets, lN for branch targets, dataN for
 * data the code addresses (N is the decimal word address in the section).
 * In an object, symbols name their addresses instead.
 */
#include <string.h>

#include "dis/priv.h"

struct printer {
	struct dis *dis;
	struct dis_names *names; /* what is printed by name: NULL for numbers */
	struct dis_sect *s;
	struct util_str *out;
	struct isa_names hooks;
	uint32_t pc; /* the word being printed */
};

static void handler_name(struct printer *p, unsigned opcode, struct util_str *out)
{
	dis_names_pm4(p->names, opcode, out);
}

static void label_name(struct printer *p, uint32_t addr, struct util_str *out)
{
	const struct dis_sect *s = p->s;
	uint8_t flags = s->label[addr];
	if (s->sym_at && s->sym_at[addr] != DIS_NONE)
		util_str_puts(out, s->obj->symbols[s->sym_at[addr]].name);
	else if (s->named && s->named[addr])
		util_str_puts(out, s->named[addr]);
	else if (s->handler_at[addr] != 0xff)
		handler_name(p, s->handler_at[addr], out);
	else if (addr == s->table)
		util_str_puts(out, "jumptbl");
	else if (addr == s->main_end && s->next_ref != DIS_NONE)
		util_str_puts(out, "lpac_start");
	else if (flags & DIS_L_CALL)
		util_str_printf(out, "fxn%u", addr);
	else if (flags & DIS_L_DATA)
		util_str_printf(out, "data%u", addr);
	else
		util_str_printf(out, "l%u", addr);
}

/* "sym", "sym + 4", "sym - 4": a relocation's symbol and addend. */
static void reloc_expr(struct printer *p, const struct obj_reloc *r, struct util_str *out)
{
	util_str_puts(out, p->s->obj->symbols[r->symbol].name);
	if (r->addend)
		util_str_printf(out, " %c %u", r->addend < 0 ? '-' : '+',
				r->addend < 0 ? 0u - (uint32_t)r->addend : (uint32_t)r->addend);
}

static const struct obj_reloc *reloc_of(const struct printer *p, uint32_t pc)
{
	const struct dis_sect *s = p->s;
	if (!s->reloc_at || s->reloc_at[pc] == DIS_NONE)
		return NULL;
	return &s->obj->sections[s->obj_section].relocs[s->reloc_at[pc]];
}

static bool label_hook(void *ctx, uint32_t addr, struct util_str *out)
{
	struct printer *p = ctx;
	const struct obj_reloc *r = reloc_of(p, p->pc);
	if (r && (r->kind == OBJ_R_BRANCH16 || r->kind == OBJ_R_ABS26)) {
		reloc_expr(p, r, out);
		return true;
	}
	if (addr > p->s->count)
		return false;
	label_name(p, addr, out);
	return true;
}

static bool control_hook(void *ctx, uint32_t base, struct util_str *out)
{
	return dis_names_control(((struct printer *)ctx)->names, base, out);
}

static bool sqe_hook(void *ctx, uint32_t base, struct util_str *out)
{
	return dis_names_sqe(((struct printer *)ctx)->names, base, out);
}

static bool symbol_here(const struct dis_sect *s, uint32_t pc, const char *name)
{
	for (uint32_t i = s->sym_at[pc]; i != DIS_NONE; i = s->sym_next[i])
		if (!strcmp(s->obj->symbols[i].name, name))
			return true;
	return false;
}

/* An object's symbols, each after the .handler records that name it
 * (unless the label is the packet's own name, which is a record by
 * itself). */
static void print_symbols(struct printer *p, uint32_t pc)
{
	const struct dis_sect *s = p->s;
	if (s->sym_at[pc] == DIS_NONE)
		return;
	/* a blank line before what starts a routine, as for images */
	bool global = false;
	for (uint32_t i = s->sym_at[pc]; i != DIS_NONE; i = s->sym_next[i])
		global |= s->obj->symbols[i].global;
	if (global || s->handler_at[pc] != 0xff || (s->label[pc] & DIS_L_CALL))
		util_str_putc(p->out, '\n');
	struct util_str name = {0};
	for (unsigned op = s->handler_at[pc]; op != 0xff; op = s->handler_next[op]) {
		name.len = 0;
		handler_name(p, op, &name);
		if (!symbol_here(s, pc, name.text))
			util_str_printf(p->out, ".handler %s\n", name.text);
	}
	util_str_free(&name);
	for (uint32_t i = s->sym_at[pc]; i != DIS_NONE; i = s->sym_next[i])
		util_str_printf(p->out, "%s:\n", s->obj->symbols[i].name);
}

static void print_labels(struct printer *p, uint32_t pc)
{
	const struct dis_sect *s = p->s;
	if (s->obj) {
		print_symbols(p, pc);
		if (s->sym_at[pc] != DIS_NONE)
			return;
	}
	bool handler = s->handler_at[pc] != 0xff;
	if (!handler && !(s->label[pc] & (DIS_L_BRANCH | DIS_L_CALL | DIS_L_DATA)))
		return;
	if (handler || (s->label[pc] & DIS_L_CALL))
		util_str_putc(p->out, '\n');
	if (handler && s->named && s->named[pc]) {
		/* A name from the ELF: records for the packets it handles
		 * (unless it is the packet's own name), then the label. */
		struct util_str name = {0};
		for (unsigned op = s->handler_at[pc]; op != 0xff; op = s->handler_next[op]) {
			name.len = 0;
			handler_name(p, op, &name);
			if (strcmp(name.text, s->named[pc]))
				util_str_printf(p->out, ".handler %s\n", name.text);
		}
		util_str_free(&name);
		util_str_printf(p->out, "%s:\n", s->named[pc]);
	} else if (handler) {
		for (unsigned op = s->handler_at[pc]; op != 0xff; op = s->handler_next[op]) {
			handler_name(p, op, p->out);
			util_str_puts(p->out, ":\n");
		}
	} else if (pc != s->table) { /* print_sect writes jumptbl: */
		label_name(p, pc, p->out);
		util_str_puts(p->out, ":\n");
	}
}

/* The instruction with its immediate written as expr: isa_format prints
 * the immediate field (the only hexadecimal it prints once the name hooks
 * are off) as a marker value, which is then replaced. */
static void format_with_expr(struct printer *p, const struct isa_instr *in, const char *expr)
{
	const struct isa_field *f = isa_form_field(in->form, ISA_F_IMM);
	struct isa_instr marked = *in;
	marked.f[ISA_F_IMM] = (uint32_t)((1ull << (f->hi - f->lo + 1)) - 1);
	char marker[16];
	snprintf(marker, sizeof marker, "0x%x", marked.f[ISA_F_IMM]);
	struct isa_names hooks = {p, NULL, NULL, label_hook};
	struct util_str text = {0};
	isa_format(&marked, p->pc, &hooks, &text);
	char *at = strstr(text.text, marker);
	util_str_putn(p->out, text.text, (size_t)(at - text.text));
	util_str_puts(p->out, expr);
	util_str_puts(p->out, at + strlen(marker));
	util_str_free(&text);
}

/* An immediate that stands for an address: `#label`, or for a byte
 * offset into the image `(#label - #l0) * 4` (a constant: both labels
 * are in the section, which starts at 0). */
static void print_ref(struct printer *p, const struct isa_instr *in)
{
	struct util_str expr = {0};
	uint32_t pc = p->pc;
	const struct obj_reloc *r = reloc_of(p, pc);
	util_str_puts(&expr, p->s->ref_bytes[pc] ? "(#" : "#");
	if (r)
		reloc_expr(p, r, &expr);
	else
		label_name(p, p->s->ref[pc], &expr);
	if (p->s->ref_bytes[pc]) {
		util_str_puts(&expr, " - #");
		label_name(p, 0, &expr);
		util_str_puts(&expr, ") * 4");
	}
	format_with_expr(p, in, expr.text);
	util_str_free(&expr);
}

static void print_code(struct printer *p, uint32_t pc)
{
	const struct isa_instr *in = &p->s->ins[pc];
	const struct obj_reloc *r = reloc_of(p, pc);
	if (p->s->ref[pc] != DIS_NONE ||
	    (r && r->kind != OBJ_R_BRANCH16 && r->kind != OBJ_R_ABS26 &&
	     isa_form_field(in->form, ISA_F_IMM))) {
		print_ref(p, in);
		return; /* the immediate is an address: no register comment */
	}
	isa_format(in, pc, &p->hooks, p->out);
	if (!r)
		dis_names_imm_comment(p->names, in, p->out);
}

/* A word printed as [xxxxxxxx] (or, relocated in an object, as the
 * literal or data word the relocation makes): what it would decode to
 * goes in a comment, targets as numbers (they may have no label). */
static void print_raw(struct printer *p, uint32_t pc)
{
	struct dis_sect *s = p->s;
	const struct obj_reloc *r = reloc_of(p, pc);
	if (r && (r->kind == OBJ_R_PAYLOAD24 || r->kind == OBJ_R_WORD32)) {
		util_str_puts(p->out, r->kind == OBJ_R_WORD32 ? ".word #" : "[#");
		reloc_expr(p, r, p->out);
		if (r->kind == OBJ_R_PAYLOAD24)
			util_str_putc(p->out, ']');
		return;
	}
	if (!s->obj && s->ref[pc] != DIS_NONE && pc < s->header_end) {
		util_str_puts(p->out, "[#"); /* a header NOP carrying an address */
		label_name(p, s->ref[pc], p->out);
		util_str_putc(p->out, ']');
		return;
	}
	util_str_printf(p->out, "[%08x]", s->w[pc]);
	if (!s->decoded[pc] && s->kind[pc] == DIS_K_RAW &&
	    s->w[pc] >> 24 != p->dis->isa.nop >> 24) {
		/* control flow reaches it: an instruction the table lacks */
		util_str_puts(p->out, "\t; ");
		isa_unknown_encoding(&p->dis->isa, s->w[pc], p->dis->fw ? p->dis->fw->gpu : NULL,
				     p->out);
		return;
	}
	if (!s->decoded[pc] || s->kind[pc] == DIS_K_DATA) {
		dis_names_gpu_comment(p->names, s->w[pc], p->out);
		return;
	}
	struct isa_names plain = p->hooks;
	plain.label = NULL;
	util_str_puts(p->out, "\t; ");
	isa_format(&s->ins[pc], pc, &plain, p->out);
	if (s->ins[pc].ignored_bits)
		util_str_printf(p->out, " (ignored bits 0x%08x set)", s->ins[pc].ignored_bits);
}

/* Addresses [from, to] of s (labels only at to). */
static void print_range(struct dis *dis, struct dis_sect *s, uint32_t from, uint32_t to,
			struct util_str *out)
{
	struct printer p = {dis, dis->numbers_only ? NULL : dis->names, s, out, {0}, 0};
	p.hooks = (struct isa_names){&p, control_hook, sqe_hook, label_hook};
	for (uint32_t pc = from; pc <= to; pc++) {
		p.pc = pc;
		if (pc < s->count && s->kind[pc] == DIS_K_PAD)
			continue;
		if (s->align[pc])
			util_str_printf(out, ".align %u\n", 4u << s->align[pc]);
		if (pc == s->main_end && s->end_pad && s->end_fill == dis->isa.nop)
			util_str_printf(out, ".align %u\n", 4 * DIS_SECTION_ALIGN);
		else if (pc == s->main_end && s->end_pad)
			util_str_printf(out, ".align %u, 0x%x\n", 4 * DIS_SECTION_ALIGN,
					s->end_fill);
		print_labels(&p, pc);
		if (pc == to)
			break;
		switch ((enum dis_kind)s->kind[pc]) {
		case DIS_K_TABLE:
			util_str_puts(out, s->obj ? ".jumptbl" : "jumptbl:\n.jumptbl");
			if (dis->addresses)
				util_str_printf(out, "\t; 0x%04x-0x%04x", pc,
						pc + DIS_TABLE_WORDS - 1);
			util_str_putc(out, '\n');
			pc += DIS_TABLE_WORDS - 1;
			continue;
		case DIS_K_TABLE_REF:
			util_str_puts(out, "[#jumptbl]");
			break;
		case DIS_K_SIZE_REF:
			util_str_puts(out, "[#__image_size]");
			break;
		case DIS_K_CODE:
			/* An image's word 0 is its id, even one that reads as a
			 * nop (gen 8's PROC4): a raw word, which no edit above
			 * it can take for code. */
			if (pc == 0 && !s->obj)
				print_raw(&p, pc);
			else
				print_code(&p, pc);
			break;
		case DIS_K_RAW:
		case DIS_K_DATA:
		case DIS_K_PAD:
			print_raw(&p, pc);
			break;
		}
		if (dis->addresses)
			util_str_printf(out, "\t; 0x%04x: %08x", pc, s->w[pc]);
		util_str_putc(out, '\n');
	}
}

void dis_print_sect(struct dis *dis, struct dis_sect *s, struct util_str *out)
{
	if (s->name)
		util_str_printf(out, "\n.section %s\n", s->name);
	if (s->obj && s->obj->sections[s->obj_section].align > 4)
		util_str_printf(out, ".align %u\n", s->obj->sections[s->obj_section].align);
	print_range(dis, s, 0, s->hole != DIS_NONE ? s->hole : s->count, out);
}

void dis_print(struct dis *dis, struct util_str *out)
{
	util_str_printf(out, "; %s microcode\n", isa_gen_name(dis->gen));
	util_str_printf(out, "; Version: %08x\n", dis->words[0]);
	const struct fw_info *fw = dis->fw;
	util_str_printf(out, "; %s%s%s (%s)\n", fw->gpu ? fw->gpu : "", fw->gpu ? " " : "",
			fw->kind, fw_layout_name(fw->layout));
	util_str_printf(out, ".gpu %s\n", isa_gen_name(dis->gen));
	if (dis->control && !dis->numbers_only)
		util_str_printf(out, ".control %s\n", dis->control);
	util_str_putc(out, '\n');
	for (unsigned i = 0; i < dis->sect_count; i++)
		dis_print_sect(dis, &dis->sect[i], out);
	/* Code appended after every image, block by block in the order
	 * the blocks lie there: a section's second block (patched twice)
	 * is NAME.append2, which afuc-ld places after every first one. */
	uint64_t printed = 0;
	for (;;) {
		struct dis_sect *next = NULL;
		unsigned k = 0;
		uint64_t at = UINT64_MAX;
		for (unsigned i = 0; i < dis->sect_count; i++)
			for (unsigned b = 0; b < dis->sect[i].blocks; b++) {
				uint64_t w = dis->sect[i].file_word +
					     (uint64_t)dis->sect[i].block[b].start;
				if (w >= printed && w < at) {
					at = w;
					next = &dis->sect[i];
					k = b;
				}
			}
		if (!next)
			break;
		util_str_printf(out, "\n.section %s%s", next->name ? next->name : ".text",
				OBJ_APPEND_SUFFIX);
		if (k)
			util_str_printf(out, "%u", k + 1);
		util_str_putc(out, '\n');
		print_range(dis, next, next->block[k].start, next->block[k].end, out);
		printed = at + 1;
	}
}

void dis_each_label(struct dis *dis, struct dis_sect *s, dis_label_fn fn, void *ctx)
{
	struct printer p = {dis, dis->numbers_only ? NULL : dis->names, s, NULL, {0}, 0};
	for (uint32_t pc = 0; pc < s->count; pc++) {
		if (dis_in_hole(s, pc))
			continue;
		if (s->handler_at[pc] == 0xff && pc != s->table &&
		    !(s->label[pc] & (DIS_L_BRANCH | DIS_L_CALL | DIS_L_DATA)))
			continue;
		struct util_str name = {0};
		label_name(&p, pc, &name);
		fn(ctx, s->file_word - 1 + pc, name.text);
		util_str_free(&name);
	}
}
