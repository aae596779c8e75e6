/* The linked ELF (--elf): the image's words, every symbol and the source
 * line of every word, for the emulator, readelf and nm. It is a linked
 * obj_file (obj.h), written by sdk/obj like any object; docs/afuc-ld.md
 * has the layout:
 *
 *   one code section per processor image, named after it (BR, BV, SQE,
 *   ...), and per block of code appended to a vendor image (BR.patch);
 *   its address is the image address of its first word, and its PT_LOAD
 *   says where that word is in the firmware file; the blocks an earlier
 *   afuc-ld --base appended to the base stay blocks (BR.base)
 *   every symbol, at its image address in the section that holds it
 *   the source lines of the objects' words, moved to where they landed;
 *   a line 0 record ends a run of words from one input section, so the
 *   packet table and padding after it have no line */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"

static void add_region(struct obj_file *o, char *name, uint32_t addr, uint32_t load,
		       const uint32_t *words, uint32_t count)
{
	if (count) {
		uint32_t index = obj_add_section(o, name); /* moves o->sections */
		struct obj_section *s = &o->sections[index];
		s->addr = addr;
		s->load = load;
		s->count = s->cap = count;
		s->words = util_xmalloc(count * sizeof *s->words);
		memcpy(s->words, words, count * sizeof *s->words);
	}
	free(name);
}

/* One region per processor image; when patching, the vendor's words and
 * the appended block apart. Returns, per processor, its first region. */
static uint32_t *collect_regions(const struct ld_ctx *c, struct obj_file *o)
{
	uint32_t *first = util_xcalloc(c->proc_count + 1, sizeof *first);
	for (uint32_t p = 0; p < c->proc_count; p++) {
		const struct ld_proc *pr = &c->procs[p];
		first[p] = (uint32_t)o->section_count;
		uint32_t vendor = c->patching ? pr->vendor_end - pr->start : pr->size + pr->pad;
		add_region(o, util_xstrdup(pr->name), 0, pr->start, &c->words[pr->start], vendor);
		for (size_t k = 0; k < c->opt->base_code_count; k++) {
			const struct ld_base_code *b = &c->opt->base_code[k];
			if (ld_base_code_of(c, p, k))
				add_region(o, util_xasprintf("%s.base", pr->name), b->addr,
					   b->index, &c->words[b->index], b->count);
		}
		if (pr->patch_size)
			add_region(o, util_xasprintf("%s.patch", pr->name),
				   pr->patch_start - pr->start, pr->patch_start,
				   &c->words[pr->patch_start], pr->patch_size);
	}
	first[c->proc_count] = (uint32_t)o->section_count;
	return first;
}

/* The region of processor proc holding address addr (the last that
 * starts at or before it), or OBJ_SECTION_ABS when the processor has none. */
static uint32_t region_of(const struct obj_file *o, const uint32_t *first, uint32_t proc,
			  uint32_t addr)
{
	uint32_t best = OBJ_SECTION_ABS;
	for (uint32_t r = first[proc]; r < first[proc + 1]; r++)
		if (o->sections[r].addr <= addr || best == OBJ_SECTION_ABS)
			best = r;
	return best;
}

static void add_symbol(struct obj_file *o, const uint32_t *first, const char *name, uint32_t proc,
		       int64_t value, bool global)
{
	struct obj_symbol *s = UTIL_PUSH(o->symbols, o->symbol_count, o->symbol_cap);
	*s = (struct obj_symbol){.name = util_xstrdup(name),
				 .section = OBJ_SECTION_ABS,
				 .value = (uint32_t)value,
				 .global = global};
	if (proc != LD_NONE)
		s->section = region_of(o, first, proc, (uint32_t)value);
	if (s->section == OBJ_SECTION_ABS)
		s->value = (uint32_t)value;
}

static void collect_symbols(const struct ld_ctx *c, struct obj_file *o, const uint32_t *first)
{
	for (uint32_t i = 0; i < c->input_count; i++) {
		const struct obj_file *in = c->inputs[i].obj;
		for (size_t k = 0; k < in->symbol_count; k++) {
			const struct obj_symbol *s = &in->symbols[k];
			if (s->section == OBJ_SECTION_UNDEF)
				continue;
			if (s->section == OBJ_SECTION_ABS) {
				add_symbol(o, first, s->name, LD_NONE, s->value, s->global);
				continue;
			}
			const struct ld_place *pl = ld_place(c, i, s->section);
			if (pl->proc != LD_NONE)
				add_symbol(o, first, s->name, pl->proc,
					   (int64_t)pl->addr + s->value, s->global);
		}
	}
	for (size_t k = 0; k < c->ssym_count; k++) {
		const struct ld_ssym *s = &c->ssyms[k];
		if (s->state == LD_SYM_DONE)
			add_symbol(o, first, s->name, s->proc, s->value, s->scope == LD_NONE);
	}
}

/* A line record at an image address, before sorting. */
struct placed_line {
	uint32_t region, addr;
	struct obj_loc loc;
};

static int by_place(const void *a, const void *b)
{
	const struct placed_line *x = a, *y = b;
	if (x->region != y->region)
		return x->region < y->region ? -1 : 1;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return (x->loc.line != 0) - (y->loc.line != 0); /* an end record first */
}

static void collect_lines(const struct ld_ctx *c, struct obj_file *o, const uint32_t *first)
{
	struct placed_line *lines = NULL;
	size_t count = 0, cap = 0;
	for (uint32_t i = 0; i < c->input_count; i++) {
		const struct obj_file *in = c->inputs[i].obj;
		for (uint32_t k = 0; k < in->section_count; k++) {
			const struct obj_section *s = &in->sections[k];
			const struct ld_place *pl = ld_place(c, i, k);
			if (pl->proc == LD_NONE || !s->line_count)
				continue;
			for (size_t n = 0; n <= s->line_count; n++) {
				uint32_t addr = pl->addr + (n < s->line_count ? s->lines[n].offset
									      : (uint32_t)s->count);
				struct obj_loc loc = {NULL, 0, 0};
				if (n < s->line_count)
					loc = s->lines[n].loc;
				loc.file = obj_intern(o, loc.file ? loc.file : "");
				*UTIL_PUSH(lines, count, cap) = (struct placed_line){
					region_of(o, first, pl->proc, addr), addr, loc};
			}
		}
	}
	if (count)
		qsort(lines, count, sizeof *lines, by_place);
	for (size_t n = 0; n < count; n++) {
		const struct placed_line *l = &lines[n];
		if (l->region == OBJ_SECTION_ABS)
			continue;
		struct obj_section *s = &o->sections[l->region];
		uint32_t offset = l->addr - s->addr;
		if (offset < s->count)
			obj_add_line(o, l->region, offset, l->loc);
	}
	free(lines);
}

bool ld_write_elf(const struct ld_ctx *c, uint8_t **data, size_t *len)
{
	struct obj_file o;
	obj_init(&o, c->gen);
	o.linked = true;
	uint32_t *first = collect_regions(c, &o);
	collect_symbols(c, &o, first);
	collect_lines(c, &o, first);
	free(first);
	bool ok = obj_write_mem(&o, data, len, c->d);
	obj_free(&o);
	return ok;
}
