/* Parsing afuc-emu test files: one statement per line, '#' starts a
 * comment, `ib` and `expect writes` open blocks closed by `end`. Names
 * and numbers are checked later, once the generation is known
 * (script_run.c). */
#include <stdlib.h>
#include <string.h>

#include "afuc/replay.h"
#include "emu/isagen.h"
#include "emutest/emutest.h"
#include "fw/fw.h"

/* keyword [second keyword] -> kind, with how many words may follow */
struct stmt_syntax {
	const char *word1, *word2;
	enum emutest_stmt_kind kind;
	unsigned min, max;
	const char *usage;
};

#define MANY 0xffffu

static const struct stmt_syntax syntaxes[] = {
	{"image", NULL, EMUTEST_IMAGE, 1, 2, "image PATH | image vendor:NAME | image PFP ME"},
	{"gpu", NULL, EMUTEST_GPU, 1, 1, "gpu a5xx|a6xx|a7xx|a630|gen70500..."},
	{"proc", NULL, EMUTEST_PROC, 1, 1, "proc main|PFP|ME|BV|LPAC"},
	{"ring", NULL, EMUTEST_RING, 1, 1, "ring main|LPAC"},
	{"steps", NULL, EMUTEST_STEPS, 1, 1, "steps N"},
	{"mem", NULL, EMUTEST_MEM, 2, MANY, "mem ADDR VALUE..."},
	{"reg", NULL, EMUTEST_REG, 2, 2, "reg NAME|OFFSET VALUE"},
	{"ctrl", NULL, EMUTEST_CTRL, 2, 2, "ctrl NAME|OFFSET VALUE"},
	{"pkt7", NULL, EMUTEST_PKT7, 1, MANY, "pkt7 OPCODE ARG..."},
	{"pkt4", NULL, EMUTEST_PKT4, 2, MANY, "pkt4 NAME|OFFSET VALUE..."},
	{"raw", NULL, EMUTEST_RAW, 1, MANY, "raw WORD..."},
	{"ib", NULL, EMUTEST_IB, 2, 2, "ib NAME ADDR"},
	{"run", NULL, EMUTEST_RUN, 0, 0, "run"},
	{"replay", NULL, EMUTEST_REPLAY, 1, 1, "replay CAPTURE"},
	{"expect", "mem", EMUTEST_EXPECT_MEM, 2, MANY, "expect mem ADDR VALUE..."},
	{"expect", "reg", EMUTEST_EXPECT_REG, 2, 2, "expect reg NAME|OFFSET VALUE"},
	{"expect", "ctrl", EMUTEST_EXPECT_CTRL, 2, 2, "expect ctrl NAME|OFFSET VALUE"},
	{"expect", "scratch", EMUTEST_EXPECT_SCRATCH, 2, 2, "expect scratch INDEX VALUE"},
	{"expect", "sqe", EMUTEST_EXPECT_SQE, 2, 2, "expect sqe NAME|OFFSET VALUE"},
	{"expect", "gpr", EMUTEST_EXPECT_GPR, 2, 2, "expect gpr $NN VALUE"},
	{"expect", "pipe", EMUTEST_EXPECT_PIPE, 2, 2, "expect pipe NAME|NUMBER VALUE"},
	{"expect", "idle", EMUTEST_EXPECT_IDLE, 0, 0, "expect idle"},
	{"expect", "error", EMUTEST_EXPECT_ERROR, 0, 1, "expect error [KIND]"},
	{"expect", "writes", EMUTEST_EXPECT_WRITES, 0, 1, "expect writes [include]"},
};

struct parser {
	const char *path;
	struct diag *d;
	unsigned line;
	const char *line_text;
};

static void error_at(struct parser *p, unsigned col, const char *fmt, const char *arg)
{
	emutest_error(p->d, p->path, p->line, col, p->line_text, fmt, arg);
}

