/* The statements of HWSQ source: the opcodes as envydis prints them, and
 * what a script author writes (wr32, delay, flag, wait, entry). One
 * table maps each statement word to its parser. */
#include <stdlib.h>
#include <string.h>

#include "hwsq/as.h"

static struct hwsq_tok *tok(struct hwsq_as_ctx *c)
{
	return &c->toks.items[c->toks.pos];
}

static bool expect_end(struct hwsq_as_ctx *c)
{
	if (tok(c)->kind == HWSQ_TOK_END)
		return true;
	return hwsq_as_fail(c, tok(c), "expected the end of the statement");
}

static void skip_comma(struct hwsq_as_ctx *c)
{
	if (hwsq_tok_is(tok(c), ","))
		c->toks.pos++;
}

static bool expr(struct hwsq_as_ctx *c, uint64_t *v, unsigned *col)
{
	char *err;
	unsigned err_col;
	*col = tok(c)->col;
	if (hwsq_expr(&c->toks, v, &err, &err_col))
		return true;
	hwsq_as_error_at(c, err_col, "%s", err);
	free(err);
	return false;
}

/* A number no larger than max. */
static bool number(struct hwsq_as_ctx *c, uint64_t max, const char *what, uint32_t *out)
{
	uint64_t v;
	unsigned col;
	if (!expr(c, &v, &col))
		return false;
	if ((int64_t)v < 0) {
		/* expressions are signed: -1 is not 0xffffffff */
		hwsq_as_error_at(c, col, "%s %lld does not fit: it must be 0 to 0x%llx", what,
				 (long long)v, (unsigned long long)max);
		return false;
	}
	if (v > max) {
		hwsq_as_error_at(c, col, "%s 0x%llx does not fit: it must be 0x%llx at most", what,
				 (unsigned long long)v, (unsigned long long)max);
		return false;
	}
	*out = (uint32_t)v;
	return true;
}

/* A flag or event: a name from the database (#NAME as envydis prints
 * it, or plain NAME) or a number. */
static bool named(struct hwsq_as_ctx *c, enum hwsq_name_kind kind, uint64_t max, uint32_t *out)
{
	struct hwsq_tok *t = tok(c);
	if (t->kind != HWSQ_TOK_IDENT)
		return number(c, max, hwsq_name_kind_text(kind), out);
	char *name = hwsq_tok_dup(t);
	uint64_t v;
	bool ok = hwsq_names_lookup(c->o->names, kind, name, &v) && v <= max;
	if (!ok) {
		struct util_str why = {0};
		hwsq_names_suggest(c->o->names, kind, name, &why);
		hwsq_as_error_at(c, t->col, "unknown %s '%s'%s", hwsq_name_kind_text(kind), name,
				 why.text ? why.text : "");
		util_str_free(&why);
	}
	free(name);
	c->toks.pos++;
	*out = (uint32_t)v;
	return ok;
}

/* One operand of a table opcode, by what its field means. */
static bool operand(struct hwsq_as_ctx *c, const struct hwsq_field *fl, uint32_t *out)
{
	switch (fl->kind) {
	case HWSQ_OPND_FLAG:
		return named(c, HWSQ_NAME_FLAG, hwsq_field_max(fl), out);
	case HWSQ_OPND_EVENT:
		return named(c, HWSQ_NAME_EVENT, hwsq_field_max(fl), out);
	case HWSQ_OPND_SHIFT: {
		/* Written premultiplied by 2, as envydis prints it. */
		uint64_t v;
		unsigned col;
		if (!expr(c, &v, &col))
			return false;
		if (v % 2 || v / 2 > hwsq_field_max(fl)) {
			hwsq_as_error_at(c, col,
					 "the wait shift is written premultiplied by 2: expected "
					 "an even number from 0 to %u, found %lld",
					 2 * hwsq_field_max(fl), (long long)v);
			return false;
		}
		*out = (uint32_t)(v / 2);
		return true;
	}
	default:
		return number(c, hwsq_field_max(fl), "operand", out);
	}
}

