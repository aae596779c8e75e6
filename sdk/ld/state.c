/* --check-state: new code that writes registers the vendor's handlers
 * keep state in across packets.
 *
 * A register is such state when some vendor handler reads it before
 * writing it: its value at the handler's entry comes from an earlier
 * packet (or the bootstrap), so new code that writes it changes what the
 * next vendor handler sees. That is found by a liveness analysis of each
 * processor image's vendor code: the registers live at the handler
 * entries, less those the dispatch itself sets (the delay slot of every
 * `waitin`, `mov $01, $data`, gives each handler its header) and the
 * entries that save the whole context (preemption). Only the
 * general registers count ($00-$19): the special ones ($sp, $lr, $rem,
 * $data...) have their own rules.
 */
#include <stdlib.h>

#include "ld/internal.h"

#define STATE_REGS ISA_REG_SP /* $00..$19 */
/* A handler that reads more general registers than this before writing
 * them is saving the context (a630's IN_PREEMPT reads $02-$19), not
 * using state. */
#define CONTEXT_SAVE_REGS (STATE_REGS / 2)

struct flow_word {
	uint32_t use, def; /* registers read and written */
	uint32_t succ[2];  /* successors (LD_NONE: none) */
	uint32_t slot[2];  /* as a delay slot: where control goes after it */
	bool is_slot, decoded, waitin;
};

static uint32_t reg_bit(uint32_t reg)
{
	return reg < STATE_REGS ? 1u << reg : 0;
}

/* What an instruction reads and writes, from its form's fields. */
static void uses_defs(const struct isa_instr *in, uint32_t *use, uint32_t *def)
{
	const struct isa_form *form = in->form;
	bool preinc = isa_form_field(form, ISA_F_PREINC) && in->f[ISA_F_PREINC];
	*use = *def = 0;
	if (isa_form_field(form, ISA_F_SRC1))
		*use |= reg_bit(in->f[ISA_F_SRC1]);
	if (isa_form_field(form, ISA_F_SRC2))
		*use |= reg_bit(in->f[ISA_F_SRC2]);
	if (isa_form_field(form, ISA_F_DST)) {
		*def |= reg_bit(in->f[ISA_F_DST]);
		if (form->op == ISA_OP_BFI) /* inserts into what dst holds */
			*use |= reg_bit(in->f[ISA_F_DST]);
	}
	if (preinc) /* [$n + off]! writes $n back */
		*def |= reg_bit(in->f[form->shape->syntax == ISA_SYN_CONTROL_READ ? ISA_F_SRC1
										  : ISA_F_SRC2]);
}

/* Control flow: the successors of each word, delay slots included (a
 * transfer's slot runs, then control goes to the target, and past the
 * slot when the branch is not taken or the call returns). */
static void add_flow(struct flow_word *w, uint32_t n, uint32_t pc, const struct isa_instr *in)
{
	enum isa_op op = in->form->op;
	uint32_t next = pc + 1 < n ? pc + 1 : LD_NONE, after = pc + 2 < n ? pc + 2 : LD_NONE;
	int64_t t = LD_NONE;
	bool transfer = true, falls = false;
	switch (op) {
	case ISA_OP_BRNE:
	case ISA_OP_BREQ:
	case ISA_OP_BRNEB:
	case ISA_OP_BREQB:
		t = (int64_t)pc + isa_branch_offset(in);
		/* `jump` is brne $00, b0: always taken */
		falls = in->form->shape->syntax != ISA_SYN_JUMP;
		break;
	case ISA_OP_CALL:
	case ISA_OP_BL:
		t = in->f[ISA_F_TARGET];
		falls = true; /* the callee returns past the slot */
		break;
	case ISA_OP_CALLR:
		falls = true;
		break;
	case ISA_OP_JUMPA:
		t = in->f[ISA_F_TARGET];
		break;
	case ISA_OP_RET:
	case ISA_OP_IRET:
	case ISA_OP_SRET:
	case ISA_OP_JUMPR:
	case ISA_OP_WAITIN: /* the next packet's handler is an entry of its own */
		break;
	case ISA_OP_SETSECURE:
		w[pc].succ[1] = pc + 3 < n ? pc + 3 : LD_NONE;
		transfer = false;
		break;
	default:
		transfer = false;
		break;
	}
	w[pc].succ[0] = next;
	if (!transfer || next == LD_NONE)
		return;
	w[next].is_slot = true;
	w[next].slot[0] = t >= 0 && t < n ? (uint32_t)t : LD_NONE;
	w[next].slot[1] = falls ? after : LD_NONE;
}

