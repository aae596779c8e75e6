/* Script expressions: 64-bit signed arithmetic over numbers, `.`,
 * symbols, IMAGE_SIZE and the functions ALIGN, ADDR, SIZEOF, DEFINED,
 * MIN and MAX. During the layout only what is already placed has a
 * value; anything else is an error at the expression. */
#include <string.h>

#include "ld/internal.h"
#include "util/arith.h"

struct eval {
	struct ld_ctx *c;
	uint32_t proc;
	int64_t dot;
	bool dot_known;
};

static bool fail(struct eval *ev, const struct ld_expr *e, const char *fmt, const char *arg)
{
	diag_add(ev->c->d, DIAG_ERROR, e->loc, ld_source_line(ev->c, e->loc), fmt, arg);
	return false;
}

static bool arith(struct eval *ev, const struct ld_expr *e, enum util_arith_op op, int64_t a,
		  int64_t b, int64_t *out)
{
	struct util_str why = {0};
	bool ok = util_arith(op, a, b, out, &why);
	if (!ok)
		fail(ev, e, "%s", why.text);
	util_str_free(&why);
	return ok;
}

static bool not_known_yet(struct eval *ev, const struct ld_expr *e, const char *what)
{
	return fail(ev, e,
		    "%s is not known yet at this point of the script: only what is "
		    "already placed can decide where things go",
		    what);
}

const struct ld_outsec *ld_find_outsec(const struct ld_ctx *c, const char *name)
{
	for (size_t i = 0; i < c->outsec_count; i++)
		if (!strcmp(c->outsecs[i].stmt->name, name))
			return &c->outsecs[i];
	return NULL;
}

/* The output section called name, preferring the one in image proc. */
static const struct ld_outsec *find_outsec_from(const struct ld_ctx *c, const char *name,
						uint32_t proc)
{
	for (size_t i = 0; i < c->outsec_count; i++)
		if (c->outsecs[i].proc == proc && !strcmp(c->outsecs[i].stmt->name, name))
			return &c->outsecs[i];
	return ld_find_outsec(c, name);
}