/* opcode := NAME [operand [joiner] [','] operand] */
static bool st_opcode(struct hwsq_as_ctx *c, const struct hwsq_tok *word,
		      const struct hwsq_opcode *o)
{
	if (!hwsq_as_family_has(c, o, word->col))
		return false;
	uint32_t ops[HWSQ_MAX_OPERANDS] = {0};
	for (unsigned i = 0; i < HWSQ_MAX_OPERANDS && o->fields[i].kind != HWSQ_OPND_NONE; i++) {
		if (i > 0 && o->joiner) {
			if (!hwsq_tok_is(tok(c), o->joiner)) {
				char *what = util_xasprintf("expected '%s'", o->joiner);
				hwsq_as_fail(c, tok(c), what);
				free(what);
				return false;
			}
			c->toks.pos++;
		} else if (i > 0) {
			skip_comma(c);
		}
		if (tok(c)->kind == HWSQ_TOK_END)
			return hwsq_as_fail(c, tok(c), "expected an operand");
		if (!operand(c, &o->fields[i], &ops[i]))
			return false;
	}
	return expect_end(c) && hwsq_as_emit_op(c, o->op, ops, word->col);
}

static bool needs_pokes(struct hwsq_as_ctx *c, const struct hwsq_tok *word, const char *what)
{
	if (c->fam->info->pokes)
		return true;
	hwsq_as_error_at(c, word->col, "%s needs %s, which %s does not have", what,
			 strcmp(what, "wr32") == 0 ? "MMIO pokes" : "event waits",
			 c->fam->info->range);
	return false;
}

static bool is_operand(const struct hwsq_tok *t)
{
	return t->kind == HWSQ_TOK_IDENT || t->kind == HWSQ_TOK_NUM;
}

/* wr32 := 'wr32' REGISTER ',' VALUE, REGISTER a database name or a number */
static bool st_wr32(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	if (!needs_pokes(c, word, "wr32"))
		return false;
	struct hwsq_tok *t = tok(c);
	uint32_t addr;
	if (t->kind == HWSQ_TOK_IDENT && !t->hash) {
		/* The name runs to the comma (ARRAY[2], NAME+0x4), or to two
		 * operands side by side, where a comma is missing
		 * ('PFB.REFCTRL 1' names PFB.REFCTRL). */
		size_t end = c->toks.pos + 1;
		while (c->toks.items[end].kind != HWSQ_TOK_END &&
		       !hwsq_tok_is(&c->toks.items[end], ",") &&
		       !(is_operand(&c->toks.items[end]) &&
			 (is_operand(&c->toks.items[end - 1]) ||
			  hwsq_tok_is(&c->toks.items[end - 1], "]"))))
			end++;
		const struct hwsq_tok *last = &c->toks.items[end - 1];
		char *name = util_xstrndup(t->text, (size_t)(last->text + last->len - t->text));
		uint64_t v;
		if (!hwsq_names_lookup(c->o->names, HWSQ_NAME_REG, name, &v) || v > 0xffffffff) {
			struct util_str why = {0};
			hwsq_names_suggest(c->o->names, HWSQ_NAME_REG, name, &why);
			hwsq_as_error_at(c, t->col, "unknown register '%s'%s", name,
					 why.text ? why.text : "");
			util_str_free(&why);
			free(name);
			return false;
		}
		free(name);
		addr = (uint32_t)v;
		c->toks.pos = end;
	} else if (!number(c, 0xffffffff, "register address", &addr)) {
		return false;
	}
	if (!hwsq_tok_is(tok(c), ","))
		return hwsq_as_fail(c, tok(c), "expected ',' and the value to write");
	c->toks.pos++;
	uint32_t value;
	if (!number(c, 0xffffffff, "value", &value) || !expect_end(c))
		return false;
	hwsq_as_write(c, addr, value, word->col);
	return true;
}

