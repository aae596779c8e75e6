/* Running an afuc-emu test file: find the image, choose the generation,
 * resolve every name and number (all errors before anything runs), then
 * execute the statements in order, one TAP test per expectation. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afuc/replay.h"
#include "afuc/tap.h"
#include "emuload/emuload.h"
#include "emutest/emutest.h"
#include "fw/fw.h"
#include "isa/isa.h"
#include "util/util.h"

struct ib_ref {
	const char *name;
	uint64_t addr;
	uint32_t size;
};

struct runner {
	struct emutest *s;
	struct emutest_run *r;
	struct diag *d;
	struct emu *emu;
	struct ib_ref *ibs;
	size_t nibs, ibs_cap;
	struct tap tap;
	enum emu_status last;
	bool ran;
	bool initialized;   /* a replay pushed the kernel's CP_ME_INIT */
	bool quit;          /* the debugger's user quit: run nothing more */
	enum emu_proc proc; /* whose registers ctrl, gpr... mean (proc) */
	bool lpac_ring;     /* packets go to LPAC's ring (ring LPAC) */
};

static void errorf(struct runner *x, const struct emutest_stmt *st, const struct emutest_tok *t,
		   const char *fmt, const char *a, const char *b)
{
	diag_add(x->d, DIAG_ERROR, diag_at(x->s->path, st->line, t ? t->col : 0), st->text, fmt, a,
		 b);
}

/* ---- numbers and names ---- */

static bool number(struct runner *x, const struct emutest_stmt *st, const struct emutest_tok *t,
		   unsigned bits, uint64_t *v)
{
	if (!util_parse_u64(t->text, v)) {
		errorf(x, st, t, "expected a number, found '%s'%s", t->text, "");
		return false;
	}
	if (bits < 64 && *v >> bits) {
		char width[16];
		snprintf(width, sizeof width, "%u", bits);
		errorf(x, st, t, "%s does not fit in %s bits", t->text, width);
		return false;
	}
	return true;
}

/* A 32-bit value: a number, or NAME.lo / NAME.hi / NAME.size of an ib. */
static bool value(struct runner *x, const struct emutest_stmt *st, const struct emutest_tok *t,
		  uint32_t *v)
{
	const char *dot = strrchr(t->text, '.');
	if (dot && !(t->text[0] >= '0' && t->text[0] <= '9')) {
		size_t len = (size_t)(dot - t->text);
		for (size_t i = 0; i < x->nibs; i++) {
			const struct ib_ref *ib = &x->ibs[i];
			if (strlen(ib->name) != len || strncmp(ib->name, t->text, len) != 0)
				continue;
			if (strcmp(dot, ".lo") == 0)
				*v = (uint32_t)ib->addr;
			else if (strcmp(dot, ".hi") == 0)
				*v = (uint32_t)(ib->addr >> 32);
			else if (strcmp(dot, ".size") == 0)
				*v = ib->size;
			else
				break;
			return true;
		}
		errorf(x, st, t,
		       "expected a number or IB.lo, IB.hi, IB.size of an ib defined above, "
		       "found '%s'%s",
		       t->text, "");
		return false;
	}
	uint64_t n;
	if (!number(x, st, t, 32, &n))
		return false;
	*v = (uint32_t)n;
	return true;
}

static const char *const space_words[EMU_SPACE_COUNT] = {
	[EMU_SPACE_GPU] = "register",      [EMU_SPACE_CONTROL] = "control register",
	[EMU_SPACE_SQE] = "SQE register",  [EMU_SPACE_PIPE] = "pipe register",
	[EMU_SPACE_PM4] = "packet opcode",
};

static const uint64_t space_limits[EMU_SPACE_COUNT] = {
	[EMU_SPACE_GPU] = EMU_GPU_REG_COUNT,
	[EMU_SPACE_CONTROL] = EMU_CONTROL_COUNT,
	[EMU_SPACE_SQE] = EMU_CONTROL_COUNT,
	[EMU_SPACE_PIPE] = 256,
	[EMU_SPACE_PM4] = 0x80,
};

