/* Symbols of a link: the objects' globals, the symbols the script, the
 * command line and a vendor image define, and how a name is found from
 * a processor image. */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"

/* ---- name hash ---- */

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h;
}

static size_t names_slot(const struct ld_names *n, const char *key)
{
	size_t i = hash_name(key) & (n->cap - 1);
	while (n->keys[i] && strcmp(n->keys[i], key))
		i = (i + 1) & (n->cap - 1);
	return i;
}

uint32_t ld_names_put(struct ld_names *n, const char *key, uint32_t value)
{
	if ((n->count + 1) * 2 > n->cap) {
		struct ld_names bigger = {.cap = n->cap ? n->cap * 2 : 64};
		bigger.keys = util_xcalloc(bigger.cap, sizeof(*bigger.keys));
		bigger.values = util_xcalloc(bigger.cap, sizeof(*bigger.values));
		for (size_t i = 0; i < n->cap; i++)
			if (n->keys[i])
				ld_names_put(&bigger, n->keys[i], n->values[i]);
		ld_names_free(n);
		*n = bigger;
	}
	size_t i = names_slot(n, key);
	if (n->keys[i])
		return n->values[i];
	n->keys[i] = key;
	n->values[i] = value;
	n->count++;
	return LD_NONE;
}

uint32_t ld_names_get(const struct ld_names *n, const char *key)
{
	if (!n->cap)
		return LD_NONE;
	size_t i = names_slot(n, key);
	return n->keys[i] ? n->values[i] : LD_NONE;
}

void ld_names_free(struct ld_names *n)
{
	free(n->keys);
	free(n->values);
	*n = (struct ld_names){0};
}

/* ---- locations ---- */

static struct diag_loc obj_loc(const struct ld_ctx *c, uint32_t input, struct obj_loc loc)
{
	if (!loc.file)
		return diag_at(c->inputs[input].name, 0, 0);
	return diag_at(loc.file, loc.line, loc.col);
}

/* "a.o (a.s:3:1)" or "a.o" */
static void describe_obj_symbol(const struct ld_ctx *c, uint32_t input, uint32_t symbol,
				struct util_str *out)
{
	const struct obj_symbol *s = &c->inputs[input].obj->symbols[symbol];
	util_str_puts(out, c->inputs[input].name);
	if (s->loc.file)
		util_str_printf(out, " (%s:%u:%u)", s->loc.file, s->loc.line, s->loc.col);
}

struct ld_place *ld_place(const struct ld_ctx *c, uint32_t input, uint32_t section)
{
	return &c->places[c->place_base[input] + section];
}

const char *ld_proc_name(const struct ld_ctx *c, uint32_t proc)
{
	return proc == LD_NONE ? "(none)" : c->procs[proc].name;
}

/* ---- object globals ---- */

void ld_collect_globals(struct ld_ctx *c)
{
	for (uint32_t i = 0; i < c->input_count; i++) {
		const struct obj_file *o = c->inputs[i].obj;
		for (uint32_t k = 0; k < o->symbol_count; k++) {
			const struct obj_symbol *s = &o->symbols[k];
			if (!s->global || s->section == OBJ_SECTION_UNDEF)
				continue;
			uint32_t ref = (uint32_t)c->globref_count;
			uint32_t old = ld_names_put(&c->globals, s->name, ref);
			if (old == LD_NONE) {
				*UTIL_PUSH(c->globrefs, c->globref_count,
					   c->globref_cap) = (struct ld_globref){i, k};
				continue;
			}
			struct util_str first = {0};
			describe_obj_symbol(c, c->globrefs[old].input, c->globrefs[old].symbol,
					    &first);
			struct diag_loc loc = obj_loc(c, i, s->loc);
			diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
				 "duplicate symbol '%s': defined in %s and again in %s", s->name,
				 first.text, c->inputs[i].name);
			const struct obj_symbol *f = &c->inputs[c->globrefs[old].input]
							      .obj
							      ->symbols[c->globrefs[old].symbol];
			struct diag_loc floc = obj_loc(c, c->globrefs[old].input, f->loc);
			diag_add(c->d, DIAG_NOTE, floc, ld_source_line(c, floc),
				 "'%s' is first defined here", s->name);
			util_str_free(&first);
		}
	}
}