static const struct {
	const char *name;
	uint64_t ns;
} units[] = {{"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}};

/* delay := 'delay' VALUE UNIT ['exact'], UNIT one of ns us ms s */
static bool st_delay(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	uint64_t v;
	unsigned col;
	if (!expr(c, &v, &col))
		return false;
	struct hwsq_tok *u = tok(c);
	uint64_t mult = 0;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(units); i++)
		if (hwsq_tok_is(u, units[i].name))
			mult = units[i].ns;
	if (!mult)
		return hwsq_as_fail(c, u, "expected a unit after the delay (ns, us, ms or s)");
	c->toks.pos++;
	bool exact = false;
	if (hwsq_tok_is(tok(c), "exact")) {
		exact = true;
		c->toks.pos++;
	}
	if (!expect_end(c))
		return false;
	if ((int64_t)v < 0) {
		hwsq_as_error_at(c, col, "expected a delay of 0 or more, found %lld", (long long)v);
		return false;
	}
	if (v > UINT64_MAX / mult) {
		hwsq_as_error_at(c, col, "delay too long for one script");
		return false;
	}
	(void)word;
	hwsq_as_delay(c, v * mult, exact, col);
	return true;
}

static const struct {
	const char *word;
	enum hwsq_op op;
} flag_states[] = {
	{"on", HWSQ_OP_SET1}, {"1", HWSQ_OP_SET1},      {"off", HWSQ_OP_SET0},
	{"0", HWSQ_OP_SET0},  {"unset", HWSQ_OP_UNSET},
};

/* flag := 'flag' FLAG ('on' | 'off' | 'unset' | '1' | '0') */
static bool st_flag(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	const struct hwsq_field *fl = &hwsq_opcode_of(HWSQ_OP_SET1)->fields[0];
	uint32_t ops[HWSQ_MAX_OPERANDS] = {0};
	if (!named(c, HWSQ_NAME_FLAG, hwsq_field_max(fl), &ops[0]))
		return false;
	struct hwsq_tok *s = tok(c);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(flag_states); i++) {
		if (hwsq_tok_is(s, flag_states[i].word)) {
			c->toks.pos++;
			return expect_end(c) &&
			       hwsq_as_emit_op(c, flag_states[i].op, ops, word->col);
		}
	}
	return hwsq_as_fail(c, s, "expected the flag's new state: on, off or unset");
}

/* wait := 'wait' COUNT 'shl' SHIFT          (the raw opcode)
 *       | 'wait' EVENT '==' VALUE          (an event wait) */
static bool st_wait(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	struct hwsq_tok *t = tok(c);
	/* no token follows the end of the line (the array may hold stale ones) */
	bool event = t->kind == HWSQ_TOK_IDENT ||
		     (t->kind != HWSQ_TOK_END && hwsq_tok_is(t + 1, "=="));
	if (!event)
		return st_opcode(c, word, hwsq_opcode_of(HWSQ_OP_WAIT));
	if (!needs_pokes(c, word, "wait for an event"))
		return false;
	const struct hwsq_opcode *o = hwsq_opcode_of(HWSQ_OP_EWAIT);
	uint32_t ops[HWSQ_MAX_OPERANDS] = {0};
	if (!named(c, HWSQ_NAME_EVENT, hwsq_field_max(&o->fields[0]), &ops[0]))
		return false;
	if (!hwsq_tok_is(tok(c), "=="))
		return hwsq_as_fail(c, tok(c), "expected '==' and the value to wait for");
	c->toks.pos++;
	return number(c, 1, "event value", &ops[1]) && expect_end(c) &&
	       hwsq_as_emit_op(c, HWSQ_OP_EWAIT, ops, word->col);
}

/* entry := 'entry' N [','] [LABEL]      (N 0-3; without a label: here) */
static bool st_entry(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	uint64_t n;
	unsigned col;
	if (!expr(c, &n, &col))
		return false;
	if (n >= HWSQ_ENTRY_COUNT) {
		hwsq_as_error_at(c, col, "entry point %lld out of range: HWSQ has four, 0 to 3",
				 (long long)n);
		return false;
	}
	for (size_t i = 0; i < c->entry_ref_count; i++) {
		if (c->entry_refs[i].n == n) {
			hwsq_as_error_at(c, col, "entry point %llu is already set at %s:%u",
					 (unsigned long long)n, c->entry_refs[i].loc.file,
					 c->entry_refs[i].loc.line);
			return false;
		}
	}
	skip_comma(c);
	struct hwsq_as_entry_ref r = {.n = (unsigned)n,
				      .addr = (uint32_t)c->p->size,
				      .loc = c->loc,
				      .line = util_xstrdup(c->line)};
	r.loc.col = word->col;
	if (tok(c)->kind == HWSQ_TOK_IDENT) {
		r.label = hwsq_tok_dup(tok(c));
		r.label_col = tok(c)->col;
		c->toks.pos++;
	}
	if (!expect_end(c)) {
		free(r.label);
		free(r.line);
		return false;
	}
	*UTIL_PUSH(c->entry_refs, c->entry_ref_count, c->entry_ref_cap) = r;
	if (!r.label)
		hwsq_as_forget(c);
	return true;
}

