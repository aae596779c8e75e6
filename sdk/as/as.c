/* The assembler's driver: the line loop (with cpp/m4 line markers),
 * labels, raw words, the generation, sections, and the end of the
 * source, where labels are resolved. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"
#include "fw/fw.h"
#include "pp/pp.h"

static void vmessage(struct as_ctx *c, enum diag_level level, const struct as_src *src,
		     uint32_t col, const char *fmt, va_list ap)
{
	diag_vadd(c->d, level, diag_at(src->file, src->line, col), src->text, fmt, ap);
}

void as_error(struct as_ctx *c, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(c, DIAG_ERROR, &c->src, col, fmt, ap);
	va_end(ap);
}

void as_error_at(struct as_ctx *c, const struct as_src *src, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(c, DIAG_ERROR, src, col, fmt, ap);
	va_end(ap);
}

void as_note_at(struct as_ctx *c, const struct as_src *src, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(c, DIAG_NOTE, src, col, fmt, ap);
	va_end(ap);
}

const struct as_tok *as_peek(const struct as_ctx *c)
{
	return &c->toks[c->pos];
}

const char *as_tok_desc(const struct as_tok *t, char *buf, size_t size)
{
	if (t->type == AS_T_END)
		return "the end of the line";
	if (t->len > 40)
		snprintf(buf, size, "'%.40s...'", t->text);
	else
		snprintf(buf, size, "'%.*s'", (int)t->len, t->text);
	return buf;
}

void as_expected(struct as_ctx *c, const char *what)
{
	char buf[64];
	const struct as_tok *t = as_peek(c);
	as_error(c, t->col, "expected %s, found %s", what, as_tok_desc(t, buf, sizeof buf));
}

/* ---- generation ---- */

bool as_need_gen(struct as_ctx *c, uint32_t col)
{
	if (c->gen_locked)
		return true;
	enum isa_gen gen = c->dot_gpu ? c->dot_gpu : c->opt->gen ? c->opt->gen : c->inferred;
	if (!gen) {
		if (!c->gen_failed)
			as_error(c, col,
				 "which GPU generation is this for? Write .gpu a5xx, a6xx or "
				 "a7xx before the code, pass --gpu, or begin with the firmware "
				 "id word as Mesa does ([016ee207])");
		c->gen_failed = true;
		return false;
	}
	c->gen = gen;
	c->gen_locked = true;
	isa_init(&c->isa, gen);
	return true;
}

/* ---- sections and words ---- */

struct obj_section *as_section(struct as_ctx *c)
{
	if (c->section == AS_NONE)
		c->section = obj_add_section(c->o, ".text");
	return &c->o->sections[c->section];
}

uint32_t as_emit(struct as_ctx *c, uint32_t word)
{
	as_section(c);
	if (c->handler_count) {
		struct util_str hint = {0};
		const struct rnn_view *pm4 = c->views[RNN_PM4];
		if (!pm4 || !rnn_value_to_name(pm4, c->handler_ops[0], &hint))
			util_str_printf(&hint, "UNKN%u", c->handler_ops[0]);
		uint32_t sym = as_label_here(c, hint.text);
		util_str_free(&hint);
		for (size_t i = 0; i < c->handler_count; i++)
			as_add_handler(c, c->handler_ops[i], sym, &c->handler_src,
				       c->handler_cols[i], false);
		c->handler_count = 0;
	}
	struct obj_section *s = &c->o->sections[c->section];
	obj_add_line(c->o, c->section, (uint32_t)s->count,
		     (struct obj_loc){c->src.file, c->src.line, 0});
	obj_emit(s, word);
	return (uint32_t)(s->count - 1);
}

