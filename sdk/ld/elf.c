/* The linked ELF (--elf): an ET_EXEC file holding the image's words and
 * every symbol, for the emulator and for readelf/nm. docs/afuc-ld.md has
 * the layout:
 *
 *   one SHT_PROGBITS section per processor image, named after it (BR,
 *   BV, SQE, ...), and per block of code appended to a vendor image
 *   (BR.patch); sh_addr is the image address of its first word, in bytes
 *   one PT_LOAD per such section: p_vaddr = sh_addr, p_paddr = its byte
 *   offset from file word 1 (where CP_SQE_INSTR_BASE points)
 *   .symtab (values in bytes, st_shndx the section holding the address;
 *   absolute symbols SHN_ABS), .strtab, .shstrtab
 *
 * e_machine and e_flags (the generation) are those of the objects. */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"
#include "obj/elf.h"

#define PHDR_SIZE 32
#define PT_LOAD 1
#define PF_X 1
#define PF_R 4

struct region {
	char *name;
	uint32_t proc, addr, file, count; /* addr: image address; file: file word */
};

struct esym {
	const char *name;
	uint32_t value;
	uint16_t shndx;
	bool global;
};

struct elf {
	const struct ld_ctx *c;
	struct region *regions;
	size_t region_count, region_cap;
	struct esym *syms;
	size_t sym_count, sym_cap;
	struct util_str strtab, shstrtab;
};

static void add_region(struct elf *e, char *name, uint32_t proc, uint32_t addr, uint32_t count)
{
	if (count)
		*UTIL_PUSH(e->regions, e->region_count, e->region_cap) = (struct region){
			name, proc, addr, e->c->procs[proc].start + addr, count};
	else
		free(name);
}

static void collect_regions(struct elf *e)
{
	const struct ld_ctx *c = e->c;
	for (uint32_t p = 0; p < c->proc_count; p++) {
		const struct ld_proc *pr = &c->procs[p];
		if (!c->patching) {
			add_region(e, util_xstrdup(pr->name), p, 0, pr->size + pr->pad);
			continue;
		}
		add_region(e, util_xstrdup(pr->name), p, 0, pr->vendor_end - pr->start);
		add_region(e, util_xasprintf("%s.patch", pr->name), p, pr->patch_start - pr->start,
			   pr->patch_size);
	}
}

/* The section (ELF index) holding address addr of image proc. */
static uint16_t section_of(const struct elf *e, uint32_t proc, uint32_t addr)
{
	uint16_t best = ELF_SHN_ABS;
	for (size_t r = 0; r < e->region_count; r++)
		if (e->regions[r].proc == proc &&
		    (e->regions[r].addr <= addr || best == ELF_SHN_ABS))
			best = (uint16_t)(r + 1);
	return best;
}

static void add_sym(struct elf *e, const char *name, uint32_t proc, int64_t value, bool global)
{
	struct esym s = {name, (uint32_t)value, ELF_SHN_ABS, global};
	if (proc != LD_NONE) {
		s.shndx = section_of(e, proc, (uint32_t)value);
		s.value = (uint32_t)value * 4;
	}
	*UTIL_PUSH(e->syms, e->sym_count, e->sym_cap) = s;
}

/* Locals first, as ELF wants; returns the index of the first global. */
static uint32_t collect_symbols(struct elf *e)
{
	const struct ld_ctx *c = e->c;
	uint32_t first_global = 1;
	for (int pass = 0; pass < 2; pass++) {
		bool global = pass == 1;
		for (uint32_t i = 0; i < c->input_count; i++) {
			const struct obj_file *o = c->inputs[i].obj;
			for (size_t k = 0; k < o->symbol_count; k++) {
				const struct obj_symbol *s = &o->symbols[k];
				if (s->global != global || s->section == OBJ_SECTION_UNDEF)
					continue;
				if (s->section == OBJ_SECTION_ABS) {
					add_sym(e, s->name, LD_NONE, s->value, global);
					continue;
				}
				const struct ld_place *pl = ld_place(c, i, s->section);
				if (pl->proc != LD_NONE)
					add_sym(e, s->name, pl->proc, (int64_t)pl->addr + s->value,
						global);
			}
		}
		for (size_t k = 0; k < c->ssym_count; k++) {
			const struct ld_ssym *s = &c->ssyms[k];
			if ((s->scope == LD_NONE) == global && s->state == LD_SYM_DONE)
				add_sym(e, s->name, s->proc, s->value, global);
		}
		if (!global)
			first_global = (uint32_t)e->sym_count + 1;
	}
	return first_global;
}

static uint32_t str_add(struct util_str *t, const char *s)
{
	if (!t->len)
		util_str_putn(t, "", 1);
	uint32_t at = (uint32_t)t->len;
	util_str_putn(t, s, strlen(s) + 1);
	return at;
}

static void put_shdr(uint8_t *p, uint32_t name, uint32_t type, uint32_t flags, uint32_t addr,
		     uint32_t offset, uint32_t size, uint32_t link, uint32_t info, uint32_t entsize)
{
	const uint32_t fields[] = {name, type, flags, addr, offset, size, link, info, 4, entsize};
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(fields); k++)
		util_put_le32(p + 4 * k, fields[k]);
}

