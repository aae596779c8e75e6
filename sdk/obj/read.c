/* Reading an ELF32 afuc object back into the model. Every offset, size,
 * index and count read from the file is checked before use: a truncated
 * or corrupt file is an error naming what is wrong, never a crash. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/obj.h"

struct shdr {
	uint32_t name, type, flags, addr, offset, size, link, info, align, entsize;
	const char *name_text;
};

struct reader {
	const uint8_t *data;
	size_t len;
	const char *name;
	struct diag *d;
	struct obj_file *o;
	struct shdr *sh;
	uint32_t shnum;
	uint32_t symtab;       /* ELF index of .symtab, 0 if none */
	uint32_t *section_map; /* ELF section -> model section, UINT32_MAX if not code */
	uint32_t *symbol_map;  /* ELF symbol -> model symbol, UINT32_MAX if skipped */
	uint32_t symbol_count; /* ELF symbols, including symbol 0 */
	const char *strtab;
	uint32_t strtab_size;
	bool strtab_set;
};

static bool bad(struct reader *r, const char *fmt, ...) UTIL_PRINTF(2, 3);
static bool bad(struct reader *r, const char *fmt, ...)
{
	struct util_str msg = {0};
	va_list ap;
	va_start(ap, fmt);
	util_str_vprintf(&msg, fmt, ap);
	va_end(ap);
	diag_error(r->d, diag_at(r->name, 0, 0), "not a valid afuc object: %s", msg.text);
	util_str_free(&msg);
	return false;
}

static const char *sec_name(const struct reader *r, uint32_t i)
{
	return r->sh[i].name_text ? r->sh[i].name_text : "?";
}

/* ELF section types by number, for messages. */
static const char *const type_names[] = {
	[ELF_SHT_NULL] = "SHT_NULL",     [ELF_SHT_PROGBITS] = "SHT_PROGBITS",
	[ELF_SHT_SYMTAB] = "SHT_SYMTAB", [ELF_SHT_STRTAB] = "SHT_STRTAB",
	[ELF_SHT_RELA] = "SHT_RELA",     [ELF_SHT_NOBITS] = "SHT_NOBITS",
	[ELF_SHT_REL] = "SHT_REL",
};

static const char *type_name(uint32_t type)
{
	return type < UTIL_ARRAY_SIZE(type_names) && type_names[type] ? type_names[type]
								      : "unknown";
}

/* The bytes of section i, which must have the given type. Everything the
 * reader reads goes through here: the type is checked because sections
 * are also found by name (.afuc.*), and the bounds are checked again
 * whatever the type, because check_header leaves sections without
 * contents in the file (SHT_NULL, SHT_NOBITS) unchecked. */
static bool sec_bytes(struct reader *r, uint32_t i, uint32_t type, const uint8_t **out)
{
	const struct shdr *s = &r->sh[i];
	if (s->type != type)
		return bad(r, "section %u (%s) has type %u (%s), expected %u (%s)", i,
			   sec_name(r, i), s->type, type_name(s->type), type, type_name(type));
	if ((uint64_t)s->offset + s->size > r->len)
		return bad(r,
			   "truncated: section %u (offset 0x%x, 0x%x bytes) ends past the end "
			   "of the file (0x%zx bytes)",
			   i, s->offset, s->size, r->len);
	*out = r->data + s->offset;
	return true;
}

/* A count read from the file, against the reader's limit for it. */
static bool within_limit(struct reader *r, uint64_t count, uint32_t limit, const char *what)
{
	if (count <= limit)
		return true;
	return bad(r, "too many %s (%llu; the limit is %u)", what, (unsigned long long)count,
		   limit);
}