static bool is_power_of_two(int64_t v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

static bool eval(struct eval *ev, const struct ld_expr *e, int64_t *out);

static bool check_align(struct eval *ev, const struct ld_expr *e, int64_t a)
{
	if (is_power_of_two(a) && a <= (int64_t)1 << 24)
		return true;
	char buf[32];
	snprintf(buf, sizeof(buf), "%lld", (long long)a);
	return fail(ev, e, "alignment must be a power of two from 1 to 0x1000000 words, not %s",
		    buf);
}

/* v rounded up to a multiple of a (a power of two), or an error at e
 * when that is past INT64_MAX. */
static bool align_up64(struct eval *ev, const struct ld_expr *e, int64_t v, int64_t a, int64_t *out)
{
	int64_t up;
	if (!arith(ev, e, UTIL_ARITH_ADD, v, a - 1, &up))
		return false;
	*out = up & ~(a - 1);
	return true;
}

/* The image an object global lives in (LD_NONE: absolute or unplaced). */
static uint32_t global_proc(const struct ld_ctx *c, uint32_t g)
{
	const struct ld_globref *r = &c->globrefs[g];
	const struct obj_symbol *s = &c->inputs[r->input].obj->symbols[r->symbol];
	return s->section == OBJ_SECTION_ABS ? LD_NONE : ld_place(c, r->input, s->section)->proc;
}

/* DEFINED(name): something by that name whose value means something in
 * this image (a global of another image's code does not). */
static bool defined(struct eval *ev, const char *name)
{
	if (ld_find_ssym(ev->c, name, ev->proc) != LD_NONE)
		return true;
	uint32_t g = ld_names_get(&ev->c->globals, name);
	if (g == LD_NONE)
		return false;
	uint32_t p = global_proc(ev->c, g);
	return p == LD_NONE || ev->proc == LD_NONE || p == ev->proc;
}

static bool eval_func(struct eval *ev, const struct ld_expr *e, int64_t *out)
{
	int64_t a = 0, b = 0;
	if (e->a && !eval(ev, e->a, &a))
		return false;
	if (e->b && !eval(ev, e->b, &b))
		return false;
	switch (e->func) {
	case LD_F_ALIGN:
		if (e->argc == 1) {
			if (!ev->dot_known)
				return fail(ev, e, "%s",
					    "ALIGN(n) aligns '.', which has no value "
					    "outside SECTIONS; use ALIGN(value, n)");
			b = a;
			a = ev->dot;
		}
		if (!check_align(ev, e->argc == 1 ? e->a : e->b, b))
			return false;
		return align_up64(ev, e, a, b, out);
	case LD_F_ADDR:
	case LD_F_SIZEOF: {
		const struct ld_outsec *os = find_outsec_from(ev->c, e->name, ev->proc);
		if (!os)
			return fail(ev, e, "no output section is called '%s'", e->name);
		if (os->addr == LD_NONE) {
			char what[300];
			snprintf(what, sizeof(what), "%s(%s)",
				 e->func == LD_F_ADDR ? "ADDR" : "SIZEOF", e->name);
			return not_known_yet(ev, e, what);
		}
		*out = e->func == LD_F_ADDR ? os->addr : os->size;
		return true;
	}
	case LD_F_SIZEOF_PROCESSOR:
		for (size_t i = 0; i < ev->c->proc_count; i++) {
			if (strcmp(ev->c->procs[i].name, e->name))
				continue;
			if (!ev->c->layout_done)
				return not_known_yet(ev, e, "SIZEOF_PROCESSOR");
			*out = ev->c->procs[i].size;
			return true;
		}
		return fail(ev, e, "no PROCESSOR is called '%s'", e->name);
	case LD_F_DEFINED:
		*out = defined(ev, e->name);
		return true;
	case LD_F_MIN:
		*out = a < b ? a : b;
		return true;
	case LD_F_MAX:
		*out = a > b ? a : b;
		return true;
	}
	return fail(ev, e, "%s", "unknown function");
}

/* The operators that can overflow or trap go through util_arith, so that
 * afuc-ld refuses what afuc-as refuses, in the same words. */
static const struct {
	int op;
	enum util_arith_op arith;
} arith_ops[] = {
	{'+', UTIL_ARITH_ADD},       {'-', UTIL_ARITH_SUB}, {'*', UTIL_ARITH_MUL},
	{'/', UTIL_ARITH_DIV},       {'%', UTIL_ARITH_MOD}, {LD_OP_SHL, UTIL_ARITH_SHL},
	{LD_OP_SHR, UTIL_ARITH_SHR},
};

static bool eval_binary(struct eval *ev, const struct ld_expr *e, int64_t a, int64_t b,
			int64_t *out)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(arith_ops); i++)
		if (e->op == arith_ops[i].op)
			return arith(ev, e, arith_ops[i].arith, a, b, out);
	switch (e->op) {
	case '<':
		*out = a < b;
		return true;
	case '>':
		*out = a > b;
		return true;
	case LD_OP_LE:
		*out = a <= b;
		return true;
	case LD_OP_GE:
		*out = a >= b;
		return true;
	case LD_OP_EQ:
		*out = a == b;
		return true;
	case LD_OP_NE:
		*out = a != b;
		return true;
	case '&':
		*out = a & b;
		return true;
	case '^':
		*out = a ^ b;
		return true;
	case '|':
		*out = a | b;
		return true;
	}
	return fail(ev, e, "%s", "unknown operator");
}

static bool eval_symbol(struct eval *ev, const struct ld_expr *e, int64_t *out)
{
	bool found;
	struct ld_value v;
	if (ld_lookup(ev->c, e->name, ev->proc, &found, &v)) {
		if (v.proc != LD_NONE && ev->proc != LD_NONE && v.proc != ev->proc) {
			diag_add(ev->c->d, DIAG_ERROR, e->loc, ld_source_line(ev->c, e->loc),
				 "'%s' is an address in processor image %s, but this is %s",
				 e->name, ld_proc_name(ev->c, v.proc),
				 ld_proc_name(ev->c, ev->proc));
			return false;
		}
		*out = v.value;
		return true;
	}
	if (found)
		return false;
	struct util_str hint = {0};
	ld_suggest(ev->c, e->name, LD_NONE, ev->proc, &hint);
	diag_add(ev->c->d, DIAG_ERROR, e->loc, ld_source_line(ev->c, e->loc),
		 "undefined symbol '%s'%s", e->name, hint.text ? hint.text : "");
	util_str_free(&hint);
	return false;
}