/* A number, or a name of space (with a "did you mean" when unknown). */
static bool name(struct runner *x, const struct emutest_stmt *st, const struct emutest_tok *t,
		 enum emu_space space, uint64_t *v)
{
	const char *text = t->text;
	if (space == EMU_SPACE_CONTROL && text[0] == '@')
		text++;
	else if (space == EMU_SPACE_SQE && text[0] == '%')
		text++;
	else if (space == EMU_SPACE_PIPE && text[0] == '|')
		text++;
	if (text[0] >= '0' && text[0] <= '9') {
		if (!number(x, st, t, 64, v))
			return false;
	} else if (!emu_lookup(x->emu, space, text, v)) {
		bool unkn = space == EMU_SPACE_PM4 && strncmp(text, "UNKN", 4) == 0;
		const char *near[3];
		int n = emu_lookup_near(x->emu, space, text, near, 3);
		struct util_str hint = {0};
		if (unkn)
			util_str_puts(&hint, " (UNKNn takes a decimal n from 0 to 127, "
					     "without leading zeros)");
		else if (n < 0)
			util_str_puts(&hint, " (no register database: use a number)");
		util_did_you_mean(&hint, near, unkn || n < 0 ? 0 : (size_t)n);
		diag_add(x->d, DIAG_ERROR, diag_at(x->s->path, st->line, t->col), st->text,
			 "unknown %s '%s' for %s%s", space_words[space], text, emu_variant(x->emu),
			 hint.text ? hint.text : "");
		util_str_free(&hint);
		return false;
	}
	if (*v >= space_limits[space]) {
		errorf(x, st, t, "%s is outside the %s space", t->text, space_words[space]);
		return false;
	}
	return true;
}

static bool values(struct runner *x, struct emutest_stmt *st, size_t first)
{
	st->nwords = st->ntoks - first;
	st->words = util_xcalloc(st->nwords ? st->nwords : 1, sizeof *st->words);
	bool ok = true;
	for (size_t i = 0; i < st->nwords; i++)
		ok &= value(x, st, &st->toks[first + i], &st->words[i]);
	return ok;
}

/* Builds a packet (or raw words) into st->words. */
static bool packet(struct runner *x, struct emutest_stmt *st)
{
	uint64_t id = 0;
	size_t first = st->kind == EMUTEST_RAW ? 0 : 1;
	if (st->kind == EMUTEST_PKT7 && !name(x, st, &st->toks[0], EMU_SPACE_PM4, &id))
		return false;
	if (st->kind == EMUTEST_PKT4 && !name(x, st, &st->toks[0], EMU_SPACE_GPU, &id))
		return false;
	size_t n = st->ntoks - first;
	if ((st->kind == EMUTEST_PKT7 && n > EMU_PKT7_MAX_COUNT) ||
	    (st->kind == EMUTEST_PKT4 && n > EMU_PKT4_MAX_COUNT)) {
		errorf(x, st, &st->toks[0], "too many words for one %s packet%s",
		       st->kind == EMUTEST_PKT7 ? "type-7" : "type-4", "");
		return false;
	}
	if (!values(x, st, first))
		return false;
	if (first) {
		st->words = util_xrealloc(st->words, (n + 1) * sizeof *st->words);
		memmove(st->words + 1, st->words, n * sizeof *st->words);
		st->words[0] = st->kind == EMUTEST_PKT7
				       ? emu_pkt7_header((uint32_t)id, (uint32_t)n)
				       : emu_pkt4_header((uint32_t)id, (uint32_t)n);
		st->nwords = n + 1;
	}
	return true;
}

/* The words of st (at st->addr) end below 2^64: past it they would wrap
 * to address 0. */
static bool fits_below_top(struct runner *x, const struct emutest_stmt *st,
			   const struct emutest_tok *t)
{
	if (!st->nwords || 4 * ((uint64_t)st->nwords - 1) <= UINT64_MAX - 3 - st->addr)
		return true;
	char count[32];
	snprintf(count, sizeof count, "%zu", st->nwords);
	errorf(x, st, t, "%s words at %s wrap past the top of the address space", count, t->text);
	return false;
}

static bool ib_block(struct runner *x, struct emutest_stmt *st)
{
	if (!number(x, st, &st->toks[1], 64, &st->addr))
		return false;
	if (st->addr & 3) {
		errorf(x, st, &st->toks[1], "IB address %s is not a multiple of 4%s",
		       st->toks[1].text, "");
		return false;
	}
	size_t cap = 0;
	for (size_t i = 0; i < st->nbody; i++) {
		struct emutest_stmt *p = &st->body[i];
		if (p->bad)
			continue; /* reported by the parser */
		if (!packet(x, p))
			return false;
		for (size_t w = 0; w < p->nwords; w++)
			*UTIL_PUSH(st->words, st->nwords, cap) = p->words[w];
	}
	if (!fits_below_top(x, st, &st->toks[1]))
		return false;
	struct ib_ref *ib = UTIL_PUSH(x->ibs, x->nibs, x->ibs_cap);
	ib->name = st->toks[0].text;
	ib->addr = st->addr;
	ib->size = (uint32_t)st->nwords;
	return true;
}

