/* Linker-script expressions: precedence climbing over C's operators,
 * with `.`, IMAGE_SIZE, symbols and the functions ALIGN, ADDR, SIZEOF,
 * DEFINED, MIN and MAX. */
#include <stdlib.h>
#include <string.h>

#include "ld/parser.h"
#include "util/arith.h"

struct ld_expr *ld_new_expr(enum ld_expr_kind kind, struct diag_loc loc)
{
	struct ld_expr *e = util_xcalloc(1, sizeof(*e));
	e->kind = kind;
	e->loc = loc;
	return e;
}

void ld_free_expr(struct ld_expr *e)
{
	if (!e)
		return;
	ld_free_expr(e->a);
	ld_free_expr(e->b);
	ld_free_expr(e->c);
	free(e->name);
	free(e);
}

static const struct {
	const char *name;
	enum ld_func func;
	uint8_t min_args, max_args;
	bool takes_name; /* the argument is a section or symbol name */
} funcs[] = {
	{"ALIGN", LD_F_ALIGN, 1, 2, false},
	{"ADDR", LD_F_ADDR, 1, 1, true},
	{"SIZEOF", LD_F_SIZEOF, 1, 1, true},
	{"DEFINED", LD_F_DEFINED, 1, 1, true},
	{"SIZEOF_PROCESSOR", LD_F_SIZEOF_PROCESSOR, 1, 1, true},
	{"MIN", LD_F_MIN, 2, 2, false},
	{"MAX", LD_F_MAX, 2, 2, false},
};

/* call := FUNC '(' (NAME | expr [',' expr]) ')' */
static struct ld_expr *parse_call(struct ld_parser *p, unsigned f, struct diag_loc loc)
{
	struct ld_expr *e = ld_new_expr(LD_E_FUNC, loc);
	e->func = (uint8_t)funcs[f].func;
	ld_next(p); /* the '(' */
	if (funcs[f].takes_name) {
		if (p->tok.kind != LD_T_NAME) {
			ld_expected(p, funcs[f].func == LD_F_DEFINED ? "a symbol name"
				       : funcs[f].func == LD_F_SIZEOF_PROCESSOR
					       ? "a PROCESSOR name"
					       : "an output section name");
			ld_free_expr(e);
			return NULL;
		}
		e->name = ld_tok_text(&p->tok);
		e->argc = 1;
		ld_next(p);
	} else {
		struct ld_expr **slot[] = {&e->a, &e->b};
		for (;;) {
			if (!(*slot[e->argc] = ld_parse_expr(p))) {
				ld_free_expr(e);
				return NULL;
			}
			e->argc++;
			if (e->argc == funcs[f].max_args || !ld_accept(p, ','))
				break;
		}
		if (e->argc < funcs[f].min_args) {
			ld_parse_error(p, p->tok.loc, "%s takes two arguments", funcs[f].name);
			ld_free_expr(e);
			return NULL;
		}
	}
	if (!ld_expect(p, ')', "')' closing the arguments")) {
		ld_free_expr(e);
		return NULL;
	}
	return e;
}

static struct ld_expr *parse_unary(struct ld_parser *p);

/* Counts one more node of the expression; false, after the error at loc,
 * past UTIL_EXPR_MAX_NODES (the same limit as afuc-as). */
static bool count_node(struct ld_parser *p, struct diag_loc loc)
{
	if (++p->expr_nodes <= UTIL_EXPR_MAX_NODES)
		return true;
	diag_add(p->d, DIAG_ERROR, loc, ld_script_line(p->s, loc.line),
		 "expression with more than %d operators and operands", UTIL_EXPR_MAX_NODES);
	return false;
}

/* Enters one more level of nesting; false, after the error at loc, past
 * UTIL_EXPR_MAX_DEPTH (the same limit as afuc-as). The caller leaves it
 * with p->expr_depth-- whatever the outcome. */
static bool enter_nesting(struct ld_parser *p, struct diag_loc loc)
{
	if (p->expr_depth++ < UTIL_EXPR_MAX_DEPTH)
		return true;
	diag_add(p->d, DIAG_ERROR, loc, ld_script_line(p->s, loc.line),
		 "expression nested more than %d deep", UTIL_EXPR_MAX_DEPTH);
	return false;
}

/* primary := NUMBER | '.' | IMAGE_SIZE | NAME | call | '(' expr ')'
 *          | ('-' | '~' | '!' | '+') primary */