static bool eval_nested(struct eval *ev, const struct ld_expr *e, int64_t *out);

static bool eval(struct eval *ev, const struct ld_expr *e, int64_t *out)
{
	if (ev->c->eval_depth >= LD_MAX_EVAL_DEPTH) {
		diag_add(ev->c->d, DIAG_ERROR, e->loc, ld_source_line(ev->c, e->loc),
			 "evaluation nested more than %d deep (operators, and symbols defined "
			 "by other symbols)",
			 LD_MAX_EVAL_DEPTH);
		return false;
	}
	ev->c->eval_depth++;
	bool ok = eval_nested(ev, e, out);
	ev->c->eval_depth--;
	return ok;
}

static bool eval_nested(struct eval *ev, const struct ld_expr *e, int64_t *out)
{
	int64_t a, b;
	switch (e->kind) {
	case LD_E_NUMBER:
		*out = e->number;
		return true;
	case LD_E_DOT:
		if (!ev->dot_known)
			return fail(ev, e, "%s", "'.' has no value outside SECTIONS");
		*out = ev->dot;
		return true;
	case LD_E_IMAGE_SIZE:
		if (!ev->c->layout_done)
			return not_known_yet(ev, e, "IMAGE_SIZE");
		*out = (int64_t)ev->c->word_count;
		return true;
	case LD_E_SYMBOL:
		return eval_symbol(ev, e, out);
	case LD_E_UNARY:
		if (!eval(ev, e->a, &a))
			return false;
		if (e->op == '-')
			return arith(ev, e, UTIL_ARITH_NEG, a, 0, out);
		*out = e->op == '~' ? ~a : !a;
		return true;
	case LD_E_BINARY:
		if (!eval(ev, e->a, &a))
			return false;
		/* && and || do not evaluate what they do not need. */
		if (e->op == LD_OP_ANDAND || e->op == LD_OP_OROR) {
			if ((e->op == LD_OP_ANDAND) == !a) {
				*out = e->op == LD_OP_OROR;
				return true;
			}
			if (!eval(ev, e->b, &b))
				return false;
			*out = b != 0;
			return true;
		}
		return eval(ev, e->b, &b) && eval_binary(ev, e, a, b, out);
	case LD_E_COND:
		if (!eval(ev, e->a, &a))
			return false;
		return eval(ev, a ? e->b : e->c, out);
	case LD_E_FUNC:
		return eval_func(ev, e, out);
	}
	return fail(ev, e, "%s", "bad expression");
}

bool ld_eval(struct ld_ctx *c, const struct ld_expr *e, uint32_t proc, int64_t dot, bool dot_known,
	     int64_t *out)
{
	struct eval ev = {c, proc, dot, dot_known};
	return eval(&ev, e, out);
}

bool ld_eval_u32(struct ld_ctx *c, const struct ld_expr *e, uint32_t proc, int64_t dot,
		 bool dot_known, const char *what, uint32_t *out)
{
	int64_t v;
	if (!ld_eval(c, e, proc, dot, dot_known, &v))
		return false;
	if (v < 0 || v > UINT32_MAX) {
		diag_add(c->d, DIAG_ERROR, e->loc, ld_source_line(c, e->loc),
			 "%s must be 0..0xffffffff, not %lld", what, (long long)v);
		return false;
	}
	*out = (uint32_t)v;
	return true;
}

bool ld_eval_align(struct ld_ctx *c, const struct ld_expr *e, uint32_t proc, int64_t dot,
		   bool dot_known, uint32_t *out)
{
	struct eval ev = {c, proc, dot, dot_known};
	int64_t v;
	if (!eval(&ev, e, &v) || !check_align(&ev, e, v))
		return false;
	*out = (uint32_t)v;
	return true;
}