static bool expected_writes(struct runner *x, struct emutest_stmt *st)
{
	st->writes = util_xcalloc(st->nbody ? st->nbody : 1, sizeof *st->writes);
	st->nwrites = st->nbody;
	bool ok = true;
	for (size_t i = 0; i < st->nbody; i++) {
		struct emutest_stmt *b = &st->body[i];
		struct emutest_write_exp *w = &st->writes[i];
		w->line = b->line;
		if (b->bad)
			continue; /* reported by the parser */
		if (strcmp(b->toks[0].text, "meq") == 0) {
			w->kind = EMU_WRITE_MEQ;
			ok &= value(x, b, &b->toks[1], &w->value);
			continue;
		}
		if (strcmp(b->toks[0].text, "mem") == 0) {
			w->kind = EMU_WRITE_MEM;
			ok &= number(x, b, &b->toks[1], 64, &w->addr);
		} else {
			bool pipe = strcmp(b->toks[0].text, "pipe") == 0;
			w->kind = pipe ? EMU_WRITE_PIPE : EMU_WRITE_GPU;
			ok &= name(x, b, &b->toks[1], pipe ? EMU_SPACE_PIPE : EMU_SPACE_GPU,
				   &w->addr);
		}
		ok &= value(x, b, &b->toks[2], &w->value);
	}
	return ok;
}

/* proc NAME: which processor's registers the statements after it mean. */
static bool proc_stmt(struct runner *x, struct emutest_stmt *st)
{
	static const struct {
		const char *name;
		enum emu_proc proc;
		bool pair; /* only in a PFP and ME pair */
	} procs[] = {
		{"main", EMU_MAIN, false},     {"BV", EMU_BV, false}, {"LPAC", EMU_LPAC, false},
		{"PFP", EMU_PFP, true},        {"ME", EMU_ME, true},  {"PROC4", EMU_PROC4, false},
		{"PROC4B", EMU_PROC4B, false},
	};
	const struct emutest_tok *t = &st->toks[0];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(procs); i++) {
		if (strcmp(t->text, procs[i].name) != 0)
			continue;
		if (procs[i].pair && !emu_is_pair(x->emu)) {
			errorf(x, st, t,
			       "%s names a processor of a PFP and ME pair: load both with "
			       "'image PFP ME'%s",
			       t->text, "");
			return false;
		}
		st->addr = procs[i].proc;
		return true;
	}
	errorf(x, st, t, "expected main, PFP, ME, BV, LPAC, PROC4 or PROC4B, found '%s'%s", t->text,
	       "");
	return false;
}

/* ring NAME: which ring the packets after it go to: main (the one the
 * main processor, and a7xx BV, read) or LPAC's own. */
static bool ring_stmt(struct runner *x, struct emutest_stmt *st)
{
	const struct emutest_tok *t = &st->toks[0];
	if (strcmp(t->text, "main") == 0) {
		st->addr = 0;
		return true;
	}
	if (strcmp(t->text, "LPAC") != 0) {
		errorf(x, st, t, "expected main or LPAC, found '%s'%s", t->text, "");
		return false;
	}
	if (!emu_push_lpac(x->emu, NULL, 0)) {
		errorf(x, st, t, "this image has no LPAC, whose ring LPAC names (a660, a7xx)%s%s",
		       "", "");
		return false;
	}
	st->addr = 1;
	return true;
}

/* The firmware's scratch words in the control space, per generation:
 * a530's PM4 keeps 48 at 0x050 (adreno_control_regs.xml); the a6xx and
 * a7xx SQE 128 at 0x100. */
static const struct {
	uint16_t base, count;
} scratch_space[] = {
	[EMU_A5XX] = {0x050, 0x30},
	[EMU_A6XX] = {0x100, 0x80},
	[EMU_A7XX] = {0x100, 0x80},
};

static bool scratch_stmt(struct runner *x, struct emutest_stmt *st)
{
	uint64_t n;
	if (!number(x, st, &st->toks[0], 64, &n))
		return false;
	const unsigned base = scratch_space[emu_gen(x->emu)].base;
	const unsigned count = scratch_space[emu_gen(x->emu)].count;
	if (n >= count) {
		char last[32];
		snprintf(last, sizeof last, "0x%x on %s", count - 1, emu_variant(x->emu));
		errorf(x, st, &st->toks[0], "scratch index %s is past %s", st->toks[0].text, last);
		return false;
	}
	st->addr = base + n;
	return values(x, st, 1);
}