static bool check_header(struct reader *r)
{
	const uint8_t *p = r->data;
	if (r->len < 4 || memcmp(p, "\177ELF", 4) != 0)
		return bad(r, "no ELF magic at the start of the file");
	if (r->len < ELF_HEADER_SIZE)
		return bad(r, "truncated ELF header (%zu bytes, need %d)", r->len, ELF_HEADER_SIZE);
	if (p[4] != ELF_CLASS32)
		return bad(r, "ELF class %u, expected 1 (32-bit)", p[4]);
	if (p[5] != ELF_DATA2LSB)
		return bad(r, "ELF data encoding %u, expected 1 (little-endian)", p[5]);
	if (p[6] != ELF_VERSION_CURRENT || util_le32(p + 20) != ELF_VERSION_CURRENT)
		return bad(r, "ELF version %u, expected 1", p[6]);
	unsigned type = util_le16(p + 16);
	if (type != ELF_ET_REL && type != ELF_ET_EXEC)
		return bad(r, "ELF type %u, expected 1 (relocatable) or 2 (linked)", type);
	unsigned machine = util_le16(p + 18);
	if (machine != OBJ_EM_AFUC)
		return bad(r, "machine 0x%x, expected 0x%x (afuc)", machine, OBJ_EM_AFUC);
	uint32_t flags = util_le32(p + 36);
	if (flags < ISA_GEN_MIN || flags > ISA_GEN_MAX)
		return bad(r, "e_flags %u names no generation (5, 6 or 7)", flags);
	r->o->gen = (enum isa_gen)flags;
	r->o->linked = type == ELF_ET_EXEC;
	uint32_t shoff = util_le32(p + 32);
	unsigned shentsize = util_le16(p + 46);
	r->shnum = util_le16(p + 48);
	unsigned shstrndx = util_le16(p + 50);
	if (shentsize != ELF_SHDR_SIZE)
		return bad(r, "section header size %u, expected %d", shentsize, ELF_SHDR_SIZE);
	if (r->shnum == 0)
		return bad(r, "no section headers");
	if (!within_limit(r, r->shnum, OBJ_MAX_SECTIONS, "sections"))
		return false;
	if ((uint64_t)shoff + (uint64_t)r->shnum * ELF_SHDR_SIZE > r->len)
		return bad(r,
			   "truncated: the section headers (%u at offset 0x%x) end past the end "
			   "of the file (0x%zx bytes)",
			   r->shnum, shoff, r->len);
	if (shstrndx >= r->shnum)
		return bad(r, "section name table index %u, but there are %u sections", shstrndx,
			   r->shnum);
	r->sh = util_xcalloc(r->shnum, sizeof *r->sh);
	for (uint32_t i = 0; i < r->shnum; i++) {
		const uint8_t *h = p + shoff + (size_t)i * ELF_SHDR_SIZE;
		struct shdr *s = &r->sh[i];
		s->name = util_le32(h);
		s->type = util_le32(h + 4);
		s->flags = util_le32(h + 8);
		s->addr = util_le32(h + 12);
		s->offset = util_le32(h + 16);
		s->size = util_le32(h + 20);
		s->link = util_le32(h + 24);
		s->info = util_le32(h + 28);
		s->align = util_le32(h + 32);
		s->entsize = util_le32(h + 36);
		if (s->type != ELF_SHT_NOBITS && s->type != ELF_SHT_NULL &&
		    (uint64_t)s->offset + s->size > r->len)
			return bad(r,
				   "truncated: section %u (offset 0x%x, 0x%x bytes) ends past the "
				   "end of the file (0x%zx bytes)",
				   i, s->offset, s->size, r->len);
	}
	const struct shdr *names = &r->sh[shstrndx];
	if (names->type != ELF_SHT_STRTAB)
		return bad(r, "section name table (section %u) is not a string table", shstrndx);
	const uint8_t *bytes = NULL;
	if (!sec_bytes(r, shstrndx, ELF_SHT_STRTAB, &bytes))
		return false;
	const char *text = (const char *)bytes;
	for (uint32_t i = 1; i < r->shnum; i++) {
		uint32_t at = r->sh[i].name;
		if (at >= names->size || !memchr(text + at, 0, names->size - at))
			return bad(r, "section %u: name offset 0x%x is outside the name table", i,
				   at);
		r->sh[i].name_text = text + at;
	}
	return true;
}

static bool is_code(const struct shdr *s)
{
	return s->type == ELF_SHT_PROGBITS && (s->flags & ELF_SHF_ALLOC);
}

/* A linked file's program headers: where each code section goes in the
 * firmware file (p_paddr), matched to its section by file offset. */
