/* One instruction: modifiers, mnemonic, operands. The operands are
 * parsed by their look (register, bit, [reg + offset], expression), then
 * matched against the operand description of each ISA form of the
 * mnemonic (sdk/isa/syntax.c); the form that fits gets the fields and
 * isa_encode makes the word. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"

/* Operands are told apart by their look (enum isa_operand_kind); the
 * description of each syntax (sdk/isa/syntax.c) says which it takes. */
static const char *const kind_names[ISA_OPND_KIND_COUNT] = {
	[ISA_OPND_REG] = "a register",
	[ISA_OPND_BIT] = "a bit (b0..b31)",
	[ISA_OPND_MEM] = "a [$reg + offset] operand",
	[ISA_OPND_EXPR] = "an immediate or #label",
};

struct operand {
	uint8_t kind; /* enum isa_operand_kind */
	uint32_t col;
	const struct as_tok *reg; /* ISA_OPND_REG, and the base of ISA_OPND_MEM */
	uint32_t bit;             /* ISA_OPND_BIT */
	uint32_t expr;            /* ISA_OPND_EXPR, and the offset of ISA_OPND_MEM */
	uint32_t expr_col;
	bool preinc; /* ISA_OPND_MEM: ']!' */
};

#define MAX_OPERANDS ISA_MAX_OPERANDS

/* ---- operands ---- */

static bool end_of_operand(const struct as_tok *t)
{
	return t->type == AS_T_END || as_tok_is(t, ',');
}

/* bN, as a whole operand */
static bool parse_bit(struct as_ctx *c, struct operand *op)
{
	const struct as_tok *t = as_peek(c);
	if (t->type != AS_T_IDENT || t->text[0] != 'b' || t->len < 2 || t->len > 4 ||
	    !end_of_operand(t + 1))
		return false;
	uint32_t v = 0;
	for (uint32_t i = 1; i < t->len; i++) {
		if (t->text[i] < '0' || t->text[i] > '9')
			return false;
		v = v * 10 + (uint32_t)(t->text[i] - '0');
	}
	c->pos++;
	if (v > 31) {
		as_error(c, t->col, "bit b%u does not exist: bits are b0..b31", v);
		return true; /* consumed, error given */
	}
	op->kind = ISA_OPND_BIT;
	op->bit = v;
	return true;
}

/* mem := '[' register '+' expression ']' ['!'] */
static bool parse_mem(struct as_ctx *c, struct operand *op)
{
	c->pos++;
	if (as_peek(c)->type != AS_T_REG) {
		as_expected(c, "a base register after '['");
		return false;
	}
	op->reg = &c->toks[c->pos++];
	if (!as_tok_is(as_peek(c), '+')) {
		as_expected(c, "'+ offset' after the base register");
		return false;
	}
	c->pos++;
	op->expr_col = as_peek(c)->col;
	op->expr = as_parse_expr(c);
	if (op->expr == AS_NONE)
		return false;
	if (!as_tok_is(as_peek(c), ']')) {
		as_expected(c, "']'");
		return false;
	}
	c->pos++;
	if (as_tok_is(as_peek(c), '!')) {
		op->preinc = true;
		c->pos++;
	}
	op->kind = ISA_OPND_MEM;
	return true;
}

static bool parse_operand(struct as_ctx *c, struct operand *op)
{
	const struct as_tok *t = as_peek(c);
	*op = (struct operand){.col = t->col, .expr_col = t->col, .expr = AS_NONE};
	if (t->type == AS_T_REG) {
		op->kind = ISA_OPND_REG;
		op->reg = t;
		c->pos++;
		return true;
	}
	size_t errors = c->d->errors;
	if (parse_bit(c, op))
		return c->d->errors == errors;
	if (as_tok_is(t, '['))
		return parse_mem(c, op);
	op->kind = ISA_OPND_EXPR;
	op->expr = as_parse_expr(c);
	return op->expr != AS_NONE;
}

/* ---- matching ---- */