bool as_align(struct as_ctx *c, uint32_t bytes, const uint32_t *fill, uint32_t col)
{
	struct obj_section *s = as_section(c);
	uint32_t words = bytes / 4, at = (uint32_t)s->count;
	if (s->count % words) {
		if (!as_need_gen(c, col))
			return false;
		while (s->count % words)
			obj_emit(s, fill ? *fill : c->isa.nop);
	}
	/* with none too: the delay-slot pass pads anew where words moved */
	if (c->opt->fill_delay_slots)
		*UTIL_PUSH(c->pads, c->pad_count, c->pad_cap) = (struct as_pad){
			c->section, at, (uint32_t)s->count - at, bytes, fill ? *fill : c->isa.nop};
	/* The padding is counted from the section start, so the section
	 * must start on such a boundary too. */
	if (s->align < bytes)
		s->align = bytes;
	return true;
}

/* ---- statements ---- */

static bool is_hex_text(const struct as_tok *t)
{
	for (uint32_t i = 0; i < t->len; i++) {
		char ch = t->text[i];
		if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
		      (ch >= 'A' && ch <= 'F')))
			return false;
	}
	return t->len > 0;
}

/* raw := '[' hexdigits ']' | '[' '#' expression ']' */
static void raw_word(struct as_ctx *c)
{
	c->pos++;
	const struct as_tok *t = as_peek(c);
	if (as_tok_is(t, '#')) {
		uint32_t node = as_parse_expr(c);
		if (node == AS_NONE)
			return;
		if (!as_tok_is(as_peek(c), ']')) {
			as_expected(c, "']'");
			return;
		}
		c->pos++;
		if (!as_need_gen(c, t->col))
			return;
		if (c->nodes[node].has_label) {
			as_defer_word(c, AS_FIX_PAYLOAD, as_emit(c, c->isa.nop), node, t->col);
			return;
		}
		int64_t v;
		if (!as_eval_const(c, node, &v))
			return;
		if (v < 0 || v > 0xffffff) {
			as_error(c, t->col, "value 0x%llx does not fit a 24-bit NOP payload",
				 (unsigned long long)v);
			return;
		}
		as_emit(c, c->isa.nop | (uint32_t)v);
		return;
	}
	if ((t->type == AS_T_NUM || t->type == AS_T_IDENT) && is_hex_text(t) &&
	    as_tok_is(t + 1, ']')) {
		if (t->len > 8) {
			as_error(c, t->col, "raw word [%.*s] has more than 8 hex digits",
				 (int)t->len, t->text);
			return;
		}
		uint32_t word = 0;
		for (uint32_t i = 0; i < t->len; i++) {
			char ch = t->text[i];
			word = word << 4 |
			       (uint32_t)(ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10);
		}
		c->pos += 2;
		/* Mesa reads the generation from the firmware id of the first one. */
		enum isa_gen gen;
		if (!c->raw_seen && fw_gen_of_id(word, &gen))
			c->inferred = gen;
		c->raw_seen = true;
		as_emit(c, word);
		return;
	}
	as_expected(c, "a raw word: hex digits as Mesa prints them ([01000000]) or [#label]");
}

/* line := { label ':' } [ raw | directive | instruction ] [ ';' comment ] */
static void statement(struct as_ctx *c)
{
	while (c->toks[c->pos].type == AS_T_IDENT && as_tok_is(&c->toks[c->pos + 1], ':')) {
		as_define_label(c, &c->toks[c->pos]);
		c->pos += 2;
	}
	const struct as_tok *t = as_peek(c);
	if (t->type == AS_T_END)
		return;
	size_t errors = c->d->errors;
	if (as_tok_is(t, '['))
		raw_word(c);
	else if (t->type == AS_T_IDENT && t->text[0] == '.')
		as_directive(c);
	else
		as_instruction(c);
	if (c->d->errors == errors && as_peek(c)->type != AS_T_END)
		as_expected(c, "the end of the line");
}

/* For the listing: where the current section stood before a statement. */
struct list_mark {
	uint32_t section, count;
};

static struct list_mark list_mark(const struct as_ctx *c)
{
	struct list_mark m = {c->section, 0};
	if (c->section != AS_NONE)
		m.count = (uint32_t)c->o->sections[c->section].count;
	return m;
}

/* Records the words the statement emitted since m: none when it only
 * switched sections (.section). */
