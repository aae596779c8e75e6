/* sdk/ld internals: the linker-script parser's state and the helpers
 * that the statement parser (parse.c) and the expression parser
 * (parse_expr.c) share. */
#ifndef SDK_LD_PARSER_H
#define SDK_LD_PARSER_H

#include "ld/lex.h"

struct ld_parser {
	struct ld_lexer lx;
	struct ld_token tok;
	struct ld_script *s;
	struct diag *d;
	/* The expression being parsed: how deep parentheses, unary operators
	 * and '?:' nest, and how many nodes it has so far. Both are capped
	 * (UTIL_EXPR_MAX_DEPTH, UTIL_EXPR_MAX_NODES) because parsing,
	 * evaluating and freeing recurse as deep as the tree. */
	unsigned expr_depth;
	unsigned expr_nodes;
};

/* Reads the next token as an expression token. */
void ld_next(struct ld_parser *p);
/* Reads the current token again as a file/section pattern. */
void ld_relex_pattern(struct ld_parser *p);
/* Makes t the current token again (reading on from it). */
void ld_back_to(struct ld_parser *p, const struct ld_token *t);
void ld_parse_error(struct ld_parser *p, struct diag_loc loc, const char *fmt, const char *arg);
/* "expected WHAT, found TOKEN" at the current token; returns false. */
bool ld_expected(struct ld_parser *p, const char *what);
/* Consumes the current token if it is punct. */
bool ld_accept(struct ld_parser *p, int punct);
/* The same, or "expected WHAT". */
bool ld_expect(struct ld_parser *p, int punct, const char *what);
char *ld_tok_text(const struct ld_token *t);
/* After an error: skips to the end of the statement. */
void ld_recover(struct ld_parser *p);

/* parse_expr.c */
struct ld_expr *ld_new_expr(enum ld_expr_kind kind, struct diag_loc loc);
void ld_free_expr(struct ld_expr *e);
/* expr := binary ['?' expr ':' expr], C's operators and precedence */
struct ld_expr *ld_parse_expr(struct ld_parser *p);
/* '(' expr ')' after a command name (the current token is the name). */
struct ld_expr *ld_parse_paren_expr(struct ld_parser *p);

#endif
