/* Static reachability for coverage: which instructions a packet handler
 * can run, following the decoded control flow from its entry. */
#include <stdlib.h>

#include "emu/machine.h"

/* Whether a branch is taken whatever the registers hold ($00 reads 0). */
static bool always_taken(const struct emu_insn *in)
{
	if (in->src1 != 0)
		return false;
	switch (in->op) {
	case ISA_OP_BRNEB:
		return true;
	case ISA_OP_BRNE:
		return in->bit != 0;
	case ISA_OP_BREQ:
		return in->bit == 0;
	default:
		return false;
	}
}

enum { UNSEEN, SLOT_ONLY, EXPLORED };

struct walk {
	const struct emu_cpu *c;
	uint8_t *state; /* by pc: UNSEEN, SLOT_ONLY or EXPLORED */
	uint32_t *stack;
	size_t count, cap;
};

static void visit(struct walk *w, uint32_t pc)
{
	if (pc >= w->c->size || w->state[pc] == EXPLORED)
		return;
	w->state[pc] = EXPLORED;
	if (w->count == w->cap)
		util_grow(&w->stack, &w->cap, w->count + 1, sizeof *w->stack);
	w->stack[w->count++] = pc;
}

/* The delay slot of a transfer that never falls through: it runs, but
 * what follows it belongs to someone else. */
static void slot_only(struct walk *w, uint32_t pc)
{
	if (pc < w->c->size && w->state[pc] == UNSEEN)
		w->state[pc] = SLOT_ONLY;
}

static void successors(struct walk *w, uint32_t pc)
{
	const struct emu_insn *in = &w->c->code[pc];
	switch (in->op) {
	case ISA_OP_BRNE:
	case ISA_OP_BREQ:
	case ISA_OP_BRNEB:
	case ISA_OP_BREQB:
		if (always_taken(in)) {
			slot_only(w, pc + 1);
		} else {
			visit(w, pc + 1);
			if (in->src1 == 0 && (in->op == ISA_OP_BREQB || in->op == ISA_OP_BRNE ||
					      in->op == ISA_OP_BREQ))
				return; /* never taken */
		}
		visit(w, pc + in->imm);
		return;
	case ISA_OP_CALL:
	case ISA_OP_BL:
		visit(w, pc + 1); /* the delay slot, then the return address */
		visit(w, in->imm);
		return;
	case ISA_OP_JUMPA:
		slot_only(w, pc + 1);
		visit(w, in->imm);
		return;
	case ISA_OP_WAITIN:
		return; /* its delay slot reads the next packet's header: dispatch, not handler */
	case ISA_OP_RET:
	case ISA_OP_IRET:
	case ISA_OP_SRET:
	case ISA_OP_JUMPR:
		slot_only(w, pc + 1);
		return;
	case EMU_OP_ILLEGAL:
		return;
	default:
		visit(w, pc + 1);
		return;
	}
}

size_t emu_reachable(const struct emu *e, enum emu_proc proc, uint32_t entry, uint8_t *mask)
{
	if (proc >= EMU_PROC_COUNT || e->cpu[proc].state == EMU_CPU_OFF)
		return 0;
	const struct emu_cpu *c = &e->cpu[proc];
	struct walk w = {.c = c, .state = util_xcalloc(c->size, 1)};
	visit(&w, entry);
	while (w.count)
		successors(&w, w.stack[--w.count]);
	size_t marked = 0;
	for (uint32_t pc = 0; pc < c->size; pc++) {
		if (w.state[pc] != UNSEEN && !mask[c->base + pc]) {
			mask[c->base + pc] = 1;
			marked++;
		}
	}
	free(w.state);
	free(w.stack);
	return marked;
}