static bool read_loads(struct reader *r)
{
	const uint8_t *p = r->data;
	uint32_t phoff = util_le32(p + 28);
	unsigned phentsize = util_le16(p + 42), phnum = util_le16(p + 44);
	if (phnum && phentsize != PHDR_SIZE)
		return bad(r, "program header size %u, expected %d", phentsize, PHDR_SIZE);
	if ((uint64_t)phoff + (uint64_t)phnum * PHDR_SIZE > r->len)
		return bad(r,
			   "truncated: %u program headers at offset 0x%x end past the end of "
			   "the file (0x%zx bytes)",
			   phnum, phoff, r->len);
	for (unsigned k = 0; k < phnum; k++) {
		const uint8_t *h = p + phoff + (size_t)k * PHDR_SIZE;
		uint32_t offset = util_le32(h + 4), paddr = util_le32(h + 12);
		if (util_le32(h) != PT_LOAD)
			continue;
		uint32_t i = 1;
		while (i < r->shnum && !(r->section_map[i] != UINT32_MAX &&
					 r->sh[i].offset == offset && r->sh[i].size))
			i++;
		if (i == r->shnum)
			return bad(r, "program header %u (file offset 0x%x) loads no code section",
				   k, offset);
		if (paddr % 4)
			return bad(r,
				   "program header %u: physical address 0x%x is not a word "
				   "address",
				   k, paddr);
		r->o->sections[r->section_map[i]].load = paddr / 4;
	}
	return true;
}

static bool read_code_sections(struct reader *r)
{
	r->section_map = util_xcalloc(r->shnum, sizeof *r->section_map);
	for (uint32_t i = 0; i < r->shnum; i++) {
		const struct shdr *s = &r->sh[i];
		r->section_map[i] = UINT32_MAX;
		if (s->type == ELF_SHT_NOBITS && (s->flags & ELF_SHF_ALLOC))
			return bad(r,
				   "section %u (%s) has no contents (SHT_NOBITS); afuc "
				   "sections hold instruction words",
				   i, sec_name(r, i));
		if (i == 0 || !is_code(s))
			continue;
		if (s->size % 4)
			return bad(r, "section %u (%s) is 0x%x bytes, not whole 32-bit words", i,
				   sec_name(r, i), s->size);
		uint32_t align = s->align < 4 ? 4 : s->align;
		if (align & (align - 1))
			return bad(r, "section %u (%s) alignment %u is not a power of two", i,
				   sec_name(r, i), s->align);
		const uint8_t *bytes = NULL;
		if (!sec_bytes(r, i, ELF_SHT_PROGBITS, &bytes))
			return false;
		uint32_t m = obj_add_section(r->o, sec_name(r, i));
		struct obj_section *sec = &r->o->sections[m];
		sec->align = align;
		sec->count = sec->cap = s->size / 4;
		sec->words = util_xcalloc(sec->cap ? sec->cap : 1, sizeof *sec->words);
		for (size_t k = 0; k < sec->count; k++)
			sec->words[k] = util_le32(bytes + 4 * k);
		r->section_map[i] = m;
		if (r->o->linked && s->addr % 4)
			return bad(r, "section %u (%s) address 0x%x is not a word address", i,
				   sec_name(r, i), s->addr);
		sec->addr = s->addr / 4;
	}
	return r->o->linked ? read_loads(r) : true;
}

/* An ELF section index that must name a code section. */
static bool code_section(struct reader *r, uint32_t index, const char *what, uint32_t *model)
{
	if (index >= r->shnum || r->section_map[index] == UINT32_MAX)
		return bad(r, "%s refers to section %u, which is not a code section", what, index);
	*model = r->section_map[index];
	return true;
}

static bool string_at(struct reader *r, uint32_t at, const char *what, const char **out)
{
	if (at >= r->strtab_size || !memchr(r->strtab + at, 0, r->strtab_size - at))
		return bad(r, "%s: string offset 0x%x is outside .strtab", what, at);
	*out = r->strtab + at;
	return true;
}