static bool resolve(struct runner *x, struct emutest_stmt *st)
{
	switch (st->kind) {
	case EMUTEST_PROC:
		return proc_stmt(x, st);
	case EMUTEST_RING:
		return ring_stmt(x, st);
	case EMUTEST_IMAGE:
	case EMUTEST_GPU:
	case EMUTEST_RUN:
	case EMUTEST_REPLAY:
	case EMUTEST_EXPECT_IDLE:
		return true;
	case EMUTEST_STEPS:
		return number(x, st, &st->toks[0], 64, &st->addr);
	case EMUTEST_MEM:
	case EMUTEST_EXPECT_MEM:
		if (!number(x, st, &st->toks[0], 64, &st->addr))
			return false;
		if (st->addr & 3) {
			errorf(x, st, &st->toks[0], "address %s is not a multiple of 4%s",
			       st->toks[0].text, "");
			return false;
		}
		return values(x, st, 1) && fits_below_top(x, st, &st->toks[0]);
	case EMUTEST_REG:
	case EMUTEST_EXPECT_REG:
		return name(x, st, &st->toks[0], EMU_SPACE_GPU, &st->addr) && values(x, st, 1);
	case EMUTEST_CTRL:
	case EMUTEST_EXPECT_CTRL:
		return name(x, st, &st->toks[0], EMU_SPACE_CONTROL, &st->addr) && values(x, st, 1);
	case EMUTEST_EXPECT_SQE:
		return name(x, st, &st->toks[0], EMU_SPACE_SQE, &st->addr) && values(x, st, 1);
	case EMUTEST_EXPECT_PIPE:
		return name(x, st, &st->toks[0], EMU_SPACE_PIPE, &st->addr) && values(x, st, 1);
	case EMUTEST_EXPECT_SCRATCH:
		return scratch_stmt(x, st);
	case EMUTEST_EXPECT_GPR: {
		unsigned reg;
		const char *t = st->toks[0].text;
		if (!isa_parse_reg(t, strlen(t), false, &reg) &&
		    !isa_parse_reg(t, strlen(t), true, &reg)) {
			errorf(x, st, &st->toks[0],
			       "expected a register ($00..$19, $sp, $lr, $rem, "
			       "$addr), found '%s'%s",
			       t, "");
			return false;
		}
		st->addr = reg;
		return values(x, st, 1);
	}
	case EMUTEST_EXPECT_ERROR:
		st->any_error = st->ntoks == 0;
		for (int k = EMU_ERR_STEP_LIMIT; k <= EMU_ERR_WAIT && !st->any_error; k++) {
			if (strcmp(st->toks[0].text, emu_error_kind_name((enum emu_error_kind)k)) ==
			    0) {
				st->error_kind = (enum emu_error_kind)k;
				return true;
			}
		}
		if (!st->any_error) {
			/* the kinds as the emulator names them, in one place */
			struct util_str kinds = {0};
			for (int k = EMU_ERR_STEP_LIMIT; k <= EMU_ERR_WAIT; k++)
				util_str_printf(&kinds, "%s%s", kinds.len ? ", " : "",
						emu_error_kind_name((enum emu_error_kind)k));
			errorf(x, st, &st->toks[0], "expected an error kind (%s), found '%s'",
			       kinds.text, st->toks[0].text);
			util_str_free(&kinds);
		}
		return st->any_error;
	case EMUTEST_EXPECT_WRITES:
		return expected_writes(x, st);
	case EMUTEST_PKT7:
	case EMUTEST_PKT4:
	case EMUTEST_RAW:
		return packet(x, st);
	case EMUTEST_IB:
		return ib_block(x, st);
	}
	return true;
}

/* ---- TAP ---- */

/* A test of statement st, named by the statement as written. */
static void result(struct runner *x, const struct emutest_stmt *st, bool pass, const char *why)
{
	const char *t = st->text + strspn(st->text, " \t");
	tap_result(&x->tap, pass, x->s->path, (int)st->line, NULL, why, "%s (line %u)", t,
		   st->line);
}

static void compare(struct runner *x, const struct emutest_stmt *st, const char *what, uint32_t got)
{
	bool pass = got == st->words[0];
	char *why = pass ? NULL
			 : util_xasprintf("%s\n     got: 0x%08x\nexpected: 0x%08x", what, got,
					  st->words[0]);
	result(x, st, pass, why);
	free(why);
}

/* ---- executing ---- */

static void describe(struct runner *x, const struct emu_write *w, struct util_str *out)
{
	static const char *const kinds[] = {"reg", "pipe", "mem", "meq"};
	util_str_printf(out, "%s ", kinds[w->kind]);
	if (w->kind == EMU_WRITE_MEQ) {
		util_str_printf(out, "0x%08x", w->value);
		return;
	}
	char name[128];
	if (w->kind != EMU_WRITE_MEM &&
	    emu_name(x->emu, w->kind == EMU_WRITE_PIPE ? EMU_SPACE_PIPE : EMU_SPACE_GPU, w->addr,
		     name, sizeof name))
		util_str_puts(out, name);
	else
		util_str_printf(out, "0x%llx", (unsigned long long)w->addr);
	util_str_printf(out, " 0x%08x", w->value);
}

struct write_match {
	const struct emu_write *log;
	const struct emutest_write_exp *want;
};

static bool write_matches(void *ctx, size_t i, size_t j)
{
	const struct write_match *m = ctx;
	const struct emu_write *w = &m->log[i];
	const struct emutest_write_exp *e = &m->want[j];
	return w->kind == e->kind && w->addr == e->addr && w->value == e->value;
}

