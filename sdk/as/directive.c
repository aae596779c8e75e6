/* The directives: Mesa's (.align, .section, .jumptbl) and ours (.gpu,
 * .word, .global, .local, .handler, .set). Each takes the tokens after
 * its name; docs/afuc-as.md describes them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"

/* name := identifier, as a whole operand */
static const struct as_tok *take_ident(struct as_ctx *c, const char *what)
{
	const struct as_tok *t = as_peek(c);
	if (t->type != AS_T_IDENT) {
		as_expected(c, what);
		return NULL;
	}
	c->pos++;
	return t;
}

/* Runs one(c) for each item of a comma-separated list. */
static void each_item(struct as_ctx *c, bool (*one)(struct as_ctx *c, void *ctx), void *ctx)
{
	for (;;) {
		if (!one(c, ctx))
			return;
		if (!as_tok_is(as_peek(c), ','))
			return;
		c->pos++;
	}
}

/* .align BYTES[, FILL]: nops (or FILL words) up to a multiple of BYTES
 * from the section start */
static void d_align(struct as_ctx *c)
{
	uint32_t col = as_peek(c)->col;
	uint32_t node = as_parse_expr(c);
	int64_t bytes, fill = 0;
	bool filled = false;
	if (node == AS_NONE || !as_eval_const(c, node, &bytes))
		return;
	if (bytes < 4 || bytes > (1 << 20) || (bytes & (bytes - 1))) {
		as_error(c, col, ".align takes a power of two from 4 to 0x100000 bytes, not %lld",
			 (long long)bytes);
		return;
	}
	if (as_tok_is(as_peek(c), ',')) {
		c->pos++;
		uint32_t fcol = as_peek(c)->col;
		node = as_parse_expr(c);
		if (node == AS_NONE || !as_eval_const(c, node, &fill))
			return;
		if (fill < INT32_MIN || fill > UINT32_MAX) {
			as_error(c, fcol, ".align's fill is one 32-bit word, not %lld",
				 (long long)fill);
			return;
		}
		filled = true;
	}
	uint32_t word = (uint32_t)fill;
	as_align(c, (uint32_t)bytes, filled ? &word : NULL, col);
}

/* .section NAME: a new processor image (Mesa: BV, LPAC), its addresses
 * from 0; the section left is padded to 32 bytes first, as Mesa does. */
static void d_section(struct as_ctx *c)
{
	const struct as_tok *name = take_ident(c, "a section name (BV, LPAC, .text...)");
	if (!name)
		return;
	if (c->handler_count) {
		as_error(c, name->col, ".section after .handler: the handler has no instruction");
		return;
	}
	if (c->section != AS_NONE && c->o->sections[c->section].count % 8 &&
	    !as_align(c, 32, NULL, name->col))
		return;
	char *text = util_xstrndup(name->text, name->len);
	uint32_t s = obj_find_section(c->o, text);
	if (s == UINT32_MAX) {
		s = obj_add_section(c->o, text);
		if (strcmp(text, ".text") != 0)
			c->o->sections[s].align = 32;
	}
	free(text);
	c->section = s;
}

/* .jumptbl: this section's packet table, 0x80 words the linker fills */
static void d_jumptbl(struct as_ctx *c)
{
	struct obj_section *s = as_section(c);
	size_t had = c->table_info_cap;
	util_grow(&c->table_info, &c->table_info_cap, (size_t)c->section + 1,
		  sizeof *c->table_info);
	if (c->table_info_cap > had)
		memset(c->table_info + had, 0, (c->table_info_cap - had) * sizeof *c->table_info);
	if (s->table_offset != OBJ_NO_TABLE) {
		as_error(c, 1, "a second .jumptbl in section %s", s->name);
		as_note_at(c, &c->table_info[c->section].src, 1, "the first is here");
		return;
	}
	c->table_info[c->section].src = c->src;
	s->table_offset = (uint32_t)s->count;
	for (uint32_t i = 0; i < OBJ_PACKET_TABLE_WORDS; i++)
		obj_emit(s, 0);
}

