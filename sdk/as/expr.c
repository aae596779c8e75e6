/* Expressions: C operators and precedence over 64-bit signed values,
 * numbers, register and packet names, and #label addresses.
 *
 * Names are looked up while parsing (they are constants); #label nodes
 * stay symbolic until as_eval, so that an instruction can use a label
 * defined further down. A value is c + plus - minus: labels may only be
 * added and subtracted, and a difference of two labels of one section
 * folds to a number. */
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"
#include "util/arith.h"

static uint32_t new_node(struct as_ctx *c, uint8_t op, uint32_t col)
{
	struct as_node *n = UTIL_PUSH(c->nodes, c->node_count, c->node_cap);
	n->op = op;
	n->col = col;
	n->a = n->b = AS_NONE;
	return (uint32_t)(c->node_count - 1);
}

static uint32_t num_node(struct as_ctx *c, int64_t value, uint32_t col)
{
	uint32_t n = new_node(c, AS_N_NUM, col);
	c->nodes[n].num = value;
	return n;
}

/* Binary operators by precedence, loosest first (as in C). */
static const struct {
	uint8_t type; /* AS_T_PUNCT with c, or AS_T_SHL/AS_T_SHR */
	char c;
	uint8_t op;
	uint8_t prec;
} binary_ops[] = {
	{AS_T_PUNCT, '|', AS_N_OR, 1},  {AS_T_PUNCT, '^', AS_N_XOR, 2},
	{AS_T_PUNCT, '&', AS_N_AND, 3}, {AS_T_SHL, 0, AS_N_SHL, 4},
	{AS_T_SHR, 0, AS_N_SHR, 4},     {AS_T_PUNCT, '+', AS_N_ADD, 5},
	{AS_T_PUNCT, '-', AS_N_SUB, 5}, {AS_T_PUNCT, '*', AS_N_MUL, 6},
	{AS_T_PUNCT, '/', AS_N_DIV, 6}, {AS_T_PUNCT, '%', AS_N_MOD, 6},
};

static int binary_at(const struct as_tok *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(binary_ops); i++)
		if (t->type == binary_ops[i].type &&
		    (t->type != AS_T_PUNCT || t->c == binary_ops[i].c))
			return (int)i;
	return -1;
}

static uint32_t parse_binary(struct as_ctx *c, int min_prec);

/* A name as written, including a register array index and field:
 * CP_SCRATCH_REG[0x2], CP_SCRATCH[0x6].REG. Returns a copy. */
static char *take_name(struct as_ctx *c)
{
	const struct as_tok *first = &c->toks[c->pos++];
	const struct as_tok *last = first;
	if (as_tok_is(&c->toks[c->pos], '[') && as_tok_adjacent(first, &c->toks[c->pos])) {
		size_t at = c->pos + 1;
		while (c->toks[at].type != AS_T_END && !as_tok_is(&c->toks[at], ']'))
			at++;
		if (as_tok_is(&c->toks[at], ']')) {
			last = &c->toks[at];
			c->pos = at + 1;
			const struct as_tok *field = &c->toks[c->pos];
			if (field->type == AS_T_IDENT && field->text[0] == '.' &&
			    as_tok_adjacent(last, field)) {
				last = field;
				c->pos++;
			}
		}
	}
	return util_xstrndup(first->text, (size_t)(last->text + last->len - first->text));
}

/* primary := number | '(' expr ')' | '#' name | '#' number | '@' name
 *          | '%' name | '|' name | name | ('-' | '~' | '+') primary */
static uint32_t parse_primary_at_depth(struct as_ctx *c);

/* Nesting is limited so that no line can exhaust the stack, as in every
 * expression language of the SDK (sdk/util/arith.h). */
#define MAX_EXPR_DEPTH UTIL_EXPR_MAX_DEPTH
#define MAX_EXPR_NODES UTIL_EXPR_MAX_NODES