static struct ld_expr *parse_unary_nested(struct ld_parser *p)
{
	struct ld_token t = p->tok;
	if (t.kind == LD_T_PUNCT && t.punct < 128 && strchr("-~!+", t.punct)) {
		ld_next(p);
		struct ld_expr *a = parse_unary(p);
		if (!a || t.punct == '+')
			return a;
		struct ld_expr *e = ld_new_expr(LD_E_UNARY, t.loc);
		e->op = t.punct;
		e->a = a;
		return e;
	}
	if (t.kind == LD_T_NUMBER) {
		ld_next(p);
		struct ld_expr *e = ld_new_expr(LD_E_NUMBER, t.loc);
		e->number = (int64_t)t.number;
		return e;
	}
	if (ld_accept(p, '(')) {
		struct ld_expr *e = ld_parse_expr(p);
		if (e && !ld_expect(p, ')', "')'")) {
			ld_free_expr(e);
			return NULL;
		}
		return e;
	}
	if (t.kind != LD_T_NAME) {
		ld_expected(p, "an expression");
		return NULL;
	}
	ld_next(p);
	if (ld_tok_is(&t, "."))
		return ld_new_expr(LD_E_DOT, t.loc);
	if (ld_tok_is(&t, "IMAGE_SIZE"))
		return ld_new_expr(LD_E_IMAGE_SIZE, t.loc);
	if (ld_tok_punct(&p->tok, '(')) {
		for (unsigned f = 0; f < UTIL_ARRAY_SIZE(funcs); f++)
			if (ld_tok_is(&t, funcs[f].name))
				return parse_call(p, f, t.loc);
		char *name = ld_tok_text(&t);
		ld_parse_error(p, t.loc,
			       "unknown function '%s': the functions are ALIGN, ADDR, "
			       "SIZEOF, DEFINED, MIN and MAX",
			       name);
		free(name);
		return NULL;
	}
	struct ld_expr *e = ld_new_expr(LD_E_SYMBOL, t.loc);
	e->name = ld_tok_text(&t);
	return e;
}

static struct ld_expr *parse_unary(struct ld_parser *p)
{
	struct ld_expr *e = NULL;
	if (enter_nesting(p, p->tok.loc) && count_node(p, p->tok.loc))
		e = parse_unary_nested(p);
	p->expr_depth--;
	return e;
}

/* Binary operators by precedence level, loosest first (C's order). */
static const int binary_levels[][4] = {
	{LD_OP_OROR},
	{LD_OP_ANDAND},
	{'|'},
	{'^'},
	{'&'},
	{LD_OP_EQ, LD_OP_NE},
	{'<', '>', LD_OP_LE, LD_OP_GE},
	{LD_OP_SHL, LD_OP_SHR},
	{'+', '-'},
	{'*', '/', '%'},
};

static bool op_at_level(const struct ld_token *t, unsigned level)
{
	if (t->kind != LD_T_PUNCT)
		return false;
	for (unsigned i = 0; i < 4 && binary_levels[level][i]; i++)
		if (t->punct == binary_levels[level][i])
			return true;
	return false;
}

/* binary(level) := binary(level + 1) { OP(level) binary(level + 1) } */
static struct ld_expr *parse_binary(struct ld_parser *p, unsigned level)
{
	if (level == UTIL_ARRAY_SIZE(binary_levels))
		return parse_unary(p);
	struct ld_expr *left = parse_binary(p, level + 1);
	while (left && op_at_level(&p->tok, level)) {
		struct ld_token op = p->tok;
		if (!count_node(p, op.loc)) {
			ld_free_expr(left);
			return NULL;
		}
		ld_next(p);
		struct ld_expr *right = parse_binary(p, level + 1);
		if (!right) {
			ld_free_expr(left);
			return NULL;
		}
		struct ld_expr *e = ld_new_expr(LD_E_BINARY, op.loc);
		e->op = op.punct;
		e->a = left;
		e->b = right;
		left = e;
	}
	return left;
}

/* cond := binary(0) ['?' cond ':' cond] */
static struct ld_expr *parse_cond(struct ld_parser *p)
{
	struct ld_expr *cond = parse_binary(p, 0);
	if (!cond || !ld_tok_punct(&p->tok, '?'))
		return cond;
	struct ld_expr *e = ld_new_expr(LD_E_COND, p->tok.loc);
	e->a = cond;
	/* a ? b : c ? d : ... nests to the right: it counts as nesting */
	bool ok = enter_nesting(p, p->tok.loc) && count_node(p, p->tok.loc);
	if (ok) {
		ld_next(p);
		ok = (e->b = parse_cond(p)) && ld_expect(p, ':', "':' of '?:'") &&
		     (e->c = parse_cond(p));
	}
	p->expr_depth--;
	if (!ok) {
		ld_free_expr(e);
		return NULL;
	}
	return e;
}

/* expr := cond. The limits count from the outermost expression on. */
struct ld_expr *ld_parse_expr(struct ld_parser *p)
{
	if (p->expr_depth == 0)
		p->expr_nodes = 0;
	return parse_cond(p);
}

/* '(' expr ')' after a command name (the current token is the name). */
struct ld_expr *ld_parse_paren_expr(struct ld_parser *p)
{
	ld_next(p);
	if (!ld_expect(p, '(', "'('"))
		return NULL;
	struct ld_expr *e = ld_parse_expr(p);
	if (e && !ld_expect(p, ')', "')'")) {
		ld_free_expr(e);
		return NULL;
	}
	return e;
}
