/* sdk/ld internals: the linker-script tokenizer.
 *
 * Scripts have two kinds of words, as in GNU ld: names in expressions
 * (`.text`, `__packet_table`, `.`) and file/section patterns inside an
 * input section description (`*`, `*.o`, `.text*`, `dir/a.o`). The parser
 * says which one it wants for each token. */
#ifndef SDK_LD_LEX_H
#define SDK_LD_LEX_H

#include "ld/script.h"

enum ld_tok_kind { LD_T_EOF, LD_T_NAME, LD_T_NUMBER, LD_T_STRING, LD_T_PUNCT, LD_T_BAD };

/* A compound assignment operator: LD_ASSIGN('+') is "+=". */
#define LD_ASSIGN(op) (0x1000 | (op))
#define LD_IS_ASSIGN(p) ((p) == '=' || ((p)&0x1000))

struct ld_token {
	enum ld_tok_kind kind;
	const char *text; /* into the script text; STRING: without the quotes */
	size_t len;
	uint64_t number;
	int punct;    /* a character, an enum ld_op or an LD_ASSIGN() */
	size_t start; /* offset of its first character (for rewinding) */
	struct diag_loc loc;
};

struct ld_lexer {
	const struct ld_script *script;
	const char *text;
	size_t len, pos;
	unsigned line;
	size_t line_start;
	struct diag *d;
};

void ld_lex_init(struct ld_lexer *lx, const struct ld_script *script, struct diag *d);
/* The next token; pattern selects pattern words over expression names
 * and operators. Errors (a bad character, an unterminated comment or
 * string, a malformed number) are reported and give LD_T_BAD. */
void ld_lex_next(struct ld_lexer *lx, bool pattern, struct ld_token *t);
/* Moves back to just before t, to read it again in another mode. */
void ld_lex_rewind(struct ld_lexer *lx, const struct ld_token *t);

bool ld_tok_is(const struct ld_token *t, const char *word);
bool ld_tok_punct(const struct ld_token *t, int punct);
/* How a token is quoted in "expected X, found Y" messages. */
void ld_tok_describe(const struct ld_token *t, struct util_str *out);

#endif