static uint32_t parse_primary(struct as_ctx *c)
{
	if (c->expr_depth >= MAX_EXPR_DEPTH) {
		as_error(c, as_peek(c)->col, "expression nested more than %d deep", MAX_EXPR_DEPTH);
		return AS_NONE;
	}
	c->expr_depth++;
	uint32_t n = parse_primary_at_depth(c);
	c->expr_depth--;
	return n;
}

static uint32_t parse_primary_at_depth(struct as_ctx *c)
{
	const struct as_tok *t = as_peek(c);
	uint32_t col = t->col;
	if (t->type == AS_T_NUM) {
		c->pos++;
		if (!t->num_ok || t->num > INT64_MAX) {
			as_error(c, col,
				 "'%.*s' is not a number (numbers are written as in C: 0x1f, "
				 "31, 0b11111)",
				 (int)t->len, t->text);
			return AS_NONE;
		}
		return num_node(c, (int64_t)t->num, col);
	}
	if (t->type == AS_T_IDENT) {
		char *name = take_name(c);
		int64_t value = 0;
		bool ok = as_lookup_name(c, name, col, &value);
		free(name);
		return ok ? num_node(c, value, col) : AS_NONE;
	}
	if (t->type != AS_T_PUNCT) {
		as_expected(c, "an expression");
		return AS_NONE;
	}
	static const struct {
		char c;
		uint8_t op;
	} unary[] = {{'-', AS_N_NEG}, {'~', AS_N_NOT}, {'+', AS_N_PLUS}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(unary); i++) {
		if (t->c != unary[i].c)
			continue;
		c->pos++;
		uint32_t a = parse_primary(c);
		if (a == AS_NONE)
			return AS_NONE;
		uint32_t n = new_node(c, unary[i].op, col);
		c->nodes[n].a = a;
		c->nodes[n].has_label = c->nodes[a].has_label;
		c->nodes[n].has_hash = c->nodes[a].has_hash;
		return n;
	}
	if (t->c == '(') {
		c->pos++;
		uint32_t n = parse_binary(c, 1);
		if (n == AS_NONE)
			return AS_NONE;
		if (!as_tok_is(as_peek(c), ')')) {
			as_expected(c, "')'");
			return AS_NONE;
		}
		c->pos++;
		c->nodes[n].paren = true;
		return n;
	}
	if (t->c == '#') {
		c->pos++;
		const struct as_tok *what = as_peek(c);
		if (what->type == AS_T_NUM && what->num_ok) {
			c->pos++;
			uint32_t n = num_node(c, (int64_t)what->num, col);
			c->nodes[n].op = AS_N_ADDR;
			c->numeric_address = true;
			c->nodes[n].has_hash = true;
			return n;
		}
		if (what->type != AS_T_IDENT) {
			as_expected(c, "a label name or an address after '#'");
			return AS_NONE;
		}
		c->pos++;
		uint32_t n = new_node(c, AS_N_LABEL, col);
		c->nodes[n].name = as_atom(c, what->text, what->len);
		c->nodes[n].has_label = c->nodes[n].has_hash = true;
		return n;
	}
	static const struct {
		char c;
		enum rnn_space space;
	} sigils[] = {{'@', RNN_CONTROL}, {'%', RNN_SQE}, {'|', RNN_PIPE}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(sigils); i++) {
		if (t->c != sigils[i].c)
			continue;
		c->pos++;
		if (as_peek(c)->type != AS_T_IDENT) {
			as_expected(c, "a register name after the sigil");
			return AS_NONE;
		}
		char *name = take_name(c);
		int64_t value = 0;
		bool ok = as_lookup_space(c, sigils[i].space, name, col, &value);
		free(name);
		return ok ? num_node(c, value, col) : AS_NONE;
	}
	as_expected(c, "an expression");
	return AS_NONE;
}