static void check_writes(struct runner *x, const struct emutest_stmt *st)
{
	const struct emu_write *log = emu_writes(x->emu);
	size_t n = emu_write_count(x->emu), j;
	struct write_match m = {log, st->writes};
	bool pass = emutest_match_writes(n, st->nwrites, st->include, write_matches, &m, &j);
	struct util_str why = {0};
	if (!pass) {
		if (j < st->nwrites)
			util_str_printf(&why, "expected write at line %u not found%s\n",
					st->writes[j].line, st->include ? " (in order)" : "");
		util_str_printf(&why, "the last run wrote (%zu):\n", n);
		for (size_t k = 0; k < n && k < 64; k++) {
			util_str_puts(&why, "  ");
			describe(x, &log[k], &why);
			util_str_putc(&why, '\n');
		}
		if (n > 64)
			util_str_printf(&why, "  ... %zu more\n", n - 64);
	}
	result(x, st, pass, why.text);
	util_str_free(&why);
}

static void check_mem(struct runner *x, const struct emutest_stmt *st)
{
	struct util_str why = {0};
	for (size_t i = 0; i < st->nwords; i++) {
		uint64_t a = st->addr + 4 * i;
		uint32_t got = emu_mem_read32(x->emu, a);
		if (got != st->words[i])
			util_str_printf(&why, "at 0x%llx got 0x%08x, expected 0x%08x\n",
					(unsigned long long)a, got, st->words[i]);
	}
	result(x, st, why.len == 0, why.text);
	util_str_free(&why);
}

static void check_error(struct runner *x, const struct emutest_stmt *st)
{
	enum emu_error_kind k = emu_error_kind(x->emu);
	bool pass = x->ran && x->last == EMU_ERROR && (st->any_error || k == st->error_kind);
	char *why = NULL;
	if (!pass)
		why = x->last == EMU_ERROR
			      ? util_xasprintf("the run failed with a %s error:\n%s",
					       emu_error_kind_name(k), emu_error(x->emu))
			      : util_xstrdup("the last run ended idle, without an error");
	result(x, st, pass, why);
	free(why);
}

/* emu_run, through the debugger's hooks when there is one. */
static enum emu_status run_emu(struct runner *x)
{
	const struct emutest_run *r = x->r;
	if (r->before_run && !r->before_run(r->debug_ctx, x->emu)) {
		x->quit = true;
		return EMU_STOPPED;
	}
	enum emu_status st;
	do
		st = emu_run(x->emu);
	while (r->after_run && r->after_run(r->debug_ctx, x->emu, st));
	x->quit |= st == EMU_STOPPED;
	return st;
}

static void run(struct runner *x, const struct emutest_stmt *st)
{
	emu_clear_writes(x->emu);
	x->last = run_emu(x);
	x->ran = true;
	if (x->last == EMU_ERROR && !st->error_checked)
		tap_result(&x->tap, false, NULL, 0, NULL, emu_error(x->emu),
			   "run (line %u) stopped with an error", st->line);
}

/* Each submission of the capture, as afuc-emu --replay runs them: a test
 * that it runs to idle and its fence comes back. */
static void replay(struct runner *x, const struct emutest_stmt *st)
{
	struct emu_replay *r = st->replay;
	const char *name = st->toks[0].text;
	for (size_t i = 0; i < emu_replay_count(r); i++) {
		if (x->ran && x->last == EMU_ERROR) {
			tap_result(&x->tap, false, NULL, 0, NULL,
				   "not run: the emulator stopped before",
				   "replay %s submission %zu (line %u)", name, i + 1, st->line);
			continue;
		}
		emu_clear_writes(x->emu);
		char *error = NULL;
		bool pushed = emu_replay_push(r, i, x->emu, !x->initialized, &error);
		x->initialized = true;
		x->last = pushed ? run_emu(x) : EMU_ERROR;
		x->ran = true;
		if (x->quit) {
			free(error);
			return;
		}
		bool fenced = x->last == EMU_IDLE && emu_replay_fenced(r, i, x->emu);
		const char *why = fenced                ? NULL
				  : !pushed             ? error
				  : x->last == EMU_IDLE ? "idle, but the fence was not written"
							: emu_error(x->emu);
		tap_result(&x->tap, fenced, NULL, 0, NULL, why,
			   "replay %s submission %zu ran to idle and wrote its fence (line %u)",
			   name, i + 1, st->line);
		free(error);
	}
}