/* byte := '.byte' VALUE (',' VALUE)* */
static bool st_byte(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	(void)word;
	for (;;) {
		uint32_t v;
		if (!number(c, 0xff, "byte", &v))
			return false;
		hwsq_as_emit(c, v, 1);
		if (!hwsq_tok_is(tok(c), ","))
			break;
		c->toks.pos++;
	}
	/* Raw bytes may hold anything: ADDR and DATA are no longer known. */
	hwsq_as_forget(c);
	return expect_end(c);
}

/* unknown := '???' '[unknown: XX ...]'     (envydis's illegal opcode) */
static bool st_unknown(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	if (!c->unknown_count) {
		hwsq_as_error_at(c, word->col,
				 "'?\?\?' needs the '[unknown: XX]' bytes envydis prints "
				 "after it");
		return false;
	}
	hwsq_as_emit(c, c->unknown_bits, c->unknown_count);
	c->unknown_count = 0;
	hwsq_as_forget(c);
	return expect_end(c);
}

/* no_final_exit := '.no_final_exit'    (for images that run to the last
 * byte of code RAM: the exit after the code may then be missing) */
static bool st_no_final_exit(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	(void)word;
	c->no_final_exit = true;
	return expect_end(c);
}

typedef bool (*statement_fn)(struct hwsq_as_ctx *c, const struct hwsq_tok *word);

static const struct {
	const char *word;
	statement_fn fn;
} statements[] = {
	{"wr32", st_wr32},   {"delay", st_delay},
	{"flag", st_flag},   {"wait", st_wait},
	{"entry", st_entry}, {".byte", st_byte},
	{"???", st_unknown}, {".no_final_exit", st_no_final_exit},
};

static void unknown_statement(struct hwsq_as_ctx *c, const struct hwsq_tok *word)
{
	char *text = hwsq_tok_dup(word);
	const char *best = NULL;
	unsigned best_d = 3;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(statements); i++) {
		unsigned dist = util_edit_distance(text, statements[i].word, best_d);
		if (dist < best_d)
			best = statements[i].word, best_d = dist;
	}
	for (size_t i = 0; i < hwsq_opcode_count(); i++) {
		unsigned dist = util_edit_distance(text, hwsq_opcode_at(i)->name, best_d);
		if (dist < best_d)
			best = hwsq_opcode_at(i)->name, best_d = dist;
	}
	if (best)
		hwsq_as_error_at(c, word->col, "unknown statement '%s'; did you mean '%s'?", text,
				 best);
	else
		hwsq_as_error_at(c, word->col,
				 "expected an opcode, wr32, delay, flag, wait, entry, "
				 ".byte or a label, found '%s'",
				 text);
	free(text);
}

void hwsq_as_statement(struct hwsq_as_ctx *c)
{
	struct hwsq_tok *word = tok(c);
	if (word->kind != HWSQ_TOK_IDENT && !hwsq_tok_is(word, "???")) {
		hwsq_as_fail(c, word, "expected a statement");
		return;
	}
	c->toks.pos++;
	bool is_delay = hwsq_tok_is(word, "delay");
	if (!is_delay)
		hwsq_as_flush_delay(c);
	size_t before = c->p->size;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(statements); i++) {
		if (hwsq_tok_is(word, statements[i].word)) {
			bool ok = statements[i].fn(c, word);
			bool own_action = is_delay || hwsq_tok_is(word, "wr32") ||
					  hwsq_tok_is(word, "entry");
			if (ok && !own_action)
				hwsq_as_action(c,
					       (struct hwsq_action){.kind = HWSQ_ACT_OTHER,
								    .bytes = c->p->size - before});
			return;
		}
	}
	char *name = hwsq_tok_dup(word);
	const struct hwsq_opcode *o = hwsq_opcode_by_name(name);
	free(name);
	if (!o) {
		unknown_statement(c, word);
		return;
	}
	if (st_opcode(c, word, o))
		hwsq_as_action(c, (struct hwsq_action){.kind = HWSQ_ACT_OTHER,
						       .bytes = c->p->size - before});
}