/* .gpu a5xx|a6xx|a7xx */
static void d_gpu(struct as_ctx *c)
{
	const struct as_tok *name = take_ident(c, "a generation: a5xx, a6xx or a7xx");
	if (!name)
		return;
	char text[16];
	snprintf(text, sizeof text, "%.*s", (int)name->len, name->text);
	enum isa_gen gen;
	if (name->len >= sizeof text || !isa_parse_gen(text, &gen)) {
		as_error(c, name->col, "unknown generation '%.*s': .gpu takes a5xx, a6xx or a7xx",
			 (int)name->len, name->text);
	} else if (c->gen_locked && gen != c->gen) {
		as_error(c, name->col, ".gpu %s comes after code assembled for %s: put .gpu first",
			 text, isa_gen_name(c->gen));
	} else if (c->dot_gpu && gen != c->dot_gpu) {
		as_error(c, name->col, ".gpu %s contradicts the earlier .gpu %s", text,
			 isa_gen_name(c->dot_gpu));
	} else {
		c->dot_gpu = gen;
	}
}

/* .control VARIANT: name control registers (@NAME) from that variant's
 * map, A7XX_GEN3 for a750 and gen 8 (afuc-objdump prints it for them) */
static void d_control(struct as_ctx *c)
{
	const struct as_tok *name = take_ident(c, "a control-register map: A7XX_GEN3");
	if (!name)
		return;
	if (c->views[RNN_CONTROL] || c->view_failed[RNN_CONTROL]) {
		as_error(c, name->col,
			 ".control comes after a control register was named: put it first");
		return;
	}
	if (name->len >= sizeof c->control_variant) {
		as_error(c, name->col, "no control-register map is called '%.*s'", (int)name->len,
			 name->text);
		return;
	}
	snprintf(c->control_variant, sizeof c->control_variant, "%.*s", (int)name->len, name->text);
}

static bool word_item(struct as_ctx *c, void *unused)
{
	(void)unused;
	uint32_t col = as_peek(c)->col;
	uint32_t node = as_parse_expr(c);
	if (node == AS_NONE)
		return false;
	if (c->nodes[node].has_label) {
		as_defer_word(c, AS_FIX_WORD, as_emit(c, 0), node, col);
		return true;
	}
	int64_t v;
	if (!as_eval_const(c, node, &v))
		return false;
	if (v < INT32_MIN || v > UINT32_MAX) {
		as_error(c, col, "value 0x%llx does not fit a 32-bit word", (unsigned long long)v);
		return false;
	}
	as_emit(c, (uint32_t)v);
	return true;
}

/* .word EXPR {, EXPR} */
static void d_word(struct as_ctx *c)
{
	each_item(c, word_item, NULL);
}

static bool visibility_item(struct as_ctx *c, void *global)
{
	const struct as_tok *name = take_ident(c, "a symbol name");
	if (name)
		as_set_visibility(c, name, *(bool *)global);
	return name != NULL;
}

/* .global NAME {, NAME} and .local NAME {, NAME} */
static void d_global(struct as_ctx *c)
{
	bool global = true;
	each_item(c, visibility_item, &global);
}

static void d_local(struct as_ctx *c)
{
	bool global = false;
	each_item(c, visibility_item, &global);
}

static bool handler_item(struct as_ctx *c, void *unused)
{
	(void)unused;
	const struct as_tok *t = as_peek(c);
	uint32_t opcode;
	if (t->type == AS_T_IDENT && ((t + 1)->type == AS_T_END || as_tok_is(t + 1, ','))) {
		char *name = util_xstrndup(t->text, t->len);
		bool ok = as_pm4_opcode(c, name, &opcode);
		if (!ok)
			as_unknown_in(c, RNN_PM4, name, t->col);
		free(name);
		if (!ok)
			return false;
		c->pos++;
	} else {
		uint32_t node = as_parse_expr(c);
		int64_t v;
		if (node == AS_NONE || !as_eval_const(c, node, &v))
			return false;
		if (v < 0 || v >= OBJ_PACKET_TABLE_WORDS) {
			as_error(c, t->col, "packet opcode %lld is not in 0..0x7f", (long long)v);
			return false;
		}
		opcode = (uint32_t)v;
	}
	for (size_t i = 0; i < c->handler_count; i++) {
		if (c->handler_ops[i] == opcode) {
			as_error(c, t->col, "opcode 0x%02x is already in this .handler", opcode);
			return false;
		}
	}
	c->handler_cols[c->handler_count] = t->col;
	c->handler_ops[c->handler_count++] = opcode;
	return true;
}