static void exec_stmt(struct runner *x, const struct emutest_stmt *st)
{
	switch (st->kind) {
	case EMUTEST_IMAGE:
	case EMUTEST_GPU:
		break;
	case EMUTEST_PROC:
		x->proc = (enum emu_proc)st->addr;
		break;
	case EMUTEST_RING:
		x->lpac_ring = st->addr != 0;
		break;
	case EMUTEST_STEPS:
		emu_set_step_limit(x->emu, st->addr);
		break;
	case EMUTEST_MEM:
	case EMUTEST_IB:
		if (!emu_mem_write(x->emu, st->addr, st->words, st->nwords))
			result(x, st, false, "the emulator's memory is full (EMU_MEM_MAX_BYTES)");
		break;
	case EMUTEST_REG:
		/* resolve checked the offset: this cannot fail */
		emu_set_reg(x->emu, (uint32_t)st->addr, st->words[0]);
		break;
	case EMUTEST_CTRL:
		/* resolve checked the offset */
		if (!emu_set_ctrl(x->emu, x->proc, (uint32_t)st->addr, st->words[0]))
			result(x, st, false, "the emulator refused the control register");
		break;
	case EMUTEST_PKT7:
	case EMUTEST_PKT4:
	case EMUTEST_RAW:
		if (x->lpac_ring)
			emu_push_lpac(x->emu, st->words, st->nwords); /* ring_stmt checked */
		else
			emu_push_raw(x->emu, st->words, st->nwords);
		break;
	case EMUTEST_RUN:
		run(x, st);
		break;
	case EMUTEST_REPLAY:
		replay(x, st);
		break;
	case EMUTEST_EXPECT_MEM:
		check_mem(x, st);
		break;
	case EMUTEST_EXPECT_REG:
		compare(x, st, "GPU register", emu_get_reg(x->emu, (uint32_t)st->addr));
		break;
	case EMUTEST_EXPECT_CTRL:
	case EMUTEST_EXPECT_SCRATCH:
		compare(x, st, "control register", emu_ctrl(x->emu, x->proc, (uint32_t)st->addr));
		break;
	case EMUTEST_EXPECT_SQE:
		compare(x, st, "SQE register", emu_sqe(x->emu, x->proc, (uint32_t)st->addr));
		break;
	case EMUTEST_EXPECT_GPR:
		compare(x, st, "GPR", emu_gpr(x->emu, x->proc, (unsigned)st->addr));
		break;
	case EMUTEST_EXPECT_PIPE:
		compare(x, st, "last value written to the pipe register",
			emu_pipe(x->emu, x->proc, (uint32_t)st->addr));
		break;
	case EMUTEST_EXPECT_IDLE:
		result(x, st, x->ran && x->last == EMU_IDLE,
		       !x->ran               ? "no run before it"
		       : x->last == EMU_IDLE ? NULL
					     : emu_error(x->emu));
		break;
	case EMUTEST_EXPECT_ERROR:
		check_error(x, st);
		break;
	case EMUTEST_EXPECT_WRITES:
		check_writes(x, st);
		break;
	}
}

/* ---- setting up ---- */

/* The first statement of a kind; bad ones too when any. */
static const struct emutest_stmt *find_any(const struct emutest *s, enum emutest_stmt_kind kind,
					   bool any)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->stmts[i].kind == kind && (any || !s->stmts[i].bad))
			return &s->stmts[i];
	return NULL;
}

static const struct emutest_stmt *find_stmt(const struct emutest *s, enum emutest_stmt_kind kind)
{
	return find_any(s, kind, false);
}

static void read_error(struct runner *x, const struct emutest_stmt *st, const struct emutest_tok *t,
		       const char *path, int err)
{
	if (err == EFBIG)
		diag_add(x->d, DIAG_ERROR, diag_at(x->s->path, st->line, t->col), st->text,
			 "cannot read image %s: it is larger than %u bytes, the most the "
			 "emulator loads (word 0 and %u instructions)",
			 path, (unsigned)FW_MAX_IMAGE_BYTES, (unsigned)FW_MAX_IMAGE_WORDS);
	else
		diag_add(x->d, DIAG_ERROR, diag_at(x->s->path, st->line, t->col), st->text,
			 "cannot read image %s: %s", path, util_read_error(err));
}

/* Appends "; did you mean X or Y?" with the names in dirs nearest to
 * name (a typo in vendor:NAME). */
static void suggest_vendor(const char *const *dirs, const char *name, struct util_str *out)
{
	/* a few edits apart, as a999_sqe.fw from a630_sqe.fw */
	struct util_near near;
	util_near_init(&near, name, (unsigned)strlen(name) / 3 + 1, 3);
	for (const char *const *dir = dirs; dir && *dir; dir++) {
		DIR *dp = opendir(*dir);
		if (!dp)
			continue;
		for (struct dirent *e; (e = readdir(dp));)
			if (e->d_name[0] != '.')
				util_near_add(&near, e->d_name);
		closedir(dp);
	}
	util_near_write(&near, out);
}

/* Reads the image arg (of st's token t) and says where it found it
 * (*found, malloc'ed); *skip is set (and false returned) when a vendor
 * image is nowhere to be found. */