/* ---- script, command-line and vendor symbols ---- */

uint32_t ld_find_ssym(const struct ld_ctx *c, const char *name, uint32_t proc)
{
	uint32_t fallback = LD_NONE;
	for (uint32_t i = ld_names_get(&c->snames, name); i != LD_NONE; i = c->ssyms[i].next) {
		if (c->ssyms[i].scope == proc && proc != LD_NONE)
			return i;
		if (c->ssyms[i].scope == LD_NONE)
			fallback = i;
	}
	return fallback;
}

static void describe_ssym(const struct ld_ssym *s, struct util_str *out)
{
	util_str_puts(out, s->origin);
	if (s->loc.file && s->loc.line)
		util_str_printf(out, " (%s:%u:%u)", s->loc.file, s->loc.line, s->loc.col);
}

uint32_t ld_add_ssym(struct ld_ctx *c, struct ld_ssym sym)
{
	uint32_t g = ld_names_get(&c->globals, sym.name);
	if (g != LD_NONE) {
		if (sym.stmt && sym.stmt->provide)
			return LD_NONE; /* PROVIDE gives way to the objects */
		struct util_str obj = {0}, mine = {0};
		describe_obj_symbol(c, c->globrefs[g].input, c->globrefs[g].symbol, &obj);
		describe_ssym(&sym, &mine);
		diag_add(c->d, DIAG_ERROR, sym.loc, ld_source_line(c, sym.loc),
			 "duplicate symbol '%s': defined by %s and by %s", sym.name, mine.text,
			 obj.text);
		util_str_free(&obj);
		util_str_free(&mine);
		return LD_NONE;
	}
	uint32_t first = ld_names_get(&c->snames, sym.name);
	for (uint32_t i = first; i != LD_NONE; i = c->ssyms[i].next) {
		const struct ld_ssym *o = &c->ssyms[i];
		if (o->scope != sym.scope && o->scope != LD_NONE && sym.scope != LD_NONE)
			continue;
		if (sym.stmt && sym.stmt->provide)
			return LD_NONE;
		struct util_str prev = {0};
		describe_ssym(o, &prev);
		diag_add(c->d, DIAG_ERROR, sym.loc, ld_source_line(c, sym.loc),
			 "symbol '%s' is defined twice: first by %s", sym.name, prev.text);
		util_str_free(&prev);
		return LD_NONE;
	}
	uint32_t index = (uint32_t)c->ssym_count;
	sym.next = LD_NONE;
	*UTIL_PUSH(c->ssyms, c->ssym_count, c->ssym_cap) = sym;
	if (first == LD_NONE) {
		ld_names_put(&c->snames, c->ssyms[index].name, index);
	} else {
		uint32_t last = first;
		while (c->ssyms[last].next != LD_NONE)
			last = c->ssyms[last].next;
		c->ssyms[last].next = index;
	}
	return index;
}

bool ld_ssym_value(struct ld_ctx *c, uint32_t index, struct ld_value *out)
{
	struct ld_ssym *s = &c->ssyms[index];
	switch (s->state) {
	case LD_SYM_DONE:
		*out = (struct ld_value){s->value, s->proc};
		return true;
	case LD_SYM_FAILED:
		return false;
	case LD_SYM_BUSY:
		diag_add(c->d, DIAG_ERROR, s->loc, ld_source_line(c, s->loc),
			 "symbol '%s' is defined in terms of itself", s->name);
		s->state = LD_SYM_FAILED;
		return false;
	default:
		break;
	}
	if (!s->stmt) {
		/* A value the layout fills in (PACKET_TABLE) and has not yet. */
		diag_add(c->d, DIAG_ERROR, s->loc, ld_source_line(c, s->loc),
			 "symbol '%s' is not known yet at this point of the script", s->name);
		return false;
	}
	s->state = LD_SYM_BUSY;
	int64_t value;
	if (!ld_eval(c, s->stmt->expr, s->scope, s->dot, s->dot_known, &value)) {
		s->state = LD_SYM_FAILED;
		return false;
	}
	s->value = value;
	s->state = LD_SYM_DONE;
	*out = (struct ld_value){value, s->proc};
	return true;
}