static bool kinds_match(const struct isa_syntax_desc *p, const struct operand *ops, size_t n,
			size_t *matched)
{
	size_t i = 0;
	while (i < n && i < p->count && p->ops[i].kind == ops[i].kind)
		i++;
	*matched = i;
	return i == n && n == p->count;
}

/* Says why no form of the mnemonic takes these operands: the first
 * operand no form accepts, or the operand count. */
static void no_match(struct as_ctx *c, const struct isa_form *first, const struct operand *ops,
		     size_t n, uint32_t end_col)
{
	size_t best = 0;
	for (const struct isa_form *f = first; f; f = isa_next_form(&c->isa, first->name, f)) {
		size_t m;
		kinds_match(isa_form_syntax(f), ops, n, &m);
		if (m > best)
			best = m;
	}
	bool seen[ISA_OPND_KIND_COUNT] = {false};
	struct util_str want = {0}, usage = {0};
	size_t alternatives = 0;
	for (const struct isa_form *f = first; f; f = isa_next_form(&c->isa, first->name, f)) {
		const struct isa_syntax_desc *p = isa_form_syntax(f);
		size_t m;
		kinds_match(p, ops, n, &m);
		util_str_printf(&usage, "%s'%s %s'", usage.len ? " or " : "", f->name, p->usage);
		if (m == best && best < p->count && !seen[p->ops[best].kind]) {
			seen[p->ops[best].kind] = true;
			util_str_printf(&want, "%s%s", alternatives++ ? " or " : "",
					kind_names[p->ops[best].kind]);
		}
	}
	if (best < n && alternatives) {
		as_error(c, ops[best].col, "expected %s as operand %zu of %s, found %s", want.text,
			 best + 1, first->name, kind_names[ops[best].kind]);
	} else if (best < n) {
		as_error(c, ops[best].col, "too many operands for %s, which takes %s", first->name,
			 usage.text);
	} else {
		as_error(c, end_col, "missing %s: %s takes %s", want.text ? want.text : "operands",
			 first->name, usage.text);
	}
	util_str_free(&want);
	util_str_free(&usage);
}

static void unknown_register(struct as_ctx *c, const struct as_tok *t, bool is_dst)
{
	char *name = util_xstrndup(t->text, t->len);
	const char *close[3];
	size_t n = 0;
	for (unsigned r = 0; r < 32 && n < UTIL_ARRAY_SIZE(close); r++) {
		const char *candidate = isa_reg_name(r, is_dst);
		if (util_edit_distance(name, candidate, 3) <= (t->len > 4 ? 2u : 1u))
			close[n++] = candidate;
	}
	struct util_str msg = {0};
	util_str_printf(&msg, "unknown register '%s'", name);
	if (n)
		util_did_you_mean(&msg, close, n);
	else
		util_str_puts(&msg,
			      " (registers are $00..$19, $sp, $lr, $rem, $data, $addr, $usraddr, "
			      "$memdata, $regdata)");
	as_error(c, t->col, "%s", msg.text);
	util_str_free(&msg);
	free(name);
}

/* A register operand in its role: destinations and sources have
 * different names for registers 0x1d and 0x1e. */
static bool reg_value(struct as_ctx *c, const struct as_tok *t, bool is_dst, uint32_t *out)
{
	unsigned r;
	if (isa_parse_reg(t->text, t->len, is_dst, &r)) {
		*out = r;
		return true;
	}
	if (isa_parse_reg(t->text, t->len, !is_dst, &r))
		as_error(c, t->col, "%.*s cannot be %s: as a %s, register 0x%x is %s", (int)t->len,
			 t->text, is_dst ? "written" : "read", is_dst ? "destination" : "source", r,
			 isa_reg_name(r, is_dst));
	else
		unknown_register(c, t, is_dst);
	return false;
}

struct build {
	struct isa_instr in;
	uint32_t cols[ISA_F_COUNT];
	uint32_t deferred[ISA_F_COUNT]; /* expression node, or AS_NONE */
	uint32_t pc;
};

/* An expression operand into field: now if it holds no label, else later.
 * implied: the operand's description when the encoding fixes its value
 * (setsecure's target), which is then only checked. */
