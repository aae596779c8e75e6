/* Where the processors and packet tables of an image are: sdk/fw tells
 * (fw.h describes every layout); this turns its answer into sections.
 *
 * An image whose layout sdk/fw does not understand is printed whole as
 * one section of raw words and code reached from address 0, with one
 * warning saying what was not understood; words it does not understand
 * inside a known layout stay raw words, with one warning too. Either
 * way the listing still rebuilds the same bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "dis/priv.h"

/* The words between a table's end and the next section's start are the
 * section alignment: when they are all NOPs the assembler makes them
 * again; all one other word (a660's zeros), `.align 32, WORD` does;
 * otherwise they are kept as data of the section. */
static uint32_t section_end(struct dis *dis, struct dis_sect *s, uint32_t next)
{
	uint32_t end = s->table + DIS_TABLE_WORDS;
	s->next_start = next;
	/* a660: LPAC starts where `mov $13, #lpac_start` says, after the
	 * padding, however the code above grows. */
	if (end == next && s->next_ref != DIS_NONE) {
		s->end_pad = true;
		s->end_fill = dis->isa.nop;
	}
	if (end == next || next - end >= DIS_SECTION_ALIGN)
		return next;
	for (uint32_t i = end; i < next; i++)
		if (s->w[i] != s->w[end])
			return next;
	s->end_pad = s->w[end] != dis->isa.nop || s->next_ref != DIS_NONE;
	s->end_fill = s->w[end];
	return end;
}

/* Header words: those before the first word that is no NOP (the id,
 * size and table words, and whatever else the vendor keeps there). */
static uint32_t header_end(const struct dis *dis, const struct dis_sect *s)
{
	uint32_t n = 0;
	while (n < s->count && s->w[n] >> 24 == dis->isa.nop >> 24)
		n++;
	if (s->table_ref != DIS_NONE && n <= s->table_ref)
		n = s->table_ref + 1;
	return n;
}

static void add_sect(struct dis *dis, const struct fw_info *fw, unsigned i)
{
	const struct fw_proc *p = &fw->proc[i];
	struct dis_sect *s = &dis->sect[dis->sect_count++];
	s->name = i ? p->name : NULL;
	s->w = dis->words + p->start;
	s->file_word = p->start + 1;
	s->count = p->count;
	s->table = p->table == FW_NONE ? DIS_NONE : p->table;
	s->table_ref = p->table_ref == FW_NONE ? DIS_NONE : p->table_ref;
	s->table_ref_mov = p->table_ref_kind == FW_REF_MOV12;
	s->size_ref = p->size_ref == FW_NONE ? DIS_NONE : p->size_ref;
	s->next_ref = p->next_ref == FW_NONE ? DIS_NONE : p->next_ref;
	s->hole = DIS_NONE;
	if (s->table != DIS_NONE) {
		for (unsigned k = 0; k < DIS_TABLE_WORDS; k++)
			s->handler[k] = s->w[s->table + k];
		if (i + 1 < fw->proc_count || p->appends)
			s->count = section_end(dis, s, p->count);
	}
	s->header_end = header_end(dis, s);
	s->main_end = s->count;
	/* Appended code right after the image is more of it; after other
	 * images, blocks of its own with those images' words in between. */
	unsigned b = 0;
	if (p->appends && p->append[0].start == p->start + p->count) {
		s->count = p->count + p->append[0].count;
		b = 1;
	}
	for (; b < p->appends; b++) {
		if (s->hole == DIS_NONE)
			s->hole = s->count;
		uint32_t from = p->append[b].start - p->start;
		s->block[s->blocks++] = (struct dis_block){from, from + p->append[b].count};
		s->count = from + p->append[b].count;
	}
}

void dis_layout(struct dis *dis, const struct fw_info *fw)
{
	dis->sect_count = 0;
	/* A table with entries outside the image cannot be written as
	 * labels: raw words too. */
	if (fw->layout == FW_LAYOUT_UNKNOWN || fw->loose) {
		struct fw_info whole = *fw;
		whole.proc_count = 1;
		whole.proc[0] = (struct fw_proc){.name = "image",
						 .count = dis->count,
						 .table = FW_NONE,
						 .table_ref = FW_NONE,
						 .size_ref = FW_NONE,
						 .next_ref = FW_NONE};
		diag_warning(dis->d, diag_at(dis->name, 0, 0),
			     "layout not understood (%s): printing it as raw words and the code "
			     "reached from address 0, without packet tables; the listing still "
			     "rebuilds the same bytes",
			     fw->why);
		add_sect(dis, &whole, 0);
		return;
	}
	if (fw->why[0])
		diag_warning(dis->d, diag_at(dis->name, 0, 0), "%s", fw->why);
	for (unsigned i = 0; i < fw->proc_count; i++)
		add_sect(dis, fw, i);
}

bool dis_elf_holds(const struct obj_file *elf, const uint32_t *words, uint32_t count)
{
	if (!elf || !elf->linked || !elf->section_count)
		return false;
	for (size_t i = 0; i < elf->section_count; i++) {
		const struct obj_section *r = &elf->sections[i];
		if ((uint64_t)r->load + r->count > count)
			return false;
		for (size_t k = 0; k < r->count; k++)
			if (r->words[k] != words[r->load + k])
				return false;
	}
	return true;
}

/* Names the image's word (counting from file word 1) when it is code
 * appended after a section's packet table; name outlives dis. Local
 * labels (.L) and the linker's __vendor_ aliases of each table entry
 * (which name an earlier patch's handler too) are not names of code. */
static void name_word(struct dis *dis, uint32_t word, const char *name)
{
	if (!strncmp(name, ".L", 2) || !strncmp(name, "__vendor_", 9))
		return;
	for (unsigned i = 0; i < dis->sect_count; i++) {
		struct dis_sect *s = &dis->sect[i];
		uint32_t pc = word - (s->file_word - 1);
		if (word < s->file_word - 1 || pc >= s->count || s->table == DIS_NONE ||
		    pc < s->table + DIS_TABLE_WORDS || dis_in_hole(s, pc))
			continue;
		if (!s->named)
			s->named = util_xcalloc(s->count + 1, sizeof *s->named);
		if (!s->named[pc])
			s->named[pc] = name;
	}
}

void dis_elf_names(struct dis *dis, const struct obj_file *elf)
{
	for (size_t k = 0; k < elf->symbol_count; k++) {
		const struct obj_symbol *sym = &elf->symbols[k];
		if (sym->section >= elf->section_count)
			continue;
		const struct obj_section *r = &elf->sections[sym->section];
		if (sym->value < r->addr || sym->value - r->addr >= r->count)
			continue;
		name_word(dis, r->load + (sym->value - r->addr), sym->name);
	}
}

static void name_from_map(void *ctx, uint32_t index, const char *label)
{
	struct dis *dis = ctx;
	char *copy = util_xstrdup(label);
	*UTIL_PUSH(dis->owned, dis->owned_count, dis->owned_cap) = copy;
	name_word(dis, index, copy);
}

void dis_map_names(struct dis *dis, const char *text, size_t len, const char *name)
{
	char *error = NULL;
	/* a map of another image (older than it) names nothing, silently,
	 * as an ELF that does not match */
	dis_map_labels(text, len, name, (size_t)dis->count + 1, name_from_map, dis, &error);
	free(error);
}
