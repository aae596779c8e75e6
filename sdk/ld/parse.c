/* The linker-script parser: recursive descent over sdk/ld/lex.c tokens,
 * building the tree of sdk/ld/script.h. After an error it skips to the
 * end of the statement and goes on, so one run reports every mistake (up
 * to the diag cap). */
#include <stdlib.h>
#include <string.h>

#include "ld/parser.h"

static void free_stmt(struct ld_stmt *st)
{
	free(st->name);
	free(st->file_pattern);
	for (size_t i = 0; i < st->pattern_count; i++)
		free(st->patterns[i]);
	free(st->patterns);
	ld_free_expr(st->expr);
	ld_free_expr(st->aux);
	free(st->message);
	for (size_t i = 0; i < st->body_count; i++)
		free_stmt(&st->body[i]);
	free(st->body);
}

static void push_stmt(struct ld_parser *p, struct ld_stmt **items, size_t *count, size_t *cap,
		      struct ld_stmt *st)
{
	st->id = p->s->stmt_total++;
	*UTIL_PUSH(*items, *count, *cap) = *st;
}

/* KEYWORD '(' : starts command st, of kind, at its keyword. */
static bool open_command(struct ld_parser *p, struct ld_stmt *st, enum ld_stmt_kind kind)
{
	char what[64];
	snprintf(what, sizeof(what), "'(' after %.*s", (int)p->tok.len, p->tok.text);
	st->kind = (uint8_t)kind;
	st->loc = p->tok.loc;
	ld_next(p);
	return ld_expect(p, '(', what);
}

/* ')' [';'] : ends a command. */
static bool close_command(struct ld_parser *p)
{
	if (!ld_expect(p, ')', "')' closing the command"))
		return false;
	ld_accept(p, ';');
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
static bool parse_assignment_rest(struct ld_parser *p, const struct ld_token *target,
				  struct ld_stmt *st)
{
	if (!valid_symbol_name(target)) {
		char *name = ld_tok_text(target);
		ld_parse_error(p, target->loc, "'%s' is not a symbol name", name);
		free(name);
		return false;
	}
	st->kind = LD_S_ASSIGN;
	st->loc = target->loc;
	bool dot = ld_tok_is(target, ".");
	st->name = dot ? NULL : ld_tok_text(target);
	struct ld_token op = p->tok;
	if (op.punct != '=' && !dot) {
		ld_parse_error(p, op.loc,
			       "a symbol is assigned once: write '%s = ...' (only '.' "
			       "takes +=, -=, ...)",
			       st->name);
		return false;
	}
	ld_next(p);
	if (!(st->expr = ld_parse_expr(p)))
		return false;
	if (op.punct != '=') {
		/* ". += x" is ". = . + x" */
		struct ld_expr *e = ld_new_expr(LD_E_BINARY, op.loc);
		e->op = op.punct & ~0x1000;
		e->a = ld_new_expr(LD_E_DOT, target->loc);
		e->b = st->expr;
		st->expr = e;
	}
	return ld_expect(p, ';', "';' after the assignment");
}

/* provide := PROVIDE '(' NAME '=' expr ')' ';' */
static bool parse_provide(struct ld_parser *p, struct ld_stmt *st)
{
	st->provide = true;
	if (!open_command(p, st, LD_S_ASSIGN))
		return false;
	if (p->tok.kind != LD_T_NAME || ld_tok_is(&p->tok, ".") || !valid_symbol_name(&p->tok))
		return ld_expected(p, "a symbol name");
	st->name = ld_tok_text(&p->tok);
	ld_next(p);
	if (!ld_expect(p, '=', "'='") || !(st->expr = ld_parse_expr(p)))
		return false;
	if (!ld_expect(p, ')', "')' closing PROVIDE"))
		return false;
	return ld_expect(p, ';', "';' after PROVIDE(...)");
}

/* assert := ASSERT '(' expr ',' STRING ')' [';'] */
static bool parse_assert(struct ld_parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_ASSERT) || !(st->expr = ld_parse_expr(p)) ||
	    !ld_expect(p, ',', "',' and a message"))
		return false;
	if (p->tok.kind != LD_T_STRING)
		return ld_expected(p, "a message in double quotes");
	st->message = ld_tok_text(&p->tok);
	ld_next(p);
	return close_command(p);
}

/* command := KEYWORD '(' expr ')' [';']   (SIZE_LIMIT, LONG, NOP, DEFAULT_HANDLER) */
static bool parse_simple_command(struct ld_parser *p, struct ld_stmt *st, enum ld_stmt_kind kind)
{
	return open_command(p, st, kind) && (st->expr = ld_parse_expr(p)) && close_command(p);
}

/* handler := HANDLER '(' (NAME | expr) ',' expr ')' [';']
 * The opcode is a PM4 name (CP_NOP, PKT4), UNKNn or a number. */
static bool parse_handler(struct ld_parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_HANDLER))
		return false;
	if (p->tok.kind == LD_T_NAME) {
		st->name = ld_tok_text(&p->tok);
		ld_next(p);
	} else if (!(st->aux = ld_parse_expr(p))) {
		return false;
	}
	return ld_expect(p, ',', "',' and the handler") && (st->expr = ld_parse_expr(p)) &&
	       close_command(p);
}