static bool expr_field(struct as_ctx *c, struct build *b, enum isa_field_kind field, uint32_t node,
		       uint32_t col, const struct isa_operand *implied)
{
	b->cols[field] = col;
	const struct as_node *n = &c->nodes[node];
	bool target = field == ISA_F_OFFSET || field == ISA_F_TARGET;
	if (target && !n->has_hash) {
		as_error(c, col, "expected a branch target: #label or #address");
		return false;
	}
	if (n->has_label) {
		b->deferred[field] = node;
		return true;
	}
	int64_t v;
	if (!as_eval_const(c, node, &v))
		return false;
	if (implied) {
		uint32_t want = b->pc + implied->fixed;
		if (v != (int64_t)want) {
			as_error(c, col,
				 "the target of %s is fixed %u words after it (address 0x%x)",
				 b->in.form->name, implied->fixed, want);
			return false;
		}
		return true;
	}
	if (field == ISA_F_OFFSET)
		v -= b->pc; /* #N is address N of this section */
	if (v < (field == ISA_F_OFFSET ? INT32_MIN : 0) || v > UINT32_MAX) {
		const struct isa_field *f = isa_form_field(b->in.form, field);
		as_error(c, col, "%lld does not fit the %u-bit %s field of %s", (long long)v,
			 (unsigned)(f->hi - f->lo + 1),
			 field == ISA_F_OFFSET ? "branch offset" : "unsigned", b->in.form->name);
		return false;
	}
	b->in.f[field] = (uint32_t)v;
	return true;
}

/* mov's `imm << shift`, as Mesa reads it: the shift is the field. */
static bool movi_operand(struct as_ctx *c, struct build *b, const struct operand *op)
{
	const struct as_node *n = &c->nodes[op->expr];
	if (n->op != AS_N_SHL || n->paren)
		return expr_field(c, b, ISA_F_IMM, op->expr, op->col, NULL);
	if (c->nodes[n->b].has_label) {
		as_error(c, c->nodes[n->b].col, "the shift of mov must be a number");
		return false;
	}
	uint32_t left = n->a, right = n->b;
	int64_t shift;
	b->cols[ISA_F_SHIFT] = c->nodes[right].col;
	if (!as_eval_const(c, right, &shift))
		return false;
	if (shift < 0 || shift > 31) {
		as_error(c, c->nodes[right].col, "mov shift %lld is not in 0..31",
			 (long long)shift);
		return false;
	}
	b->in.f[ISA_F_SHIFT] = (uint32_t)shift;
	return expr_field(c, b, ISA_F_IMM, left, op->col, NULL);
}

static bool fill_fields(struct as_ctx *c, struct build *b, const struct operand *ops)
{
	const struct isa_syntax_desc *p = isa_form_syntax(b->in.form);
	bool ok = true;
	for (size_t i = 0; i < p->count; i++) {
		const struct operand *op = &ops[i];
		const struct isa_operand *d = &p->ops[i];
		enum isa_field_kind field = (enum isa_field_kind)d->field;
		b->cols[field] = op->col;
		switch ((enum isa_operand_kind)op->kind) {
		case ISA_OPND_REG:
			ok &= reg_value(c, op->reg, d->role == ISA_ROLE_DST, &b->in.f[field]);
			break;
		case ISA_OPND_BIT:
			b->in.f[field] = op->bit;
			break;
		case ISA_OPND_MEM:
			ok &= reg_value(c, op->reg, false, &b->in.f[field]);
			b->in.f[ISA_F_PREINC] = op->preinc;
			b->cols[ISA_F_PREINC] = op->col;
			ok &= expr_field(c, b, (enum isa_field_kind)d->field2, op->expr,
					 op->expr_col, NULL);
			break;
		case ISA_OPND_EXPR:
		case ISA_OPND_KIND_COUNT:
			if (d->field2 == ISA_F_SHIFT)
				ok &= movi_operand(c, b, op);
			else
				ok &= expr_field(c, b, field, op->expr, op->col,
						 d->implied ? d : NULL);
			break;
		}
	}
	/* What the encoding fixes must be what was written. */
	for (size_t i = 0; ok && i < p->count; i++) {
		const struct isa_operand *d = &p->ops[i];
		if (d->implied && d->kind == ISA_OPND_REG && b->in.f[d->field] != d->fixed) {
			as_error(c, ops[i].col, "%s takes %s (it is implied by the encoding)",
				 b->in.form->name, isa_reg_name(d->fixed, false));
			ok = false;
		}
	}
	return ok;
}