static bool read_symbols(struct reader *r)
{
	for (uint32_t i = 1; i < r->shnum; i++) {
		if (r->sh[i].type != ELF_SHT_SYMTAB)
			continue;
		if (r->symtab)
			return bad(r, "two symbol tables (sections %u and %u)", r->symtab, i);
		r->symtab = i;
	}
	if (!r->symtab)
		return bad(r, "no symbol table (.symtab)");
	const struct shdr *st = &r->sh[r->symtab];
	if (st->entsize != ELF_SYM_SIZE || st->size % ELF_SYM_SIZE)
		return bad(r, "symbol table entry size %u (table 0x%x bytes), expected %d",
			   st->entsize, st->size, ELF_SYM_SIZE);
	if (st->link >= r->shnum || r->sh[st->link].type != ELF_SHT_STRTAB)
		return bad(r, "the symbol table's string table (section %u) is not a string table",
			   st->link);
	const uint8_t *syms = NULL, *strings = NULL;
	if (!sec_bytes(r, r->symtab, ELF_SHT_SYMTAB, &syms) ||
	    !sec_bytes(r, st->link, ELF_SHT_STRTAB, &strings))
		return false;
	r->strtab = (const char *)strings;
	r->strtab_size = r->sh[st->link].size;
	r->symbol_count = st->size / ELF_SYM_SIZE;
	/* symbol 0 is the null symbol, not counted */
	if (!within_limit(r, r->symbol_count - (r->symbol_count > 0), OBJ_MAX_SYMBOLS, "symbols"))
		return false;
	r->symbol_map = util_xcalloc(r->symbol_count + 1, sizeof *r->symbol_map);
	r->symbol_map[0] = UINT32_MAX;
	for (uint32_t i = 1; i < r->symbol_count; i++) {
		const uint8_t *p = syms + (size_t)i * ELF_SYM_SIZE;
		uint32_t value = util_le32(p + 4);
		unsigned bind = p[12] >> 4, type = p[12] & 0xf;
		uint32_t shndx = util_le16(p + 14);
		r->symbol_map[i] = UINT32_MAX;
		if (type == ELF_STT_SECTION || type == ELF_STT_FILE)
			continue; /* other producers' bookkeeping; our relocations never use them */
		const char *name = NULL;
		if (!string_at(r, util_le32(p), "symbol name", &name))
			return false;
		if (!*name)
			return bad(r, "symbol %u has no name", i);
		if (bind != ELF_STB_LOCAL && bind != ELF_STB_GLOBAL && bind != ELF_STB_WEAK)
			return bad(r, "symbol '%s' has binding %u", name, bind);
		struct obj_symbol *sym = UTIL_PUSH(r->o->symbols, r->o->symbol_count,
						   r->o->symbol_cap);
		sym->name = util_xstrdup(name);
		sym->global = bind != ELF_STB_LOCAL;
		if (shndx == ELF_SHN_UNDEF) {
			sym->section = OBJ_SECTION_UNDEF;
		} else if (shndx == ELF_SHN_ABS) {
			sym->section = OBJ_SECTION_ABS;
			sym->value = value;
		} else {
			if (shndx >= ELF_SHN_LORESERVE)
				return bad(r, "symbol '%s' has special section index 0x%x", name,
					   shndx);
			struct util_str what = {0};
			util_str_printf(&what, "symbol '%s'", name);
			bool ok = code_section(r, shndx, what.text, &sym->section);
			util_str_free(&what);
			if (!ok)
				return false;
			if (value % 4 ||
			    (!r->o->linked && value / 4 > r->o->sections[sym->section].count))
				return bad(
					r,
					"symbol '%s' value 0x%x is not a word inside its section",
					name, value);
			sym->value = value / 4;
		}
		r->symbol_map[i] = (uint32_t)(r->o->symbol_count - 1);
	}
	return true;
}

/* An ELF symbol index (from a relocation or handler) to a model symbol. */
static bool symbol_ref(struct reader *r, uint32_t index, const char *what, uint32_t *model)
{
	if (index == 0 || index >= r->symbol_count || r->symbol_map[index] == UINT32_MAX)
		return bad(r, "%s refers to symbol %u, which is not a usable symbol", what, index);
	*model = r->symbol_map[index];
	return true;
}

static bool table_shape(struct reader *r, uint32_t i, uint32_t entsize)
{
	const struct shdr *s = &r->sh[i];
	if (s->entsize != entsize || s->size % entsize)
		return bad(r,
			   "section %u (%s): entry size %u and size 0x%x, expected entries of %u "
			   "bytes",
			   i, sec_name(r, i), s->entsize, s->size, entsize);
	return true;
}

