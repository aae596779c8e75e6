/* The backward data flow: which constants a register can hold just
 * before a word runs, and which instruction's immediate supplied each.
 * It walks every path back from the word (falling through, and through
 * each branch's delay slot into its target) to the instructions that
 * last wrote the register, and through `or`/`add` immediates and `mov`
 * copies to the `mov` immediates that started the value. A path that
 * starts outside what the walk sees (address 0, a handler, a code address
 * found in an immediate), comes back from a call (the callee may change
 * the register), or runs out of budget makes the answer partial.
 */
#include <stdlib.h>

#include "dis/priv.h"

#define QUERY_BUDGET 256 /* words visited per walk */
#define QUERY_DEPTH 4    /* registers followed through or/add/mov */

struct dis_consts {
	const struct dis_sect *s;
	/* For each word, the delay slots of the branches that go to it
	 * (pred[pred_start[pc] .. pred_start[pc + 1]]). */
	uint32_t *pred_start, *pred;
};

struct dis_consts *dis_consts_new(const struct dis_sect *s)
{
	struct dis_consts *c = util_xcalloc(1, sizeof *c);
	c->s = s;
	c->pred_start = util_xcalloc((size_t)s->count + 2, sizeof *c->pred_start);
	/* Counted, then placed (a compressed index). */
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t pc = 0; pc < s->count; pc++) {
			if (s->kind[pc] != DIS_K_CODE || !dis_is_transfer(&s->ins[pc]))
				continue;
			int64_t t = dis_target(&s->ins[pc], pc);
			if (t < 0 || t > s->count)
				continue;
			if (pass == 0)
				c->pred_start[t + 1]++;
			else
				c->pred[c->pred_start[t]++] = pc + 1;
		}
		if (pass == 0) {
			for (uint32_t pc = 0; pc <= s->count; pc++)
				c->pred_start[pc + 1] += c->pred_start[pc];
			c->pred = util_xmalloc((c->pred_start[s->count + 1] + 1) * sizeof *c->pred);
		} else {
			for (uint32_t pc = s->count + 1; pc > 0; pc--)
				c->pred_start[pc] = c->pred_start[pc - 1];
			c->pred_start[0] = 0;
		}
	}
	return c;
}

void dis_consts_free(struct dis_consts *c)
{
	if (!c)
		return;
	free(c->pred_start);
	free(c->pred);
	free(c);
}

static void add_def(struct dis_query *q, uint32_t value, uint32_t src)
{
	for (unsigned i = 0; i < q->count; i++)
		if (q->defs[i].value == value && q->defs[i].src == src)
			return;
	if (q->count == DIS_QUERY_DEFS)
		q->unknown = true;
	else
		q->defs[q->count++] = (struct dis_def){value, src};
}

static void walk_back(const struct dis_consts *c, uint32_t pc, unsigned reg, int depth,
		      struct dis_query *q);

/* What the instruction at pc, which writes reg, leaves in it. */
static void value_of_def(const struct dis_consts *c, uint32_t pc, int depth, struct dis_query *q)
{
	const struct isa_instr *in = &c->s->ins[pc];
	const uint32_t *f = in->f;
	enum isa_syntax syn = in->form->shape->syntax;
	if (syn == ISA_SYN_MOVI) {
		add_def(q, f[ISA_F_SHIFT] < 32 ? f[ISA_F_IMM] << f[ISA_F_SHIFT] : 0, pc);
	} else if (syn == ISA_SYN_ALU_IMM &&
		   (in->form->op == ISA_OP_OR || in->form->op == ISA_OP_ADD)) {
		/* or/add an immediate: the low half comes from here when the
		 * value it goes onto has none (`mov $02, X << 16` first) */
		struct dis_query sub = {0};
		walk_back(c, pc, f[ISA_F_SRC1], depth + 1, &sub);
		q->unknown |= sub.unknown;
		for (unsigned i = 0; i < sub.count; i++) {
			uint32_t v = sub.defs[i].value;
			add_def(q, in->form->op == ISA_OP_OR ? v | f[ISA_F_IMM] : v + f[ISA_F_IMM],
				(v & 0xffff) == 0 ? pc : sub.defs[i].src);
		}
	} else if (syn == ISA_SYN_ALU1 && in->form->op == ISA_OP_OR) { /* mov */
		walk_back(c, pc, f[ISA_F_SRC2], depth + 1, q);
	} else {
		q->unknown = true;
	}
}

