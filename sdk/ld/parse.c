/* The linker-script parser: recursive descent over sdk/ld/lex.c tokens,
 * building the tree of sdk/ld/script.h. After an error it skips to the
 * end of the statement and goes on, so one run reports every mistake (up
 * to the diag cap). */
#include <stdlib.h>
#include <string.h>

#include "ld/lex.h"

struct parser {
	struct ld_lexer lx;
	struct ld_token tok;
	struct ld_script *s;
	struct diag *d;
};

static void next(struct parser *p)
{
	ld_lex_next(&p->lx, false, &p->tok);
}

/* Reads the current token again as a file/section pattern. */
static void relex_pattern(struct parser *p)
{
	ld_lex_rewind(&p->lx, &p->tok);
	ld_lex_next(&p->lx, true, &p->tok);
}

static void error_at(struct parser *p, struct diag_loc loc, const char *fmt, const char *arg)
{
	diag_add(p->d, DIAG_ERROR, loc, ld_script_line(p->s, loc.line), fmt, arg);
}

/* "expected WHAT, found TOKEN" at the current token. A bad token was
 * reported by the lexer already. */
static bool expected(struct parser *p, const char *what)
{
	if (p->tok.kind == LD_T_BAD)
		return false;
	struct util_str s = {0};
	util_str_printf(&s, "expected %s, found ", what);
	ld_tok_describe(&p->tok, &s);
	error_at(p, p->tok.loc, "%s", s.text);
	util_str_free(&s);
	return false;
}

/* Makes t the current token again (reading on from it). */
static void back_to(struct parser *p, const struct ld_token *t)
{
	ld_lex_rewind(&p->lx, t);
	next(p);
}

static bool accept(struct parser *p, int punct)
{
	if (!ld_tok_punct(&p->tok, punct))
		return false;
	next(p);
	return true;
}

static bool expect(struct parser *p, int punct, const char *what)
{
	return accept(p, punct) || expected(p, what);
}

static char *tok_text(const struct ld_token *t)
{
	return util_xstrndup(t->text, t->len);
}

/* After an error: skip to the end of the statement (a ';', consumed, or
 * the '}' closing the block, left for the caller), passing over nested
 * blocks. */
static void recover(struct parser *p)
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
				next(p);
				return;
			}
		} else if (ld_tok_punct(&p->tok, ';') && depth == 0) {
			next(p);
			return;
		}
		next(p);
	}
}

/* ---- expressions ---- */

static struct ld_expr *new_expr(enum ld_expr_kind kind, struct diag_loc loc)
{
	struct ld_expr *e = util_xcalloc(1, sizeof(*e));
	e->kind = kind;
	e->loc = loc;
	return e;
}

static void free_expr(struct ld_expr *e)
{
	if (!e)
		return;
	free_expr(e->a);
	free_expr(e->b);
	free_expr(e->c);
	free(e->name);
	free(e);
}

static struct ld_expr *parse_expr(struct parser *p);

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
	{"MIN", LD_F_MIN, 2, 2, false},
	{"MAX", LD_F_MAX, 2, 2, false},
};

/* call := FUNC '(' (NAME | expr [',' expr]) ')' */
static struct ld_expr *parse_call(struct parser *p, unsigned f, struct diag_loc loc)
{
	struct ld_expr *e = new_expr(LD_E_FUNC, loc);
	e->func = (uint8_t)funcs[f].func;
	next(p); /* the '(' */
	if (funcs[f].takes_name) {
		if (p->tok.kind != LD_T_NAME) {
			expected(p, funcs[f].func == LD_F_DEFINED ? "a symbol name"
								   : "an output section name");
			free_expr(e);
			return NULL;
		}
		e->name = tok_text(&p->tok);
		e->argc = 1;
		next(p);
	} else {
		struct ld_expr **slot[] = {&e->a, &e->b};
		for (;;) {
			if (!(*slot[e->argc] = parse_expr(p))) {
				free_expr(e);
				return NULL;
			}
			e->argc++;
			if (e->argc == funcs[f].max_args || !accept(p, ','))
				break;
		}
		if (e->argc < funcs[f].min_args) {
			error_at(p, p->tok.loc, "%s takes two arguments", funcs[f].name);
			free_expr(e);
			return NULL;
		}
	}
	if (!expect(p, ')', "')' closing the arguments")) {
		free_expr(e);
		return NULL;
	}
	return e;
}