static bool read_relocs(struct reader *r, uint32_t i, uint64_t *total)
{
	const struct shdr *s = &r->sh[i];
	const uint8_t *bytes = NULL;
	if (!sec_bytes(r, i, ELF_SHT_RELA, &bytes) || !table_shape(r, i, ELF_RELA_SIZE))
		return false;
	*total += s->size / ELF_RELA_SIZE;
	if (!within_limit(r, *total, OBJ_MAX_RELOCS, "relocations"))
		return false;
	if (s->link != r->symtab)
		return bad(r, "section %u (%s) links to section %u, not the symbol table", i,
			   sec_name(r, i), s->link);
	uint32_t target = 0;
	if (!code_section(r, s->info, sec_name(r, i), &target))
		return false;
	for (uint32_t k = 0; k < s->size / ELF_RELA_SIZE; k++) {
		const uint8_t *p = bytes + (size_t)k * ELF_RELA_SIZE;
		uint32_t offset = util_le32(p), info = util_le32(p + 4);
		int32_t addend = (int32_t)util_le32(p + 8);
		struct obj_reloc rel = {.kind = (uint8_t)(info & 0xff)};
		if ((info & 0xff) >= OBJ_R_COUNT)
			return bad(r, "%s entry %u: unknown relocation type %u", sec_name(r, i), k,
				   info & 0xff);
		if (offset % 4 || offset / 4 >= r->o->sections[target].count)
			return bad(r, "%s entry %u: offset 0x%x is not a word inside %s",
				   sec_name(r, i), k, offset, sec_name(r, s->info));
		if (addend % 4)
			return bad(r, "%s entry %u: addend %d is not a whole number of words",
				   sec_name(r, i), k, addend);
		if (!symbol_ref(r, info >> 8, sec_name(r, i), &rel.symbol))
			return false;
		rel.offset = offset / 4;
		rel.addend = addend / 4;
		obj_add_reloc(r->o, target, rel);
	}
	return true;
}

static bool read_handlers(struct reader *r, uint32_t i)
{
	const uint8_t *bytes = NULL;
	if (!sec_bytes(r, i, ELF_SHT_PROGBITS, &bytes) || !table_shape(r, i, OBJ_HANDLER_SIZE))
		return false;
	for (uint32_t k = 0; k < r->sh[i].size / OBJ_HANDLER_SIZE; k++) {
		const uint8_t *p = bytes + (size_t)k * OBJ_HANDLER_SIZE;
		struct obj_handler h = {.opcode = util_le32(p) & 0x7fffffffu,
					.from_label = util_le32(p) >> 31};
		if (h.opcode >= OBJ_PACKET_TABLE_WORDS)
			return bad(r, "packet handler %u: opcode 0x%x is above 0x7f", k, h.opcode);
		if (!symbol_ref(r, util_le32(p + 4), OBJ_SEC_HANDLERS, &h.symbol))
			return false;
		obj_add_handler(r->o, h);
	}
	return true;
}

static bool read_jumptbl(struct reader *r, uint32_t i)
{
	const uint8_t *bytes = NULL;
	if (!sec_bytes(r, i, ELF_SHT_PROGBITS, &bytes) || !table_shape(r, i, OBJ_JUMPTBL_SIZE))
		return false;
	for (uint32_t k = 0; k < r->sh[i].size / OBJ_JUMPTBL_SIZE; k++) {
		const uint8_t *p = bytes + (size_t)k * OBJ_JUMPTBL_SIZE;
		uint32_t m = 0, offset = util_le32(p + 4);
		if (!code_section(r, util_le32(p), OBJ_SEC_JUMPTBL, &m))
			return false;
		struct obj_section *s = &r->o->sections[m];
		if (offset % 4 || offset / 4 > s->count ||
		    s->count - offset / 4 < OBJ_PACKET_TABLE_WORDS)
			return bad(r,
				   "packet table of %s at byte 0x%x does not fit the section "
				   "(0x%zx bytes)",
				   s->name, offset, s->count * 4);
		s->table_offset = offset / 4;
	}
	return true;
}

/* The obj_loc that entry `entry` of ELF section `section` describes. */
static struct obj_loc *loc_target(struct reader *r, uint32_t section, uint32_t entry)
{
	if (section == r->symtab) {
		if (entry < r->symbol_count && r->symbol_map[entry] != UINT32_MAX)
			return &r->o->symbols[r->symbol_map[entry]].loc;
		return NULL;
	}
	if (section >= r->shnum)
		return NULL;
	const char *name = r->sh[section].name_text;
	if (r->sh[section].type == ELF_SHT_RELA) {
		/* a fuzzed file's RELA may name no section, or one not read */
		uint32_t target = r->sh[section].info;
		if (target >= r->shnum || r->section_map[target] == UINT32_MAX)
			return NULL;
		uint32_t m = r->section_map[target];
		/* relocations were added in file order, so entry is the index */
		if (entry < r->o->sections[m].reloc_count)
			return &r->o->sections[m].relocs[entry].loc;
		return NULL;
	}
	if (name && strcmp(name, OBJ_SEC_HANDLERS) == 0 && entry < r->o->handler_count)
		return &r->o->handlers[entry].loc;
	return NULL;
}

