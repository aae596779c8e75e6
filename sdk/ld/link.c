/* ld_link: checks the inputs, runs the phases of a link in order and
 * assembles what it produces. */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"

const char *ld_default_script(enum isa_gen gen)
{
	/* a5xx: the PFP and ME images have the same layout (two header words,
	 * code, the packet table at the end); the ME script only names the
	 * image differently. */
	static const char *const scripts[] = {
		[ISA_A5XX] = "a5xx-me.ld", [ISA_A6XX] = "a6xx-sqe.ld", [ISA_A7XX] = "a7xx-sqe.ld"};
	return gen >= ISA_GEN_MIN && gen <= ISA_GEN_MAX ? scripts[gen] : NULL;
}

const char *ld_source_line(struct ld_ctx *c, struct diag_loc loc)
{
	if (!loc.file || !loc.line)
		return NULL;
	if (c->script && !strcmp(loc.file, c->script->name))
		return ld_script_line(c->script, loc.line);
	const char *text = NULL;
	size_t k;
	for (k = 0; k < c->src_count && strcmp(c->srcs[k].name, loc.file); k++)
		;
	if (k == c->src_count) {
		/* Sources are read only to show the line of an error. */
		uint8_t *data = NULL;
		size_t len;
		if (util_read_file(loc.file, &data, &len) || memchr(data, 0, len)) {
			free(data);
			data = NULL;
		}
		*UTIL_PUSH(c->srcs, c->src_count,
			   c->src_cap) = (struct ld_srcfile){util_xstrdup(loc.file), (char *)data};
	}
	text = c->srcs[k].text;
	for (unsigned l = 1; text && l < loc.line; l++) {
		text = strchr(text, '\n');
		text = text ? text + 1 : NULL;
	}
	return text;
}

/* Every index an object holds points inside it (obj_read checks files;
 * this guards objects built in memory). */
static bool check_object(struct ld_ctx *c, uint32_t i)
{
	const struct obj_file *o = c->inputs[i].obj;
	if (o->linked) {
		diag_error(c->d, diag_at(c->inputs[i].name, 0, 0),
			   "a linked image's ELF (afuc-ld --elf), not an object: link the "
			   "objects it was made from, or give its .fw to --base");
		return false;
	}
	const char *bad = NULL;
	for (size_t k = 0; k < o->symbol_count && !bad; k++) {
		uint32_t s = o->symbols[k].section;
		if (s >= o->section_count && s != OBJ_SECTION_UNDEF && s != OBJ_SECTION_ABS)
			bad = "a symbol's section index is out of range";
	}
	for (size_t j = 0; j < o->section_count && !bad; j++) {
		const struct obj_section *s = &o->sections[j];
		if (s->table_offset != OBJ_NO_TABLE &&
		    (uint64_t)s->table_offset + OBJ_PACKET_TABLE_WORDS > s->count)
			bad = "a .jumptbl runs past the end of its section";
		for (size_t r = 0; r < s->reloc_count && !bad; r++)
			if (s->relocs[r].offset >= s->count ||
			    s->relocs[r].symbol >= o->symbol_count)
				bad = "a relocation's offset or symbol is out of range";
	}
	for (size_t h = 0; h < o->handler_count && !bad; h++)
		if (o->handlers[h].symbol >= o->symbol_count ||
		    o->handlers[h].opcode >= OBJ_PACKET_TABLE_WORDS)
			bad = "a handler record's symbol or opcode is out of range";
	if (bad)
		diag_error(c->d, diag_at(c->inputs[i].name, 0, 0), "not a valid afuc object: %s",
			   bad);
	return !bad;
}

static bool check_gen(struct ld_ctx *c)
{
	enum isa_gen gen = c->opt->gen;
	const char *from = "--gpu";
	for (size_t i = 0; i < c->input_count; i++) {
		enum isa_gen g = c->inputs[i].obj->gen;
		if (!gen) {
			gen = g;
			from = c->inputs[i].name;
		} else if (g != gen) {
			diag_error(c->d, diag_at(c->inputs[i].name, 0, 0),
				   "this object is for %s, but %s is for %s: one link makes one "
				   "generation's image",
				   isa_gen_name(g), from, isa_gen_name(gen));
			return false;
		}
	}
	for (size_t k = 0; c->script && k < c->script->stmt_count; k++) {
		const struct ld_stmt *st = &c->script->stmts[k];
		enum isa_gen g;
		if (st->kind != LD_S_OUTPUT_ARCH || !isa_parse_gen(st->name, &g) || g == gen)
			continue;
		diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
			 "this script is for %s, but %s is for %s", st->name, from,
			 isa_gen_name(gen));
		return false;
	}
	c->gen = gen;
	return true;
}