/* binary := primary { op binary-of-higher-precedence } (precedence climbing) */
static uint32_t parse_binary(struct as_ctx *c, int min_prec)
{
	uint32_t left = parse_primary(c);
	for (;;) {
		if (left == AS_NONE)
			return AS_NONE;
		int i = binary_at(as_peek(c));
		if (i < 0 || binary_ops[i].prec < min_prec)
			return left;
		uint32_t col = as_peek(c)->col;
		/* evaluation recurses as deep as the tree: keep it bounded */
		if (c->node_count - c->expr_start > MAX_EXPR_NODES) {
			as_error(c, col, "expression with more than %d operators and operands",
				 MAX_EXPR_NODES);
			return AS_NONE;
		}
		c->pos++;
		uint32_t right = parse_binary(c, binary_ops[i].prec + 1);
		if (right == AS_NONE)
			return AS_NONE;
		uint32_t n = new_node(c, binary_ops[i].op, col);
		struct as_node *node = &c->nodes[n];
		node->a = left;
		node->b = right;
		node->has_label = c->nodes[left].has_label || c->nodes[right].has_label;
		node->has_hash = c->nodes[left].has_hash || c->nodes[right].has_hash;
		left = n;
	}
}

uint32_t as_parse_expr(struct as_ctx *c)
{
	c->expr_start = c->node_count;
	return parse_binary(c, 1);
}

/* ---- evaluation ---- */

struct eval {
	struct as_ctx *c;
	uint32_t section;
	const struct as_src *src;
	bool now;
};

static bool is_absolute(const struct as_value *v)
{
	return v->plus == AS_NONE && v->minus == AS_NONE;
}

/* Folds plus - minus to a number when both are labels of one section. */
static void fold(struct as_ctx *c, struct as_value *v)
{
	if (v->plus == AS_NONE || v->minus == AS_NONE)
		return;
	const struct obj_symbol *p = &c->o->symbols[v->plus], *m = &c->o->symbols[v->minus];
	if (v->plus == v->minus || (p->section == m->section && p->section < c->o->section_count)) {
		v->c += (int64_t)p->value - (int64_t)m->value;
		v->plus = v->minus = AS_NONE;
	}
}

static bool add_values(struct eval *e, const struct as_node *n, struct as_value *a,
		       const struct as_value *b)
{
	uint32_t plus[2] = {a->plus, b->plus}, minus[2] = {a->minus, b->minus};
	a->c = (int64_t)((uint64_t)a->c + (uint64_t)b->c);
	a->plus = a->minus = AS_NONE;
	/* Pair each added label with a subtracted one it folds with. */
	for (int i = 0; i < 2; i++) {
		if (plus[i] == AS_NONE)
			continue;
		for (int j = 0; j < 2; j++) {
			struct as_value pair = {0, plus[i], minus[j]};
			if (minus[j] == AS_NONE)
				continue;
			fold(e->c, &pair);
			if (pair.plus == AS_NONE) {
				a->c += pair.c;
				plus[i] = minus[j] = AS_NONE;
				break;
			}
		}
	}
	for (int i = 0; i < 2; i++) {
		if (plus[i] != AS_NONE) {
			if (a->plus != AS_NONE)
				goto too_many;
			a->plus = plus[i];
		}
		if (minus[i] != AS_NONE) {
			if (a->minus != AS_NONE)
				goto too_many;
			a->minus = minus[i];
		}
	}
	fold(e->c, a);
	return true;
too_many:
	as_error_at(e->c, e->src, n->col,
		    "this sum adds two label addresses; only one label (plus "
		    "or minus a label of the same section) can be relocated");
	return false;
}

static bool eval_node(struct eval *e, uint32_t index, struct as_value *out);

static bool eval_label(struct eval *e, const struct as_node *n, struct as_value *out)
{
	struct as_ctx *c = e->c;
	uint32_t value;
	size_t len = strlen(n->name);
	if (as_map_get(&c->labels, e->section, n->name, len, &value)) {
		*out = (struct as_value){0, value, AS_NONE};
	} else if (as_map_get(&c->consts, 0, n->name, len, &value)) {
		*out = (struct as_value){c->const_values[value], AS_NONE, AS_NONE};
	} else if (!e->now) {
		uint32_t sym = as_resolve_label(c, n->name, e->section, e->src, n->col);
		*out = (struct as_value){0, sym, AS_NONE};
	} else {
		as_error_at(c, e->src, n->col,
			    "'#%s' is not defined at this point; this value must be "
			    "known where it is written",
			    n->name);
		return false;
	}
	return true;
}