static const struct stmt_syntax *find_syntax(struct emutest_tok *toks, size_t n, size_t *used)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(syntaxes); i++) {
		const struct stmt_syntax *s = &syntaxes[i];
		if (strcmp(toks[0].text, s->word1) != 0)
			continue;
		if (!s->word2) {
			*used = 1;
			return s;
		}
		if (n > 1 && strcmp(toks[1].text, s->word2) == 0) {
			*used = 2;
			return s;
		}
	}
	return NULL;
}

/* Which statements a block may hold. */
static bool allowed_in(enum emutest_stmt_kind block, enum emutest_stmt_kind kind)
{
	if (block == EMUTEST_IB)
		return kind == EMUTEST_PKT7 || kind == EMUTEST_PKT4 || kind == EMUTEST_RAW;
	return true;
}

static void add_stmt(struct emutest_stmt **list, size_t *count, size_t *cap,
		     struct emutest_stmt *st)
{
	*UTIL_PUSH(*list, *count, *cap) = *st;
}

/* "unknown statement 'expct'; did you mean 'expect'?", or after
 * 'expect' what may follow it: the nearest of the table's words. */
static void unknown_statement(struct parser *p, const struct emutest_tok *toks, size_t n)
{
	bool expect = strcmp(toks[0].text, "expect") == 0;
	const struct emutest_tok *t = expect && n > 1 ? &toks[1] : &toks[0];
	const char *words[UTIL_ARRAY_SIZE(syntaxes) + 1] = {"end"};
	size_t kinds = 0;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(syntaxes); i++) {
		words[i + 1] = expect ? syntaxes[i].word2 : syntaxes[i].word1;
		kinds += syntaxes[i].word2 != NULL;
	}
	struct util_str msg = {0};
	if (expect) {
		util_str_puts(&msg, "expected ");
		for (size_t i = 0, k = 0; i < UTIL_ARRAY_SIZE(syntaxes); i++)
			if (syntaxes[i].word2 && ++k)
				util_str_printf(&msg, "%s%s",
						k == 1       ? ""
						: k == kinds ? " or "
							     : ", ",
						syntaxes[i].word2);
		util_str_printf(&msg, " after 'expect', found '%s'", n > 1 ? t->text : "nothing");
	} else {
		util_str_printf(&msg, "unknown statement '%s'", t->text);
	}
	if (n > 1 || !expect)
		emutest_nearest(t->text, words + expect, UTIL_ARRAY_SIZE(words) - expect, &msg);
	error_at(p, t->col, "%s", msg.text);
	util_str_free(&msg);
}

struct emutest *emutest_parse(const char *path, const char *text, struct diag *d)
{
	return emutest_parse_len(path, text, strlen(text), d);
}