/* primary := NUMBER | '.' | IMAGE_SIZE | NAME | call | '(' expr ')'
 *          | ('-' | '~' | '!' | '+') primary */
static struct ld_expr *parse_unary(struct parser *p)
{
	struct ld_token t = p->tok;
	if (t.kind == LD_T_PUNCT && t.punct < 128 && strchr("-~!+", t.punct)) {
		next(p);
		struct ld_expr *a = parse_unary(p);
		if (!a || t.punct == '+')
			return a;
		struct ld_expr *e = new_expr(LD_E_UNARY, t.loc);
		e->op = t.punct;
		e->a = a;
		return e;
	}
	if (t.kind == LD_T_NUMBER) {
		next(p);
		struct ld_expr *e = new_expr(LD_E_NUMBER, t.loc);
		e->number = (int64_t)t.number;
		return e;
	}
	if (accept(p, '(')) {
		struct ld_expr *e = parse_expr(p);
		if (e && !expect(p, ')', "')'")) {
			free_expr(e);
			return NULL;
		}
		return e;
	}
	if (t.kind != LD_T_NAME) {
		expected(p, "an expression");
		return NULL;
	}
	next(p);
	if (ld_tok_is(&t, "."))
		return new_expr(LD_E_DOT, t.loc);
	if (ld_tok_is(&t, "IMAGE_SIZE"))
		return new_expr(LD_E_IMAGE_SIZE, t.loc);
	if (ld_tok_punct(&p->tok, '(')) {
		for (unsigned f = 0; f < UTIL_ARRAY_SIZE(funcs); f++)
			if (ld_tok_is(&t, funcs[f].name))
				return parse_call(p, f, t.loc);
		char *name = tok_text(&t);
		error_at(p, t.loc, "unknown function '%s': the functions are ALIGN, ADDR, "
				   "SIZEOF, DEFINED, MIN and MAX", name);
		free(name);
		return NULL;
	}
	struct ld_expr *e = new_expr(LD_E_SYMBOL, t.loc);
	e->name = tok_text(&t);
	return e;
}

/* Binary operators by precedence level, loosest first (C's order). */
static const int binary_levels[][4] = {
	{LD_OP_OROR}, {LD_OP_ANDAND}, {'|'}, {'^'}, {'&'}, {LD_OP_EQ, LD_OP_NE},
	{'<', '>', LD_OP_LE, LD_OP_GE}, {LD_OP_SHL, LD_OP_SHR}, {'+', '-'}, {'*', '/', '%'},
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
static struct ld_expr *parse_binary(struct parser *p, unsigned level)
{
	if (level == UTIL_ARRAY_SIZE(binary_levels))
		return parse_unary(p);
	struct ld_expr *left = parse_binary(p, level + 1);
	while (left && op_at_level(&p->tok, level)) {
		struct ld_token op = p->tok;
		next(p);
		struct ld_expr *right = parse_binary(p, level + 1);
		if (!right) {
			free_expr(left);
			return NULL;
		}
		struct ld_expr *e = new_expr(LD_E_BINARY, op.loc);
		e->op = op.punct;
		e->a = left;
		e->b = right;
		left = e;
	}
	return left;
}

/* expr := binary(0) ['?' expr ':' expr] */
static struct ld_expr *parse_expr(struct parser *p)
{
	struct ld_expr *cond = parse_binary(p, 0);
	if (!cond || !ld_tok_punct(&p->tok, '?'))
		return cond;
	struct ld_expr *e = new_expr(LD_E_COND, p->tok.loc);
	e->a = cond;
	next(p);
	if (!(e->b = parse_expr(p)) || !expect(p, ':', "':' of '?:'") ||
	    !(e->c = parse_expr(p))) {
		free_expr(e);
		return NULL;
	}
	return e;
}

/* '(' expr ')' after a command name (the current token is the name). */
static struct ld_expr *parse_paren_expr(struct parser *p)
{
	next(p);
	if (!expect(p, '(', "'('"))
		return NULL;
	struct ld_expr *e = parse_expr(p);
	if (e && !expect(p, ')', "')'")) {
		free_expr(e);
		return NULL;
	}
	return e;
}

/* ---- statements ---- */

static void free_stmt(struct ld_stmt *st)
{
	free(st->name);
	free(st->file_pattern);
	for (size_t i = 0; i < st->pattern_count; i++)
		free(st->patterns[i]);
	free(st->patterns);
	free_expr(st->expr);
	free_expr(st->aux);
	free(st->message);
	for (size_t i = 0; i < st->body_count; i++)
		free_stmt(&st->body[i]);
	free(st->body);
}

static void push_stmt(struct parser *p, struct ld_stmt **items, size_t *count, size_t *cap,
		      struct ld_stmt *st)
{
	st->id = p->s->stmt_total++;
	*UTIL_PUSH(*items, *count, *cap) = *st;
}

/* KEYWORD '(' : starts command st, of kind, at its keyword. */
static bool open_command(struct parser *p, struct ld_stmt *st, enum ld_stmt_kind kind)
{
	char what[64];
	snprintf(what, sizeof(what), "'(' after %.*s", (int)p->tok.len, p->tok.text);
	st->kind = (uint8_t)kind;
	st->loc = p->tok.loc;
	next(p);
	return expect(p, '(', what);
}

/* ')' [';'] : ends a command. */
static bool close_command(struct parser *p)
{
	if (!expect(p, ')', "')' closing the command"))
		return false;
	accept(p, ';');
	return true;
}

static bool valid_symbol_name(const struct ld_token *t)
{
	if (t->len == 0 || (t->text[0] >= '0' && t->text[0] <= '9'))
		return false;
	for (size_t i = 0; i < t->len; i++) {
		char c = t->text[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '.' || c == '$'))
			return false;
	}
	return true;
}