/* ---- modifiers and mnemonic ---- */

struct modifier {
	enum isa_field_kind field;
	uint32_t value;
	uint32_t col;
	char text[16];
};

/* modifier := '(' ( rep | peek | xmov1..3 | sds1..3 ) ')' */
static bool parse_modifier(struct as_ctx *c, struct modifier *m)
{
	const struct as_tok *open = as_peek(c), *word = open + 1, *close = open + 2;
	static const struct {
		const char *prefix;
		enum isa_field_kind field;
		bool counted;
	} kinds[] = {{"rep", ISA_F_REP, false},
		     {"peek", ISA_F_PEEK, false},
		     {"xmov", ISA_F_XMOV, true},
		     {"sds", ISA_F_SDS, true}};
	if (word->type != AS_T_IDENT || !as_tok_is(close, ')')) {
		as_error(c, open->col,
			 "expected a modifier: (rep), (xmov1..3), (sds1..3) or (peek)");
		return false;
	}
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(kinds); i++) {
		size_t plen = strlen(kinds[i].prefix);
		if (word->len < plen || memcmp(word->text, kinds[i].prefix, plen) != 0)
			continue;
		uint32_t value = 1;
		if (kinds[i].counted) {
			if (word->len != plen + 1 || word->text[plen] < '1' ||
			    word->text[plen] > '3')
				break;
			value = (uint32_t)(word->text[plen] - '0');
		} else if (word->len != plen) {
			break;
		}
		*m = (struct modifier){kinds[i].field, value, open->col, {0}};
		snprintf(m->text, sizeof m->text, "(%.*s)", (int)word->len, word->text);
		c->pos += 3;
		return true;
	}
	as_error(c, word->col,
		 "unknown modifier '(%.*s)': the modifiers are (rep), (xmov1..3), "
		 "(sds1..3) and (peek)",
		 (int)word->len, word->text);
	return false;
}

/* Up to three mnemonics of this generation close to name, or the
 * generations that do have it. */