static void list_line(struct as_ctx *c, struct list_mark m, const char *file, const char *text)
{
	struct as_listing *l = c->opt->listing;
	struct as_list_line *ll = UTIL_PUSH(l->lines, l->count, l->cap);
	*ll = (struct as_list_line){util_xstrdup(file), c->src.line, UINT32_MAX, 0, 0,
				    util_xstrdup(text)};
	if (c->section == AS_NONE || (m.section != AS_NONE && m.section != c->section))
		return;
	ll->section = c->section;
	ll->first = m.count; /* 0 when this statement made .text */
	ll->count = (uint32_t)c->o->sections[c->section].count - m.count;
}

static void finish(struct as_ctx *c, size_t errors_before)
{
	if (c->handler_count)
		as_error_at(c, &c->handler_src, c->handler_cols[0],
			    ".handler at the end of the "
			    "source: no instruction follows");
	as_need_gen(c, 0); /* the object must say which generation it is for */
	if (c->opt->fill_delay_slots && c->d->errors == errors_before)
		as_fill_delay_slots(c);
	as_resolve_fixups(c);
	as_finish_symbols(c);
}

static void free_ctx(struct as_ctx *c)
{
	free(c->toks);
	free(c->nodes);
	as_map_free(&c->labels);
	as_map_free(&c->label_names);
	as_map_free(&c->consts);
	as_map_free(&c->atoms);
	as_map_free(&c->visibility);
	for (size_t i = 0; i < c->string_count; i++)
		free(c->strings[i]);
	free(c->strings);
	free(c->const_values);
	free(c->const_symbols);
	free(c->sym_info);
	free(c->vis);
	free(c->pend);
	free(c->fix);
	free(c->handlers_seen);
	free(c->handler_info);
	free(c->table_info);
	free(c->insns);
	free(c->pads);
	if (c->db_owned)
		rnn_close(c->db);
}

bool as_assemble(const char *text, size_t len, const char *name, const struct as_options *opt,
		 struct obj_file *out, struct diag *d)
{
	struct as_ctx c = {
		.opt = opt, .d = d, .o = out, .section = AS_NONE, .here_symbol = AS_NONE};
	obj_init(out, opt->gen ? opt->gen : ISA_A6XX);
	size_t errors_before = d->errors;
	char *buf = util_xmalloc(len + 1);
	memcpy(buf, text, len);
	buf[len] = 0;
	struct pp_lines lines;
	pp_lines_init(&lines, name);
	c.src.file = obj_intern(out, name);
	char *end = buf + len;
	/* Past the error cap messages are only counted, but every line is
	 * still read, so that the count of errors is the file's. */
	for (char *line = buf; line < end;) {
		char *nl = memchr(line, '\n', (size_t)(end - line));
		char *next = nl ? nl + 1 : end;
		/* a NUL would end the line early and hide what follows it */
		char *nul = memchr(line, 0, (size_t)((nl ? nl : end) - line));
		if (nl) {
			*nl = 0;
			if (nl > line && nl[-1] == '\r')
				nl[-1] = 0;
		}
		/* a marker pp_lines_next does not follow (no file name) is skipped */
		if (!pp_lines_next(&lines, line) && !pp_is_marker(line)) {
			if (!c.src.file || strcmp(c.src.file, lines.file) != 0)
				c.src.file = obj_intern(out, lines.file);
			c.src.line = lines.line;
			c.src.text = line;
			if (nul) {
				as_error(&c, (uint32_t)(nul - line) + 1,
					 "expected text, found a NUL byte");
			} else {
				struct list_mark m = list_mark(&c);
				c.ntok = as_lex(line, &c.toks, &c.tok_cap);
				c.pos = 0;
				statement(&c);
				if (opt->listing)
					list_line(&c, m, lines.file, line);
			}
		}
		line = next;
	}
	if (!diag_full(d))
		finish(&c, errors_before);
	if (c.gen_locked)
		out->gen = c.gen;
	bool ok = d->errors == errors_before;
	free_ctx(&c);
	pp_lines_free(&lines);
	free(buf);
	if (!ok) {
		enum isa_gen gen = out->gen;
		obj_free(out);
		obj_init(out, gen);
	}
	return ok;
}