/* Address 0, a packet handler or a code address found in an immediate:
 * control comes there from outside the code this walk sees. */
static bool entered_from_outside(const struct dis_sect *s, uint32_t at)
{
	if (at == 0 || s->handler_at[at] != 0xff)
		return true;
	for (size_t i = 0; i < s->root_count; i++)
		if (s->roots[i] == at)
			return true;
	return false;
}

static bool writes_reg(const struct isa_instr *in, unsigned reg)
{
	return isa_form_field(in->form, ISA_F_DST) && in->f[ISA_F_DST] == reg;
}

/* Walks back from pc along every path to the instructions that last wrote
 * reg, and asks each what it wrote. */
static void walk_back(const struct dis_consts *c, uint32_t pc, unsigned reg, int depth,
		      struct dis_query *q)
{
	const struct dis_sect *s = c->s;
	if (reg == 0) {
		add_def(q, 0, DIS_NONE);
		return;
	}
	if (reg >= ISA_REG_REM || depth > QUERY_DEPTH) {
		q->unknown = true;
		return;
	}
	uint32_t stack[QUERY_BUDGET], seen[QUERY_BUDGET];
	size_t top = 0, seen_count = 0;
	stack[top++] = pc;
	while (top) {
		uint32_t at = stack[--top];
		/* Where control comes to `at` from: the word before it, unless
		 * that is the delay slot of an unconditional transfer or a call
		 * returns here; and each branch's delay slot. */
		uint32_t from[2 + 64];
		size_t n = 0;
		if (entered_from_outside(s, at))
			q->unknown = true;
		if (at > 0 && s->kind[at - 1] == DIS_K_CODE) {
			const struct isa_instr *before = at > 1 && s->kind[at - 2] == DIS_K_CODE
								 ? &s->ins[at - 2]
								 : NULL;
			if (before && dis_ends_flow(before))
				; /* at - 1 is the delay slot of a jump: it goes elsewhere */
			else if (before &&
				 (before->form->op == ISA_OP_CALL || before->form->op == ISA_OP_BL))
				q->unknown = true; /* back from a call: the callee may change it */
			else
				from[n++] = at - 1;
		}
		for (uint32_t i = c->pred_start[at]; i < c->pred_start[at + 1]; i++) {
			if (n == UTIL_ARRAY_SIZE(from)) {
				q->unknown = true;
				break;
			}
			if (c->pred[i] < s->count && s->kind[c->pred[i]] == DIS_K_CODE)
				from[n++] = c->pred[i];
		}
		for (size_t i = 0; i < n; i++) {
			uint32_t p = from[i];
			bool dup = false;
			for (size_t k = 0; k < seen_count && !dup; k++)
				dup = seen[k] == p;
			if (dup)
				continue;
			if (seen_count == QUERY_BUDGET) {
				q->unknown = true;
				return;
			}
			seen[seen_count++] = p;
			if (writes_reg(&s->ins[p], reg))
				value_of_def(c, p, depth, q);
			else
				stack[top++] = p;
		}
	}
}

void dis_values_before(const struct dis_consts *c, uint32_t pc, unsigned reg, struct dis_query *q)
{
	q->count = 0;
	q->unknown = false;
	walk_back(c, pc, reg, 0, q);
}

void dis_values_written(const struct dis_consts *c, uint32_t pc, struct dis_query *q)
{
	q->count = 0;
	q->unknown = false;
	value_of_def(c, pc, 0, q);
}