/* assignment := (NAME | '.') ASSIGN-OP expr ';'
 * The current token is the operator; target the name before it. */
static bool parse_assignment_rest(struct parser *p, const struct ld_token *target,
				  struct ld_stmt *st)
{
	if (!valid_symbol_name(target)) {
		char *name = tok_text(target);
		error_at(p, target->loc, "'%s' is not a symbol name", name);
		free(name);
		return false;
	}
	st->kind = LD_S_ASSIGN;
	st->loc = target->loc;
	bool dot = ld_tok_is(target, ".");
	st->name = dot ? NULL : tok_text(target);
	struct ld_token op = p->tok;
	if (op.punct != '=' && !dot) {
		error_at(p, op.loc, "a symbol is assigned once: write '%s = ...' (only '.' "
				    "takes +=, -=, ...)", st->name);
		return false;
	}
	next(p);
	if (!(st->expr = parse_expr(p)))
		return false;
	if (op.punct != '=') {
		/* ". += x" is ". = . + x" */
		struct ld_expr *e = new_expr(LD_E_BINARY, op.loc);
		e->op = op.punct & ~0x1000;
		e->a = new_expr(LD_E_DOT, target->loc);
		e->b = st->expr;
		st->expr = e;
	}
	return expect(p, ';', "';' after the assignment");
}

/* provide := PROVIDE '(' NAME '=' expr ')' ';' */
static bool parse_provide(struct parser *p, struct ld_stmt *st)
{
	st->provide = true;
	if (!open_command(p, st, LD_S_ASSIGN))
		return false;
	if (p->tok.kind != LD_T_NAME || ld_tok_is(&p->tok, ".") || !valid_symbol_name(&p->tok))
		return expected(p, "a symbol name");
	st->name = tok_text(&p->tok);
	next(p);
	if (!expect(p, '=', "'='") || !(st->expr = parse_expr(p)))
		return false;
	if (!expect(p, ')', "')' closing PROVIDE"))
		return false;
	return expect(p, ';', "';' after PROVIDE(...)");
}

/* assert := ASSERT '(' expr ',' STRING ')' [';'] */
static bool parse_assert(struct parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_ASSERT) || !(st->expr = parse_expr(p)) ||
	    !expect(p, ',', "',' and a message"))
		return false;
	if (p->tok.kind != LD_T_STRING)
		return expected(p, "a message in double quotes");
	st->message = tok_text(&p->tok);
	next(p);
	return close_command(p);
}

