/* Splitting a line into tokens. The lexer knows no context: whether `%`
 * is an SQE register or a remainder, or `[0a]` a raw word, is for the
 * parser to say (it can check adjacency and token text). */
#include <string.h>

#include "as/internal.h"

static bool is_ident_start(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || ch == '.';
}

static bool is_ident_char(char ch)
{
	return is_ident_start(ch) || (ch >= '0' && ch <= '9');
}

static const char punct_chars[] = ",[]()+-*/%&|^~!:#@";

size_t as_lex(const char *line, struct as_tok **toks, size_t *cap)
{
	size_t n = 0;
	const char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')
			p++;
		util_grow(toks, cap, n + 1, sizeof **toks);
		struct as_tok *t = &(*toks)[n];
		*t = (struct as_tok){.col = (uint32_t)(p - line) + 1, .text = p};
		if (!*p || *p == ';') {
			t->type = AS_T_END;
			return n;
		}
		const char *start = p;
		if (is_ident_start(*p)) {
			t->type = AS_T_IDENT;
			while (is_ident_char(*p))
				p++;
		} else if (*p >= '0' && *p <= '9') {
			t->type = AS_T_NUM;
			while (is_ident_char(*p) && *p != '.')
				p++;
			char buf[80];
			size_t len = (size_t)(p - start);
			if (len < sizeof buf) {
				memcpy(buf, start, len);
				buf[len] = 0;
				t->num_ok = util_parse_u64(buf, &t->num);
			}
		} else if (*p == '$') {
			t->type = AS_T_REG;
			p++;
			while (is_ident_char(*p) && *p != '.')
				p++;
		} else if ((p[0] == '<' && p[1] == '<') || (p[0] == '>' && p[1] == '>')) {
			t->type = p[0] == '<' ? AS_T_SHL : AS_T_SHR;
			p += 2;
		} else if (strchr(punct_chars, *p)) {
			t->type = AS_T_PUNCT;
			t->c = *p++;
		} else {
			t->type = AS_T_BAD;
			t->c = *p++;
		}
		t->len = (uint32_t)(p - start);
		n++;
	}
}

bool as_tok_is(const struct as_tok *t, char c)
{
	return t->type == AS_T_PUNCT && t->c == c;
}

bool as_tok_adjacent(const struct as_tok *a, const struct as_tok *b)
{
	return a->text + a->len == b->text;
}