/* ---- lookup ---- */

/* The value of a symbol an object defines (in a section or absolute). */
static bool defined_value(struct ld_ctx *c, uint32_t input, uint32_t symbol, struct diag_loc loc,
			  struct ld_value *out)
{
	const struct obj_file *o = c->inputs[input].obj;
	const struct obj_symbol *s = &o->symbols[symbol];
	if (s->section == OBJ_SECTION_ABS) {
		*out = (struct ld_value){s->value, LD_NONE};
		return true;
	}
	const struct ld_place *pl = ld_place(c, input, s->section);
	if (pl->proc == LD_NONE || pl->addr == LD_NONE) {
		diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
			 "symbol '%s' is in section %s of %s, which %s", s->name,
			 o->sections[s->section].name, c->inputs[input].name,
			 pl->proc == LD_NONE ? "the script does not place"
					     : "is not placed yet at this point of the script");
		return false;
	}
	*out = (struct ld_value){(int64_t)pl->addr + s->value, pl->proc};
	return true;
}

bool ld_lookup(struct ld_ctx *c, const char *name, uint32_t proc, bool *found, struct ld_value *out)
{
	*found = true;
	uint32_t s = ld_find_ssym(c, name, proc);
	if (s != LD_NONE)
		return ld_ssym_value(c, s, out);
	uint32_t g = ld_names_get(&c->globals, name);
	if (g != LD_NONE) {
		const struct ld_globref *r = &c->globrefs[g];
		struct obj_loc l = c->inputs[r->input].obj->symbols[r->symbol].loc;
		return defined_value(c, r->input, r->symbol, obj_loc(c, r->input, l), out);
	}
	*found = false;
	return false;
}

bool ld_object_symbol(struct ld_ctx *c, uint32_t input, uint32_t symbol, uint32_t from_proc,
		      struct diag_loc loc, struct ld_value *out)
{
	const struct obj_symbol *s = &c->inputs[input].obj->symbols[symbol];
	if (s->section != OBJ_SECTION_UNDEF)
		return defined_value(c, input, symbol, loc, out);
	/* Undefined here: another object, the script or the command line. */
	bool found;
	if (ld_lookup(c, s->name, from_proc, &found, out))
		return true;
	if (found)
		return false;
	struct util_str hint = {0};
	ld_suggest(c, s->name, input, from_proc, &hint);
	diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
		 "undefined symbol '%s' (referenced from %s)%s", s->name, c->inputs[input].name,
		 hint.text ? hint.text : "");
	util_str_free(&hint);
	return false;
}

void ld_suggest(const struct ld_ctx *c, const char *name, uint32_t input, uint32_t proc,
		struct util_str *out)
{
	/* Accept about one typo in four characters, at least one. */
	size_t len = strlen(name);
	unsigned limit = len <= 3 ? 1 : len < 8 ? 2 : (unsigned)(len / 4 + 1);
	struct util_near sg;
	util_near_init(&sg, name, limit, 1);
	for (size_t g = 0; g < c->globref_count; g++)
		util_near_add(
			&sg,
			c->inputs[c->globrefs[g].input].obj->symbols[c->globrefs[g].symbol].name);
	for (size_t s = 0; s < c->ssym_count; s++)
		if (c->ssyms[s].scope == LD_NONE || c->ssyms[s].scope == proc)
			util_near_add(&sg, c->ssyms[s].name);
	if (input != LD_NONE) {
		const struct obj_file *o = c->inputs[input].obj;
		for (size_t k = 0; k < o->symbol_count; k++)
			if (o->symbols[k].section != OBJ_SECTION_UNDEF)
				util_near_add(&sg, o->symbols[k].name);
	}
	util_near_write(&sg, out);
}
