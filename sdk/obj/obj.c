/* The in-memory object: construction, lookup and freeing. */
#include <stdlib.h>
#include <string.h>

#include "obj/obj.h"
#include "util/util.h"

/* Open addressing over symbol indexes (+1, so 0 is an empty slot). */
struct obj_name_index {
	uint32_t *slots;
	size_t mask;    /* slot count - 1; the count is a power of two */
	size_t indexed; /* symbols[0..indexed) are in the table */
};

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h;
}

static void index_insert(struct obj_name_index *ix, const struct obj_symbol *syms, uint32_t i)
{
	size_t at = hash_name(syms[i].name) & ix->mask;
	while (ix->slots[at]) {
		/* the first symbol of a name wins, as obj_find_symbol promises */
		if (strcmp(syms[ix->slots[at] - 1].name, syms[i].name) == 0)
			return;
		at = (at + 1) & ix->mask;
	}
	ix->slots[at] = i + 1;
}

static void index_rebuild(struct obj_name_index *ix, const struct obj_file *o, size_t slots)
{
	free(ix->slots);
	ix->slots = util_xcalloc(slots, sizeof *ix->slots);
	ix->mask = slots - 1;
	for (size_t i = 0; i < o->symbol_count; i++)
		index_insert(ix, o->symbols, (uint32_t)i);
	ix->indexed = o->symbol_count;
}

/* Brings the index up to date with o->symbols, which callers may also
 * grow directly. The index pointer is the only thing that changes, so
 * this works on a const object too. */
static struct obj_name_index *index_sync(const struct obj_file *o)
{
	struct obj_name_index *ix = o->name_index;
	if (!ix) {
		ix = util_xcalloc(1, sizeof *ix);
		((struct obj_file *)o)->name_index = ix;
	}
	size_t want = 64;
	while (want < o->symbol_count * 2)
		want *= 2;
	if (!ix->slots || want > ix->mask + 1 || o->symbol_count < ix->indexed)
		index_rebuild(ix, o, want);
	for (; ix->indexed < o->symbol_count; ix->indexed++)
		index_insert(ix, o->symbols, (uint32_t)ix->indexed);
	return ix;
}

void obj_init(struct obj_file *o, enum isa_gen gen)
{
	memset(o, 0, sizeof *o);
	o->gen = gen;
}

void obj_free(struct obj_file *o)
{
	for (size_t i = 0; i < o->section_count; i++) {
		free(o->sections[i].name);
		free(o->sections[i].words);
		free(o->sections[i].relocs);
		free(o->sections[i].lines);
	}
	free(o->sections);
	for (size_t i = 0; i < o->symbol_count; i++)
		free(o->symbols[i].name);
	free(o->symbols);
	free(o->handlers);
	for (size_t i = 0; i < o->string_count; i++)
		free(o->strings[i]);
	free(o->strings);
	if (o->name_index)
		free(o->name_index->slots);
	free(o->name_index);
	memset(o, 0, sizeof *o);
}

uint32_t obj_add_section(struct obj_file *o, const char *name)
{
	struct obj_section *s = UTIL_PUSH(o->sections, o->section_count, o->section_cap);
	s->name = util_xstrdup(name);
	s->align = 4;
	s->table_offset = OBJ_NO_TABLE;
	return (uint32_t)(o->section_count - 1);
}

unsigned obj_append_round(const char *name, size_t *base_len)
{
	const char *at = strstr(name, OBJ_APPEND_SUFFIX), *next;
	while (at && (next = strstr(at + 1, OBJ_APPEND_SUFFIX)) != NULL)
		at = next; /* the last one */
	if (!at || at == name)
		return 0;
	const char *digits = at + strlen(OBJ_APPEND_SUFFIX);
	unsigned round = 1;
	if (*digits) {
		if (digits[0] < '2' || digits[0] > '9' ||
		    (digits[1] && (digits[1] < '0' || digits[1] > '9' || digits[2])))
			return 0;
		round = (unsigned)(digits[0] - '0');
		if (digits[1])
			round = round * 10 + (unsigned)(digits[1] - '0');
	}
	*base_len = (size_t)(at - name);
	return round;
}

uint32_t obj_find_section(const struct obj_file *o, const char *name)
{
	for (size_t i = 0; i < o->section_count; i++)
		if (strcmp(o->sections[i].name, name) == 0)
			return (uint32_t)i;
	return UINT32_MAX;
}

void obj_emit(struct obj_section *s, uint32_t word)
{
	util_grow(&s->words, &s->cap, s->count + 1, sizeof *s->words);
	s->words[s->count++] = word;
}

uint32_t obj_find_symbol(const struct obj_file *o, const char *name)
{
	if (!o->symbol_count)
		return UINT32_MAX;
	const struct obj_name_index *ix = index_sync(o);
	for (size_t at = hash_name(name) & ix->mask; ix->slots[at]; at = (at + 1) & ix->mask)
		if (strcmp(o->symbols[ix->slots[at] - 1].name, name) == 0)
			return ix->slots[at] - 1;
	return UINT32_MAX;
}

uint32_t obj_symbol(struct obj_file *o, const char *name)
{
	uint32_t found = obj_find_symbol(o, name);
	if (found != UINT32_MAX)
		return found;
	struct obj_symbol *s = UTIL_PUSH(o->symbols, o->symbol_count, o->symbol_cap);
	s->name = util_xstrdup(name);
	s->section = OBJ_SECTION_UNDEF;
	return (uint32_t)(o->symbol_count - 1);
}

void obj_add_reloc(struct obj_file *o, uint32_t section, struct obj_reloc r)
{
	struct obj_section *s = &o->sections[section];
	*UTIL_PUSH(s->relocs, s->reloc_count, s->reloc_cap) = r;
}

void obj_add_handler(struct obj_file *o, struct obj_handler h)
{
	*UTIL_PUSH(o->handlers, o->handler_count, o->handler_cap) = h;
}

void obj_add_line(struct obj_file *o, uint32_t section, uint32_t offset, struct obj_loc loc)
{
	struct obj_section *s = &o->sections[section];
	struct obj_line *last = s->line_count ? &s->lines[s->line_count - 1] : NULL;
	if (last && last->loc.file == loc.file && last->loc.line == loc.line)
		return;
	if (last && last->offset == offset) /* no word came from the line before */
		last->loc = loc;
	else
		*UTIL_PUSH(s->lines, s->line_count, s->line_cap) = (struct obj_line){offset, loc};
}

const char *obj_intern(struct obj_file *o, const char *file)
{
	if (!file)
		return NULL;
	/* Few distinct files per object, and callers ask for the same one
	 * many times in a row: search from the newest. */
	for (size_t i = o->string_count; i-- > 0;)
		if (o->strings[i] == file || strcmp(o->strings[i], file) == 0)
			return o->strings[i];
	char *copy = util_xstrdup(file);
	*UTIL_PUSH(o->strings, o->string_count, o->string_cap) = copy;
	return copy;
}
