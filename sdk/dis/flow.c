/* Code or data: a word is code when control flow reaches it from the
 * section's entry (address 0) or from a packet handler; everything else is
 * data. The walk follows the ISA's rules: every branch, jump, call, return
 * and waitin has one delay slot, which runs whatever happens; after an
 * unconditional transfer the slot does not fall through (a branch in it
 * may still be taken); a call returns after its delay slot. Indirect
 * jumps (a7xx `jump $reg`) are followed no further than their slot.
 */
#include <stdlib.h>

#include "dis/priv.h"

enum flow {
	FLOW_NEXT,   /* falls through */
	FLOW_COND,   /* conditional branch: target, or on past the slot */
	FLOW_JUMP,   /* unconditional relative jump */
	FLOW_CALL,   /* absolute target, returns after the slot */
	FLOW_CALLR,  /* call $reg: an unknown target, returns after the slot */
	FLOW_JUMPA,  /* absolute target, no return */
	FLOW_STOP,   /* ret, iret, sret, waitin, jump $reg: the slot, then elsewhere */
	FLOW_SECURE, /* setsecure: on, or to pc + 3 */
};

static const uint8_t op_flow[ISA_OP_COUNT] = {
	[ISA_OP_BRNE] = FLOW_COND,        [ISA_OP_BREQ] = FLOW_COND,   [ISA_OP_BRNEB] = FLOW_COND,
	[ISA_OP_BREQB] = FLOW_COND,       [ISA_OP_CALL] = FLOW_CALL,   [ISA_OP_BL] = FLOW_CALL,
	[ISA_OP_JUMPA] = FLOW_JUMPA,      [ISA_OP_RET] = FLOW_STOP,    [ISA_OP_IRET] = FLOW_STOP,
	[ISA_OP_SRET] = FLOW_STOP,        [ISA_OP_WAITIN] = FLOW_STOP, [ISA_OP_JUMPR] = FLOW_STOP,
	[ISA_OP_SETSECURE] = FLOW_SECURE, [ISA_OP_CALLR] = FLOW_CALLR,
};

static enum flow flow_of(const struct isa_instr *in)
{
	if (in->form->shape->syntax == ISA_SYN_JUMP)
		return FLOW_JUMP; /* brne $00, b0 */
	return (enum flow)op_flow[in->form->op];
}

/* The address an instruction transfers to, as an int64 so that targets
 * outside the section show as such. */
int64_t dis_target(const struct isa_instr *in, uint32_t pc)
{
	switch (flow_of(in)) {
	case FLOW_COND:
	case FLOW_JUMP:
		return (int64_t)pc + isa_branch_offset(in);
	case FLOW_CALL:
	case FLOW_JUMPA:
		return in->f[ISA_F_TARGET];
	case FLOW_SECURE:
		return (int64_t)pc + 3;
	default:
		return -1;
	}
}

/* A visit: an address, and whether it runs as the delay slot of an
 * unconditional transfer (then it does not fall through). */
enum { MODE_NORMAL = 1, MODE_SLOT = 2 };

struct walk {
	struct dis_sect *s;
	uint8_t *seen; /* MODE_* bits */
	uint32_t *stack;
	size_t depth, cap;
};

static void visit(struct walk *w, int64_t pc, unsigned mode)
{
	if (pc < 0 || pc >= w->s->count || (w->seen[pc] & mode))
		return;
	w->seen[pc] |= (uint8_t)mode;
	*UTIL_PUSH(w->stack, w->depth, w->cap) = (uint32_t)pc << 2 | mode;
}

static void step(struct dis *dis, struct walk *w, uint32_t pc, unsigned mode)
{
	struct dis_sect *s = w->s;
	bool slot = mode == MODE_SLOT;
	if (!s->decoded[pc]) {
		/* Any word with the NOP opcode is a NOP to the hardware,
		 * whatever its payload (the header words are run so). */
		if (s->w[pc] >> 24 == dis->isa.nop >> 24 && !slot)
			visit(w, pc + 1, MODE_NORMAL);
		return;
	}
	const struct isa_instr *in = &s->ins[pc];
	enum flow f = flow_of(in);
	int64_t target = dis_target(in, pc);
	switch (f) {
	case FLOW_NEXT:
	case FLOW_CALLR:
		if (!slot)
			visit(w, pc + 1, MODE_NORMAL);
		break;
	case FLOW_COND:
	case FLOW_CALL:   /* returns past the slot */
	case FLOW_SECURE: /* goes on, or to pc + 3 */
		visit(w, target, MODE_NORMAL);
		if (!slot)
			visit(w, pc + 1, MODE_NORMAL);
		break;
	case FLOW_JUMP:
	case FLOW_JUMPA:
		visit(w, target, MODE_NORMAL);
		if (!slot)
			visit(w, pc + 1, MODE_SLOT);
		break;
	case FLOW_STOP:
		if (!slot)
			visit(w, pc + 1, MODE_SLOT);
		break;
	}
}

bool dis_is_transfer(const struct isa_instr *in)
{
	return flow_of(in) != FLOW_NEXT;
}

bool dis_ends_flow(const struct isa_instr *in)
{
	enum flow f = flow_of(in);
	return f == FLOW_JUMP || f == FLOW_JUMPA || f == FLOW_STOP;
}

static bool in_table(const struct dis_sect *s, uint32_t pc)
{
	return s->table != DIS_NONE && pc >= s->table && pc < s->table + DIS_TABLE_WORDS;
}

/* A decoded word prints as an instruction when no ignored bit is set and
 * its target, if any, is inside the section (where a label can name it). */
static bool clean(const struct dis_sect *s, uint32_t pc)
{
	if (!s->decoded[pc] || s->ins[pc].ignored_bits || s->ins[pc].form->decode_only)
		return false;
	enum flow f = flow_of(&s->ins[pc]);
	if (f == FLOW_NEXT || f == FLOW_STOP || f == FLOW_CALLR)
		return true;
	int64_t t = dis_target(&s->ins[pc], pc);
	return t >= 0 && t <= s->count;
}

void dis_flow(struct dis *dis, struct dis_sect *s)
{
	if (!s->ins_done) {
		for (uint32_t pc = 0; pc < s->count; pc++)
			s->decoded[pc] = isa_decode(&dis->isa, s->w[pc], &s->ins[pc]);
		s->ins_done = true;
	}
	struct walk w = {s, util_xcalloc(s->count + 1, 1), NULL, 0, 0};
	visit(&w, 0, MODE_NORMAL);
	for (unsigned k = 0; s->table != DIS_NONE && k < DIS_TABLE_WORDS; k++)
		visit(&w, s->handler[k], MODE_NORMAL);
	for (size_t i = 0; i < s->root_count; i++)
		visit(&w, s->roots[i], MODE_NORMAL);
	while (w.depth) {
		uint32_t top = w.stack[--w.depth];
		step(dis, &w, top >> 2, top & 3);
	}
	for (uint32_t pc = 0; pc < s->count; pc++) {
		if (pc == s->table_ref && !s->table_ref_mov)
			s->kind[pc] = DIS_K_TABLE_REF;
		else if (pc == s->size_ref)
			s->kind[pc] = DIS_K_SIZE_REF;
		else if (in_table(s, pc))
			s->kind[pc] = DIS_K_TABLE;
		else if (!w.seen[pc])
			s->kind[pc] = DIS_K_DATA;
		else
			s->kind[pc] = clean(s, pc) ? DIS_K_CODE : DIS_K_RAW;
	}
	free(w.seen);
	free(w.stack);
}