static void put_ehdr(uint8_t *p, enum isa_gen gen, uint16_t phnum, uint32_t shoff, uint16_t shnum)
{
	memcpy(p, "\177ELF", 4);
	p[4] = ELF_CLASS32;
	p[5] = ELF_DATA2LSB;
	p[6] = ELF_VERSION_CURRENT;
	const uint16_t halves[][2] = {{16, ELF_ET_EXEC},     {18, OBJ_EM_AFUC},
				      {40, ELF_HEADER_SIZE}, {42, PHDR_SIZE},
				      {44, phnum},           {46, ELF_SHDR_SIZE},
				      {48, shnum},           {50, (uint16_t)(shnum - 1)}};
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(halves); k++)
		util_put_le16(p + halves[k][0], halves[k][1]);
	util_put_le32(p + 20, ELF_VERSION_CURRENT);
	util_put_le32(p + 28, phnum ? ELF_HEADER_SIZE : 0); /* e_phoff */
	util_put_le32(p + 32, shoff);
	util_put_le32(p + 36, (uint32_t)gen);
}

bool ld_write_elf(const struct ld_ctx *c, uint8_t **data, size_t *len)
{
	struct elf e = {.c = c};
	collect_regions(&e);
	uint32_t first_global = collect_symbols(&e);
	size_t nreg = e.region_count, nsec = nreg + 4; /* null, regions, 3 tables */

	size_t off = ELF_HEADER_SIZE + PHDR_SIZE * nreg;
	size_t *reg_off = util_xcalloc(nreg + 1, sizeof(*reg_off));
	for (size_t r = 0; r < nreg; r++) {
		reg_off[r] = off;
		off += 4 * (size_t)e.regions[r].count;
	}
	size_t sym_off = off, sym_size = ELF_SYM_SIZE * (e.sym_count + 1);
	uint8_t *symtab = util_xcalloc(1, sym_size);
	for (size_t k = 0; k < e.sym_count; k++) {
		uint8_t *p = symtab + ELF_SYM_SIZE * (k + 1);
		util_put_le32(p, str_add(&e.strtab, e.syms[k].name));
		util_put_le32(p + 4, e.syms[k].value);
		p[12] = (uint8_t)((e.syms[k].global ? ELF_STB_GLOBAL : ELF_STB_LOCAL) << 4 |
				  ELF_STT_NOTYPE);
		util_put_le16(p + 14, e.syms[k].shndx);
	}
	if (!e.strtab.len)
		util_str_putn(&e.strtab, "", 1);
	uint32_t *names = util_xcalloc(nsec, sizeof(*names));
	for (size_t r = 0; r < nreg; r++)
		names[r + 1] = str_add(&e.shstrtab, e.regions[r].name);
	names[nreg + 1] = str_add(&e.shstrtab, ".symtab");
	names[nreg + 2] = str_add(&e.shstrtab, ".strtab");
	names[nreg + 3] = str_add(&e.shstrtab, ".shstrtab");
	size_t str_off = sym_off + sym_size, shstr_off = str_off + e.strtab.len;
	size_t shoff = (shstr_off + e.shstrtab.len + 3) & ~(size_t)3;
	*len = shoff + ELF_SHDR_SIZE * nsec;
	uint8_t *out = *data = util_xcalloc(1, *len);

	put_ehdr(out, c->gen, (uint16_t)nreg, (uint32_t)shoff, (uint16_t)nsec);
	for (size_t r = 0; r < nreg; r++) {
		const struct region *rg = &e.regions[r];
		uint8_t *ph = out + ELF_HEADER_SIZE + PHDR_SIZE * r;
		const uint32_t fields[] = {
			PT_LOAD,       (uint32_t)reg_off[r], 4 * rg->addr, 4 * rg->file,
			4 * rg->count, 4 * rg->count,        PF_R | PF_X,  4};
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(fields); k++)
			util_put_le32(ph + 4 * k, fields[k]);
		for (uint32_t w = 0; w < rg->count; w++)
			util_put_le32(out + reg_off[r] + 4 * w, c->words[rg->file + w]);
		put_shdr(out + shoff + ELF_SHDR_SIZE * (r + 1), names[r + 1], ELF_SHT_PROGBITS,
			 ELF_SHF_ALLOC | ELF_SHF_EXECINSTR, 4 * rg->addr, (uint32_t)reg_off[r],
			 4 * rg->count, 0, 0, 0);
	}
	memcpy(out + sym_off, symtab, sym_size);
	memcpy(out + str_off, e.strtab.text, e.strtab.len);
	memcpy(out + shstr_off, e.shstrtab.text, e.shstrtab.len);
	uint8_t *sh = out + shoff + ELF_SHDR_SIZE * (nreg + 1);
	put_shdr(sh, names[nreg + 1], ELF_SHT_SYMTAB, 0, 0, (uint32_t)sym_off, (uint32_t)sym_size,
		 (uint32_t)(nreg + 2), first_global, ELF_SYM_SIZE);
	put_shdr(sh + ELF_SHDR_SIZE, names[nreg + 2], ELF_SHT_STRTAB, 0, 0, (uint32_t)str_off,
		 (uint32_t)e.strtab.len, 0, 0, 0);
	put_shdr(sh + 2 * ELF_SHDR_SIZE, names[nreg + 3], ELF_SHT_STRTAB, 0, 0, (uint32_t)shstr_off,
		 (uint32_t)e.shstrtab.len, 0, 0, 0);

	for (size_t r = 0; r < nreg; r++)
		free(e.regions[r].name);
	free(e.regions);
	free(e.syms);
	free(reg_off);
	free(symtab);
	free(names);
	util_str_free(&e.strtab);
	util_str_free(&e.shstrtab);
	return true;
}
