/* Tokens of one line of HWSQ source (or of an emulator test file), and
 * constant expressions over them. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"
#include "util/arith.h"

static bool ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* Multi-character operators first, so that "<<" is not two "<". */
static const char *const puncts[] = {
	"???", "==", "!=", "<<", ">>", ",", ":", "(", ")", "[", "]", "+",
	"-",   "*",  "/",  "%",  "&",  "|", "^", "~", "=", "<", ">", "@",
};

/* A number in C syntax: 0x.., 0b.., 0.. (octal) or decimal digits. The
 * digits end at the first character that cannot belong to the base, so
 * "7us" is 7 followed by "us". */
static size_t number_length(const char *p)
{
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
		size_t n = 2;
		while (isxdigit((unsigned char)p[n]))
			n++;
		return n;
	}
	if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B') && (p[2] == '0' || p[2] == '1')) {
		size_t n = 2;
		while (p[n] == '0' || p[n] == '1')
			n++;
		return n;
	}
	size_t n = 0;
	while (isdigit((unsigned char)p[n]))
		n++;
	return n;
}

bool hwsq_lex(const char *line, struct hwsq_toks *t, unsigned *bad_col)
{
	t->count = 0;
	t->pos = 0;
	const char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		struct hwsq_tok *k = UTIL_PUSH(t->items, t->count, t->cap);
		k->text = p;
		k->col = (unsigned)(p - line) + 1;
		if (*p == '\0' || *p == '\n' || *p == ';') {
			k->kind = HWSQ_TOK_END;
			return true;
		}
		if (*p == '#' && ident_start(p[1])) {
			size_t n = 2;
			while (ident_char(p[n]))
				n++;
			k->kind = HWSQ_TOK_IDENT;
			k->hash = true;
			k->text = p + 1;
			k->len = n - 1;
			p += n;
			continue;
		}
		if (ident_start(*p)) {
			size_t n = 1;
			while (ident_char(p[n]))
				n++;
			k->kind = HWSQ_TOK_IDENT;
			k->len = n;
			p += n;
			continue;
		}
		if (isdigit((unsigned char)*p)) {
			size_t n = number_length(p);
			char *digits = util_xstrndup(p, n);
			bool ok = util_parse_u64(digits, &k->num);
			free(digits);
			if (!ok) {
				*bad_col = k->col;
				k->kind = HWSQ_TOK_BAD;
				return false;
			}
			k->kind = HWSQ_TOK_NUM;
			k->len = n;
			p += n;
			continue;
		}
		bool found = false;
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(puncts) && !found; i++) {
			size_t n = strlen(puncts[i]);
			if (strncmp(p, puncts[i], n) == 0) {
				k->kind = HWSQ_TOK_PUNCT;
				k->len = n;
				p += n;
				found = true;
			}
		}
		if (!found) {
			*bad_col = k->col;
			k->kind = HWSQ_TOK_BAD;
			return false;
		}
	}
}

void hwsq_toks_free(struct hwsq_toks *t)
{
	free(t->items);
	*t = (struct hwsq_toks){0};
}

bool hwsq_tok_is(const struct hwsq_tok *t, const char *text)
{
	return t->kind != HWSQ_TOK_END && strlen(text) == t->len &&
	       strncmp(t->text, text, t->len) == 0;
}

char *hwsq_tok_dup(const struct hwsq_tok *t)
{
	if (t->kind == HWSQ_TOK_END)
		return util_xstrdup("end of line");
	return util_xstrndup(t->text, t->len);
}

/* ---- constant expressions ---------------------------------------------- */

/* Values are 64-bit signed, as in afuc-as: util_arith checks every
 * operation, so that both tools refuse the same expressions with the same
 * words. The result is handed out as its two's complement bits. */
struct expr_ctx {
	struct hwsq_toks *t;
	char *err;
	unsigned err_col;
	int depth; /* of parentheses and unary operators */
};

static struct hwsq_tok *peek(struct expr_ctx *c)
{
	return &c->t->items[c->t->pos];
}

static bool fail(struct expr_ctx *c, const struct hwsq_tok *at, const char *what)
{
	if (!c->err) {
		char *found = hwsq_tok_dup(at);
		c->err = util_xasprintf("%s, found '%s'", what, found);
		free(found);
		c->err_col = at->col;
	}
	return false;
}

/* An error whose text is complete without the token found there. */
static bool fail_plain(struct expr_ctx *c, const struct hwsq_tok *at, char *what)
{
	if (!c->err) {
		c->err = what;
		c->err_col = at->col;
	} else {
		free(what);
	}
	return false;
}