static void init_places(struct ld_ctx *c)
{
	c->place_base = util_xcalloc(c->input_count + 1, sizeof(*c->place_base));
	for (size_t i = 0; i < c->input_count; i++)
		c->place_base[i + 1] = c->place_base[i] + c->inputs[i].obj->section_count;
	c->place_count = c->place_base[c->input_count];
	c->places = util_xcalloc(c->place_count + 1, sizeof(*c->places));
	for (size_t k = 0; k < c->place_count; k++)
		c->places[k] = (struct ld_place){LD_NONE, LD_NONE, LD_NONE, NULL};
}

static void add_defsyms(struct ld_ctx *c)
{
	for (size_t k = 0; k < c->opt->defsym_count; k++)
		ld_add_ssym(c, (struct ld_ssym){.name = c->opt->defsyms[k].name,
						.proc = LD_NONE,
						.scope = LD_NONE,
						.state = LD_SYM_DONE,
						.value = c->opt->defsyms[k].value,
						.origin = "--defsym"});
}

static void free_ctx(struct ld_ctx *c)
{
	for (size_t p = 0; p < c->proc_count; p++) {
		free(c->procs[p].name);
		free(c->procs[p].entries);
		free(c->procs[p].entry_src);
	}
	for (size_t k = 0; k < c->string_count; k++)
		free(c->strings[k]);
	for (size_t k = 0; k < c->src_count; k++) {
		free(c->srcs[k].name);
		free(c->srcs[k].text);
	}
	free(c->procs);
	free(c->outsecs);
	free(c->outsec_of);
	free(c->places);
	free(c->place_base);
	free(c->chunks);
	free(c->ssyms);
	free(c->handlers);
	free(c->deferred);
	free(c->changes);
	free(c->globrefs);
	free(c->strings);
	free(c->srcs);
	free(c->words);
	ld_names_free(&c->globals);
	ld_names_free(&c->snames);
}

static bool link_phases(struct ld_ctx *c)
{
	size_t errors = c->d->errors;
	for (uint32_t i = 0; i < c->input_count; i++)
		check_object(c, i);
	if (c->d->errors != errors || !check_gen(c))
		return false;
	struct isa *isa = util_xmalloc(sizeof(*isa));
	isa_init(isa, c->gen);
	c->nop = isa->nop;
	free(isa);
	init_places(c);
	ld_collect_globals(c);
	add_defsyms(c);
	if (c->d->errors != errors)
		return false;
	if (!(c->patching ? ld_layout_patch(c) : ld_layout_script(c)))
		return false;
	c->layout_done = true;
	bool ok = ld_fill_words(c);
	ok &= ld_relocate(c);
	ok &= ld_fill_tables(c);
	ok &= ld_check_deferred(c);
	return ok && c->d->errors == errors;
}

bool ld_link(const struct ld_input *inputs, size_t count, const struct ld_options *opt,
	     struct ld_output *out, struct diag *d)
{
	*out = (struct ld_output){0};
	if (count == 0) {
		diag_error(d, DIAG_NOWHERE, "no input objects");
		return false;
	}
	if (!opt->script && !opt->base) {
		diag_error(d, DIAG_NOWHERE, "a link takes a script or a base image");
		return false;
	}
	struct ld_ctx c = {.opt = opt,
			   .inputs = inputs,
			   .input_count = count,
			   .script = opt->script,
			   .d = d,
			   .patching = opt->base != NULL};
	bool ok = link_phases(&c);
	if (ok) {
		out->image_len = 4 * (c.word_count + 1);
		out->image = util_xcalloc(1, out->image_len);
		for (size_t w = 0; w < c.word_count; w++)
			util_put_le32(out->image + 4 * (w + 1), c.words[w]);
		if (opt->map)
			out->map = ld_write_map(&c);
		if (opt->elf && !ld_write_elf(&c, &out->elf, &out->elf_len)) {
			ld_output_free(out);
			ok = false;
		}
	}
	free_ctx(&c);
	return ok;
}

void ld_output_free(struct ld_output *out)
{
	free(out->image);
	free(out->map);
	free(out->elf);
	*out = (struct ld_output){0};
}
