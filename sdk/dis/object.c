/* -d: an afuc object, section by section. Every word that decodes is
 * printed as an instruction (an object has no entry point to follow),
 * symbols as labels, relocated fields as the symbol expressions they
 * stand for, handler records as labels or .handler directives, and
 * .jumptbl where the assembler reserved the table. */
#include <string.h>

#include "dis/priv.h"

static void index_symbols(const struct obj_file *o, uint32_t section, struct dis_sect *s)
{
	s->sym_at = util_xmalloc(((size_t)s->count + 1) * sizeof *s->sym_at);
	s->sym_next = util_xmalloc((o->symbol_count + 1) * sizeof *s->sym_next);
	for (uint32_t a = 0; a <= s->count; a++)
		s->sym_at[a] = DIS_NONE;
	/* Chained from the last symbol back, so each address lists its
	 * symbols in table order. */
	/* a linked file's symbols are image addresses */
	const uint32_t base = o->linked ? o->sections[section].addr : 0;
	for (size_t i = o->symbol_count; i-- > 0;) {
		const struct obj_symbol *sym = &o->symbols[i];
		s->sym_next[i] = DIS_NONE;
		if (sym->section != section || sym->value < base || sym->value - base > s->count)
			continue;
		s->sym_next[i] = s->sym_at[sym->value - base];
		s->sym_at[sym->value - base] = (uint32_t)i;
	}
	/* An opcode is chained once: a second record of it (the linker
	 * refuses those) would make the chain a loop. */
	bool chained[DIS_TABLE_WORDS] = {false};
	for (size_t k = o->handler_count; k-- > 0;) {
		const struct obj_handler *h = &o->handlers[k];
		const struct obj_symbol *sym = &o->symbols[h->symbol];
		if (sym->section != section || sym->value > s->count ||
		    h->opcode >= DIS_TABLE_WORDS || chained[h->opcode])
			continue;
		chained[h->opcode] = true;
		s->handler_next[h->opcode] = s->handler_at[sym->value];
		s->handler_at[sym->value] = (uint8_t)h->opcode;
	}
}

static void index_relocs(const struct obj_section *sec, struct dis_sect *s)
{
	s->reloc_at = util_xmalloc(((size_t)s->count + 1) * sizeof *s->reloc_at);
	for (uint32_t a = 0; a <= s->count; a++)
		s->reloc_at[a] = DIS_NONE;
	for (size_t i = 0; i < sec->reloc_count; i++)
		if (sec->relocs[i].offset < s->count)
			s->reloc_at[sec->relocs[i].offset] = (uint32_t)i;
}

static void classify(struct dis *dis, const struct obj_file *o, struct dis_sect *s)
{
	for (uint32_t pc = 0; pc < s->count; pc++) {
		bool in_table = s->table != DIS_NONE && pc >= s->table &&
				pc < s->table + DIS_TABLE_WORDS;
		s->decoded[pc] = isa_decode(&dis->isa, s->w[pc], &s->ins[pc]);
		if (in_table) {
			s->kind[pc] = DIS_K_TABLE;
			continue;
		}
		s->kind[pc] = s->decoded[pc] && !s->ins[pc].ignored_bits &&
					      !s->ins[pc].form->decode_only
				      ? DIS_K_CODE
				      : DIS_K_RAW;
		uint32_t r = s->reloc_at[pc];
		if (r != DIS_NONE) {
			uint8_t kind = o->sections[s->obj_section].relocs[r].kind;
			if (kind == OBJ_R_PAYLOAD24 || kind == OBJ_R_WORD32)
				s->kind[pc] = DIS_K_RAW; /* [#label] or .word */
			continue;
		}
		if (s->kind[pc] != DIS_K_CODE || !dis_is_transfer(&s->ins[pc]))
			continue;
		int64_t t = dis_target(&s->ins[pc], pc);
		if (t > (int64_t)s->count)
			s->kind[pc] = DIS_K_RAW; /* no label can name it */
		else if (t >= 0)
			s->label[t] |= s->ins[pc].form->op == ISA_OP_CALL ||
						       s->ins[pc].form->op == ISA_OP_BL ||
						       s->ins[pc].form->op == ISA_OP_JUMPA
					       ? DIS_L_CALL
					       : DIS_L_BRANCH;
	}
}

static void print_symbols_header(const struct obj_file *o, struct util_str *out)
{
	for (size_t i = 0; i < o->symbol_count; i++) {
		const struct obj_symbol *sym = &o->symbols[i];
		if (sym->section == OBJ_SECTION_ABS)
			util_str_printf(out, ".set %s, 0x%x\n", sym->name, sym->value);
		if (sym->global && sym->section != OBJ_SECTION_UNDEF)
			util_str_printf(out, ".global %s\n", sym->name);
	}
}

bool dis_object(const struct obj_file *o, const char *name, const struct dis_options *opt,
		struct util_str *out, struct diag *d)
{
	struct dis dis = {.name = name,
			  .d = d,
			  .gen = o->gen,
			  .addresses = opt->addresses,
			  .numbers_only = opt->numbers_only};
	if (o->gen < ISA_GEN_MIN || o->gen > ISA_GEN_MAX) {
		diag_error(d, diag_at(name, 0, 0), "the object names no GPU generation (%d)",
			   o->gen);
		return false;
	}
	isa_init(&dis.isa, o->gen);
	if (opt->db && !(dis.names = dis_names_new(opt->db, o->gen, NULL, d)))
		return false;
	struct util_str text = {0};
	util_str_printf(&text, "; afuc object %s\n.gpu %s\n", name, isa_gen_name(o->gen));
	print_symbols_header(o, &text);
	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *sec = &o->sections[i];
		struct dis_sect s = {0};
		s.name = i == 0 && !strcmp(sec->name, ".text") ? NULL : sec->name;
		s.w = sec->words;
		s.count = (uint32_t)sec->count;
		s.table = sec->table_offset == OBJ_NO_TABLE ? DIS_NONE : sec->table_offset;
		s.table_ref = DIS_NONE;
		s.hole = DIS_NONE;
		s.main_end = s.count;
		s.size_ref = DIS_NONE;
		s.next_ref = DIS_NONE;
		s.header_end = DIS_NONE; /* relocations, not guesses, say what is an address */
		s.obj = o;
		s.obj_section = (uint32_t)i;
		dis_sect_alloc(&s);
		index_symbols(o, (uint32_t)i, &s);
		index_relocs(sec, &s);
		classify(&dis, o, &s);
		if (i == 0)
			util_str_putc(&text, '\n');
		dis_print_sect(&dis, &s, &text);
		dis_sect_free(&s);
	}
	dis_names_free(dis.names);
	util_str_puts(out, text.text);
	util_str_free(&text);
	return true;
}
