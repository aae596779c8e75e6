/* The linker-script tokenizer: names, numbers, strings, operators and
 * GNU-ld-style file/section patterns, with C comments between them. */
#include <stdlib.h>
#include <string.h>

#include "ld/lex.h"

void ld_lex_init(struct ld_lexer *lx, const struct ld_script *script, struct diag *d)
{
	*lx = (struct ld_lexer){.script = script,
				.text = script->text,
				.len = strlen(script->text),
				.line = 1,
				.d = d};
}

static struct diag_loc here(const struct ld_lexer *lx)
{
	return diag_at(lx->script->name, lx->line, (unsigned)(lx->pos - lx->line_start) + 1);
}

static void lex_error(struct ld_lexer *lx, struct diag_loc loc, const char *what)
{
	diag_add(lx->d, DIAG_ERROR, loc, ld_script_line(lx->script, loc.line), "%s", what);
}

static void advance(struct ld_lexer *lx)
{
	if (lx->text[lx->pos] == '\n') {
		lx->line++;
		lx->line_start = lx->pos + 1;
	}
	lx->pos++;
}

/* Skips blanks and comments; false after reporting an unterminated
 * comment. */
static bool skip_space(struct ld_lexer *lx)
{
	for (;;) {
		char c = lx->text[lx->pos];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			advance(lx);
		} else if (c == '/' && lx->text[lx->pos + 1] == '*') {
			struct diag_loc start = here(lx);
			advance(lx);
			advance(lx);
			while (lx->pos < lx->len &&
			       !(lx->text[lx->pos] == '*' && lx->text[lx->pos + 1] == '/'))
				advance(lx);
			if (lx->pos >= lx->len) {
				lex_error(lx, start, "unterminated comment: '/*' without '*/'");
				return false;
			}
			advance(lx);
			advance(lx);
		} else {
			return true;
		}
	}
}

static bool is_name_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
}

static bool is_name_char(char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

/* Pattern words stop at blanks, at punctuation that the grammar around
 * them uses, and at a comment. */
static bool is_pattern_char(const char *p)
{
	if (*p == '/' && p[1] == '*')
		return false;
	return *p && !strchr(" \t\n\r\f\v(){};,=:\"+&|<>%", *p);
}

/* Two- and three-character operators, longest first. */
static const struct {
	const char *text;
	int punct;
} multi_puncts[] = {
	{"<<=", LD_ASSIGN(LD_OP_SHL)},
	{">>=", LD_ASSIGN(LD_OP_SHR)},
	{"<<", LD_OP_SHL},
	{">>", LD_OP_SHR},
	{"<=", LD_OP_LE},
	{">=", LD_OP_GE},
	{"==", LD_OP_EQ},
	{"!=", LD_OP_NE},
	{"&&", LD_OP_ANDAND},
	{"||", LD_OP_OROR},
	{"+=", LD_ASSIGN('+')},
	{"-=", LD_ASSIGN('-')},
	{"*=", LD_ASSIGN('*')},
	{"/=", LD_ASSIGN('/')},
	{"&=", LD_ASSIGN('&')},
	{"|=", LD_ASSIGN('|')},
};

static bool lex_number(struct ld_lexer *lx, struct ld_token *t)
{
	size_t n = lx->pos - t->start;
	char *digits = util_xstrndup(t->text, n);
	uint64_t scale = 1;
	/* GNU ld's K and M suffixes. */
	if (n > 1 && (digits[n - 1] == 'K' || digits[n - 1] == 'M') &&
	    !(digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))) {
		scale = digits[n - 1] == 'K' ? 1024 : 1024 * 1024;
		digits[n - 1] = 0;
	}
	bool ok = util_parse_u64(digits, &t->number) && t->number <= UINT32_MAX;
	free(digits);
	t->number *= scale;
	if (!ok || t->number > UINT32_MAX) {
		struct util_str s = {0};
		util_str_printf(&s,
				"bad number '%.*s': expected a 32-bit number in C syntax "
				"(0x1f, 31, 037, 0b11111)",
				(int)n, t->text);
		lex_error(lx, t->loc, s.text);
		util_str_free(&s);
		return false;
	}
	return true;
}