static bool read_image(struct runner *x, const struct emutest_stmt *st, const struct emutest_tok *t,
		       const char *arg, uint8_t **data, size_t *len, char **found, char **skip)
{
	int err;
	if (strncmp(arg, "vendor:", 7) == 0) {
		const char *fw = arg + 7;
		struct util_str where = {0}, why = {0};
		for (const char *const *dir = x->r->firmware_dirs; dir && *dir; dir++) {
			char *path = NULL;
			err = util_read_firmware(*dir, fw, FW_MAX_IMAGE_BYTES, data, len, &path);
			if (err && err != ENOENT) /* there, but unreadable or too big */
				read_error(x, st, t, path, err);
			if (!err)
				*found = path;
			else
				free(path);
			if (err != ENOENT) {
				util_str_free(&where);
				return !err;
			}
			util_str_printf(&where, "%s%s", where.len ? ", " : "", *dir);
		}
		util_str_printf(&why, "vendor image %s not found (looked in %s)", fw,
				where.len ? where.text : "no directory");
		util_str_free(&where);
		suggest_vendor(x->r->firmware_dirs, fw, &why);
		if (x->r->require_firmware) {
			diag_add(x->d, DIAG_ERROR, diag_at(x->s->path, st->line, t->col), st->text,
				 "%s (a missing vendor image is an error: AFUC_REQUIRE_FIRMWARE is "
				 "set)",
				 why.text);
			util_str_free(&why);
			return false;
		}
		*skip = util_str_take(&why);
		return false;
	}
	/* relative to the test file */
	char *path;
	const char *slash = strrchr(x->s->path, '/');
	if (arg[0] == '/' || !slash)
		path = util_xstrdup(arg);
	else
		path = util_xasprintf("%.*s/%s", (int)(slash - x->s->path), x->s->path, arg);
	err = util_read_image(path, FW_MAX_IMAGE_BYTES, data, len);
	if (err)
		read_error(x, st, t, path, err);
	if (!err)
		*found = path;
	else
		free(path);
	return !err;
}

static bool setup(struct runner *x, char **skip)
{
	const struct emutest_stmt *img = find_stmt(x->s, EMUTEST_IMAGE);
	if (!img) {
		diag_add(x->d, DIAG_ERROR, diag_at(x->s->path, 0, 0), NULL,
			 "no 'image' statement: a test file needs one");
		return false;
	}
	/* image PATH, or a PFP and ME pair: image PFP ME, or image PFP,ME as
	 * on a command line */
	char *args[2] = {util_xstrdup(img->toks[0].text), NULL};
	const struct emutest_tok *arg_tok[2] = {&img->toks[0], &img->toks[img->ntoks - 1]};
	char *comma = strchr(args[0], ',');
	if (img->ntoks == 2) {
		args[1] = util_xstrdup(img->toks[1].text);
	} else if (comma) {
		*comma = '\0';
		args[1] = util_xstrdup(comma + 1);
	}
	uint8_t *data = NULL, *me_data = NULL;
	size_t len = 0, me_len = 0;
	char *paths[2] = {NULL, NULL};
	bool have = read_image(x, img, arg_tok[0], args[0], &data, &len, &paths[0], skip) &&
		    (!args[1] ||
		     read_image(x, img, arg_tok[1], args[1], &me_data, &me_len, &paths[1], skip));
	free(args[0]);
	free(args[1]);
	if (!have) {
		free(data);
		free(paths[0]);
		free(paths[1]);
		return false;
	}
	enum emu_gen gen = (enum emu_gen)x->r->gen;
	const struct emutest_stmt *g = find_stmt(x->s, EMUTEST_GPU);
	bool ok = true;
	if (g && !emutest_parse_gen(g->toks[0].text, &gen)) {
		errorf(x, g, &g->toks[0],
		       "expected a GPU (a5xx, a6xx, a7xx, a630, gen70500...), found '%s'%s",
		       g->toks[0].text, "");
		ok = false;
	} else if (!g && !gen) {
		/* the whole image: sdk/fw tells the generation from its structure */
		if (!emu_guess_gen_bytes(data, len, &gen)) {
			errorf(x, img, &img->toks[0],
			       "cannot tell the GPU of %s: add a 'gpu' statement%s",
			       img->toks[0].text, "");
			ok = false;
		}
	}
	if (ok) {
		char *why = NULL;
		x->emu = emu_new(&(struct emu_config){.gen = gen,
						      .step_limit = x->r->step_limit,
						      .rnn = x->r->rnn},
				 &why);
		if (!x->emu) {
			errorf(x, img, NULL, "%s%s", why, "");
			free(why);
			ok = false;
		} else if (me_data ? !emu_load_pair_bytes(x->emu, data, len, me_data, me_len)
				   : !emu_load_image_bytes(x->emu, data, len)) {
			errorf(x, img, &img->toks[0], "%s%s", emu_error(x->emu), "");
			ok = false;
		}
	}
	/* the labels and source lines of sqe.elf beside sqe.fw */
	for (int i = 0; ok && i < 2 && paths[i]; i++) {
		char *note = NULL;
		if (!emu_load_debug_beside(x->emu, i ? EMU_ME : EMU_MAIN, paths[i],
					   i ? me_data : data, i ? me_len : len, x->r->rnn, &note))
			diag_add(x->d, DIAG_WARNING,
				 diag_at(x->s->path, img->line, arg_tok[i]->col), img->text, "%s",
				 note);
		free(note);
	}
	free(paths[0]);
	free(paths[1]);
	free(data);
	free(me_data);
	return ok;
}

