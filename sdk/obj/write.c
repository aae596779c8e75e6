/* Writing an object as an ELF32 little-endian relocatable file, or a
 * linked image's ELF (obj_file.linked: afuc-ld --elf) as an executable
 * one. The layouts are in docs/objects.md and docs/afuc-ld.md; words
 * become bytes (x4) on the way out. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/obj.h"

struct buf {
	uint8_t *data;
	size_t len, cap;
};

static uint8_t *buf_grow(struct buf *b, size_t n)
{
	util_grow(&b->data, &b->cap, b->len + n, 1);
	uint8_t *p = b->data + b->len;
	memset(p, 0, n);
	b->len += n;
	return p;
}

static void buf_u32(struct buf *b, uint32_t v)
{
	util_put_le32(buf_grow(b, 4), v);
}

/* A string table: returns the offset of s, adding it the first time. */
struct strtab {
	struct buf b;
};

static uint32_t strtab_add(struct strtab *t, const char *s)
{
	if (!t->b.len)
		buf_grow(&t->b, 1); /* offset 0 is the empty name */
	if (!*s)
		return 0;
	size_t n = strlen(s) + 1;
	uint32_t at = (uint32_t)t->b.len;
	memcpy(buf_grow(&t->b, n), s, n);
	return at;
}

struct out_section {
	const char *name;
	uint32_t type, flags, link, info, align, entsize;
	uint32_t addr, load; /* linked code sections: sh_addr, p_paddr */
	struct buf data;
	const uint32_t *words; /* code sections: written straight from here */
	size_t word_count;
};

struct writer {
	const struct obj_file *o;
	struct diag *d;
	const char *name;
	struct out_section *secs;
	size_t sec_count;
	uint32_t *sym_map; /* model symbol -> ELF symbol index */
	struct strtab strtab;
	/* file names already in .strtab, newest last */
	const char **files;
	uint32_t *file_offsets;
	size_t file_count, file_cap;
};

/* The section numbers of the file, stated here once: null, the code
 * sections (model section i is i + 1), a .rela for each code section
 * with relocations, then .afuc.handlers, .afuc.jumptbl and .afuc.locs
 * when there is something to put in them, then .symtab, .strtab and
 * .shstrtab. Each section is written at its number, so the order of
 * the writing code does not matter. 0 means the section is absent. */
struct numbering {
	uint32_t *rela; /* code section i -> its .rela, or 0 */
	uint32_t handlers, jumptbl, locs, symtab, strtab, shstrtab;
	uint32_t count;
};

static uint32_t code_index(size_t section)
{
	return (uint32_t)(section + 1);
}

static bool any_loc(const struct obj_file *o);

/* rela may be NULL: the count alone (check_model's limit). */
static void number_sections(const struct obj_file *o, struct numbering *n, uint32_t *rela)
{
	*n = (struct numbering){.rela = rela};
	uint32_t next = code_index(o->section_count);
	bool any_table = false;
	for (size_t i = 0; i < o->section_count; i++) {
		if (o->sections[i].reloc_count) {
			if (rela)
				rela[i] = next;
			next++;
		}
		any_table |= o->sections[i].table_offset != OBJ_NO_TABLE;
	}
	n->handlers = o->handler_count ? next++ : 0;
	n->jumptbl = any_table ? next++ : 0;
	n->locs = any_loc(o) ? next++ : 0;
	n->symtab = next++;
	n->strtab = next++;
	n->shstrtab = next++;
	n->count = next;
}

static bool fail(struct writer *w, const char *fmt, const char *what, size_t index)
{
	struct util_str msg = {0};
	util_str_printf(&msg, fmt, what, index);
	diag_error(w->d, diag_at(w->name, 0, 0), "cannot write object: %s", msg.text);
	util_str_free(&msg);
	return false;
}

/* The limits of obj.h, in the words obj_read uses for them. */
static bool within_limit(struct writer *w, size_t count, uint32_t limit, const char *what)
{
	if (count <= limit)
		return true;
	diag_error(w->d, diag_at(w->name, 0, 0),
		   "cannot write object: too many %s (%zu; the limit is %u)", what, count, limit);
	return false;
}