/* packet_table := PACKET_TABLE '(' NAME [',' expr] ')' [';'] */
static bool parse_packet_table(struct ld_parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_PACKET_TABLE))
		return false;
	if (p->tok.kind != LD_T_NAME || ld_tok_is(&p->tok, ".") || !valid_symbol_name(&p->tok))
		return ld_expected(p, "the name of the symbol that marks the table");
	st->name = ld_tok_text(&p->tok);
	ld_next(p);
	if (ld_accept(p, ',') && !(st->aux = ld_parse_expr(p)))
		return false;
	return close_command(p);
}

/* output_arch := OUTPUT_ARCH '(' GEN ')' [';'] */
static bool parse_output_arch(struct ld_parser *p, struct ld_stmt *st)
{
	if (!open_command(p, st, LD_S_OUTPUT_ARCH))
		return false;
	enum isa_gen gen;
	char *name = p->tok.kind == LD_T_NAME ? ld_tok_text(&p->tok) : NULL;
	if (!name || !isa_parse_gen(name, &gen)) {
		free(name);
		return ld_expected(p, "a generation: a5xx, a6xx or a7xx");
	}
	st->name = name;
	ld_next(p);
	return close_command(p);
}

/* input := PATTERN '(' PATTERN { [','] PATTERN } ')'
 * file is the file pattern, already read; the current token follows it. */
static bool parse_input(struct ld_parser *p, const struct ld_token *file, struct ld_stmt *st)
{
	st->kind = LD_S_INPUT;
	st->loc = file->loc;
	st->file_pattern = ld_tok_text(file);
	if (!ld_expect(p, '(', "'(' and section patterns"))
		return false;
	size_t cap = 0;
	ld_relex_pattern(p);
	while (p->tok.kind == LD_T_NAME) {
		*UTIL_PUSH(st->patterns, st->pattern_count, cap) = ld_tok_text(&p->tok);
		ld_next(p);
		ld_accept(p, ',');
		ld_relex_pattern(p);
	}
	if (st->pattern_count == 0)
		return ld_expected(p, "a section name or pattern, like .text");
	return ld_expect(p, ')', "')' closing the section patterns");
}

/* keep := KEEP '(' input ')' */
static bool parse_keep(struct ld_parser *p, struct ld_stmt *st)
{
	ld_next(p);
	if (!ld_expect(p, '(', "'(' after KEEP"))
		return false;
	ld_relex_pattern(p);
	if (p->tok.kind != LD_T_NAME)
		return ld_expected(p, "an input section description like *(.text)");
	struct ld_token file = p->tok;
	ld_next(p);
	if (!parse_input(p, &file, st))
		return false;
	st->keep = true;
	return ld_expect(p, ')', "')' closing KEEP");
}

typedef bool (*stmt_parser)(struct ld_parser *p, struct ld_stmt *st);

/* block := '{' { stmt } '}' : statements parsed by one, each pushed into
 * st's body; errors skip to the next statement. */
static bool parse_block(struct ld_parser *p, struct ld_stmt *st, stmt_parser one, const char *what)
{
	if (!ld_expect(p, '{', what))
		return false;
	while (!ld_tok_punct(&p->tok, '}')) {
		if (p->tok.kind == LD_T_EOF) {
			ld_parse_error(p, st->loc, "%s", "this block has no closing '}'");
			return false;
		}
		if (ld_accept(p, ';'))
			continue;
		struct ld_stmt child = {0};
		if (one(p, &child)) {
			push_stmt(p, &st->body, &st->body_count, &st->body_cap, &child);
		} else {
			free_stmt(&child);
			if (diag_full(p->d))
				return false;
			ld_recover(p);
		}
	}
	ld_next(p);
	return true;
}

/* Where a statement may stand. */
enum { IN_TOP = 1, IN_SECTIONS = 2, IN_PROC = 4, IN_SECTION = 8, ANYWHERE = 15 };

static const char *const place_names[] = {
	[IN_TOP] = "at the top level",
	[IN_SECTIONS] = "directly inside SECTIONS",
	[IN_PROC] = "inside a PROCESSOR block",
	[IN_SECTION] = "inside an output section",
};

static bool parse_statement(struct ld_parser *p, struct ld_stmt *st, unsigned where);

static bool parse_sections_stmt(struct ld_parser *p, struct ld_stmt *st)
{
	return parse_statement(p, st, IN_SECTIONS);
}

static bool parse_proc_stmt(struct ld_parser *p, struct ld_stmt *st)
{
	return parse_statement(p, st, IN_PROC);
}

static bool parse_section_stmt(struct ld_parser *p, struct ld_stmt *st)
{
	return parse_statement(p, st, IN_SECTION);
}

/* sections := SECTIONS '{' { sections_stmt } '}' */
static bool parse_sections(struct ld_parser *p, struct ld_stmt *st)
{
	st->kind = LD_S_SECTIONS;
	st->loc = p->tok.loc;
	ld_next(p);
	return parse_block(p, st, parse_sections_stmt, "'{' after SECTIONS");
}

