/* sdk/ld: the linker-script parser: the tree it builds and the exact
 * message and location of each kind of mistake. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "ld/script.h"

static const char full[] =
	"/* every statement */\n"
	"OUTPUT_ARCH(a7xx)\n"
	"x = 1 + 2 * 3;\n"
	"SECTIONS\n"
	"{\n"
	"\tPROCESSOR BR ALIGN(8)\n"
	"\t{\n"
	"\t\t.text 0x10 : ALIGN(4) { KEEP(*(.text .text.*)) a.o(BV, LPAC) . += 4;\n"
	"\t\t\tLONG(x) NOP(2); PACKET_TABLE(t, 0x40) }\n"
	"\t\tHANDLER(CP_NOP, y)\n"
	"\t\tDEFAULT_HANDLER(z)\n"
	"\t\tSIZE_LIMIT(0x100)\n"
	"\t\tPROVIDE(p = . << 2 + 1);\n"
	"\t\tASSERT(a ? b : c, \"msg\")\n"
	"\t}\n"
	"}\n";

static void test_tree(struct tap *t)
{
	struct diag d;
	diag_init(&d);
	struct ld_script *s = ld_script_parse("full.ld", full, strlen(full), &d);
	if (!tap_ok(t, s != NULL, "a script using every statement parses")) {
		for (size_t i = 0; i < d.count; i++)
			tap_diag(t, "%u:%u: %s", d.msgs[i].line, d.msgs[i].col, d.msgs[i].text);
		diag_free(&d);
		return;
	}
	enum isa_gen gen;
	tap_ok(t, ld_script_gen(s, &gen) && gen == ISA_A7XX, "OUTPUT_ARCH(a7xx)");
	tap_is_int(t, s->stmt_count, 3, "three top-level statements");
	const struct ld_stmt *x = &s->stmts[1];
	tap_ok(t,
	       x->kind == LD_S_ASSIGN && !strcmp(x->name, "x") && x->loc.line == 3 &&
		       x->loc.col == 1,
	       "x = ... at 3:1");
	const struct ld_expr *e = x->expr;
	tap_ok(t,
	       e->kind == LD_E_BINARY && e->op == '+' && e->a->number == 1 &&
		       e->b->kind == LD_E_BINARY && e->b->op == '*',
	       "1 + 2 * 3 is 1 + (2 * 3)");
	const struct ld_stmt *br = &s->stmts[2].body[0];
	tap_ok(t, br->kind == LD_S_PROCESSOR && !strcmp(br->name, "BR") && br->aux,
	       "PROCESSOR BR ALIGN(8)");
	tap_is_int(t, br->body_count, 6, "six statements in BR");
	const struct ld_stmt *text = &br->body[0];
	tap_ok(t,
	       text->kind == LD_S_OUTPUT_SECTION && !strcmp(text->name, ".text") &&
		       text->expr->number == 0x10 && text->aux && text->aux->number == 4,
	       ".text 0x10 : ALIGN(4)");
	tap_is_int(t, text->body_count, 6, "six statements in .text");
	const struct ld_stmt *keep = &text->body[0], *in = &text->body[1];
	tap_ok(t,
	       keep->kind == LD_S_INPUT && keep->keep && !strcmp(keep->file_pattern, "*") &&
		       keep->pattern_count == 2 && !strcmp(keep->patterns[1], ".text.*"),
	       "KEEP(*(.text .text.*))");
	tap_ok(t,
	       in->kind == LD_S_INPUT && !in->keep && !strcmp(in->file_pattern, "a.o") &&
		       in->pattern_count == 2 && !strcmp(in->patterns[1], "LPAC"),
	       "a.o(BV, LPAC): commas between patterns");
	const struct ld_stmt *dot = &text->body[2];
	tap_ok(t,
	       dot->kind == LD_S_ASSIGN && !dot->name && dot->expr->op == '+' &&
		       dot->expr->a->kind == LD_E_DOT,
	       ". += 4 is . = . + 4");
	tap_ok(t, text->body[3].kind == LD_S_LONG && text->body[4].kind == LD_S_NOP,
	       "LONG, NOP (with or without ';')");
	const struct ld_stmt *pt = &text->body[5];
	tap_ok(t,
	       pt->kind == LD_S_PACKET_TABLE && !strcmp(pt->name, "t") && pt->aux->number == 0x40,
	       "PACKET_TABLE(t, 0x40)");
	tap_ok(t, br->body[1].kind == LD_S_HANDLER && !strcmp(br->body[1].name, "CP_NOP"),
	       "HANDLER(CP_NOP, y)");
	tap_ok(t, br->body[2].kind == LD_S_DEFAULT_HANDLER && br->body[3].kind == LD_S_SIZE_LIMIT,
	       "DEFAULT_HANDLER, SIZE_LIMIT");
	const struct ld_stmt *p = &br->body[4];
	tap_ok(t, p->provide && p->expr->op == LD_OP_SHL && p->expr->b->op == '+',
	       "PROVIDE(p = . << 2 + 1): << binds looser than +");
	const struct ld_stmt *as = &br->body[5];
	tap_ok(t,
	       as->kind == LD_S_ASSERT && as->expr->kind == LD_E_COND &&
		       !strcmp(as->message, "msg"),
	       "ASSERT(a ? b : c, \"msg\")");
	const char *l6 = ld_script_line(s, 6);
	tap_ok(t, l6 && !strncmp(l6, "\tPROCESSOR BR ALIGN(8)\n", 23), "line 6, for carets");
	tap_ok(t, !ld_script_line(s, 99), "no line 99");
	ld_script_free(s);
	diag_free(&d);
}