/* .handler OPCODE {, OPCODE}: packet-handler records for the next
 * instruction (OPCODE: CP_NOP, PKT4, UNKN27, or a number 0..0x7f) */
static void d_handler(struct as_ctx *c)
{
	if (c->handler_count) {
		as_error(c, 1, "a second .handler before any instruction: list the opcodes in one");
		return;
	}
	c->handler_src = c->src;
	each_item(c, handler_item, NULL);
}

/* .set NAME, EXPR: a constant, known where it is written */
static void d_set(struct as_ctx *c)
{
	const struct as_tok *name = take_ident(c, "a constant name");
	if (!name)
		return;
	if (!as_tok_is(as_peek(c), ',')) {
		as_expected(c, "',' and a value");
		return;
	}
	c->pos++;
	uint32_t node = as_parse_expr(c);
	int64_t v;
	if (node != AS_NONE && as_eval_const(c, node, &v))
		as_set_const(c, name, v);
}

/* The text of a "string" at the cursor (the lexer knows no strings:
 * this reads the line itself). \" and \\ are the escapes. */
static bool take_string(struct as_ctx *c, struct util_str *out)
{
	const struct as_tok *t = as_peek(c);
	const char *p = t->text;
	if (*p != '"') {
		as_expected(c, "a \"quoted message\"");
		return false;
	}
	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
			p++;
		util_str_putc(out, *p);
	}
	if (*p != '"') {
		as_error(c, t->col, "the message has no closing '\"'");
		return false;
	}
	/* skip the tokens the lexer made of the string */
	while (as_peek(c)->type != AS_T_END && as_peek(c)->text <= p)
		c->pos++;
	return true;
}

/* .error "message" and .warning "message": what a macro library says
 * about its misuse, reported at the line it expanded from. */
static void report(struct as_ctx *c, enum diag_level level)
{
	uint32_t col = c->toks[c->pos - 1].col;
	struct util_str msg = {0};
	if (take_string(c, &msg)) {
		if (level == DIAG_ERROR)
			as_error(c, col, "%s", msg.text ? msg.text : "");
		else
			diag_add(c->d, level, diag_at(c->src.file, c->src.line, col), c->src.text,
				 "%s", msg.text ? msg.text : "");
	}
	util_str_free(&msg);
}

static void d_error(struct as_ctx *c)
{
	report(c, DIAG_ERROR);
}

static void d_warning(struct as_ctx *c)
{
	report(c, DIAG_WARNING);
}

static const struct {
	const char *name;
	void (*run)(struct as_ctx *c);
} directives[] = {
	{".align", d_align},     {".control", d_control}, {".error", d_error},
	{".global", d_global},   {".globl", d_global},    {".gpu", d_gpu},
	{".handler", d_handler}, {".jumptbl", d_jumptbl}, {".local", d_local},
	{".section", d_section}, {".set", d_set},         {".warning", d_warning},
	{".word", d_word},
};

void as_directive(struct as_ctx *c)
{
	const struct as_tok *t = &c->toks[c->pos++];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(directives); i++) {
		if (strlen(directives[i].name) == t->len &&
		    memcmp(directives[i].name, t->text, t->len) == 0) {
			directives[i].run(c);
			return;
		}
	}
	struct util_str msg = {0};
	util_str_printf(&msg, "unknown directive '%.*s'; the directives are", (int)t->len, t->text);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(directives); i++)
		util_str_printf(&msg, "%s %s", i ? "," : "", directives[i].name);
	as_error(c, t->col, "%s", msg.text);
	util_str_free(&msg);
	c->pos = c->ntok; /* the rest of the line is the unknown directive's */
}