/* command := KEYWORD '(' expr ')' [';']   (SIZE_LIMIT, LONG, NOP, DEFAULT_HANDLER) */
static bool parse_simple_command(struct parser *p, struct ld_stmt *st, enum ld_stmt_kind kind)
{
	return open_command(p, st, kind) && (st->expr = parse_expr(p)) && close_command(p);
}

/* handler := HANDLER '(' (NAME | expr) ',' expr ')' [';']
 * The opcode is a PM4 name (CP_NOP, PKT4), UNKNn or a number. */
static bool parse_handler(struct parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_HANDLER))
		return false;
	if (p->tok.kind == LD_T_NAME) {
		st->name = tok_text(&p->tok);
		next(p);
	} else if (!(st->aux = parse_expr(p))) {
		return false;
	}
	return expect(p, ',', "',' and the handler") && (st->expr = parse_expr(p)) &&
	       close_command(p);
}

/* packet_table := PACKET_TABLE '(' NAME [',' expr] ')' [';'] */
static bool parse_packet_table(struct parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_PACKET_TABLE))
		return false;
	if (p->tok.kind != LD_T_NAME || ld_tok_is(&p->tok, ".") || !valid_symbol_name(&p->tok))
		return expected(p, "the name of the symbol that marks the table");
	st->name = tok_text(&p->tok);
	next(p);
	if (accept(p, ',') && !(st->aux = parse_expr(p)))
		return false;
	return close_command(p);
}

/* output_arch := OUTPUT_ARCH '(' GEN ')' [';'] */
static bool parse_output_arch(struct parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_OUTPUT_ARCH))
		return false;
	enum isa_gen gen;
	char *name = p->tok.kind == LD_T_NAME ? tok_text(&p->tok) : NULL;
	if (!name || !isa_parse_gen(name, &gen)) {
		free(name);
		return expected(p, "a generation: a5xx, a6xx or a7xx");
	}
	st->name = name;
	next(p);
	return close_command(p);
}

/* input := PATTERN '(' PATTERN { [','] PATTERN } ')'
 * file is the file pattern, already read; the current token follows it. */
static bool parse_input(struct parser *p, const struct ld_token *file, struct ld_stmt *st)
{
	st->kind = LD_S_INPUT;
	st->loc = file->loc;
	st->file_pattern = tok_text(file);
	if (!expect(p, '(', "'(' and section patterns"))
		return false;
	size_t cap = 0;
	relex_pattern(p);
	while (p->tok.kind == LD_T_NAME) {
		*UTIL_PUSH(st->patterns, st->pattern_count, cap) = tok_text(&p->tok);
		next(p);
		accept(p, ',');
		relex_pattern(p);
	}
	if (st->pattern_count == 0)
		return expected(p, "a section name or pattern, like .text");
	return expect(p, ')', "')' closing the section patterns");
}

/* keep := KEEP '(' input ')' */
static bool parse_keep(struct parser *p, struct ld_stmt *st)
{
	next(p);
	if (!expect(p, '(', "'(' after KEEP"))
		return false;
	relex_pattern(p);
	if (p->tok.kind != LD_T_NAME)
		return expected(p, "an input section description like *(.text)");
	struct ld_token file = p->tok;
	next(p);
	if (!parse_input(p, &file, st))
		return false;
	st->keep = true;
	return expect(p, ')', "')' closing KEEP");
}

typedef bool (*stmt_parser)(struct parser *p, struct ld_stmt *st);

/* block := '{' { stmt } '}' : statements parsed by one, each pushed into
 * st's body; errors skip to the next statement. */
static bool parse_block(struct parser *p, struct ld_stmt *st, stmt_parser one, const char *what)
{
	if (!expect(p, '{', what))
		return false;
	while (!ld_tok_punct(&p->tok, '}')) {
		if (p->tok.kind == LD_T_EOF) {
			error_at(p, st->loc, "%s", "this block has no closing '}'");
			return false;
		}
		if (accept(p, ';'))
			continue;
		struct ld_stmt child = {0};
		if (one(p, &child)) {
			push_stmt(p, &st->body, &st->body_count, &st->body_cap, &child);
		} else {
			free_stmt(&child);
			if (diag_full(p->d))
				return false;
			recover(p);
		}
	}
	next(p);
	return true;
}