struct bad {
	const char *text;
	unsigned line, col;
	const char *message;
};

static const struct bad bad_scripts[] = {
	{"x = 1\nSECTIONS { }", 2, 1, "expected ';' after the assignment, found 'SECTIONS'"},
	{"SECTIONS { .text : { LONG(FOO(1)) } }", 1, 27,
	 "unknown function 'FOO': the functions are ALIGN, ADDR, SIZEOF, DEFINED, MIN and MAX"},
	{"x = 0x1g;", 1, 5,
	 "bad number '0x1g': expected a 32-bit number in C syntax (0x1f, 31, 037, 0b11111)"},
	{"x = 0x100000000;", 1, 5,
	 "bad number '0x100000000': expected a 32-bit number in C syntax (0x1f, 31, 037, "
	 "0b11111)"},
	{"\n  /* never closed", 2, 3, "unterminated comment: '/*' without '*/'"},
	{"x = \"abc;", 1, 5, "unterminated string: '\"' without a closing '\"' on the same line"},
	{"SECTIONS { LONG(1) }", 1, 12, "LONG cannot stand directly inside SECTIONS"},
	{"SECTIONS { PROCESSOR A { PROCESSOR B { } } }", 1, 26,
	 "PROCESSOR cannot stand inside a PROCESSOR block"},
	{"OUTPUT_ARCH(a8xx)", 1, 13, "expected a generation: a5xx, a6xx or a7xx, found 'a8xx'"},
	{"SECTIONS {\n .text : { *(.text) }\n", 1, 1, "this block has no closing '}'"},
	{"a += 1;", 1, 3,
	 "a symbol is assigned once: write 'a = ...' (only '.' takes +=, -=, ...)"},
	{"SECTIONS { .text { } }", 1, 18, "expected ':' after the output section name, found '{'"},
	{"ASSERT(1, msg)", 1, 11, "expected a message in double quotes, found 'msg'"},
	{"SECTIONS { .text : { *( ) } }", 1, 25,
	 "expected a section name or pattern, like .text, found ')'"},
	{"SECTIONS { .text : { x = 1 } }", 1, 28, "expected ';' after the assignment, found '}'"},
	{"x = 1 @ 2;", 1, 7, "unexpected character '@'"},
	{"SECTIONS { .text : { LONG(MIN(1)) } }", 1, 32, "MIN takes two arguments"},
	{"PACKET_TABLE(t)", 1, 1, "PACKET_TABLE cannot stand at the top level"},
	{"}", 1, 1, "expected SECTIONS, OUTPUT_ARCH, an assignment or a command, found '}'"},
};

