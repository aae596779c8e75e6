/* Labels and what hangs off them: per-section scopes (as in Mesa, each
 * .section has its own labels), references across sections, undefined
 * symbols for the linker, packet-handler records and .global/.local. */
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"

const char *as_atom(struct as_ctx *c, const char *name, size_t len)
{
	uint32_t k;
	if (as_map_get(&c->atoms, 0, name, len, &k))
		return c->strings[k];
	char *copy = util_xstrndup(name, len);
	*UTIL_PUSH(c->strings, c->string_count, c->string_cap) = copy;
	as_map_put(&c->atoms, 0, copy, len, (uint32_t)(c->string_count - 1));
	return copy;
}

struct as_sym_info *as_sym_info(struct as_ctx *c, uint32_t symbol)
{
	size_t had = c->sym_info_cap;
	util_grow(&c->sym_info, &c->sym_info_cap, (size_t)symbol + 1, sizeof *c->sym_info);
	if (c->sym_info_cap > had)
		memset(c->sym_info + had, 0, (c->sym_info_cap - had) * sizeof *c->sym_info);
	return &c->sym_info[symbol];
}

static uint32_t new_symbol(struct as_ctx *c, char *name, uint32_t section, uint32_t value,
			   const struct as_src *src, uint32_t col)
{
	struct obj_symbol *s = UTIL_PUSH(c->o->symbols, c->o->symbol_count, c->o->symbol_cap);
	s->name = name;
	s->section = section;
	s->value = value;
	s->loc = (struct obj_loc){src->file, src->line, col};
	uint32_t index = (uint32_t)(c->o->symbol_count - 1);
	*as_sym_info(c, index) = (struct as_sym_info){*src, col};
	return index;
}

static void note_first(struct as_ctx *c, uint32_t symbol, const char *what)
{
	const struct as_sym_info *first = as_sym_info(c, symbol);
	as_note_at(c, &first->src, first->col, "'%s' was first %s here", c->o->symbols[symbol].name,
		   what);
}

void as_define_label(struct as_ctx *c, const struct as_tok *name)
{
	as_section(c);
	uint32_t offset = c->o->sections[c->section].count, prev;
	if (as_map_get(&c->labels, c->section, name->text, name->len, &prev)) {
		as_error(c, name->col, "duplicate label '%.*s'", (int)name->len, name->text);
		note_first(c, prev, "defined");
		return;
	}
	if (as_map_get(&c->consts, 0, name->text, name->len, &prev)) {
		as_error(c, name->col, "'%.*s' is already a .set constant", (int)name->len,
			 name->text);
		note_first(c, c->const_symbols[prev], "set");
		return;
	}
	uint32_t sym = new_symbol(c, util_xstrndup(name->text, name->len), c->section, offset,
				  &c->src, name->col);
	const char *key = c->o->symbols[sym].name;
	as_map_put(&c->labels, c->section, key, name->len, sym);
	uint32_t sections = 0;
	if (!as_map_get(&c->label_names, 1, key, name->len, &sections))
		as_map_put(&c->label_names, 0, key, name->len, sym);
	as_map_put(&c->label_names, 1, key, name->len, sections + 1);
	if (c->here_symbol == AS_NONE || c->here_section != c->section ||
	    c->here_offset != offset) {
		c->here_symbol = sym;
		c->here_section = c->section;
		c->here_offset = offset;
	}
}