/* Where a statement may stand. */
enum { IN_TOP = 1, IN_SECTIONS = 2, IN_PROC = 4, IN_SECTION = 8, ANYWHERE = 15 };

static const char *const place_names[] = {
	[IN_TOP] = "at the top level", [IN_SECTIONS] = "directly inside SECTIONS",
	[IN_PROC] = "inside a PROCESSOR block", [IN_SECTION] = "inside an output section",
};

static bool parse_statement(struct parser *p, struct ld_stmt *st, unsigned where);

static bool parse_sections_stmt(struct parser *p, struct ld_stmt *st)
{
	return parse_statement(p, st, IN_SECTIONS);
}

static bool parse_proc_stmt(struct parser *p, struct ld_stmt *st)
{
	return parse_statement(p, st, IN_PROC);
}

static bool parse_section_stmt(struct parser *p, struct ld_stmt *st)
{
	return parse_statement(p, st, IN_SECTION);
}

/* sections := SECTIONS '{' { sections_stmt } '}' */
static bool parse_sections(struct parser *p, struct ld_stmt *st)
{
	st->kind = LD_S_SECTIONS;
	st->loc = p->tok.loc;
	next(p);
	return parse_block(p, st, parse_sections_stmt, "'{' after SECTIONS");
}

/* processor := PROCESSOR NAME [ALIGN '(' expr ')'] '{' { proc_stmt } '}' */
static bool parse_processor(struct parser *p, struct ld_stmt *st)
{
	st->kind = LD_S_PROCESSOR;
	st->loc = p->tok.loc;
	next(p);
	if (p->tok.kind != LD_T_NAME || ld_tok_is(&p->tok, "."))
		return expected(p, "the processor image's name (BR, BV, LPAC, SQE, ...)");
	st->name = tok_text(&p->tok);
	next(p);
	if (ld_tok_is(&p->tok, "ALIGN") && !(st->aux = parse_paren_expr(p)))
		return false;
	return parse_block(p, st, parse_proc_stmt, "'{' opening the processor image");
}

/* output_section := NAME [expr] ':' [ALIGN '(' expr ')'] '{' { section_stmt } '}'
 * The current token is the name. */
static bool parse_output_section(struct parser *p, struct ld_stmt *st)
{
	st->kind = LD_S_OUTPUT_SECTION;
	st->loc = p->tok.loc;
	st->name = tok_text(&p->tok);
	next(p);
	if (ld_tok_punct(&p->tok, '{'))
		return expected(p, "':' after the output section name");
	if (!ld_tok_punct(&p->tok, ':') && !(st->expr = parse_expr(p)))
		return false;
	if (!expect(p, ':', "':' after the output section name (and address)"))
		return false;
	if (ld_tok_is(&p->tok, "ALIGN") && !(st->aux = parse_paren_expr(p)))
		return false;
	return parse_block(p, st, parse_section_stmt, "'{' opening the output section");
}

static const struct keyword {
	const char *word;
	unsigned where;
	stmt_parser parse;      /* NULL: KEYWORD '(' expr ')' of kind */
	enum ld_stmt_kind kind;
} keywords[] = {
	{"OUTPUT_ARCH", IN_TOP, parse_output_arch, LD_S_OUTPUT_ARCH},
	{"SECTIONS", IN_TOP, parse_sections, LD_S_SECTIONS},
	{"PROCESSOR", IN_SECTIONS, parse_processor, LD_S_PROCESSOR},
	{"ASSERT", ANYWHERE, parse_assert, LD_S_ASSERT},
	{"PROVIDE", ANYWHERE, parse_provide, LD_S_ASSIGN},
	{"SIZE_LIMIT", IN_TOP | IN_SECTIONS | IN_PROC, NULL, LD_S_SIZE_LIMIT},
	{"DEFAULT_HANDLER", IN_SECTIONS | IN_PROC, NULL, LD_S_DEFAULT_HANDLER},
	{"HANDLER", IN_SECTIONS | IN_PROC, parse_handler, LD_S_HANDLER},
	{"KEEP", IN_SECTION, parse_keep, LD_S_INPUT},
	{"LONG", IN_SECTION, NULL, LD_S_LONG},
	{"NOP", IN_SECTION, NULL, LD_S_NOP},
	{"PACKET_TABLE", IN_SECTION, parse_packet_table, LD_S_PACKET_TABLE},
};

