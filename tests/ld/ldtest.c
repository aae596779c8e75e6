/* Helpers for the linker's C tests (see ldtest.h). */
#include <stdlib.h>
#include <string.h>

#include "../lib/firmware.h"
#include "ldtest.h"

void tobj_init(struct tobj *t, enum isa_gen gen, const char *source)
{
	obj_init(&t->o, gen);
	t->file = obj_intern(&t->o, source);
	t->line = 1;
	t->sec = obj_add_section(&t->o, ".text");
}

void tobj_section(struct tobj *t, const char *name, uint32_t align)
{
	t->sec = obj_find_section(&t->o, name);
	if (t->sec == UINT32_MAX)
		t->sec = obj_add_section(&t->o, name);
	if (align)
		t->o.sections[t->sec].align = align;
}

uint32_t tobj_here(const struct tobj *t)
{
	return (uint32_t)t->o.sections[t->sec].count;
}

void tobj_word(struct tobj *t, uint32_t word)
{
	obj_emit(&t->o.sections[t->sec], word);
	t->line++;
}

/* Labels are pushed directly: Mesa-style sources reuse names (jumptbl)
 * in each section, as local symbols. */
static uint32_t push_symbol(struct tobj *t, const char *name)
{
	struct obj_symbol *s = UTIL_PUSH(t->o.symbols, t->o.symbol_count, t->o.symbol_cap);
	s->name = util_xstrdup(name);
	s->loc = (struct obj_loc){t->file, t->line, 1};
	return (uint32_t)(t->o.symbol_count - 1);
}

/* An undefined symbol that a reference from the current section made
 * (its value remembers the section, + 1): a forward reference. */
static bool pending_here(const struct tobj *t, const struct obj_symbol *s)
{
	return s->section == OBJ_SECTION_UNDEF && s->value == t->sec + 1;
}

void tobj_label(struct tobj *t, const char *name, bool global)
{
	uint32_t s = UINT32_MAX;
	for (uint32_t k = 0; k < t->o.symbol_count && s == UINT32_MAX; k++)
		if (!strcmp(t->o.symbols[k].name, name) && pending_here(t, &t->o.symbols[k]))
			s = k;
	if (s == UINT32_MAX)
		s = push_symbol(t, name);
	t->o.symbols[s].loc = (struct obj_loc){t->file, t->line, 1};
	t->o.symbols[s].section = t->sec;
	t->o.symbols[s].value = tobj_here(t);
	t->o.symbols[s].global = global;
}

void tobj_abs(struct tobj *t, const char *name, uint32_t value, bool global)
{
	uint32_t s = push_symbol(t, name);
	t->o.symbols[s].section = OBJ_SECTION_ABS;
	t->o.symbols[s].value = value;
	t->o.symbols[s].global = global;
}

/* The symbol a reference to name means, as with Mesa's labels, which
 * belong to their section: the one of this section (defined or pending),
 * else a new undefined global, found at link time. */
static uint32_t find_symbol(struct tobj *t, const char *name)
{
	for (uint32_t k = (uint32_t)t->o.symbol_count; k-- > 0;) {
		const struct obj_symbol *s = &t->o.symbols[k];
		if (!strcmp(s->name, name) && (s->section == t->sec || pending_here(t, s)))
			return k;
	}
	uint32_t s = push_symbol(t, name);
	t->o.symbols[s].section = OBJ_SECTION_UNDEF;
	t->o.symbols[s].value = t->sec + 1;
	t->o.symbols[s].global = true;
	return s;
}

void tobj_reloc(struct tobj *t, enum obj_reloc_kind kind, const char *symbol, int32_t addend,
		unsigned col)
{
	obj_add_reloc(&t->o, t->sec,
		      (struct obj_reloc){tobj_here(t) - 1,
					 (uint8_t)kind,
					 find_symbol(t, symbol),
					 addend,
					 {t->file, t->line - 1, col}});
}

void tobj_handler(struct tobj *t, uint32_t opcode, const char *name, unsigned line)
{
	obj_add_handler(&t->o, (struct obj_handler){
				       opcode, find_symbol(t, name), {t->file, line, 1}, false});
}

void tobj_jumptbl(struct tobj *t)
{
	t->o.sections[t->sec].table_offset = tobj_here(t);
	for (int i = 0; i < OBJ_PACKET_TABLE_WORDS; i++)
		obj_emit(&t->o.sections[t->sec], 0);
	t->line++;
}

void tobj_free(struct tobj *t)
{
	obj_free(&t->o);
}

bool tlink_run(struct tlink *l, const char *script, struct tobj *objs, const char *const *names,
	       size_t n, const struct ld_options *opt)
{
	*l = (struct tlink){0};
	diag_init(&l->d);
	struct ld_options o = opt ? *opt : (struct ld_options){0};
	o.map = o.elf = true;
	struct ld_script *s = NULL;
	if (script) {
		s = ld_script_parse("test.ld", script, strlen(script), &l->d);
		if (!s)
			return false;
		o.script = s;
	}
	struct ld_input *in = util_xcalloc(n + 1, sizeof(*in));
	for (size_t i = 0; i < n; i++)
		in[i] = (struct ld_input){names[i], &objs[i].o};
	l->ok = ld_link(in, n, &o, &l->out, &l->d);
	l->words = (uint32_t)(l->out.image_len / 4);
	free(in);
	ld_script_free(s);
	return l->ok;
}

uint32_t tlink_word(const struct tlink *l, uint32_t w)
{
	return w < l->words ? util_le32(l->out.image + 4 * w) : 0xdeadbeef;
}

bool tlink_has_error(const struct tlink *l, const char *file, unsigned line, unsigned col,
		     const char *text)
{
	for (size_t i = 0; i < l->d.count; i++) {
		const struct diag_msg *m = &l->d.msgs[i];
		if (m->level == DIAG_ERROR && m->line == line && m->col == col &&
		    !strcmp(m->text, text) && (file ? m->file && !strcmp(m->file, file) : !m->file))
			return true;
	}
	return false;
}

void tlink_diag(struct tap *t, const struct tlink *l)
{
	for (size_t i = 0; i < l->d.count; i++) {
		const struct diag_msg *m = &l->d.msgs[i];
		tap_diag(t, "%s:%u:%u: %s", m->file ? m->file : "-", m->line, m->col, m->text);
	}
}

void tlink_free(struct tlink *l)
{
	ld_output_free(&l->out);
	diag_free(&l->d);
}

char *ldtest_read_script(const char *name)
{
	char *path = util_xasprintf("ld/%s", name);
	uint8_t *data = NULL;
	size_t len;
	if (util_read_file(path, &data, &len))
		data = NULL;
	free(path);
	return (char *)data;
}

uint8_t *ldtest_find_firmware(const char *name, size_t *len, char **path)
{
	return test_firmware(name, len, path);
}