uint32_t as_resolve_label(struct as_ctx *c, const char *name, uint32_t section,
			  const struct as_src *src, uint32_t col)
{
	size_t len = strlen(name);
	uint32_t sym, sections;
	if (as_map_get(&c->labels, section, name, len, &sym))
		return sym;
	/* NAME.append continues section NAME (the linker places it after
	 * every image, in NAME's address space): NAME's labels next. */
	const char *sname = section < c->o->section_count ? c->o->sections[section].name : "";
	size_t blen;
	if (obj_append_round(sname, &blen)) {
		char *base = util_xstrndup(sname, blen);
		uint32_t parent = obj_find_section(c->o, base);
		free(base);
		if (parent != UINT32_MAX && as_map_get(&c->labels, parent, name, len, &sym))
			return sym;
	}
	if (as_map_get(&c->label_names, 1, name, len, &sections)) {
		as_map_get(&c->label_names, 0, name, len, &sym);
		if (sections > 1)
			as_error_at(c, src, col,
				    "'#%s' is not defined in this section and %u other "
				    "sections define it: which one is meant?",
				    name, sections);
		return sym;
	}
	if (as_map_get(&c->labels, AS_UNDEF_SCOPE, name, len, &sym))
		return sym;
	/* Not here: an undefined symbol, for the linker to find. */
	sym = new_symbol(c, util_xstrdup(name), OBJ_SECTION_UNDEF, 0, src, col);
	c->o->symbols[sym].global = true;
	as_map_put(&c->labels, AS_UNDEF_SCOPE, c->o->symbols[sym].name, len, sym);
	return sym;
}

uint32_t as_label_here(struct as_ctx *c, const char *hint)
{
	struct obj_section *sec = as_section(c);
	if (c->here_symbol != AS_NONE && c->here_section == c->section &&
	    c->here_offset == sec->count)
		return c->here_symbol;
	/* A handler needs a symbol: make a local one no source can name. */
	uint32_t sym = new_symbol(c, util_xasprintf(".Lhandler.%s", hint), c->section,
				  (uint32_t)sec->count, &c->handler_src, 0);
	c->here_symbol = sym;
	c->here_section = c->section;
	c->here_offset = (uint32_t)sec->count;
	return sym;
}

static void opcode_name(struct as_ctx *c, uint32_t opcode, struct util_str *out)
{
	util_str_printf(out, "0x%02x", opcode);
	const struct rnn_view *pm4 = c->views[RNN_PM4];
	if (pm4) {
		util_str_puts(out, " (");
		if (!rnn_value_to_name(pm4, opcode, out))
			util_str_printf(out, "UNKN%u", opcode);
		util_str_putc(out, ')');
	}
}

void as_add_handler(struct as_ctx *c, uint32_t opcode, uint32_t symbol, const struct as_src *src,
		    uint32_t col, bool from_label)
{
	uint32_t section = c->o->symbols[symbol].section;
	size_t had = c->handlers_seen_cap;
	util_grow(&c->handlers_seen, &c->handlers_seen_cap, (size_t)section + 1,
		  sizeof *c->handlers_seen);
	if (c->handlers_seen_cap > had)
		memset(c->handlers_seen + had, 0,
		       (c->handlers_seen_cap - had) * sizeof *c->handlers_seen);
	uint32_t prev = c->handlers_seen[section][opcode];
	if (prev) {
		struct util_str name = {0};
		opcode_name(c, opcode, &name);
		as_error_at(c, src, col, "a second handler for packet %s in section %s", name.text,
			    c->o->sections[section].name);
		const struct as_sym_info *first = &c->handler_info[prev - 1];
		as_note_at(c, &first->src, first->col, "the first handler for it is here");
		util_str_free(&name);
		return;
	}
	obj_add_handler(c->o, (struct obj_handler){
				      opcode, symbol, {src->file, src->line, col}, from_label});
	*UTIL_PUSH(c->handler_info, c->handler_info_count,
		   c->handler_info_cap) = (struct as_sym_info){*src, col};
	c->handlers_seen[section][opcode] = (uint32_t)c->o->handler_count;
}

