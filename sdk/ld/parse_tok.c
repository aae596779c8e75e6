/* The linker-script parser's token helpers: reading tokens in either
 * mode, "expected X, found Y" errors, and skipping to the next statement
 * after an error. */
#include <stdlib.h>
#include <string.h>

#include "ld/parser.h"

void ld_next(struct ld_parser *p)
{
	ld_lex_next(&p->lx, false, &p->tok);
}

/* Reads the current token again as a file/section pattern. */
void ld_relex_pattern(struct ld_parser *p)
{
	ld_lex_rewind(&p->lx, &p->tok);
	ld_lex_next(&p->lx, true, &p->tok);
}

void ld_parse_error(struct ld_parser *p, struct diag_loc loc, const char *fmt, const char *arg)
{
	diag_add(p->d, DIAG_ERROR, loc, ld_script_line(p->s, loc.line), fmt, arg);
}

/* "expected WHAT, found TOKEN" at the current token. A bad token was
 * reported by the lexer already. */
bool ld_expected(struct ld_parser *p, const char *what)
{
	if (p->tok.kind == LD_T_BAD)
		return false;
	struct util_str s = {0};
	util_str_printf(&s, "expected %s, found ", what);
	ld_tok_describe(&p->tok, &s);
	ld_parse_error(p, p->tok.loc, "%s", s.text);
	util_str_free(&s);
	return false;
}

/* Makes t the current token again (reading on from it). */
void ld_back_to(struct ld_parser *p, const struct ld_token *t)
{
	ld_lex_rewind(&p->lx, t);
	ld_next(p);
}

bool ld_accept(struct ld_parser *p, int punct)
{
	if (!ld_tok_punct(&p->tok, punct))
		return false;
	ld_next(p);
	return true;
}

bool ld_expect(struct ld_parser *p, int punct, const char *what)
{
	return ld_accept(p, punct) || ld_expected(p, what);
}

char *ld_tok_text(const struct ld_token *t)
{
	return util_xstrndup(t->text, t->len);
}

/* After an error: skip to the end of the statement (a ';', consumed, or
 * the '}' closing the block, left for the caller), passing over nested
 * blocks. */
void ld_recover(struct ld_parser *p)
{
	int depth = 0;
	for (;;) {
		if (p->tok.kind == LD_T_EOF)
			return;
		if (ld_tok_punct(&p->tok, '{')) {
			depth++;
		} else if (ld_tok_punct(&p->tok, '}')) {
			if (depth == 0)
				return;
			depth--;
			if (depth == 0) {
				ld_next(p);
				return;
			}
		} else if (ld_tok_punct(&p->tok, ';') && depth == 0) {
			ld_next(p);
			return;
		}
		ld_next(p);
	}
}