static void unknown_mnemonic(struct as_ctx *c, const char *name, uint32_t col)
{
	struct util_str msg = {0};
	util_str_printf(&msg, "unknown instruction '%s'", name);
	uint8_t gens = 0;
	for (unsigned i = 0; i < isa_form_count; i++)
		if (strcmp(isa_forms[i].name, name) == 0)
			for (int g = isa_forms[i].gen_min; g <= isa_forms[i].gen_max; g++)
				gens |= (uint8_t)(1u << g);
	if (gens) {
		util_str_printf(&msg, ": %s has no %s; it exists on", isa_gen_name(c->gen), name);
		for (int g = ISA_GEN_MIN; g <= ISA_GEN_MAX; g++)
			if (gens & (1u << g))
				util_str_printf(&msg, " %s", isa_gen_name((enum isa_gen)g));
	} else {
		const char *close[3];
		size_t n = 0;
		for (unsigned best = 1; best <= 2 && n == 0; best++)
			for (unsigned i = 0; i < isa_form_count && n < 3; i++) {
				const struct isa_form *f = &isa_forms[i];
				bool dup = false;
				for (size_t k = 0; k < n; k++)
					dup |= strcmp(close[k], f->name) == 0;
				if (!dup && isa_form_in_gen(f, c->gen) &&
				    util_edit_distance(name, f->name, 3) == best)
					close[n++] = f->name;
			}
		util_did_you_mean(&msg, close, n);
	}
	/* Mnemonics are lower case; an upper-case word is most likely a
	 * macro of the macro library written without its parentheses. */
	bool upper = strpbrk(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != NULL;
	for (const char *p = name; *p && upper; p++)
		upper = (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_';
	if (upper)
		util_str_printf(&msg, " (a macro of the macro library takes parentheses: %s())",
				name);
	as_error(c, col, "%s", msg.text);
	util_str_free(&msg);
}

static void emit_instruction(struct as_ctx *c, struct build *b)
{
	struct isa_encode_error err;
	uint32_t word;
	if (!isa_encode(&b->in, &word, &err)) {
		as_encode_error(c, &c->src, b->cols[err.field], &b->in, &err);
		return;
	}
	uint32_t offset = as_emit(c, word);
	if (c->opt->fill_delay_slots)
		*UTIL_PUSH(c->insns, c->insn_count,
			   c->insn_cap) = (struct as_insn_rec){c->section, offset, b->in};
	uint32_t pending = AS_NONE;
	for (int f = 0; f < ISA_F_COUNT; f++) {
		if (b->deferred[f] == AS_NONE)
			continue;
		if (pending == AS_NONE) {
			*UTIL_PUSH(c->pend, c->pend_count, c->pend_cap) = (struct as_pending){
				b->in, c->section, offset, c->src};
			pending = (uint32_t)(c->pend_count - 1);
		}
		as_defer_field(c, pending, (enum isa_field_kind)f, b->deferred[f], b->cols[f]);
	}
}

/* instruction := { modifier } mnemonic [ operand { ',' operand } ] */
void as_instruction(struct as_ctx *c)
{
	struct modifier mods[4];
	size_t nmods = 0;
	while (as_tok_is(as_peek(c), '(')) {
		if (nmods == UTIL_ARRAY_SIZE(mods)) {
			as_error(c, as_peek(c)->col, "too many modifiers");
			return;
		}
		if (!parse_modifier(c, &mods[nmods++]))
			return;
	}
	const struct as_tok *mn = as_peek(c);
	if (mn->type != AS_T_IDENT) {
		as_expected(c, nmods ? "an instruction after the modifiers"
				     : "an instruction, a directive, a label or a raw word");
		return;
	}
	if (!as_need_gen(c, mn->col))
		return;
	char name[32];
	snprintf(name, sizeof name, "%.*s", (int)mn->len, mn->text);
	const struct isa_form *first = mn->len < sizeof name ? isa_next_form(&c->isa, name, NULL)
							     : NULL;
	if (!first) {
		unknown_mnemonic(c, name, mn->col);
		return;
	}
	c->pos++;
	struct operand ops[MAX_OPERANDS + 1];
	size_t n = 0;
	if (as_peek(c)->type != AS_T_END) {
		for (;;) {
			if (n == UTIL_ARRAY_SIZE(ops)) {
				as_error(c, as_peek(c)->col, "too many operands for %s", name);
				return;
			}
			if (!parse_operand(c, &ops[n++]))
				return;
			if (!as_tok_is(as_peek(c), ','))
				break;
			c->pos++;
		}
	}
	if (as_peek(c)->type != AS_T_END) {
		as_expected(c, "',' or the end of the line");
		return;
	}
	const struct isa_form *form = first;
	size_t matched;
	while (form && !kinds_match(isa_form_syntax(form), ops, n, &matched))
		form = isa_next_form(&c->isa, name, form);
	if (!form) {
		no_match(c, first, ops, n, as_peek(c)->col);
		return;
	}
	struct build b = {.in = {.form = form}, .pc = (uint32_t)as_section(c)->count};
	for (int f = 0; f < ISA_F_COUNT; f++)
		b.deferred[f] = AS_NONE;
	for (size_t i = 0; i < nmods; i++) {
		if (!isa_form_field(form, mods[i].field)) {
			as_error(c, mods[i].col, "%s cannot be used with %s", mods[i].text, name);
			return;
		}
		b.in.f[mods[i].field] = mods[i].value;
		b.cols[mods[i].field] = mods[i].col;
	}
	if (fill_fields(c, &b, ops))
		emit_instruction(c, &b);
}