void ld_lex_next(struct ld_lexer *lx, bool pattern, struct ld_token *t)
{
	*t = (struct ld_token){.kind = LD_T_BAD};
	if (!skip_space(lx)) {
		t->loc = here(lx);
		t->start = lx->pos;
		return;
	}
	t->loc = here(lx);
	t->start = lx->pos;
	t->text = lx->text + lx->pos;
	const char *p = t->text;
	if (lx->pos >= lx->len) {
		t->kind = LD_T_EOF;
		return;
	}
	if (pattern && is_pattern_char(p)) {
		while (lx->pos < lx->len && is_pattern_char(lx->text + lx->pos))
			advance(lx);
		t->kind = LD_T_NAME;
		t->len = lx->pos - t->start;
		return;
	}
	if (is_name_start(*p)) {
		while (is_name_char(lx->text[lx->pos]))
			advance(lx);
		t->kind = LD_T_NAME;
		t->len = lx->pos - t->start;
		return;
	}
	if (*p >= '0' && *p <= '9') {
		while (is_name_char(lx->text[lx->pos]))
			advance(lx);
		t->len = lx->pos - t->start;
		if (lex_number(lx, t))
			t->kind = LD_T_NUMBER;
		return;
	}
	if (*p == '"') {
		advance(lx);
		while (lx->pos < lx->len && lx->text[lx->pos] != '"' && lx->text[lx->pos] != '\n')
			advance(lx);
		if (lx->text[lx->pos] != '"') {
			lex_error(lx, t->loc,
				  "unterminated string: '\"' without a closing '\"' "
				  "on the same line");
			return;
		}
		t->kind = LD_T_STRING;
		t->text = p + 1;
		t->len = lx->pos - t->start - 1;
		advance(lx);
		return;
	}
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(multi_puncts); i++) {
		size_t n = strlen(multi_puncts[i].text);
		if (!strncmp(p, multi_puncts[i].text, n)) {
			for (size_t k = 0; k < n; k++)
				advance(lx);
			t->kind = LD_T_PUNCT;
			t->punct = multi_puncts[i].punct;
			t->len = n;
			return;
		}
	}
	if (strchr("(){};,:=?~!+-*/%<>&|^", *p)) {
		advance(lx);
		t->kind = LD_T_PUNCT;
		t->punct = *p;
		t->len = 1;
		return;
	}
	struct util_str s = {0};
	if (*p >= 0x20 && *p < 0x7f)
		util_str_printf(&s, "unexpected character '%c'", *p);
	else
		util_str_printf(&s, "unexpected byte 0x%02x", (unsigned char)*p);
	lex_error(lx, t->loc, s.text);
	util_str_free(&s);
	advance(lx);
}

void ld_lex_rewind(struct ld_lexer *lx, const struct ld_token *t)
{
	lx->pos = t->start;
	lx->line = t->loc.line;
	lx->line_start = t->start - (t->loc.col - 1);
}

bool ld_tok_is(const struct ld_token *t, const char *word)
{
	return t->kind == LD_T_NAME && strlen(word) == t->len && !memcmp(t->text, word, t->len);
}

bool ld_tok_punct(const struct ld_token *t, int punct)
{
	return t->kind == LD_T_PUNCT && t->punct == punct;
}

void ld_tok_describe(const struct ld_token *t, struct util_str *out)
{
	switch (t->kind) {
	case LD_T_EOF:
		util_str_puts(out, "the end of the script");
		break;
	case LD_T_STRING:
		util_str_printf(out, "string \"%.*s\"", (int)t->len, t->text);
		break;
	default:
		util_str_printf(out, "'%.*s'", (int)t->len, t->text);
		break;
	}
}