/* Refuses models that would make a file obj_read rejects. */
static bool check_model(struct writer *w)
{
	const struct obj_file *o = w->o;
	if (o->gen < ISA_GEN_MIN || o->gen > ISA_GEN_MAX)
		return fail(w, "%s %zu is not a5xx, a6xx or a7xx", "generation", (size_t)o->gen);
	size_t relocs = 0;
	for (size_t i = 0; i < o->section_count; i++)
		relocs += o->sections[i].reloc_count;
	struct numbering n;
	number_sections(o, &n, NULL);
	if (!within_limit(w, n.count, OBJ_MAX_SECTIONS, "sections") ||
	    !within_limit(w, o->symbol_count, OBJ_MAX_SYMBOLS, "symbols") ||
	    !within_limit(w, relocs, OBJ_MAX_RELOCS, "relocations"))
		return false;
	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *s = &o->sections[i];
		if (!s->name || !*s->name)
			return fail(w, "%s %zu has no name", "section", i);
		if (s->align < 4 || (s->align & (s->align - 1)))
			return fail(w, "section '%s' alignment %zu is not a power of two >= 4",
				    s->name, s->align);
		if (s->count >= (1u << 30))
			return fail(w, "section '%s' is too big (%zu words)", s->name, s->count);
		if (o->linked && (s->reloc_count || s->table_offset != OBJ_NO_TABLE))
			return fail(w, "linked section '%s' has relocations or a packet table",
				    s->name, 0);
		for (size_t k = 1; k < s->line_count; k++)
			if (s->lines[k].offset <= s->lines[k - 1].offset)
				return fail(w, "section '%s' line record %zu is out of order",
					    s->name, k);
		if (s->line_count && s->lines[s->line_count - 1].offset >= s->count)
			return fail(w, "section '%s' has a line record past its end", s->name, 0);
		if (s->table_offset != OBJ_NO_TABLE &&
		    (s->table_offset > s->count ||
		     s->count - s->table_offset < OBJ_PACKET_TABLE_WORDS))
			return fail(w, "section '%s' packet table at word %zu is past its end",
				    s->name, s->table_offset);
		for (size_t r = 0; r < s->reloc_count; r++) {
			const struct obj_reloc *rel = &s->relocs[r];
			if (rel->kind >= OBJ_R_COUNT)
				return fail(w, "section '%s' relocation %zu has no valid kind",
					    s->name, r);
			if (rel->offset >= s->count)
				return fail(w, "section '%s' relocation %zu is past its end",
					    s->name, r);
			if (rel->symbol >= o->symbol_count)
				return fail(w, "section '%s' relocation %zu names no symbol",
					    s->name, r);
			if (rel->addend < -(INT32_C(1) << 29) || rel->addend >= (INT32_C(1) << 29))
				return fail(w, "section '%s' relocation %zu addend is out of range",
					    s->name, r);
		}
	}
	for (size_t i = 0; i < o->symbol_count; i++) {
		const struct obj_symbol *sym = &o->symbols[i];
		if (!sym->name || !*sym->name)
			return fail(w, "%s %zu has no name", "symbol", i);
		if (sym->section != OBJ_SECTION_UNDEF && sym->section != OBJ_SECTION_ABS) {
			if (sym->section >= o->section_count)
				return fail(w,
					    "symbol '%s' is in section %zu, which does not exist",
					    sym->name, sym->section);
			if (!o->linked && sym->value > o->sections[sym->section].count)
				return fail(w,
					    "symbol '%s' is past the end of its section (word %zu)",
					    sym->name, sym->value);
		}
	}
	if (o->linked && o->handler_count)
		return fail(w, "%s %zu in a linked file", "packet handler", 0);
	for (size_t i = 0; i < o->handler_count; i++) {
		if (o->handlers[i].opcode >= OBJ_PACKET_TABLE_WORDS)
			return fail(w, "%s %zu has an opcode above 0x7f", "packet handler", i);
		if (o->handlers[i].symbol >= o->symbol_count)
			return fail(w, "%s %zu names no symbol", "packet handler", i);
	}
	return true;
}

static uint32_t file_offset(struct writer *w, const char *file)
{
	for (size_t i = w->file_count; i-- > 0;)
		if (w->files[i] == file || strcmp(w->files[i], file) == 0)
			return w->file_offsets[i];
	size_t cap = w->file_cap;
	util_grow(&w->files, &w->file_cap, w->file_count + 1, sizeof *w->files);
	util_grow(&w->file_offsets, &cap, w->file_count + 1, sizeof *w->file_offsets);
	w->files[w->file_count] = file;
	return w->file_offsets[w->file_count++] = strtab_add(&w->strtab, file);
}