static bool binary(struct expr_ctx *c, int level, int64_t *v);
static bool primary_at_depth(struct expr_ctx *c, int64_t *v);

/* Nesting is limited so that no line can exhaust the stack; the limit and
 * the words are afuc-as's. */
static bool primary(struct expr_ctx *c, int64_t *v)
{
	if (c->depth >= UTIL_EXPR_MAX_DEPTH)
		return fail_plain(
			c, peek(c),
			util_xasprintf("expression nested more than %d deep", UTIL_EXPR_MAX_DEPTH));
	c->depth++;
	bool ok = primary_at_depth(c, v);
	c->depth--;
	return ok;
}

/* primary := NUM | '(' expr ')' | '-' primary | '~' primary | '+' primary */
static bool primary_at_depth(struct expr_ctx *c, int64_t *v)
{
	struct hwsq_tok *k = peek(c);
	if (k->kind == HWSQ_TOK_NUM) {
		if (k->num > INT64_MAX)
			return fail(c, k, "expected a number up to 0x7fffffffffffffff");
		*v = (int64_t)k->num;
		c->t->pos++;
		return true;
	}
	if (hwsq_tok_is(k, "(")) {
		c->t->pos++;
		if (!binary(c, 0, v))
			return false;
		if (!hwsq_tok_is(peek(c), ")"))
			return fail(c, peek(c), "expected ')'");
		c->t->pos++;
		return true;
	}
	if (hwsq_tok_is(k, "-") || hwsq_tok_is(k, "~") || hwsq_tok_is(k, "+")) {
		c->t->pos++;
		if (!primary(c, v))
			return false;
		if (k->text[0] == '~') {
			*v = ~*v;
		} else if (k->text[0] == '-') {
			struct util_str why = {0};
			if (!util_arith(UTIL_ARITH_NEG, *v, 0, v, &why))
				return fail_plain(c, k, util_str_take(&why));
		}
		return true;
	}
	return fail(c, k, "expected a number");
}

/* Binary operators by C precedence, loosest first; the bitwise ones cannot
 * overflow, the others go through util_arith. */
enum bitwise { NOT_BITWISE, BIT_OR, BIT_XOR, BIT_AND };

static const struct binop {
	const char *text;
	int level;
	enum bitwise bitwise;
	enum util_arith_op arith;
} binops[] = {
	{"|", 0, BIT_OR, 0},
	{"^", 1, BIT_XOR, 0},
	{"&", 2, BIT_AND, 0},
	{"<<", 3, NOT_BITWISE, UTIL_ARITH_SHL},
	{">>", 3, NOT_BITWISE, UTIL_ARITH_SHR},
	{"+", 4, NOT_BITWISE, UTIL_ARITH_ADD},
	{"-", 4, NOT_BITWISE, UTIL_ARITH_SUB},
	{"*", 5, NOT_BITWISE, UTIL_ARITH_MUL},
	{"/", 5, NOT_BITWISE, UTIL_ARITH_DIV},
	{"%", 5, NOT_BITWISE, UTIL_ARITH_MOD},
};
#define LEVELS 6

static const struct binop *operator_at(struct expr_ctx *c, int level)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(binops); i++)
		if (binops[i].level == level && hwsq_tok_is(peek(c), binops[i].text))
			return &binops[i];
	return NULL;
}

/* expr := level0; leveln := leveln+1 (op leveln+1)* */
static bool binary(struct expr_ctx *c, int level, int64_t *v)
{
	if (level == LEVELS)
		return primary(c, v);
	if (!binary(c, level + 1, v))
		return false;
	const struct binop *op;
	while ((op = operator_at(c, level))) {
		struct hwsq_tok *at = peek(c);
		c->t->pos++;
		int64_t r;
		if (!binary(c, level + 1, &r))
			return false;
		struct util_str why = {0};
		if (op->bitwise == BIT_OR)
			*v |= r;
		else if (op->bitwise == BIT_XOR)
			*v ^= r;
		else if (op->bitwise == BIT_AND)
			*v &= r;
		else if (!util_arith(op->arith, *v, r, v, &why))
			return fail_plain(c, at, util_str_take(&why));
	}
	return true;
}

bool hwsq_expr(struct hwsq_toks *t, uint64_t *value, char **err, unsigned *err_col)
{
	struct expr_ctx c = {t, NULL, 0, 0};
	int64_t v;
	if (binary(&c, 0, &v)) {
		*value = (uint64_t)v;
		return true;
	}
	*err = c.err;
	*err_col = c.err_col;
	return false;
}