struct emutest *emutest_parse_len(const char *path, const char *text, size_t text_len,
				  struct diag *d)
{
	struct parser p = {.path = path, .d = d};
	struct emutest *s = util_xcalloc(1, sizeof *s);
	s->path = util_xstrdup(path);
	size_t cap = 0, body_cap = 0;
	struct emutest_stmt *block = NULL; /* the open ib / expect writes */
	size_t errors_before = d->errors;
	struct emutest_lines in = {.text = text, .len = text_len};
	struct emutest_line ln;
	while (!diag_full(d) && emutest_next_line(&in, &ln)) {
		size_t len = ln.len;
		p.line = ln.no;
		p.line_text = ln.text;
		if (ln.nul_col) {
			error_at(&p, ln.nul_col, "%s", EMUTEST_NUL_ERROR);
			continue;
		}
		struct emutest_tok *toks;
		size_t n = emutest_words(ln.text, len, &toks);
		if (n == 0) {
			free(toks);
			continue;
		}
		if (strcmp(toks[0].text, "end") == 0) {
			if (!block)
				error_at(&p, toks[0].col, "'end' without an open %s", "block");
			else if (n > 1)
				error_at(&p, toks[1].col,
					 "expected nothing after 'end', found '%s'", toks[1].text);
			block = NULL;
			body_cap = 0;
			emutest_free_words(toks, n);
			continue;
		}
		struct emutest_stmt st = {.line = p.line, .text = util_xstrndup(p.line_text, len)};
		if (block && block->kind == EMUTEST_EXPECT_WRITES) {
			/* reg NAME VALUE | pipe NAME VALUE | mem ADDR VALUE | meq VALUE,
			 * resolved later */
			bool meq = strcmp(toks[0].text, "meq") == 0;
			if (n != (meq ? 2u : 3u) ||
			    (!meq && strcmp(toks[0].text, "reg") && strcmp(toks[0].text, "pipe") &&
			     strcmp(toks[0].text, "mem"))) {
				st.bad = true;
				error_at(
					&p, toks[0].col,
					"expected 'reg NAME VALUE', 'pipe NAME VALUE', 'mem ADDR "
					"VALUE', 'meq VALUE' or 'end' in expect writes, found '%s'",
					toks[0].text);
			}
			st.kind = EMUTEST_EXPECT_WRITES;
			st.toks = toks;
			st.ntoks = n;
			add_stmt(&block->body, &block->nbody, &body_cap, &st);
			continue;
		}
		size_t used = 0;
		const struct stmt_syntax *syn = find_syntax(toks, n, &used);
		if (!syn) {
			unknown_statement(&p, toks, n);
			free(st.text);
			emutest_free_words(toks, n);
			continue;
		}
		size_t args = n - used;
		if (args < syn->min || args > syn->max) {
			diag_add(d, DIAG_ERROR, diag_at(path, p.line, toks[0].col), p.line_text,
				 "expected '%s', found %zu argument%s", syn->usage, args,
				 args == 1 ? "" : "s");
			st.bad = true;
		}
		if (block && !allowed_in(block->kind, syn->kind)) {
			error_at(&p, toks[0].col,
				 "'%s' cannot appear inside an ib block (close it with 'end')",
				 syn->word1);
			st.bad = true;
		}
		st.kind = syn->kind;
		st.ntoks = args;
		st.toks = util_xcalloc(args ? args : 1, sizeof *st.toks);
		memcpy(st.toks, toks + used, args * sizeof *toks);
		for (size_t i = 0; i < used; i++)
			free(toks[i].text);
		free(toks);
		if (st.kind == EMUTEST_EXPECT_WRITES) {
			if (args == 1 && strcmp(st.toks[0].text, "include") != 0) {
				error_at(&p, st.toks[0].col,
					 "expected 'include' or nothing, found '%s'",
					 st.toks[0].text);
				st.bad = true;
			}
			st.include = args == 1;
		}
		if (block) {
			add_stmt(&block->body, &block->nbody, &body_cap, &st);
			continue;
		}
		add_stmt(&s->stmts, &s->count, &cap, &st);
		if (st.kind == EMUTEST_IB || st.kind == EMUTEST_EXPECT_WRITES) {
			block = &s->stmts[s->count - 1];
			body_cap = 0;
		}
	}
	if (block)
		diag_add(d, DIAG_ERROR, diag_at(path, block->line, 1), block->text,
			 "this block has no 'end'");
	s->parse_errors = d->errors - errors_before;
	return s;
}

static void free_stmts(struct emutest_stmt *stmts, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		struct emutest_stmt *st = &stmts[i];
		free(st->text);
		emutest_free_words(st->toks, st->ntoks);
		free_stmts(st->body, st->nbody);
		free(st->words);
		free(st->writes);
		emu_replay_close(st->replay);
	}
	free(stmts);
}

void emutest_free(struct emutest *s)
{
	if (!s)
		return;
	free_stmts(s->stmts, s->count);
	free(s->path);
	free(s);
}

bool emutest_parse_gen(const char *text, enum emu_gen *gen)
{
	/* a5xx, 6, a630, a702 (an a6xx), gen70500, gen80000: sdk/fw knows */
	enum isa_gen g;
	return fw_gen_of_part(text, &g) && emu_gen_of_isa(g, gen);
}