static void put_loc(struct writer *w, struct buf *locs, uint32_t section, uint32_t entry,
		    const struct obj_loc *loc)
{
	if (!loc->file)
		return;
	buf_u32(locs, section);
	buf_u32(locs, entry);
	buf_u32(locs, file_offset(w, loc->file));
	buf_u32(locs, loc->line);
	buf_u32(locs, loc->col);
}

/* Section number index of the file (struct numbering says which). */
static struct out_section *add_section(struct writer *w, uint32_t index, const char *name,
				       uint32_t type)
{
	struct out_section *s = &w->secs[index];
	s->name = name;
	s->type = type;
	s->align = 4;
	return s;
}

static bool is_global(const struct obj_symbol *s)
{
	/* An undefined symbol is resolved by the linker from other objects,
	 * so in the file it is global whatever the model says (as GNU as). */
	return s->global || s->section == OBJ_SECTION_UNDEF;
}

static void write_symbols(struct writer *w, struct out_section *symtab, struct buf *locs,
			  uint32_t symtab_index)
{
	const struct obj_file *o = w->o;
	uint32_t next = 1;
	buf_grow(&symtab->data, ELF_SYM_SIZE); /* symbol 0 */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			symtab->info = next; /* the first global */
		for (size_t i = 0; i < o->symbol_count; i++) {
			const struct obj_symbol *s = &o->symbols[i];
			if (is_global(s) != (pass == 1))
				continue;
			uint8_t *p = buf_grow(&symtab->data, ELF_SYM_SIZE);
			uint32_t shndx, value;
			if (s->section == OBJ_SECTION_UNDEF) {
				shndx = ELF_SHN_UNDEF;
				value = 0;
			} else if (s->section == OBJ_SECTION_ABS) {
				shndx = ELF_SHN_ABS;
				value = s->value; /* a plain number: not scaled */
			} else {
				shndx = code_index(s->section);
				value = s->value * 4; /* an offset, or an address when linked */
			}
			util_put_le32(p, strtab_add(&w->strtab, s->name));
			util_put_le32(p + 4, value);
			util_put_le32(p + 8, 0);
			p[12] = (uint8_t)((pass ? ELF_STB_GLOBAL : ELF_STB_LOCAL) << 4 |
					  ELF_STT_NOTYPE);
			p[13] = 0;
			util_put_le16(p + 14, (uint16_t)shndx);
			put_loc(w, locs, symtab_index, next, &s->loc);
			w->sym_map[i] = next++;
		}
	}
}

static void write_header(uint8_t *p, const struct obj_file *o, uint32_t shoff, uint16_t shnum)
{
	/* a linked file has a PT_LOAD per code section, after the header */
	const uint16_t phnum = o->linked ? (uint16_t)o->section_count : 0;
	if (phnum) {
		util_put_le32(p + 28, ELF_HEADER_SIZE);
		util_put_le16(p + 42, PHDR_SIZE);
		util_put_le16(p + 44, phnum);
	}
	memcpy(p, "\177ELF", 4);
	p[4] = ELF_CLASS32;
	p[5] = ELF_DATA2LSB;
	p[6] = ELF_VERSION_CURRENT;
	util_put_le16(p + 16, o->linked ? ELF_ET_EXEC : ELF_ET_REL);
	util_put_le16(p + 18, OBJ_EM_AFUC);
	util_put_le32(p + 20, ELF_VERSION_CURRENT);
	util_put_le32(p + 32, shoff);
	util_put_le32(p + 36, (uint32_t)o->gen); /* e_flags: the generation */
	util_put_le16(p + 40, ELF_HEADER_SIZE);
	util_put_le16(p + 46, ELF_SHDR_SIZE);
	util_put_le16(p + 48, shnum);
	util_put_le16(p + 50, (uint16_t)(shnum - 1)); /* .shstrtab is last */
}