/* Loads the capture of each replay statement: beside the test file, else
 * in r->capture_dirs; *skip is set (and false returned) when one is
 * nowhere to be found, as for a vendor image. */
static bool load_captures(struct runner *x, char **skip)
{
	for (size_t i = 0; i < x->s->count; i++) {
		struct emutest_stmt *st = &x->s->stmts[i];
		if (st->kind != EMUTEST_REPLAY || st->replay || st->bad)
			continue;
		const char *arg = st->toks[0].text;
		const char *slash = strrchr(x->s->path, '/');
		char *path = arg[0] == '/' || !slash
				     ? util_xstrdup(arg)
				     : util_xasprintf("%.*s/%s", (int)(slash - x->s->path),
						      x->s->path, arg);
		struct util_str where = {0};
		util_str_puts(&where, path);
		for (const char *const *dir = x->r->capture_dirs;
		     access(path, F_OK) != 0 && arg[0] != '/' && dir && *dir; dir++) {
			free(path);
			path = util_xasprintf("%s/%s", *dir, arg);
			util_str_printf(&where, ", %s", path);
		}
		if (access(path, F_OK) != 0) {
			char *why = util_xasprintf("capture %s not found (looked for %s)", arg,
						   where.text);
			free(path);
			util_str_free(&where);
			if (x->r->require_firmware) {
				errorf(x, st, &st->toks[0], "%s (AFUC_REQUIRE_FIRMWARE is set)%s",
				       why, "");
				free(why);
				return false;
			}
			*skip = why;
			return false;
		}
		util_str_free(&where);
		char *error = NULL;
		st->replay = emu_replay_open(path, &error);
		free(path);
		if (!st->replay) {
			errorf(x, st, &st->toks[0], "cannot replay: %s%s", error, "");
			free(error);
			return false;
		}
		char *note = emu_replay_address_note(st->replay, emu_gen(x->emu));
		if (note)
			diag_add(x->d, DIAG_WARNING, diag_at(x->s->path, st->line, st->toks[0].col),
				 st->text, "%s", note);
		free(note);
	}
	return true;
}

/* A file that tests nothing must not pass by saying 1..0, as a skip does. */
static void no_test(const struct emutest *s, struct diag *d)
{
	diag_add(d, DIAG_ERROR, diag_at(s->path, 0, 0), NULL,
		 "the file has no test: expected at least one 'expect' statement");
}

int emutest_exec(struct emutest *s, struct emutest_run *r, struct diag *d)
{
	struct runner x = {.s = s, .r = r, .d = d};
	tap_init_write(&x.tap, r->emit, r->ctx);
	char *skip = NULL;
	r->emu = NULL;
	size_t errors = d->errors;
	bool any_test = false;
	for (size_t i = 0; i < s->count; i++)
		any_test |= s->stmts[i].kind >= EMUTEST_EXPECT_MEM ||
			    s->stmts[i].kind == EMUTEST_REPLAY;
	/* a file with syntax errors is checked as far as it goes, never run;
	 * with a bad image line nothing more can be said */
	const struct emutest_stmt *img = find_any(s, EMUTEST_IMAGE, true);
	if (s->parse_errors && img && img->bad)
		return -1;
	if (!setup(&x, &skip) || !load_captures(&x, &skip)) {
		emu_free(x.emu);
		if (!any_test)
			no_test(s, d);
		bool skipped = skip && d->errors == errors && !s->parse_errors;
		if (skipped)
			tap_skip_all(&x.tap, "%s", skip);
		free(skip);
		return skipped ? 0 : -1;
	}
	/* Resolve everything first, so that a typo fails before any test. */
	for (size_t i = 0; i < s->count && !diag_full(d); i++)
		if (!s->stmts[i].bad)
			resolve(&x, &s->stmts[i]);
	for (size_t i = 0; i < s->count; i++) {
		if (s->stmts[i].kind != EMUTEST_RUN)
			continue;
		for (size_t j = i + 1; j < s->count && s->stmts[j].kind != EMUTEST_RUN; j++)
			if (s->stmts[j].kind == EMUTEST_EXPECT_ERROR)
				s->stmts[i].error_checked = true;
	}
	free(x.ibs);
	x.ibs = NULL;
	if (!any_test)
		no_test(s, d);
	if (d->errors != errors || s->parse_errors) {
		emu_free(x.emu);
		return -1;
	}
	if (r->trace)
		emu_set_trace(x.emu, r->trace, r->trace_ctx);
	for (size_t i = 0; i < s->count && !x.quit; i++)
		exec_stmt(&x, &s->stmts[i]);
	tap_done_testing(&x.tap);
	r->emu = x.emu;
	return x.tap.failed;
}