static int64_t shift_right(int64_t a, int64_t b)
{
	/* arithmetic, as C compilers do it, without relying on them */
	uint64_t u = (uint64_t)a >> b;
	if (a < 0 && b)
		u |= ~(UINT64_MAX >> b);
	return (int64_t)u;
}

static bool eval_binary(struct eval *e, const struct as_node *n, struct as_value *a,
			const struct as_value *b)
{
	if (n->op == AS_N_ADD)
		return add_values(e, n, a, b);
	if (n->op == AS_N_SUB) {
		struct as_value neg = {(int64_t)(0 - (uint64_t)b->c), b->minus, b->plus};
		return add_values(e, n, a, &neg);
	}
	if (!is_absolute(a) || !is_absolute(b)) {
		as_error_at(e->c, e->src, n->col,
			    "a label address can only be added or subtracted, "
			    "not used with this operator");
		return false;
	}
	int64_t x = a->c, y = b->c;
	switch (n->op) {
	case AS_N_MUL:
		a->c = (int64_t)((uint64_t)x * (uint64_t)y);
		return true;
	case AS_N_DIV:
	case AS_N_MOD: {
		/* the checks and words the linker and hwsq-as use */
		struct util_str why = {0};
		bool ok = util_arith(n->op == AS_N_DIV ? UTIL_ARITH_DIV : UTIL_ARITH_MOD, x, y,
				     &a->c, &why);
		if (!ok)
			as_error_at(e->c, e->src, n->col, "%s", why.text);
		util_str_free(&why);
		return ok;
	}
	case AS_N_SHL:
	case AS_N_SHR:
		if (y < 0 || y > 63) {
			as_error_at(e->c, e->src, n->col, "shift count %lld is not in 0..63",
				    (long long)y);
			return false;
		}
		a->c = n->op == AS_N_SHL ? (int64_t)((uint64_t)x << y) : shift_right(x, y);
		return true;
	case AS_N_AND:
		a->c = x & y;
		return true;
	case AS_N_XOR:
		a->c = x ^ y;
		return true;
	case AS_N_OR:
		a->c = x | y;
		return true;
	default:
		return false;
	}
}

static bool eval_node(struct eval *e, uint32_t index, struct as_value *out)
{
	const struct as_node *n = &e->c->nodes[index];
	switch (n->op) {
	case AS_N_NUM:
	case AS_N_ADDR:
		*out = (struct as_value){n->num, AS_NONE, AS_NONE};
		return true;
	case AS_N_LABEL:
		return eval_label(e, n, out);
	case AS_N_PLUS:
		return eval_node(e, n->a, out);
	case AS_N_NEG:
		if (!eval_node(e, n->a, out))
			return false;
		*out = (struct as_value){(int64_t)(0 - (uint64_t)out->c), out->minus, out->plus};
		return true;
	case AS_N_NOT:
		if (!eval_node(e, n->a, out))
			return false;
		if (!is_absolute(out)) {
			as_error_at(e->c, e->src, n->col, "'~' cannot apply to a label address");
			return false;
		}
		out->c = ~out->c;
		return true;
	default: {
		struct as_value b;
		if (!eval_node(e, n->a, out) || !eval_node(e, n->b, &b))
			return false;
		return eval_binary(e, n, out, &b);
	}
	}
}

bool as_eval(struct as_ctx *c, uint32_t node, uint32_t section, const struct as_src *src, bool now,
	     struct as_value *out)
{
	struct eval e = {c, section, src, now};
	return eval_node(&e, node, out);
}

bool as_eval_const(struct as_ctx *c, uint32_t node, int64_t *out)
{
	struct as_value v;
	if (!as_eval(c, node, c->section, &c->src, true, &v))
		return false;
	if (!is_absolute(&v)) {
		as_error(c, c->nodes[node].col, "expected a number here, found a label address");
		return false;
	}
	*out = v.c;
	return true;
}