static size_t align_up(size_t v, size_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Lays the sections out after the header, then the section headers. */
static void layout(struct writer *w, uint8_t **data, size_t *len)
{
	struct strtab shstr = {0};
	uint32_t *names = util_xcalloc(w->sec_count, sizeof *names);
	for (size_t i = 1; i < w->sec_count; i++)
		names[i] = strtab_add(&shstr, w->secs[i].name);
	struct out_section *shs = &w->secs[w->sec_count - 1];
	shs->data = shstr.b;

	struct buf out = {0};
	const size_t phnum = w->o->linked ? w->o->section_count : 0;
	buf_grow(&out, ELF_HEADER_SIZE + PHDR_SIZE * phnum);
	uint32_t *offsets = util_xcalloc(w->sec_count, sizeof *offsets);
	uint32_t *sizes = util_xcalloc(w->sec_count, sizeof *sizes);
	for (size_t i = 1; i < w->sec_count; i++) {
		struct out_section *s = &w->secs[i];
		buf_grow(&out, align_up(out.len, s->align) - out.len);
		offsets[i] = (uint32_t)out.len;
		if (s->words) {
			uint8_t *p = buf_grow(&out, s->word_count * 4);
			for (size_t k = 0; k < s->word_count; k++)
				util_put_le32(p + 4 * k, s->words[k]);
			sizes[i] = (uint32_t)(s->word_count * 4);
		} else if (s->data.len) {
			memcpy(buf_grow(&out, s->data.len), s->data.data, s->data.len);
			sizes[i] = (uint32_t)s->data.len;
		}
	}
	buf_grow(&out, align_up(out.len, 4) - out.len);
	uint32_t shoff = (uint32_t)out.len;
	uint8_t *sh = buf_grow(&out, w->sec_count * ELF_SHDR_SIZE);
	for (size_t i = 1; i < w->sec_count; i++) {
		const struct out_section *s = &w->secs[i];
		uint8_t *p = sh + i * ELF_SHDR_SIZE;
		util_put_le32(p, names[i]);
		util_put_le32(p + 4, s->type);
		util_put_le32(p + 8, s->flags);
		util_put_le32(p + 12, s->addr);
		util_put_le32(p + 16, offsets[i]);
		util_put_le32(p + 20, sizes[i]);
		util_put_le32(p + 24, s->link);
		util_put_le32(p + 28, s->info);
		util_put_le32(p + 32, s->align);
		util_put_le32(p + 36, s->entsize);
	}
	for (size_t i = 0; i < phnum; i++) {
		const uint32_t at = code_index(i);
		const struct out_section *s = &w->secs[at];
		const uint32_t fields[] = {PT_LOAD,   offsets[at], s->addr,     s->load,
					   sizes[at], sizes[at],   PF_R | PF_X, 4};
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(fields); k++)
			util_put_le32(out.data + ELF_HEADER_SIZE + PHDR_SIZE * i + 4 * k,
				      fields[k]);
	}
	write_header(out.data, w->o, shoff, (uint16_t)w->sec_count);
	free(names);
	free(offsets);
	free(sizes);
	*data = out.data;
	*len = out.len;
}

static bool any_loc(const struct obj_file *o)
{
	for (size_t i = 0; i < o->symbol_count; i++)
		if (o->symbols[i].loc.file)
			return true;
	for (size_t i = 0; i < o->handler_count; i++)
		if (o->handlers[i].loc.file)
			return true;
	for (size_t i = 0; i < o->section_count; i++) {
		for (size_t r = 0; r < o->sections[i].reloc_count; r++)
			if (o->sections[i].relocs[r].loc.file)
				return true;
		if (o->sections[i].line_count)
			return true;
	}
	return false;
}

/* name is the file being written, for messages (NULL: none). */
static bool write_named(const struct obj_file *o, const char *name, uint8_t **data, size_t *len,
			struct diag *d)
{
	struct writer w = {.o = o, .d = d, .name = name};
	if (!check_model(&w))
		return false;