static void test_errors(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(bad_scripts); i++) {
		const struct bad *b = &bad_scripts[i];
		struct diag d;
		diag_init(&d);
		struct ld_script *s = ld_script_parse("bad.ld", b->text, strlen(b->text), &d);
		bool found = false;
		for (size_t k = 0; k < d.count; k++)
			found |= d.msgs[k].line == b->line && d.msgs[k].col == b->col &&
				 !strcmp(d.msgs[k].text, b->message) &&
				 !strcmp(d.msgs[k].file, "bad.ld");
		tap_ok(t, !s && found, "bad.ld:%u:%u: %s", b->line, b->col, b->message);
		if (!found)
			for (size_t k = 0; k < d.count; k++)
				tap_diag(t, "got %u:%u: %s", d.msgs[k].line, d.msgs[k].col,
					 d.msgs[k].text);
		ld_script_free(s);
		diag_free(&d);
	}
}

/* After an error the parser goes on to the next statement. */
static void test_recovery(struct tap *t)
{
	static const char text[] = "x = ;\ny = 2 +;\nSECTIONS { .a : { LONG(1 +) }\n .b : { } }\n";
	struct diag d;
	diag_init(&d);
	struct ld_script *s = ld_script_parse("r.ld", text, strlen(text), &d);
	tap_ok(t, !s, "a script with three mistakes fails");
	tap_is_int(t, d.errors, 3, "and all three are reported");
	tap_ok(t, d.count == 3 && d.msgs[0].line == 1 && d.msgs[1].line == 2 && d.msgs[2].line == 3,
	       "one on each line");
	diag_free(&d);
}

/* Parses text (freed here) and expects its first error at line:col. */
static void expect_first_error(struct tap *t, char *text, size_t len, unsigned line, unsigned col,
			       const char *message, const char *what)
{
	struct diag d;
	diag_init(&d);
	struct ld_script *s = ld_script_parse("test.ld", text, len, &d);
	bool found = !s && d.count && d.msgs[0].line == line && d.msgs[0].col == col &&
		     !strcmp(d.msgs[0].file, "test.ld") && !strcmp(d.msgs[0].text, message);
	if (!tap_ok(t, found, "%s: test.ld:%u:%u: %s", what, line, col, message) && d.count)
		tap_diag(t, "got %u:%u: %s", d.msgs[0].line, d.msgs[0].col, d.msgs[0].text);
	ld_script_free(s);
	diag_free(&d);
	free(text);
}

/* Parses text (freed here) and expects no error. */
static void expect_parses(struct tap *t, char *text, const char *what)
{
	struct diag d;
	diag_init(&d);
	struct ld_script *s = ld_script_parse("test.ld", text, strlen(text), &d);
	if (!tap_ok(t, s && d.count == 0, "%s", what) && d.count)
		tap_diag(t, "got %u:%u: %s", d.msgs[0].line, d.msgs[0].col, d.msgs[0].text);
	ld_script_free(s);
	diag_free(&d);
	free(text);
}

/* prefix, then n copies of rep, then middle, n copies of close, suffix. */
static char *repeated(const char *prefix, const char *rep, const char *middle, const char *close,
		      const char *suffix, unsigned n)
{
	struct util_str s = {0};
	util_str_puts(&s, prefix);
	for (unsigned i = 0; i < n; i++)
		util_str_puts(&s, rep);
	util_str_puts(&s, middle);
	for (unsigned i = 0; i < n; i++)
		util_str_puts(&s, close);
	util_str_puts(&s, suffix);
	return util_str_take(&s);
}