void as_set_visibility(struct as_ctx *c, const struct as_tok *name, bool global)
{
	const char *atom = as_atom(c, name->text, name->len);
	uint32_t k;
	if (as_map_get(&c->visibility, 0, atom, name->len, &k)) {
		if (c->vis[k].global != global) {
			as_error(c, name->col, "'%s' is declared %s here but %s before", atom,
				 global ? ".global" : ".local", global ? ".local" : ".global");
			as_note_at(c, &c->vis[k].src, c->vis[k].col, "declared here");
		}
		return;
	}
	*UTIL_PUSH(c->vis, c->vis_count, c->vis_cap) = (struct as_vis){c->src, name->col, global,
								       atom};
	as_map_put(&c->visibility, 0, atom, name->len, (uint32_t)(c->vis_count - 1));
}

static void apply_visibility(struct as_ctx *c, const struct as_vis *v)
{
	size_t len = strlen(v->name);
	uint32_t sections = 0, sym, k;
	as_map_get(&c->label_names, 1, v->name, len, &sections);
	if (sections == 1) {
		as_map_get(&c->label_names, 0, v->name, len, &sym);
		c->o->symbols[sym].global = v->global;
	} else if (sections > 1) {
		if (v->global)
			as_error_at(c, &v->src, v->col,
				    "'%s' cannot be global: %u sections define it", v->name,
				    sections);
	} else if (as_map_get(&c->consts, 0, v->name, len, &k)) {
		c->o->symbols[c->const_symbols[k]].global = v->global;
	} else if (v->global) {
		as_resolve_label(c, v->name, AS_UNDEF_SCOPE, &v->src, v->col);
	} else {
		as_error_at(c, &v->src, v->col,
			    ".local '%s': nothing of that name is defined in this "
			    "file",
			    v->name);
	}
}

void as_finish_symbols(struct as_ctx *c)
{
	/* Labels named after packets fill the packet table, as in Mesa:
	 * named in any generation's packets. */
	size_t count = c->o->symbol_count;
	for (size_t i = 0; i < count; i++) {
		const struct obj_symbol *s = &c->o->symbols[i];
		uint32_t opcode, sym;
		if (s->section >= c->o->section_count ||
		    !as_map_get(&c->labels, s->section, s->name, strlen(s->name), &sym) ||
		    sym != i || !as_pm4_label_opcode(c, s->name, &opcode))
			continue;
		/* `CP_NOP:` right after `.handler CP_NOP` is one record */
		uint32_t seen = s->section < c->handlers_seen_cap
					? c->handlers_seen[s->section][opcode]
					: 0;
		if (seen && c->o->handlers[seen - 1].symbol == i)
			continue;
		const struct as_sym_info *info = as_sym_info(c, (uint32_t)i);
		as_add_handler(c, opcode, (uint32_t)i, &info->src, info->col, true);
	}
	for (size_t i = 0; i < c->vis_count; i++)
		apply_visibility(c, &c->vis[i]);
}

void as_set_const(struct as_ctx *c, const struct as_tok *name, int64_t value)
{
	uint32_t k, sections;
	if (as_map_get(&c->label_names, 1, name->text, name->len, &sections)) {
		as_map_get(&c->label_names, 0, name->text, name->len, &k);
		as_error(c, name->col, "'%.*s' is already a label", (int)name->len, name->text);
		note_first(c, k, "defined");
		return;
	}
	if (as_map_get(&c->consts, 0, name->text, name->len, &k)) {
		/* .set again changes the value from here on, as in GNU as */
		c->const_values[k] = value;
		c->o->symbols[c->const_symbols[k]].value = (uint32_t)value;
		return;
	}
	uint32_t sym = new_symbol(c, util_xstrndup(name->text, name->len), OBJ_SECTION_ABS,
				  (uint32_t)value, &c->src, name->col);
	size_t cap = c->const_cap;
	util_grow(&c->const_values, &c->const_cap, c->const_count + 1, sizeof *c->const_values);
	util_grow(&c->const_symbols, &cap, c->const_count + 1, sizeof *c->const_symbols);
	c->const_values[c->const_count] = value;
	c->const_symbols[c->const_count] = sym;
	as_map_put(&c->consts, 0, c->o->symbols[sym].name, name->len, (uint32_t)c->const_count++);
}