/* The registers live at each word: iterated to a fixed point. */
static uint32_t *liveness(const struct flow_word *w, uint32_t n)
{
	uint32_t *live = util_xcalloc(n ? n : 1, sizeof *live);
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t pc = n; pc-- > 0;) {
			const struct flow_word *f = &w[pc];
			if (!f->decoded)
				continue;
			uint32_t out = 0;
			const uint32_t *succ = f->is_slot ? f->slot : f->succ;
			for (int k = 0; k < 2; k++)
				if (succ[k] != LD_NONE)
					out |= live[succ[k]];
			if (!f->is_slot && f->succ[1] != LD_NONE)
				out |= live[f->succ[1]];
			uint32_t in = f->use | (out & ~f->def);
			if (in != live[pc]) {
				live[pc] = in;
				changed = true;
			}
		}
	}
	return live;
}

/* The state registers of processor image p, and for each the first
 * opcode whose handler reads it before writing it. */
static uint32_t vendor_state(const struct ld_ctx *c, uint32_t p, const struct isa *isa,
			     uint32_t first_op[STATE_REGS])
{
	const struct ld_proc *pr = &c->procs[p];
	uint32_t n = pr->vendor_end - pr->start;
	struct flow_word *w = util_xcalloc(n ? n : 1, sizeof *w);
	uint32_t dispatch = 0;
	for (uint32_t pc = 0; pc < n; pc++) {
		w[pc].succ[0] = w[pc].succ[1] = LD_NONE;
		w[pc].slot[0] = w[pc].slot[1] = LD_NONE;
	}
	for (uint32_t pc = 0; pc < n; pc++) {
		struct isa_instr in;
		if (!isa_decode(isa, c->words[pr->start + pc], &in))
			continue;
		w[pc].decoded = true;
		w[pc].waitin = in.form->op == ISA_OP_WAITIN;
		uses_defs(&in, &w[pc].use, &w[pc].def);
		add_flow(w, n, pc, &in);
	}
	for (uint32_t pc = 0; pc + 1 < n; pc++)
		if (w[pc].waitin)
			dispatch |= w[pc + 1].def;
	uint32_t *live = liveness(w, n), state = 0;
	for (uint32_t op = 0; pr->has_table && op < pr->table_size; op++) {
		uint32_t h = c->words[pr->start + pr->table_addr + op];
		uint32_t regs = h < n ? live[h] & ~dispatch : 0;
		if (isa_popcount32(regs) > CONTEXT_SAVE_REGS)
			continue; /* saves the context (preemption): uses no state */
		for (uint32_t r = 0; r < STATE_REGS; r++)
			if ((regs & ~state) >> r & 1)
				first_op[r] = op;
		state |= regs;
	}
	free(live);
	free(w);
	return state;
}

/* Where word k of input section (i, j) came from. */
static struct diag_loc word_loc(const struct ld_ctx *c, uint32_t i, uint32_t j, uint32_t k)
{
	const struct obj_section *s = &c->inputs[i].obj->sections[j];
	struct diag_loc loc = diag_at(c->inputs[i].name, 0, 0);
	for (size_t l = 0; l < s->line_count && s->lines[l].offset <= k; l++)
		if (s->lines[l].loc.file)
			loc = diag_at(s->lines[l].loc.file, s->lines[l].loc.line,
				      s->lines[l].loc.col);
	return loc;
}

void ld_check_state(struct ld_ctx *c)
{
	struct isa *isa = util_xmalloc(sizeof *isa);
	isa_init(isa, c->gen);
	for (uint32_t p = 0; p < c->proc_count; p++) {
		uint32_t first_op[STATE_REGS] = {0};
		uint32_t state = vendor_state(c, p, isa, first_op);
		LD_FOR_EACH_SECTION(c, i, j)
		{
			const struct obj_section *s = &c->inputs[i].obj->sections[j];
			if (ld_place(c, i, j)->proc != p)
				continue;
			for (uint32_t k = 0; k < s->count; k++) {
				struct isa_instr in;
				uint32_t use, def;
				if (!isa_decode(isa, s->words[k], &in))
					continue;
				uses_defs(&in, &use, &def);
				for (uint32_t r = 0; r < STATE_REGS; r++) {
					if (!((def & state) >> r & 1))
						continue;
					struct util_str op = {0};
					ld_opcode_name(c, first_op[r], &op);
					struct diag_loc loc = word_loc(c, i, j, k);
					diag_add(c->d, DIAG_WARNING, loc, ld_source_line(c, loc),
						 "writes $%02x, which %s's %s handlers keep state "
						 "in "
						 "across packets (%s can read it before writing "
						 "it): "
						 "save and restore it, or use a register no vendor "
						 "handler reads first",
						 r, c->opt->base_name, c->procs[p].name, op.text);
					util_str_free(&op);
				}
			}
		}
	}
	free(isa);
}
