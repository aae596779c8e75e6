/* Tokens of one line of HWSQ source (or of an emulator test file), and
 * constant expressions over them. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

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

struct expr_ctx {
	struct hwsq_toks *t;
	char *err;
	unsigned err_col;
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

static bool binary(struct expr_ctx *c, int level, uint64_t *v);

/* primary := NUM | '(' expr ')' | '-' primary | '~' primary | '+' primary */
static bool primary(struct expr_ctx *c, uint64_t *v)
{
	struct hwsq_tok *k = peek(c);
	if (k->kind == HWSQ_TOK_NUM) {
		*v = k->num;
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
		if (k->text[0] == '-')
			*v = (uint64_t)0 - *v;
		else if (k->text[0] == '~')
			*v = ~*v;
		return true;
	}
	return fail(c, k, "expected a number");
}

/* Binary operators by C precedence, loosest first. */
static const char *const levels[][3] = {
	{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
};

static const char *operator_at(struct expr_ctx *c, int level)
{
	for (int i = 0; i < 3 && levels[level][i]; i++)
		if (hwsq_tok_is(peek(c), levels[level][i]))
			return levels[level][i];
	return NULL;
}

/* expr := level0; leveln := leveln+1 (op leveln+1)* */
static bool binary(struct expr_ctx *c, int level, uint64_t *v)
{
	if (level == (int)UTIL_ARRAY_SIZE(levels))
		return primary(c, v);
	if (!binary(c, level + 1, v))
		return false;
	const char *op;
	while ((op = operator_at(c, level))) {
		struct hwsq_tok *at = peek(c);
		c->t->pos++;
		uint64_t r;
		if (!binary(c, level + 1, &r))
			return false;
		switch (op[0] == op[1] ? op[0] + 256 : op[0]) {
		case '|':
			*v |= r;
			break;
		case '^':
			*v ^= r;
			break;
		case '&':
			*v &= r;
			break;
		case '<' + 256:
			*v = r >= 64 ? 0 : *v << r;
			break;
		case '>' + 256:
			*v = r >= 64 ? 0 : *v >> r;
			break;
		case '+':
			*v += r;
			break;
		case '-':
			*v -= r;
			break;
		case '*':
			*v *= r;
			break;
		case '/':
		case '%':
			if (r == 0)
				return fail(c, at, "division by zero");
			*v = op[0] == '/' ? *v / r : *v % r;
			break;
		}
	}
	return true;
}

bool hwsq_expr(struct hwsq_toks *t, uint64_t *value, char **err, unsigned *err_col)
{
	struct expr_ctx c = {t, NULL, 0};
	if (binary(&c, 0, value))
		return true;
	*err = c.err;
	*err_col = c.err_col;
	return false;
}