	struct numbering n;
	number_sections(o, &n, util_xcalloc(o->section_count + 1, sizeof *n.rela));
	w.secs = util_xcalloc(n.count, sizeof *w.secs);
	w.sym_map = util_xcalloc(o->symbol_count + 1, sizeof *w.sym_map);
	w.sec_count = n.count;

	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *s = &o->sections[i];
		struct out_section *out = add_section(&w, code_index(i), s->name, ELF_SHT_PROGBITS);
		out->flags = ELF_SHF_ALLOC | ELF_SHF_EXECINSTR;
		out->align = s->align;
		out->words = s->words;
		out->word_count = s->count;
		if (o->linked) {
			out->addr = s->addr * 4;
			out->load = s->load * 4;
		}
	}
	struct buf locs = {0};

	/* The symbol table first: relocations need its numbering. */
	struct out_section *symtab = add_section(&w, n.symtab, ".symtab", ELF_SHT_SYMTAB);
	symtab->entsize = ELF_SYM_SIZE;
	symtab->link = n.strtab;
	write_symbols(&w, symtab, &locs, n.symtab);

	char **rela_names = util_xcalloc(o->section_count + 1, sizeof *rela_names);
	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *s = &o->sections[i];
		if (!s->reloc_count)
			continue;
		rela_names[i] = util_xasprintf(".rela%s%s", s->name[0] == '.' ? "" : ".", s->name);
		struct out_section *out = add_section(&w, n.rela[i], rela_names[i], ELF_SHT_RELA);
		out->flags = ELF_SHF_INFO_LINK;
		out->link = n.symtab;
		out->info = code_index(i);
		out->entsize = ELF_RELA_SIZE;
		for (size_t r = 0; r < s->reloc_count; r++) {
			const struct obj_reloc *rel = &s->relocs[r];
			buf_u32(&out->data, rel->offset * 4);
			buf_u32(&out->data, w.sym_map[rel->symbol] << 8 | rel->kind);
			buf_u32(&out->data, (uint32_t)(rel->addend * 4));
			put_loc(&w, &locs, n.rela[i], (uint32_t)r, &rel->loc);
		}
	}
	if (n.handlers) {
		struct out_section *out = add_section(&w, n.handlers, OBJ_SEC_HANDLERS,
						      ELF_SHT_PROGBITS);
		out->link = n.symtab;
		out->entsize = OBJ_HANDLER_SIZE;
		for (size_t i = 0; i < o->handler_count; i++) {
			buf_u32(&out->data,
				o->handlers[i].opcode | (uint32_t)o->handlers[i].from_label << 31);
			buf_u32(&out->data, w.sym_map[o->handlers[i].symbol]);
			put_loc(&w, &locs, n.handlers, (uint32_t)i, &o->handlers[i].loc);
		}
	}
	for (size_t i = 0; i < o->section_count; i++)
		for (size_t k = 0; k < o->sections[i].line_count; k++)
			put_loc(&w, &locs, code_index(i), o->sections[i].lines[k].offset,
				&o->sections[i].lines[k].loc);
	if (n.jumptbl) {
		struct out_section *out = add_section(&w, n.jumptbl, OBJ_SEC_JUMPTBL,
						      ELF_SHT_PROGBITS);
		out->entsize = OBJ_JUMPTBL_SIZE;
		for (size_t i = 0; i < o->section_count; i++) {
			if (o->sections[i].table_offset == OBJ_NO_TABLE)
				continue;
			buf_u32(&out->data, code_index(i));
			buf_u32(&out->data, o->sections[i].table_offset * 4);
		}
	}
	if (n.locs) {
		struct out_section *out = add_section(&w, n.locs, OBJ_SEC_LOCS, ELF_SHT_PROGBITS);
		out->link = n.strtab; /* which holds the file names */
		out->entsize = OBJ_LOC_SIZE;
		out->data = locs;
	}
	struct out_section *str = add_section(&w, n.strtab, ".strtab", ELF_SHT_STRTAB);
	str->align = 1;
	str->data = w.strtab.b;
	add_section(&w, n.shstrtab, ".shstrtab", ELF_SHT_STRTAB)->align = 1;

	layout(&w, data, len);

	for (size_t i = 0; i < w.sec_count; i++)
		if (!w.secs[i].words)
			free(w.secs[i].data.data);
	for (size_t i = 0; i < o->section_count; i++)
		free(rela_names[i]);
	free(rela_names);
	free(w.secs);
	free(w.sym_map);
	free(n.rela);
	free(w.files);
	free(w.file_offsets);
	return true;
}

bool obj_write_mem(const struct obj_file *o, uint8_t **data, size_t *len, struct diag *d)
{
	return write_named(o, NULL, data, len, d);
}

bool obj_write(const struct obj_file *o, const char *path, struct diag *d)
{
	uint8_t *data;
	size_t len;
	if (!write_named(o, path, &data, &len, d))
		return false;
	int err = util_write_file(path, data, len);
	free(data);
	if (err) {
		diag_error(d, diag_at(path, 0, 0), "cannot write object: %s", strerror(err));
		return false;
	}
	return true;
}
