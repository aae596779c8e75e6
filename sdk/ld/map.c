/* The map file (-Map): per processor image its place in the file, its
 * output and input sections, its symbols and its packet table; for a
 * patched vendor image, where the new code went and every vendor word
 * that changed. docs/afuc-ld.md describes the format. */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"
#include "ld/mapfmt.h"

struct map_sym {
	uint32_t addr;
	const char *name;
	const char *from; /* object name, "script", ... */
	bool global;
};

static int by_addr(const void *a, const void *b)
{
	const struct map_sym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* "file word 0x12" counts the zero word as word 0, as a hex dump does. */
static void put_file_range(struct util_str *m, uint32_t first, uint32_t count)
{
	if (count)
		util_str_printf(m, "file words 0x%x..0x%x", first + 1, first + count);
	else
		util_str_printf(m, "no file words");
}

static void map_sections(const struct ld_ctx *c, uint32_t p, struct util_str *m)
{
	util_str_puts(m, "  address  words   section\n");
	size_t o = 0;
	for (size_t k = 0; k < c->chunk_count; k++) {
		const struct ld_chunk *ch = &c->chunks[k];
		/* Output sections are in address order, as the layout made them. */
		while (ch->proc == p && o < c->outsec_count) {
			const struct ld_outsec *os = &c->outsecs[o];
			if (os->proc == p && os->present && os->addr > ch->addr)
				break;
			if (os->proc == p && os->present)
				util_str_printf(m, "  0x%05x  0x%05x %s\n", os->addr, os->size,
						os->stmt->name);
			o++;
		}
		if (ch->proc != p)
			continue;
		switch (ch->kind) {
		case LD_C_PAD:
			util_str_printf(m, "  0x%05x  0x%05x   (nop padding)\n", ch->addr,
					ch->count);
			break;
		case LD_C_INPUT:
			util_str_printf(m, "  0x%05x  0x%05x   %s(%s)\n", ch->addr, ch->count,
					c->inputs[ch->input].name,
					c->inputs[ch->input].obj->sections[ch->section].name);
			break;
		case LD_C_DATA:
			util_str_printf(m, "  0x%05x  0x%05x   %s at %s:%u\n", ch->addr, ch->count,
					ch->stmt->kind == LD_S_NOP ? "NOP" : "LONG",
					ch->stmt->loc.file, ch->stmt->loc.line);
			break;
		case LD_C_TABLE:
			util_str_printf(m, "  0x%05x  0x%05x   (packet table)\n", ch->addr,
					ch->count);
			break;
		}
	}
}

static void map_symbols(const struct ld_ctx *c, uint32_t p, struct util_str *m)
{
	struct map_sym *syms = NULL;
	size_t n = 0, cap = 0;
	for (uint32_t i = 0; i < c->input_count; i++) {
		const struct obj_file *o = c->inputs[i].obj;
		for (size_t k = 0; k < o->symbol_count; k++) {
			const struct obj_symbol *s = &o->symbols[k];
			if (s->section >= o->section_count)
				continue;
			const struct ld_place *pl = ld_place(c, i, s->section);
			if (pl->proc == p && pl->addr != LD_NONE)
				*UTIL_PUSH(syms, n, cap) = (struct map_sym){
					pl->addr + s->value, s->name, c->inputs[i].name, s->global};
		}
	}
	for (size_t k = 0; k < c->ssym_count; k++) {
		const struct ld_ssym *s = &c->ssyms[k];
		/* The vendor's per-packet symbols are the packet table below. */
		if (s->proc == p && s->state == LD_SYM_DONE &&
		    (strncmp(s->name, "__vendor_", 9) || !strcmp(s->name, "__vendor_packet_table")))
			*UTIL_PUSH(syms, n, cap) = (struct map_sym){(uint32_t)s->value, s->name,
								    s->origin, false};
	}
	if (n)
		qsort(syms, n, sizeof(*syms), by_addr);
	util_str_printf(m, "\n" LD_MAP_SYMBOLS, n);
	for (size_t k = 0; k < n; k++)
		util_str_printf(m, LD_MAP_SYMBOL, syms[k].addr, syms[k].name, syms[k].from,
				syms[k].global ? " (global)" : "");
	free(syms);
}

static void map_table(const struct ld_ctx *c, uint32_t p, struct util_str *m)
{
	const struct ld_proc *pr = &c->procs[p];
	if (!pr->has_table) {
		util_str_puts(m, "\n  no packet table\n");
		return;
	}
	util_str_printf(m, "\n  packet table at 0x%05x (%s), 0x%x entries\n", pr->table_addr,
			pr->table_where, pr->table_size);
	struct util_str caught = {0};
	unsigned caught_count = 0;
	for (uint32_t k = 0; k < pr->table_size && pr->entries; k++) {
		struct util_str op = {0};
		ld_opcode_name(c, k, &op);
		uint32_t src = pr->entry_src[k];
		util_str_printf(m, "  0x%02x  %-28s 0x%05x  ", k, op.text, pr->entries[k]);
		if (src < c->handler_count) {
			const struct ld_handler *h = &c->handlers[src];
			if (h->stmt)
				util_str_printf(m, "HANDLER %s:%u\n", h->loc.file, h->loc.line);
			else
				util_str_printf(m, "%s (%s)\n",
						c->inputs[h->input].obj->symbols[h->symbol].name,
						c->inputs[h->input].name);
		} else {
			util_str_puts(m, src == LD_SRC_DEFAULT  ? "(default handler)\n"
					 : src == LD_SRC_VENDOR ? "(vendor)\n"
								: "(none)\n");
		}
		if (src == LD_SRC_DEFAULT) {
			/* Eight a line, so that a long list stays readable. */
			util_str_printf(&caught, "%s%s",
					caught_count && caught_count % 8 == 0 ? "\n   " : " ",
					op.text);
			caught_count++;
		}
		util_str_free(&op);
	}
	if (pr->has_default)
		util_str_printf(m, "  default handler 0x%05x caught %u opcodes:%s\n",
				pr->default_value, caught_count,
				caught_count ? caught.text : " none");
	util_str_free(&caught);
}

static void map_changes(const struct ld_ctx *c, struct util_str *m)
{
	util_str_printf(m, "\nchanged vendor words (%zu)\n", c->change_count);
	for (size_t k = 0; k < c->change_count; k++) {
		const struct ld_change *ch = &c->changes[k];
		const struct ld_proc *pr = &c->procs[ch->proc];
		util_str_printf(m, "  file word 0x%05x  %s 0x%05x  0x%08x -> 0x%08x  %s",
				ch->file_word + 1, pr->name, ch->file_word - pr->start,
				ch->old_word, ch->new_word, ch->why);
		if (!strcmp(ch->why, "packet table")) {
			struct util_str op = {0};
			ld_opcode_name(c, ch->opcode, &op);
			util_str_printf(m, " %s", op.text);
			util_str_free(&op);
		}
		util_str_putc(m, '\n');
	}
}

char *ld_write_map(const struct ld_ctx *c)
{
	struct util_str m = {0};
	util_str_printf(&m, LD_MAP_TITLE " (the zero word, then ",
			c->opt->output_name ? c->opt->output_name : "the image",
			isa_gen_name(c->gen), c->word_count + 1);
	put_file_range(&m, 0, (uint32_t)c->word_count);
	util_str_puts(&m, ")\n");
	if (c->patching)
		util_str_printf(&m, "base %s: 0x%x words after its zero word\n", c->opt->base_name,
				c->vendor_words);
	for (uint32_t p = 0; p < c->proc_count; p++) {
		const struct ld_proc *pr = &c->procs[p];
		util_str_printf(&m, "\n" LD_MAP_IMAGE ", 0x%x words (", pr->name, pr->start + 1,
				pr->size);
		put_file_range(&m, pr->start, pr->size);
		util_str_puts(&m, ")\n");
		if (pr->pad)
			util_str_printf(&m, "  then 0x%x nop words aligning the next image\n",
					pr->pad);
		for (size_t k = 0; k < c->opt->base_code_count; k++) {
			const struct ld_base_code *b = &c->opt->base_code[k];
			if (ld_base_code_of(c, p, k))
				util_str_printf(&m, LD_MAP_CODE, "base code", pr->name, b->addr,
						b->addr + b->count - 1, b->index + 1,
						b->index + b->count);
		}
		if (pr->patch_size)
			util_str_printf(&m, LD_MAP_CODE,
					c->patching ? "new code" : "appended after every image",
					pr->name, pr->patch_start - pr->start,
					pr->patch_start - pr->start + pr->patch_size - 1,
					pr->patch_start + 1, pr->patch_start + pr->patch_size);
		map_sections(c, p, &m);
		map_symbols(c, p, &m);
		map_table(c, p, &m);
	}
	struct util_str abs = {0};
	for (size_t k = 0; k < c->ssym_count; k++)
		if (c->ssyms[k].proc == LD_NONE && c->ssyms[k].state == LD_SYM_DONE)
			util_str_printf(&abs, "  0x%08llx  %-32s %s\n",
					(unsigned long long)c->ssyms[k].value, c->ssyms[k].name,
					c->ssyms[k].origin);
	if (abs.text)
		util_str_printf(&m, "\nabsolute symbols\n%s", abs.text);
	util_str_free(&abs);
	if (c->patching)
		map_changes(c, &m);
	return util_str_take(&m);
}