/* What a statement here may be, for "expected ..." messages. */
static const char *const expected_here[] = {
	[IN_TOP] = "SECTIONS, OUTPUT_ARCH, an assignment or a command",
	[IN_SECTIONS] = "PROCESSOR, an output section, an assignment or a command",
	[IN_PROC] = "an output section, an assignment or a command",
	[IN_SECTION] = "an input section description like *(.text), an assignment or a command",
};

/* statement := KEYWORD ... | NAME ASSIGN-OP expr ';' | output_section
 *            | input            (which ones depends on where) */
static bool parse_statement(struct parser *p, struct ld_stmt *st, unsigned where)
{
	/* In output sections a leading word may be a file pattern (*.o). */
	if (where == IN_SECTION)
		relex_pattern(p);
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(keywords); k++) {
		const struct keyword *kw = &keywords[k];
		if (!ld_tok_is(&p->tok, kw->word))
			continue;
		if (!(kw->where & where)) {
			char msg[200];
			snprintf(msg, sizeof(msg), "%s cannot stand %s", kw->word, place_names[where]);
			error_at(p, p->tok.loc, "%s", msg);
			return false;
		}
		return kw->parse ? kw->parse(p, st) : parse_simple_command(p, st, kw->kind);
	}
	if (p->tok.kind != LD_T_NAME)
		return expected(p, expected_here[where]);
	struct ld_token name = p->tok;
	next(p);
	if (p->tok.kind == LD_T_PUNCT && LD_IS_ASSIGN(p->tok.punct))
		return parse_assignment_rest(p, &name, st);
	if (where == IN_SECTION && ld_tok_punct(&p->tok, '('))
		return parse_input(p, &name, st);
	back_to(p, &name);
	if (where == IN_SECTIONS || where == IN_PROC)
		return parse_output_section(p, st);
	return expected(p, expected_here[where]);
}

struct ld_script *ld_script_parse(const char *name, const char *text, size_t len,
				  struct diag *d)
{
	struct ld_script *s = util_xcalloc(1, sizeof(*s));
	s->name = util_xstrdup(name);
	s->text = util_xstrndup(text, len);
	size_t before = d->errors;
	if (strlen(s->text) != len) {
		diag_error(d, diag_at(s->name, 0, 0), "the script contains a NUL byte");
		ld_script_free(s);
		return NULL;
	}
	struct parser p = {.s = s, .d = d};
	ld_lex_init(&p.lx, s, d);
	next(&p);
	while (p.tok.kind != LD_T_EOF && !diag_full(d)) {
		if (accept(&p, ';'))
			continue;
		struct ld_stmt st = {0};
		if (parse_statement(&p, &st, IN_TOP)) {
			push_stmt(&p, &s->stmts, &s->stmt_count, &s->stmt_cap, &st);
		} else {
			free_stmt(&st);
			recover(&p);
			/* A stray '}' would stop recover() for good. */
			if (ld_tok_punct(&p.tok, '}')) {
				error_at(&p, p.tok.loc, "%s", "'}' without a matching '{'");
				next(&p);
			}
		}
	}
	if (d->errors != before) {
		ld_script_free(s);
		return NULL;
	}
	return s;
}

void ld_script_free(struct ld_script *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->stmt_count; i++)
		free_stmt(&s->stmts[i]);
	free(s->stmts);
	free(s->name);
	free(s->text);
	free(s);
}

bool ld_script_gen(const struct ld_script *s, enum isa_gen *gen)
{
	for (size_t i = 0; i < s->stmt_count; i++)
		if (s->stmts[i].kind == LD_S_OUTPUT_ARCH)
			return isa_parse_gen(s->stmts[i].name, gen);
	return false;
}

const char *ld_script_line(const struct ld_script *s, unsigned line)
{
	if (line == 0)
		return NULL;
	const char *p = s->text;
	for (unsigned l = 1; l < line; l++) {
		p = strchr(p, '\n');
		if (!p)
			return NULL;
		p++;
	}
	return p;
}