/* A location of a code section's word is a line record. */
static bool add_line(struct reader *r, uint32_t k, uint32_t section, uint32_t entry,
		     struct obj_loc loc)
{
	struct obj_section *s = &r->o->sections[r->section_map[section]];
	if (entry >= s->count)
		return bad(r,
			   "source location %u refers to word %u of section %u (%s), past its "
			   "end",
			   k, entry, section, s->name);
	if (s->line_count && s->lines[s->line_count - 1].offset >= entry)
		return bad(r,
			   "source location %u: the line records of section %u (%s) are not "
			   "in increasing word order",
			   k, section, s->name);
	*UTIL_PUSH(s->lines, s->line_count, s->line_cap) = (struct obj_line){entry, loc};
	return true;
}

static bool read_locs(struct reader *r, uint32_t i)
{
	const uint8_t *bytes = NULL;
	if (!sec_bytes(r, i, ELF_SHT_PROGBITS, &bytes) || !table_shape(r, i, OBJ_LOC_SIZE))
		return false;
	for (uint32_t k = 0; k < r->sh[i].size / OBJ_LOC_SIZE; k++) {
		const uint8_t *p = bytes + (size_t)k * OBJ_LOC_SIZE;
		uint32_t section = util_le32(p), entry = util_le32(p + 4);
		const char *file = NULL;
		if (!string_at(r, util_le32(p + 8), "source location file", &file))
			return false;
		struct obj_loc where = {obj_intern(r->o, file), util_le32(p + 12),
					util_le32(p + 16)};
		if (section < r->shnum && r->section_map[section] != UINT32_MAX) {
			if (!add_line(r, k, section, entry, where))
				return false;
			continue;
		}
		struct obj_loc *loc = loc_target(r, section, entry);
		if (!loc)
			return bad(r,
				   "source location %u refers to entry %u of section %u, which "
				   "does not exist",
				   k, entry, section);
		*loc = where;
	}
	return true;
}

static bool read_all(struct reader *r)
{
	if (!check_header(r) || !read_code_sections(r) || !read_symbols(r))
		return false;
	/* Relocations and handlers before locations, which point at them. */
	uint64_t relocs = 0;
	for (uint32_t i = 1; i < r->shnum; i++) {
		const char *name = r->sh[i].name_text;
		if (r->sh[i].type == ELF_SHT_REL)
			return bad(r, "section %u (%s) is SHT_REL; afuc objects use SHT_RELA", i,
				   name);
		if (r->sh[i].type == ELF_SHT_RELA && !read_relocs(r, i, &relocs))
			return false;
		if (strcmp(name, OBJ_SEC_HANDLERS) == 0 && !read_handlers(r, i))
			return false;
		if (strcmp(name, OBJ_SEC_JUMPTBL) == 0 && !read_jumptbl(r, i))
			return false;
	}
	for (uint32_t i = 1; i < r->shnum; i++)
		if (strcmp(r->sh[i].name_text, OBJ_SEC_LOCS) == 0 && !read_locs(r, i))
			return false;
	return true;
}

bool obj_read_mem(struct obj_file *o, const uint8_t *data, size_t len, const char *name,
		  struct diag *d)
{
	obj_init(o, ISA_A6XX);
	struct reader r = {.data = data, .len = len, .name = name, .d = d, .o = o};
	bool ok = read_all(&r);
	free(r.sh);
	free(r.section_map);
	free(r.symbol_map);
	if (!ok)
		obj_free(o);
	return ok;
}

bool obj_read(struct obj_file *o, const char *path, struct diag *d)
{
	uint8_t *data;
	size_t len;
	int err = util_read_file_max(path, OBJ_MAX_FILE_BYTES, &data, &len);
	if (err == EFBIG) {
		obj_init(o, ISA_A6XX);
		diag_error(d, diag_at(path, 0, 0),
			   "larger than %u bytes, the most an object may be: not an afuc object",
			   (unsigned)OBJ_MAX_FILE_BYTES);
		return false;
	}
	if (err) {
		obj_init(o, ISA_A6XX);
		diag_error(d, diag_at(path, 0, 0), "cannot read object: %s", strerror(err));
		return false;
	}
	bool ok = obj_read_mem(o, data, len, path, d);
	free(data);
	return ok;
}