/* processor := PROCESSOR NAME [ALIGN '(' expr ')'] '{' { proc_stmt } '}' */
static bool parse_processor(struct ld_parser *p, struct ld_stmt *st)
{
	st->kind = LD_S_PROCESSOR;
	st->loc = p->tok.loc;
	ld_next(p);
	if (p->tok.kind != LD_T_NAME || ld_tok_is(&p->tok, "."))
		return ld_expected(p, "the processor image's name (BR, BV, LPAC, SQE, ...)");
	st->name = ld_tok_text(&p->tok);
	ld_next(p);
	if (ld_tok_is(&p->tok, "ALIGN") && !(st->aux = ld_parse_paren_expr(p)))
		return false;
	return parse_block(p, st, parse_proc_stmt, "'{' opening the processor image");
}

/* output_section := NAME [expr] ':' [ALIGN '(' expr ')'] '{' { section_stmt } '}'
 * The current token is the name. */
static bool parse_output_section(struct ld_parser *p, struct ld_stmt *st)
{
	st->kind = LD_S_OUTPUT_SECTION;
	st->loc = p->tok.loc;
	st->name = ld_tok_text(&p->tok);
	ld_next(p);
	if (ld_tok_punct(&p->tok, '{'))
		return ld_expected(p, "':' after the output section name");
	if (!ld_tok_punct(&p->tok, ':') && !(st->expr = ld_parse_expr(p)))
		return false;
	if (!ld_expect(p, ':', "':' after the output section name (and address)"))
		return false;
	if (ld_tok_is(&p->tok, "ALIGN") && !(st->aux = ld_parse_paren_expr(p)))
		return false;
	return parse_block(p, st, parse_section_stmt, "'{' opening the output section");
}

static const struct keyword {
	const char *word;
	unsigned where;
	stmt_parser parse; /* NULL: KEYWORD '(' expr ')' of kind */
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
static bool parse_statement(struct ld_parser *p, struct ld_stmt *st, unsigned where)
{
	/* In output sections a leading word may be a file pattern (*.o). */
	if (where == IN_SECTION)
		ld_relex_pattern(p);
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(keywords); k++) {
		const struct keyword *kw = &keywords[k];
		if (!ld_tok_is(&p->tok, kw->word))
			continue;
		if (!(kw->where & where)) {
			char msg[200];
			snprintf(msg, sizeof(msg), "%s cannot stand %s", kw->word,
				 place_names[where]);
			ld_parse_error(p, p->tok.loc, "%s", msg);
			return false;
		}
		return kw->parse ? kw->parse(p, st) : parse_simple_command(p, st, kw->kind);
	}
	if (p->tok.kind != LD_T_NAME)
		return ld_expected(p, expected_here[where]);
	struct ld_token name = p->tok;
	ld_next(p);
	if (p->tok.kind == LD_T_PUNCT && LD_IS_ASSIGN(p->tok.punct))
		return parse_assignment_rest(p, &name, st);
	if (where == IN_SECTION && ld_tok_punct(&p->tok, '('))
		return parse_input(p, &name, st);
	ld_back_to(p, &name);
	if (where == IN_SECTIONS || where == IN_PROC)
		return parse_output_section(p, st);
	return ld_expected(p, expected_here[where]);
}

struct ld_script *ld_script_parse(const char *name, const char *text, size_t len, struct diag *d)
{
	struct ld_script *s = util_xcalloc(1, sizeof(*s));
	s->name = util_xstrdup(name);
	s->text = util_xstrndup(text, len);
	size_t before = d->errors;
	const char *nul = memchr(text, 0, len);
	if (nul) {
		/* The tokenizer works on C strings: a NUL would end the script
		 * early without a word, so it is an error where it stands. */
		unsigned line = 1;
		const char *line_start = text;
		for (const char *c = text; c < nul; c++)
			if (*c == '\n') {
				line++;
				line_start = c + 1;
			}
		diag_add(d, DIAG_ERROR, diag_at(s->name, line, (unsigned)(nul - line_start) + 1),
			 ld_script_line(s, line), "%s",
			 "unexpected byte 0x00: a linker script is text and cannot contain a NUL "
			 "byte");
		ld_script_free(s);
		return NULL;
	}
	struct ld_parser p = {.s = s, .d = d};
	ld_lex_init(&p.lx, s, d);
	ld_next(&p);
	while (p.tok.kind != LD_T_EOF && !diag_full(d)) {
		if (ld_accept(&p, ';'))
			continue;
		struct ld_stmt st = {0};
		if (parse_statement(&p, &st, IN_TOP)) {
			push_stmt(&p, &s->stmts, &s->stmt_count, &s->stmt_cap, &st);
		} else {
			free_stmt(&st);
			ld_recover(&p);
			/* A stray '}' would stop ld_recover() for good. */
			if (ld_tok_punct(&p.tok, '}')) {
				ld_parse_error(&p, p.tok.loc, "%s", "'}' without a matching '{'");
				ld_next(&p);
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