/* The parser recursed once per '(' and unary operator, without a bound:
 * 7,200 parentheses or 52,000 minus signs overflowed the stack. Nesting
 * and size are now capped as in afuc-as (200 deep, 4000 operators and
 * operands), with the error where the cap is passed. */
static void test_limits(struct tap *t)
{
	static const char nested[] = "expression nested more than 200 deep";
	char *text = repeated("x = ", "(", "1", ")", ";", 7200);
	expect_first_error(t, text, strlen(text), 1, 205, nested, "7200 parentheses");
	text = repeated("x = ", "-", "1", "", ";", 52000);
	expect_first_error(t, text, strlen(text), 1, 205, nested, "52000 unary minus signs");
	text = repeated("x = ", "~!+", "1", "", ";", 100);
	expect_first_error(t, text, strlen(text), 1, 205, nested, "mixed unary operators");
	text = repeated("x = ", "1 ? ", "1", " : 1", ";", 5000);
	expect_first_error(t, text, strlen(text), 1, 805, nested, "'?:' nested in '?:'");
	text = repeated("x = MAX(", "MIN(1, ", "1", ")", ", 2);", 5000);
	expect_first_error(t, text, strlen(text), 1, 1399, nested, "function calls");
	text = repeated("x = 1", " + 1", "", "", ";", 100000);
	expect_first_error(t, text, strlen(text), 1, 8005,
			   "expression with more than 4000 operators and operands",
			   "100000 additions");
	/* At the caps, not past them: accepted. */
	text = repeated("x = ", "(", "1", ")", ";", 199);
	expect_parses(t, text, "199 parentheses around a number: 200 deep");
	text = repeated("x = 1", " + 1", "", "", ";", 1999);
	expect_parses(t, text, "1999 additions: 3999 operators and operands");

	/* Blocks nest only as the grammar allows (SECTIONS, PROCESSOR, output
	 * section), and skipping a bad statement counts braces instead of
	 * recursing, so deep nesting is one error, not a crash. */
	text = repeated("", "SECTIONS { ", "", "} ", "", 100000);
	expect_first_error(t, text, strlen(text), 1, 12,
			   "SECTIONS cannot stand directly inside SECTIONS", "nested SECTIONS");
	text = repeated("SECTIONS { ", ".a : { ", "", "} ", "}", 100000);
	expect_first_error(t, text, strlen(text), 1, 19,
			   "expected an input section description like *(.text), an "
			   "assignment or a command, found '.a'",
			   "nested output sections");
	text = repeated("", "{", "", "}", "", 100000);
	expect_first_error(t, text, strlen(text), 1, 1,
			   "expected SECTIONS, OUTPUT_ARCH, an assignment or a command, found '{'",
			   "100000 braces");
}

/* A NUL byte used to be an error without a place: now it has one. */
static void test_nul(struct tap *t)
{
	static const char text[] = "x = 1;\ny = 2 \0+ 3;";
	char *copy = util_xmalloc(sizeof text);
	memcpy(copy, text, sizeof text);
	expect_first_error(
		t, copy, sizeof text - 1, 2, 7,
		"unexpected byte 0x00: a linker script is text and cannot contain a NUL byte",
		"a NUL byte");
	struct diag d;
	diag_init(&d);
	struct ld_script *s = ld_script_parse("test.ld", text, sizeof text - 1, &d);
	tap_ok(t,
	       !s && d.count == 1 && d.msgs[0].source_line &&
		       !strcmp(d.msgs[0].source_line, "y = 2 "),
	       "one error, showing the line up to the NUL");
	diag_free(&d);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_tree(&t);
	test_errors(&t);
	test_recovery(&t);
	test_limits(&t);
	test_nul(&t);
	return tap_done_testing(&t);
}
